import { Inject, Injectable } from '@nestjs/common';
import { analyticsRanges, type YoutubeRevenueState } from '@app/contracts';
import { addDays, RANGE_DAYS, utcDay } from '../analytics/analytics-math';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { GoogleAccountService } from '../google-account/google-account.service';
import { NO_TROUBLE } from '../youtube/job-state';
import { fetchTrouble, isScopeRefusal } from './fetch-errors';
import {
  chunksNewestFirst,
  type DayRange,
  daysNewestFirst,
  firstImportWindow,
  lastAskableDay,
  nextChunk,
  recentWindow,
  revenueUnfinished,
  revenueWindow,
} from './import-plan';
import * as Q from './report-queries';
import {
  breakdownRows,
  channelDayRows,
  revenueByDay,
  SNAPSHOT_PICKS,
  snapshotRows,
  videoDayRows,
} from './report-rows';
import { ReportSession } from './report-session';
import type { ReportQuery } from './reports-query';
import { BREAKDOWN } from './youtube-breakdown-day.entity';
import { type ImportState, YoutubeAnalyticsStore } from './youtube-analytics-store';
import { SNAPSHOT, type SnapshotKind } from './youtube-snapshot.entity';
import type { YoutubeVideoDayEntity } from './youtube-video-day.entity';

/** Why a fetch runs. */
export type FetchTrigger = 'connect' | 'nightly' | 'refresh' | 'resume';

/** How a fetch ended: the queries it made, and its trouble if it stopped on one. */
export interface FetchOutcome {
  queries: number;
  trouble: { kind: string; message: string } | null;
}

/** A day's top videos are read at most this many pages deep (TOP_VIDEOS_PAGE each). */
const MAX_VIDEO_PAGES = 5;

/** What one fetch carries along. */
interface Run {
  session: ReportSession;
  state: ImportState;
  revenue: YoutubeRevenueState;
}

/**
 * One fetch of the channel's YouTube Analytics (docs/integrations/google-account.md, "What the site imports"): the
 * recent days again (YouTube revises them), then the revenue of stored days read without it (the revenue import,
 * once Revenue is granted), then the first import's remaining days newest first, a chunk of CHUNK_DAYS at a time
 * with its progress stored after each day, and the per-range breakdowns. A quota stop, a refused grant or an
 * unreachable Google ends it with what was read kept and the trouble in the status; revenue refused for want of the
 * scope is left out and the rest goes on.
 */
@Injectable()
export class YoutubeAnalyticsImporter {
  readonly dailyLimit: number;

  constructor(
    private readonly google: GoogleAccountService,
    private readonly store: YoutubeAnalyticsStore,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.dailyLimit = env.YOUTUBE_ANALYTICS_DAILY_QUERIES;
  }

  /** Reports.query calls for the connected account, counted (throws GoogleAccountUnavailableError). */
  async session(signal?: AbortSignal): Promise<ReportSession> {
    const access = await this.google.access();
    return new ReportSession(access, {
      google: this.google,
      store: this.store,
      clock: this.clock,
      dailyLimit: this.dailyLimit,
      signal,
    });
  }

  /** One fetch; `signal` stops it before its next query (what was read stays). Never throws. */
  async run(trigger: FetchTrigger, signal?: AbortSignal): Promise<FetchOutcome> {
    let session: ReportSession | undefined;
    const today = utcDay(this.clock.now());
    try {
      session = await this.session(signal);
      const state = await this.prepare(session);
      const run: Run = { session, state, revenue: session.revenue ? 'granted' : 'not-granted' };
      await this.store.update({ runningSince: this.now(), revenue: run.revenue });
      await this.fetch(run);
      await this.store.update({
        runningSince: null,
        lastFetchedAt: this.now(),
        revenue: run.revenue,
        ...NO_TROUBLE,
        ...(trigger === 'nightly' ? { nightlyDay: today } : {}),
      });
      return { queries: session.queries, trouble: null };
    } catch (error) {
      const trouble = fetchTrouble(error);
      if (trouble) await this.store.recordError(trouble.kind, trouble.message, this.now());
      await this.store.update({
        runningSince: null,
        ...(session?.queries ? { lastFetchedAt: this.now() } : {}),
        ...(trigger === 'nightly' ? { nightlyDay: today } : {}),
      });
      return { queries: session?.queries ?? 0, trouble };
    }
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** The state to go on from: a first import planned for a first fetch, or for a connection of another channel. */
  private async prepare(session: ReportSession): Promise<ImportState> {
    const channelId = session.channelId;
    const state = await this.store.state();
    if (state?.channelId === channelId) return state;
    return this.store.start(
      channelId,
      firstImportWindow(this.clock.now()),
      session.revenue ? 'granted' : 'not-granted',
      utcDay(this.clock.now()),
    );
  }

  private async fetch(run: Run): Promise<void> {
    const { state } = run;
    // Once the first import has read a day, every fetch reads the newest days again, then the new ones.
    if (state.firstNext < state.firstTo) {
      const recent = recentWindow(state.dataTo ?? state.firstTo, this.clock.now());
      for (const chunk of recent ? chunksNewestFirst(recent) : []) await this.readChunk(run, chunk, false);
    }
    await this.readMissingRevenue(run);
    let snapshots = false;
    const first = () => ({ from: state.firstFrom, to: state.firstTo, next: state.firstNext });
    for (let chunk = nextChunk(first()); chunk; chunk = nextChunk(first())) {
      await this.readChunk(run, chunk, true);
      if (!snapshots) await this.readSnapshots(run);
      snapshots = true;
    }
    if (!snapshots) await this.readSnapshots(run);
  }

  /**
   * The revenue import: while revenue is granted, the stored days read without it (granted later, or refused then)
   * are read again for revenue alone, newest first, a chunk at a time like the first import, its progress stored
   * after each chunk. A window left unfinished (a quota stop) goes on at the next fetch; one done is planned again
   * if days without revenue are left (say, revenue refused halfway through a fetch).
   */
  private async readMissingRevenue(run: Run): Promise<void> {
    const { state } = run;
    if (run.revenue !== 'granted') return;
    if (!revenueUnfinished({ ...state, revenue: run.revenue })) {
      const unread = await this.store.daysWithoutRevenue();
      if (!unread) return;
      Object.assign(state, { revenueFrom: unread.from, revenueTo: unread.to, revenueNext: unread.to });
      await this.store.update({ revenueFrom: unread.from, revenueTo: unread.to, revenueNext: unread.to });
    }
    for (let chunk = nextChunk(revenueWindow(state)!); chunk; chunk = nextChunk(revenueWindow(state)!)) {
      const revenue = await this.readRevenue(run, chunk);
      // Refused (403): left for a connection that grants it.
      if (!revenue) return;
      await this.store.saveRevenue(chunk, revenue);
      state.revenueNext = addDays(chunk.from, -1);
      await this.store.update({ revenueNext: state.revenueNext });
    }
  }

  /** A chunk's channel days, revenue and splits, then its days' videos newest first. */
  private async readChunk(run: Run, range: DayRange, first: boolean): Promise<void> {
    const { session, state } = run;
    const fetchedAt = this.now();
    const days = await session.query(Q.channelDays(range));
    const revenue = await this.readRevenue(run, range);
    const devices = await session.query(Q.splitDays('deviceType', range));
    const traffic = await session.query(Q.splitDays('insightTrafficSourceType', range));
    const rows = channelDayRows(days, revenue, fetchedAt);
    await this.store.saveChannelDays(rows);
    await this.store.saveBreakdowns([
      ...breakdownRows(devices, BREAKDOWN.device, 'deviceType', fetchedAt),
      ...breakdownRows(traffic, BREAKDOWN.traffic, 'insightTrafficSourceType', fetchedAt),
    ]);
    const newest = rows.reduce<string | null>((max, row) => (max && max > row.day ? max : row.day), null);
    if (newest && (!state.dataTo || newest > state.dataTo)) {
      state.dataTo = newest;
      await this.store.update({ dataTo: newest });
    }
    // A day YouTube has no figures for (missing, or not ready yet) has no videos either: no query for it.
    const withData = new Set(rows.map((row) => row.day));
    // The first import's progress is stored after each day read (and once for the days without data).
    for (const day of daysNewestFirst(range)) {
      const read = withData.has(day);
      if (read) await this.store.saveVideoDays(await this.topVideos(session, day));
      if (!first) continue;
      state.firstNext = addDays(day, -1);
      if (read) await this.store.update({ firstNext: state.firstNext });
    }
    if (first) await this.store.update({ firstNext: state.firstNext });
  }

  /** The range's revenue, or null when it cannot be read (no scope, or YouTube refused it: 403). */
  private async readRevenue(run: Run, range: DayRange) {
    if (run.revenue !== 'granted') return null;
    try {
      return revenueByDay(await run.session.query(Q.revenueDays(range)));
    } catch (error) {
      if (!isScopeRefusal(error)) throw error;
      run.revenue = 'refused';
      await this.store.update({ revenue: run.revenue });
      return null;
    }
  }

  /** A day's videos, most viewed first, page after page while pages come back full. */
  private async topVideos(session: ReportSession, day: string): Promise<YoutubeVideoDayEntity[]> {
    const fetchedAt = this.now();
    const rows: YoutubeVideoDayEntity[] = [];
    for (let page = 0; page < MAX_VIDEO_PAGES; page += 1) {
      const records = await session.query(Q.topVideosOfDay(day, page * Q.TOP_VIDEOS_PAGE + 1));
      rows.push(...videoDayRows(records, { day }, fetchedAt));
      if (records.length < Q.TOP_VIDEOS_PAGE) break;
    }
    return rows;
  }

  /** Countries, age and gender, and external sites of each range of the reports, ending at the newest data. */
  private async readSnapshots(run: Run): Promise<void> {
    const to = run.state.dataTo ?? lastAskableDay(this.clock.now());
    for (const id of analyticsRanges) {
      const range = { from: addDays(to, -(RANGE_DAYS[id] - 1)), to };
      const read = async (kind: SnapshotKind, query: ReportQuery, pick: keyof typeof SNAPSHOT_PICKS) => {
        const records = await run.session.query(query);
        const target = { scope: id, kind, fromDay: range.from, toDay: range.to };
        await this.store.replaceSnapshot(
          id,
          kind,
          snapshotRows(records, target, SNAPSHOT_PICKS[pick], this.now()),
        );
      };
      await read(SNAPSHOT.country, Q.countries(range), 'country');
      await read(SNAPSHOT.ageGender, Q.ageGender(range), 'ageGender');
      await read(SNAPSHOT.externalSite, Q.externalSites(range), 'externalSite');
    }
    await this.store.update({ snapshotsAt: this.now() });
  }
}
