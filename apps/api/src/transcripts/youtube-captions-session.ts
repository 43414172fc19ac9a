import { YOUTUBE_CAPTION_UNITS } from '@app/contracts';
import type { Clock } from '../common/clock';
import { GoogleApiError } from '../google-account/google-api';
import type { GoogleAccess, GoogleAccountService } from '../google-account/google-account.service';
import { downloadCaption, listCaptions } from './youtube-captions-api';
import { CaptionRunCancelledError, UnitBudgetSpentError } from './youtube-captions-errors';
import { type ListedTrack, quotaDay } from './youtube-captions-plan';
import type { YoutubeCaptionsStore } from './youtube-captions-store';

/**
 * The YouTube calls of one caption run: each counted in units on its quota day before it is sent (Google counts a
 * refused call too), refused by the site once the day's budget would be passed, and sent again once with a fresh
 * access token after a 401.
 */
export class CaptionSession {
  /** Units this session spent. */
  units = 0;

  constructor(
    private access: GoogleAccess,
    private readonly deps: {
      google: GoogleAccountService;
      store: YoutubeCaptionsStore;
      clock: Clock;
      dailyBudget: number;
      /** Stops the session before its next call. */
      signal?: AbortSignal;
    },
  ) {}

  /** captions.list of a video (50 units). */
  list(videoId: string): Promise<ListedTrack[]> {
    const { endpoints, policy } = this.deps.google;
    return this.call(YOUTUBE_CAPTION_UNITS.list, (token) => listCaptions(endpoints, policy, token, videoId));
  }

  /** captions.download of a track as WebVTT (200 units). */
  download(trackId: string): Promise<string> {
    const { endpoints, policy } = this.deps.google;
    return this.call(YOUTUBE_CAPTION_UNITS.download, (token) =>
      downloadCaption(endpoints, policy, token, trackId),
    );
  }

  private async call<T>(units: number, send: (token: string) => Promise<T>): Promise<T> {
    try {
      return await this.counted(units, send);
    } catch (error) {
      if (!(error instanceof GoogleApiError) || error.status !== 401) throw error;
      this.access = await this.deps.google.access({ fresh: true });
      return this.counted(units, send);
    }
  }

  private async counted<T>(units: number, send: (token: string) => Promise<T>): Promise<T> {
    const { store, clock, dailyBudget, signal } = this.deps;
    if (signal?.aborted) throw new CaptionRunCancelledError();
    const day = quotaDay(clock.now());
    if ((await store.unitsOn(day)) + units > dailyBudget) throw new UnitBudgetSpentError(dailyBudget);
    await store.countUnits(day, units);
    this.units += units;
    return send(this.access.accessToken);
  }
}
