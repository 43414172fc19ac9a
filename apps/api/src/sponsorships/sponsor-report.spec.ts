import type { YoutubeVideoFigures } from '@app/contracts';
import { reportVideo } from './sponsor-report';
import { sponsorReportCsv, sponsorReportFileName } from './sponsor-report-csv';

const READ = '2026-05-02T03:04:00.000Z';
const figures = (overrides: Partial<YoutubeVideoFigures> = {}): YoutubeVideoFigures => ({
  videoId: 'vid00000001',
  publishedOn: '2026-04-20',
  daily: [],
  viewsAt: { day7: { value: 100, readAt: READ }, day14: null, day30: null },
  views: { value: 150, readAt: READ },
  watchHours: { value: 12.5, readAt: READ },
  averageViewPercentage: { value: 40, readAt: READ },
  averageViewDuration: { value: 90, readAt: READ },
  retention: { value: [{ elapsed: 0.01, watchRatio: 1 }], readAt: READ },
  topCountries: { value: [], readAt: READ },
  ownFiguresReadAt: READ,
  ...overrides,
});
const site = { title: '=HYPERLINK("https://evil.example")', publishedAt: new Date('2026-04-20T15:00:00Z') };

describe('a sponsor report’s video', () => {
  it('takes each figure as read, a day not there yet as missing from the day after it, an empty list as too few views', () => {
    const video = reportVideo('vid00000001', site, { available: true, figures: figures() });
    const read = (value: unknown) => ({ available: true, value, source: 'youtube-analytics', readAt: READ });
    expect(video).toEqual({
      videoId: 'vid00000001',
      title: site.title,
      publishedAt: '2026-04-20T15:00:00.000Z',
      viewsAt: {
        day7: read(100),
        day14: { available: false, gap: 'not-yet', availableOn: '2026-05-05' },
        day30: { available: false, gap: 'not-yet', availableOn: '2026-05-21' },
      },
      views: read(150),
      watchHours: read(12.5),
      averageViewPercentage: read(40),
      retention: read([{ elapsed: 0.01, watchRatio: 1 }]),
      topCountries: { available: false, gap: 'too-few-views', availableOn: null },
    });
  });

  it('says a list of the video’s own figures is being read while it never was, not that views are too few', () => {
    const video = reportVideo('vid00000001', site, {
      available: true,
      figures: figures({ retention: { value: [], readAt: READ }, ownFiguresReadAt: null }),
    });
    const reading = { available: false, gap: 'reading', availableOn: null };
    expect(video.retention).toEqual(reading);
    expect(video.topCountries).toEqual(reading);
    expect(video.views).toEqual({ available: true, value: 150, source: 'youtube-analytics', readAt: READ });
  });

  it('gives every figure the reader’s reason when it has none (never a sample)', () => {
    const video = reportVideo('vid00000001', null, { available: false, reason: 'importing', message: 'x' });
    const gap = { available: false, gap: 'importing', availableOn: null };
    expect(video).toEqual({
      videoId: 'vid00000001',
      title: null,
      publishedAt: null,
      viewsAt: { day7: gap, day14: gap, day30: gap },
      views: gap,
      watchHours: gap,
      averageViewPercentage: gap,
      retention: gap,
      topCountries: gap,
    });
  });

  it('writes its CSV with a formula-looking title neutralised, and names the file after the sponsor in plain letters', () => {
    const report = {
      sponsorName: 'Ácme & Søns = Tools!',
      sponsorUrl: 'https://acme.example',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      siteName: 'Site',
      generatedAt: '2026-05-02T10:00:00.000Z',
      videos: [reportVideo('vid00000001', site, { available: true, figures: figures() })],
      clicks: { available: false as const, gap: 'analytics-off' as const, availableOn: null },
      clicksFrom: '2026-04-01',
      clicksTo: '2026-05-02',
    };
    const csv = sponsorReportCsv(report);
    expect(csv).toContain(
      `vid00000001,"'=HYPERLINK(""https://evil.example"")",views_day_7,100,views,youtube-analytics,${READ},,`,
    );
    expect(csv).toContain(',views_day_14,,views,,,not-yet,2026-05-05');
    expect(csv).toContain(',retention_at_0.01,1,audience_watch_ratio,');
    expect(csv).toContain('\r\n,,sponsor_link_clicks_2026-04-01_2026-05-02,,clicks,,,analytics-off,\r\n');
    expect(sponsorReportFileName(report)).toBe('sponsor-report-acme-sns-tools-2026-05-02.csv');
  });
});
