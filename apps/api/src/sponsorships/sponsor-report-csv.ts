import type { Figure, SponsorReport } from '@app/contracts';
import { type CsvCell, toCsv } from '../common/csv';

/**
 * A sponsor report as CSV (`GET /api/sponsor-reports/{token}/report.csv`): the figures of its page, one per row, so a
 * spreadsheet filters and sums them without parsing. A missing figure has an empty value and its reason in `missing`
 * (`not-yet`, `not-connected`, …) with the first day it can be there in `available_on`.
 */
export const SPONSOR_REPORT_CSV_COLUMNS = [
  'video_id',
  'video_title',
  'figure',
  'value',
  'unit',
  'source',
  'read_at',
  'missing',
  'available_on',
] as const;

type Row = CsvCell[];

function rows<T>(
  video: { id: string; title: string | null },
  figure: string,
  unit: string,
  value: Figure<T>,
  cells: (value: T) => { figure: string; value: number; unit?: string }[] = (v) => [
    { figure, value: v as number },
  ],
): Row[] {
  const head = [video.id, video.title ?? ''];
  if (!value.available) return [[...head, figure, null, unit, null, null, value.gap, value.availableOn]];
  return cells(value.value).map((cell) => [
    ...head,
    cell.figure,
    cell.value,
    cell.unit ?? unit,
    value.source,
    value.readAt,
    null,
    null,
  ]);
}

export function sponsorReportCsv(report: SponsorReport): string {
  const body: Row[] = [];
  for (const v of report.videos) {
    const video = { id: v.videoId, title: v.title };
    body.push(
      ...rows(video, 'views_day_7', 'views', v.viewsAt.day7),
      ...rows(video, 'views_day_14', 'views', v.viewsAt.day14),
      ...rows(video, 'views_day_30', 'views', v.viewsAt.day30),
      ...rows(video, 'views_since_published', 'views', v.views),
      ...rows(video, 'watch_time', 'hours', v.watchHours),
      ...rows(video, 'average_percentage_viewed', 'percent', v.averageViewPercentage),
      ...rows(video, 'retention', 'audience_watch_ratio', v.retention, (points) =>
        points.map((point) => ({ figure: `retention_at_${point.elapsed}`, value: point.watchRatio })),
      ),
      ...rows(video, 'top_countries', 'views', v.topCountries, (countries) =>
        countries.map((c) => ({ figure: `country_${c.country}`, value: c.views })),
      ),
    );
  }
  body.push(
    ...rows(
      { id: '', title: null },
      `sponsor_link_clicks_${report.clicksFrom}_${report.clicksTo}`,
      'clicks',
      report.clicks,
    ),
  );
  return toCsv(SPONSOR_REPORT_CSV_COLUMNS, body);
}

/** `sponsor-report-acme-tools-2026-05-01.csv`: the sponsor's name in plain letters and the day it was made. */
export function sponsorReportFileName(report: SponsorReport): string {
  const name = report.sponsorName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `sponsor-report-${name || 'deal'}-${report.generatedAt.slice(0, 10)}.csv`;
}
