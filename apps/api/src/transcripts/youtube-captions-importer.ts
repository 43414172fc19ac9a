import { Inject, Injectable } from '@nestjs/common';
import { GOOGLE_SCOPES, type VideoKind, type YoutubeCaptionsErrorKind } from '@app/contracts';
import { utcDay } from '../analytics/analytics-math';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { GoogleAccountService } from '../google-account/google-account.service';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { NO_TROUBLE } from '../youtube/job-state';
import { TranscriptStore } from './transcript-store.service';
import { CaptionScopeMissingError, runTrouble } from './youtube-captions-errors';
import { quotaDay, type RoundCursor, roundQueue } from './youtube-captions-plan';
import { CaptionSession } from './youtube-captions-session';
import { type CaptionState, YoutubeCaptionsStore } from './youtube-captions-store';
import { readVideo } from './youtube-captions-video';

/** Why a run starts. */
export type CaptionTrigger = 'switch' | 'connect' | 'sync' | 'nightly' | 'refresh';

/** What a run did, and its trouble if it stopped on one. */
export interface CaptionRunOutcome {
  units: number;
  listed: number;
  downloaded: number;
  removed: number;
  skipped: number;
  trouble: { kind: YoutubeCaptionsErrorKind; message: string } | null;
}

/** Videos that have no captions to list yet: a scheduled stream, one that is live now. */
export const NOT_LISTED_KINDS: VideoKind[] = ['upcoming', 'live'];

/**
 * One run of "Transcripts from YouTube" (docs/integrations/google-account.md): with the switch on and youtube.force-ssl
 * granted, the round through the site's videos goes on (or a new one starts after a finished one): new uploads first,
 * then each video after the round's cursor, newest first, read by readVideo, the cursor stored after each. The
 * daily budget, Google's quota, a refused grant or Google out of reach stop it with what was read kept; the next run
 * goes on from the cursor. Never throws.
 */
@Injectable()
export class YoutubeCaptionsImporter {
  readonly dailyBudget: number;

  constructor(
    private readonly google: GoogleAccountService,
    private readonly transcripts: TranscriptStore,
    private readonly store: YoutubeCaptionsStore,
    private readonly videos: VideosService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.dailyBudget = env.YOUTUBE_CAPTIONS_DAILY_UNITS;
  }

  async run(trigger: CaptionTrigger, signal?: AbortSignal): Promise<CaptionRunOutcome> {
    const outcome: CaptionRunOutcome = {
      units: 0,
      listed: 0,
      downloaded: 0,
      removed: 0,
      skipped: 0,
      trouble: null,
    };
    if (!(await this.settings.get('youtubeCaptions'))) return outcome;
    const nightly = trigger === 'nightly' ? { nightlyDay: utcDay(this.clock.now()) } : {};
    let session: CaptionSession | undefined;
    try {
      const state = await this.store.ensureState(quotaDay(this.clock.now()));
      if (this.waitsForQuota(state, trigger)) return outcome;
      const access = await this.google.access();
      if (!access.scopes.includes(GOOGLE_SCOPES.captions)) throw new CaptionScopeMissingError();
      session = new CaptionSession(access, {
        google: this.google,
        store: this.store,
        clock: this.clock,
        dailyBudget: this.dailyBudget,
        signal,
      });
      await this.store.update({ runningSince: this.now() });
      await this.readRound(session, outcome);
      await this.store.update({
        runningSince: null,
        lastRunAt: this.now(),
        ...NO_TROUBLE,
        ...nightly,
      });
    } catch (error) {
      outcome.trouble = runTrouble(error);
      if (outcome.trouble)
        await this.store.recordError(outcome.trouble.kind, outcome.trouble.message, this.now());
      await this.store.update({
        runningSince: null,
        ...(session?.units ? { lastRunAt: this.now() } : {}),
        ...nightly,
      });
    }
    outcome.units = session?.units ?? 0;
    return outcome;
  }

  /**
   * Deletes every track read from YouTube and forgets the videos listed (the switch turned off, the account
   * disconnected); uploaded transcripts stay. Answers how many tracks went.
   */
  async removeAll(): Promise<number> {
    const ids = (await this.videos.publishingTimes()).map((video) => video.id);
    const withTracks = new Set((await this.transcripts.youtubeTracks(ids)).map((track) => track.videoId));
    let removed = 0;
    for (const videoId of withTracks)
      removed += await this.transcripts.remove(videoId, { source: 'youtube' });
    await this.store.forget();
    return removed;
  }

  /**
   * Google refused for quota earlier this quota day: a run started by the site (a sync, the nightly run) waits for the
   * next day rather than spend a refused call; the owner's Refresh tries (the project's quota may have been raised).
   */
  private waitsForQuota(state: CaptionState, trigger: CaptionTrigger): boolean {
    if (trigger === 'refresh' || trigger === 'switch' || state.errorKind !== 'quota' || !state.errorAt)
      return false;
    return quotaDay(state.errorAt.getTime()) === quotaDay(this.clock.now());
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private async readRound(session: CaptionSession, outcome: CaptionRunOutcome): Promise<void> {
    const site = await this.videos.publishingTimes(NOT_LISTED_KINDS);
    await this.store.forgetVideosBut(new Set(site.map((video) => video.id)));
    const cursor = await this.roundCursor((await this.store.state())!);
    const queue = roundQueue(site, cursor, await this.store.listedIds());
    const deps = { session, transcripts: this.transcripts, store: this.store, now: () => this.now() };
    for (const { video, inRound } of queue) {
      const done = await readVideo(video, deps);
      outcome.listed += 1;
      outcome.downloaded += done.downloaded;
      outcome.removed += done.removed;
      outcome.skipped += done.skipped;
      if (inRound) await this.store.update({ roundCursorAt: video.publishedAt, roundCursorId: video.id });
    }
    await this.store.update({ roundDoneAt: this.now() });
  }

  /** Where the round goes on from; a new round (no cursor) after a finished one, or before the first. */
  private async roundCursor(state: CaptionState): Promise<RoundCursor | null> {
    if (state.roundStartedAt && !state.roundDoneAt) {
      return state.roundCursorAt && state.roundCursorId
        ? { at: state.roundCursorAt, id: state.roundCursorId }
        : null;
    }
    await this.store.update({
      roundStartedAt: this.now(),
      roundDoneAt: null,
      roundCursorAt: null,
      roundCursorId: null,
    });
    return null;
  }
}
