import { Injectable } from '@nestjs/common';
import { siteName, type SponsorReport } from '@app/contracts';
import { utcDay } from '../analytics/analytics-math';
import { AnalyticsReportService } from '../analytics/analytics-report.service';
import { Clock } from '../common/clock';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { YoutubeAnalyticsReader } from '../youtube-analytics/youtube-analytics-reader';
import { SponsorReportLinksService } from './sponsor-report-links.service';
import { missing, reportVideo } from './sponsor-report';
import type { SponsorshipEntity } from './sponsorship.entity';
import { SponsorshipsService } from './sponsorships.service';

/** A report's view starts the refresh of its videos' figures at most this often per video (and process). */
export const REPORT_REFRESH_EVERY_MS = 10 * 60_000;

/** What a report link answers: its report, or the status of a link that is none (404) or was revoked (410). */
export type SponsorReportAnswer =
  { status: 200; report: SponsorReport } | { status: 404 | 410; report: null };

/**
 * A sponsor report, read anew at every view (its page and its CSV): the deal, each sponsored video's YouTube
 * Analytics figures through the reader (youtube-analytics/), and the site's own clicks on the sponsor's link.
 *
 * A view answers from the stored figures only (`refresh: 'never'`): a visitor's request never waits on Google.
 * It then starts, in the background, the reader's refresh of figures older than a day (3 queries a video, at most
 * once a day a video: `VIDEO_FIGURES_MAX_AGE_MS`), so the next view has them; making a link does the same.
 */
@Injectable()
export class SponsorReportService {
  constructor(
    private readonly links: SponsorReportLinksService,
    private readonly sponsorships: SponsorshipsService,
    private readonly videos: VideosService,
    private readonly analytics: AnalyticsReportService,
    private readonly settings: SettingsService,
    private readonly youtube: YoutubeAnalyticsReader,
    private readonly clock: Clock,
  ) {}

  /** When each video's refresh was last started here. */
  private readonly refreshed = new Map<string, number>();

  async byToken(token: string): Promise<SponsorReportAnswer> {
    const link = await this.links.check(token);
    if (link.state === 'revoked') return { status: 410, report: null };
    if (link.state === 'none') return { status: 404, report: null };
    const deal = await this.sponsorships.find(link.sponsorshipId);
    const report = await this.report(deal);
    this.refreshLater(deal.videoIds);
    return { status: 200, report };
  }

  /**
   * Starts reading the videos' figures again where they are older than a day, one video after the other, without
   * waiting (trouble is the reader's to record: the import status shows it).
   */
  refreshLater(videoIds: string[]): void {
    const now = this.clock.now();
    const due = videoIds.filter(
      (id) => now - (this.refreshed.get(id) ?? -Infinity) >= REPORT_REFRESH_EVERY_MS,
    );
    if (!due.length) return;
    for (const id of due) this.refreshed.set(id, now);
    void (async () => {
      for (const id of due)
        await this.youtube.videoFigures(id, { refresh: 'if-stale' }).catch(() => undefined);
    })();
  }

  private async report(deal: SponsorshipEntity): Promise<SponsorReport> {
    const now = this.clock.now();
    const today = utcDay(now);
    const [site, figures, settings] = await Promise.all([
      this.videos.findByIds(deal.videoIds),
      Promise.all(deal.videoIds.map((id) => this.youtube.videoFigures(id, { refresh: 'never' }))),
      this.settings.getMany(['siteTitle', 'enableSiteAnalytics']),
    ]);
    const videos = deal.videoIds.map((id, i) => reportVideo(id, site.get(id) ?? null, figures[i]));
    // From the deal's first day, or the first sponsored video's if it came out before.
    const published = [...site.values()].map((video) => utcDay(video.publishedAt.getTime()));
    const clicksFrom = [deal.startDate, ...published].sort()[0];
    const clicks = !settings.enableSiteAnalytics
      ? missing('analytics-off')
      : clicksFrom > today
        ? missing('not-yet', clicksFrom)
        : {
            available: true as const,
            value: await this.analytics.sponsorClicks(String(deal.id), clicksFrom, today),
            source: 'site-analytics' as const,
            readAt: new Date(now).toISOString(),
          };
    return {
      sponsorName: deal.sponsorName,
      sponsorUrl: deal.url,
      startDate: deal.startDate,
      endDate: deal.endDate,
      siteName: siteName(settings.siteTitle),
      generatedAt: new Date(now).toISOString(),
      videos,
      clicks,
      clicksFrom,
      clicksTo: clicksFrom > today ? clicksFrom : today,
    };
  }
}
