import { Injectable } from '@nestjs/common';
import {
  type AnalyticsRangeId,
  watchPath,
  YOUTUBE_CONTENT_MAX_VIDEOS,
  type YoutubeAudienceReport,
  type YoutubeContentReport,
} from '@app/contracts';
import { ROLLUP } from '../analytics/analytics-kinds';
import { AnalyticsDaysService } from '../analytics/analytics-days.service';
import { AnalyticsTotalsService } from '../analytics/analytics-totals.service';
import { VideosService } from '../videos/videos.service';
import { hours, newestRead, ReportFrames, reportHead, round } from './report-frame';
import { ageGenderOf } from './snapshot-figures';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { BREAKDOWN } from './youtube-breakdown-day.entity';
import { SNAPSHOT } from './youtube-snapshot.entity';

/** Whether an external site's host is the site's own (`www.` on either side). */
export function isOwnHost(detail: string, host: string | null): boolean {
  if (!host) return false;
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return bare(detail) === bare(host);
}

/** Content (per video, beside the site's own plays and watch-page views) and Audience. */
@Injectable()
export class BreakdownReports {
  constructor(
    private readonly frames: ReportFrames,
    private readonly rows: YoutubeAnalyticsRows,
    private readonly videos: VideosService,
    private readonly siteTotals: AnalyticsTotalsService,
    private readonly siteDays: AnalyticsDaysService,
  ) {}

  async content(range: AnalyticsRangeId): Promise<YoutubeContentReport> {
    const frame = await this.frames.frame(range);
    if (!('days' in frame)) return frame;
    const { from, to } = frame.days;
    const totals = await this.rows.videoTotals(from, to, YOUTUBE_CONTENT_MAX_VIDEOS);
    const ids = totals.map((v) => v.videoId);
    const excluded = await this.siteDays.excludedDays(from, to);
    const [titles, site] = await Promise.all([
      this.videos.titles(ids),
      this.siteTotals.dimTotals([ROLLUP.playVideo, ROLLUP.page], from, to, excluded),
    ]);
    const count = (kind: string, dim: string) =>
      site.find((row) => row.kind === kind && row.dim === dim)?.n ?? 0;
    return {
      ...reportHead(
        frame,
        totals.map((v) => v.fetchedAt),
      ),
      videos: totals.map((v) => ({
        videoId: v.videoId,
        title: titles.get(v.videoId) ?? null,
        views: v.views,
        watchHours: hours(v.minutesWatched),
        averageViewPercentage: v.views ? round(v.percentViews / v.views, 1) : 0,
        site: {
          plays: count(ROLLUP.playVideo, v.videoId),
          watchPageViews: count(ROLLUP.page, watchPath(v.videoId)),
        },
      })),
    };
  }

  /** `siteHost`: the site's public host, whose EXT_URL traffic is "from this site". */
  async audience(range: AnalyticsRangeId, siteHost: string | null): Promise<YoutubeAudienceReport> {
    const frame = await this.frames.frame(range);
    if (!('days' in frame)) return frame;
    const { from, to } = frame.days;
    const [devices, traffic, snapshots] = await Promise.all([
      this.rows.splitTotals(BREAKDOWN.device, from, to),
      this.rows.splitTotals(BREAKDOWN.traffic, from, to),
      this.rows.snapshots(range),
    ]);
    const of = (kind: string) => snapshots.filter((row) => row.kind === kind);
    const share = (views: number, minutes: number | null) => ({ views, watchHours: hours(minutes ?? 0) });
    const own = of(SNAPSHOT.externalSite).filter((row) => isOwnHost(row.key, siteHost));
    return {
      ...reportHead(
        frame,
        [...devices, ...traffic].map((row) => row.fetchedAt),
      ),
      countries: of(SNAPSHOT.country)
        .map((row) => ({ country: row.key, ...share(row.value, row.minutesWatched) }))
        .sort((a, b) => b.views - a.views),
      ageGender: ageGenderOf(of(SNAPSHOT.ageGender)),
      devices: devices.map((row) => ({ deviceType: row.value, ...share(row.views, row.minutesWatched) })),
      trafficSources: traffic.map((row) => ({ source: row.value, ...share(row.views, row.minutesWatched) })),
      fromThisSite: {
        host: siteHost,
        ...share(
          own.reduce((total, row) => total + row.value, 0),
          own.reduce((total, row) => total + (row.minutesWatched ?? 0), 0),
        ),
      },
      breakdownFetchedAt: snapshots.length
        ? newestRead(
            snapshots.map((row) => row.fetchedAt),
            null,
          )
        : null,
    };
  }
}
