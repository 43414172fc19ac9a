import { Injectable, Logger } from '@nestjs/common';
import type { YoutubeChannelFigures, YoutubeFiguresResult, YoutubeVideoFigures } from '@app/contracts';
import { addDays, utcDay } from '../analytics/analytics-math';
import { Clock } from '../common/clock';
import { VideosService } from '../videos/videos.service';
import { fetchTrouble } from './fetch-errors';
import { lastAskableDay } from './import-plan';
import * as Q from './report-queries';
import { SNAPSHOT_PICKS, snapshotRows, videoDayRows } from './report-rows';
import { hours, newestRead, ReportFrames, round } from './report-frame';
import { snapshotFigures } from './snapshot-figures';
import { videoFigures } from './video-figures';
import { YOUTUBE_ANALYTICS_MESSAGES } from './youtube-analytics-messages';
import { YoutubeAnalyticsImporter } from './youtube-analytics-importer';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { YoutubeAnalyticsStore } from './youtube-analytics-store';
import { SNAPSHOT, type SnapshotKind } from './youtube-snapshot.entity';

/** A video's own figures are read again when older than this (at most once a day per video). */
export const VIDEO_FIGURES_MAX_AGE_MS = 20 * 60 * 60_000;
/** The media kit's window. */
const CHANNEL_DAYS = 30;

/**
 * What the sponsor reports and the media kit read of the channel's YouTube Analytics; every figure carries the
 * instant it was read from YouTube (`readAt`). Neither ever sees a token or calls Google itself.
 *
 * - `videoFigures(videoId, { refresh })`: one video since it was published: its views on each day (so the views at
 *   day 7, 14 and 30 after publishing), watch time, average percentage viewed, the retention curve
 *   (audienceWatchRatio by elapsedVideoTimeRatio) and its top countries. With `refresh: 'if-stale'` (the default)
 *   figures older than VIDEO_FIGURES_MAX_AGE_MS are read again first: 3 reports.query calls, counted like the
 *   import's; with `'never'` only what is stored is answered (a public page that must not call Google).
 * - `channelFigures()`: the last 30 days YouTube has data for: views, net subscribers, watch hours, top countries,
 *   age and gender, engagement (likes, comments, shares per view). Stored figures only (the nightly fetch keeps
 *   them a day old at most).
 *
 * Without a connection both answer `{ available: false, reason: 'not-connected' }`; a video the site does not store
 * answers `unknown-video`.
 */
@Injectable()
export class YoutubeAnalyticsReader {
  private readonly logger = new Logger(YoutubeAnalyticsReader.name);

  constructor(
    private readonly frames: ReportFrames,
    private readonly rows: YoutubeAnalyticsRows,
    private readonly store: YoutubeAnalyticsStore,
    private readonly importer: YoutubeAnalyticsImporter,
    private readonly videos: VideosService,
    private readonly clock: Clock,
  ) {}

  async videoFigures(
    videoId: string,
    options: { refresh?: 'if-stale' | 'never' } = {},
  ): Promise<YoutubeFiguresResult<YoutubeVideoFigures>> {
    const frame = await this.frames.frame('30d');
    if (!('days' in frame) && frame.reason !== 'importing') return frame;
    const video = await this.videos.findById(videoId);
    if (!video) {
      return { available: false, reason: 'unknown-video', message: YOUTUBE_ANALYTICS_MESSAGES.unknownVideo };
    }
    const publishedOn = utcDay(video.publishedAt.getTime());
    const connected = 'days' in frame ? frame.account.row.state === 'connected' : true;
    const scope = `video:${videoId}`;
    let snapshots = await this.rows.snapshots(scope);
    const read = snapshots.find((row) => row.kind === SNAPSHOT.read);
    const stale = !read || this.clock.now() - read.fetchedAt.getTime() > VIDEO_FIGURES_MAX_AGE_MS;
    if (stale && options.refresh !== 'never' && connected) {
      await this.readVideo(videoId, publishedOn, scope);
      snapshots = await this.rows.snapshots(scope);
    }
    const state = await this.store.state();
    const marker = snapshots.find((row) => row.kind === SNAPSHOT.read);
    return {
      available: true,
      figures: videoFigures({
        videoId,
        publishedOn,
        days: await this.rows.videoDays(videoId, publishedOn),
        snapshots,
        dataTo: state?.dataTo ?? null,
        readAt: marker?.fetchedAt ?? state?.lastFetchedAt ?? new Date(this.clock.now()),
        ownRead: marker?.fetchedAt ?? null,
      }),
    };
  }

  async channelFigures(): Promise<YoutubeFiguresResult<YoutubeChannelFigures>> {
    const frame = await this.frames.frame('30d');
    if (!('days' in frame)) return frame;
    const to = frame.days.to;
    const from = addDays(to, -(CHANNEL_DAYS - 1));
    const [days, snapshots] = await Promise.all([
      this.rows.channelDays(from, to),
      this.rows.snapshots('30d'),
    ]);
    const fallback = frame.lastFetchedAt ?? new Date(this.clock.now());
    const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((total, d) => total + pick(d), 0);
    const daysRead = newestRead(
      days.map((d) => d.fetchedAt),
      fallback,
    );
    const snapshot = snapshotFigures(snapshots, fallback);
    const views = sum((d) => d.views);
    const [likes, comments, shares] = [sum((d) => d.likes), sum((d) => d.comments), sum((d) => d.shares)];
    return {
      available: true,
      figures: {
        from,
        to,
        views30d: { value: views, readAt: daysRead },
        netSubscribers30d: { value: sum((d) => d.subscribersGained - d.subscribersLost), readAt: daysRead },
        watchHours30d: { value: hours(sum((d) => d.minutesWatched)), readAt: daysRead },
        topCountries: snapshot.topCountries,
        ageGender: snapshot.ageGender,
        engagement: {
          value: {
            likes,
            comments,
            shares,
            ratePercent: views ? round(((likes + comments + shares) / views) * 100, 2) : 0,
          },
          readAt: daysRead,
        },
      },
    };
  }

  /** Reads a video's days since publishing, its retention and its top countries; trouble is kept in the status. */
  private async readVideo(videoId: string, publishedOn: string, scope: string): Promise<void> {
    try {
      const session = await this.importer.session();
      const range = { from: publishedOn, to: lastAskableDay(this.clock.now()) };
      if (range.from > range.to) return;
      const fetchedAt = new Date(this.clock.now());
      const target = (kind: SnapshotKind) => ({ scope, kind, fromDay: range.from, toDay: range.to });
      const days = await session.query(Q.videoDays(videoId, range));
      await this.store.saveVideoDays(videoDayRows(days, { videoId }, fetchedAt));
      const curve = await session.query(Q.retention(videoId, range));
      await this.store.replaceSnapshot(
        scope,
        SNAPSHOT.retention,
        snapshotRows(curve, target(SNAPSHOT.retention), SNAPSHOT_PICKS.retention, fetchedAt),
      );
      const countries = await session.query(Q.countries(range, videoId, Q.TOP_VIDEO_COUNTRIES));
      await this.store.replaceSnapshot(
        scope,
        SNAPSHOT.country,
        snapshotRows(countries, target(SNAPSHOT.country), SNAPSHOT_PICKS.country, fetchedAt),
      );
      await this.store.replaceSnapshot(scope, SNAPSHOT.read, [
        { ...target(SNAPSHOT.read), key: '', value: session.queries, minutesWatched: null, fetchedAt },
      ]);
    } catch (error) {
      const trouble = fetchTrouble(error);
      if (!trouble) return;
      this.logger.warn(`Reading video ${videoId} from YouTube Analytics: ${trouble.message}`);
      await this.store.recordError(trouble.kind, trouble.message, new Date(this.clock.now()));
    }
  }
}
