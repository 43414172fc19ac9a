import { Injectable } from '@nestjs/common';
import {
  GOOGLE_SCOPES,
  YOUTUBE_CAPTIONS_SKIPS_SHOWN,
  type YoutubeCaptionSkip,
  type YoutubeCaptionsErrorKind,
  type YoutubeCaptionsStatus,
} from '@app/contracts';
import { Clock } from '../common/clock';
import { GoogleAccountService } from '../google-account/google-account.service';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { lastTrouble, runGoing } from '../youtube/job-state';
import { nextNightly } from '../youtube-analytics/import-plan';
import { TranscriptStore } from './transcript-store.service';
import { NOT_LISTED_KINDS, YoutubeCaptionsImporter } from './youtube-captions-importer';
import { YOUTUBE_CAPTIONS_MESSAGES } from './youtube-captions-messages';
import { quotaDay } from './youtube-captions-plan';
import { YoutubeCaptionsScheduler } from './youtube-captions-scheduler';
import { YoutubeCaptionsStore } from './youtube-captions-store';

/** The "Transcripts from YouTube" card's status: the switch, the grant, what is stored, the budget, the troubles. */
@Injectable()
export class YoutubeCaptionsStatusService {
  constructor(
    private readonly google: GoogleAccountService,
    private readonly settings: SettingsService,
    private readonly transcripts: TranscriptStore,
    private readonly store: YoutubeCaptionsStore,
    private readonly videos: VideosService,
    private readonly importer: YoutubeCaptionsImporter,
    private readonly scheduler: YoutubeCaptionsScheduler,
    private readonly clock: Clock,
  ) {}

  async status(): Promise<YoutubeCaptionsStatus> {
    const [enabled, account, state, site] = await Promise.all([
      this.settings.get('youtubeCaptions'),
      this.google.find(),
      this.store.state(),
      this.videos.publishingTimes(NOT_LISTED_KINDS),
    ]);
    const now = this.clock.now();
    const connection = !account
      ? 'not-connected'
      : account.row.state === 'connected'
        ? 'connected'
        : 'reconnect-needed';
    const scopeGranted = account?.row.scopes.split(' ').includes(GOOGLE_SCOPES.captions) ?? false;
    const tracks = await this.transcripts.youtubeTracks(site.map((video) => video.id));
    const checked = state?.roundStartedAt ? await this.store.listedSince(state.roundStartedAt) : 0;
    const skipped = await this.skipped();
    return {
      enabled,
      connection,
      scopeGranted,
      message: !enabled
        ? null
        : connection === 'not-connected'
          ? YOUTUBE_CAPTIONS_MESSAGES.notConnected
          : connection === 'reconnect-needed'
            ? YOUTUBE_CAPTIONS_MESSAGES.reconnectNeeded(account?.row.problem ?? null)
            : scopeGranted
              ? null
              : YOUTUBE_CAPTIONS_MESSAGES.scopeMissing,
      running: runGoing(state, this.scheduler.running, now),
      tracks: tracks.length,
      videosWithTracks: new Set(tracks.map((track) => track.videoId)).size,
      videos: { checked: Math.min(checked, site.length), total: site.length },
      units: {
        today: state?.unitsDay === quotaDay(now) ? state.units : 0,
        dailyBudget: this.importer.dailyBudget,
      },
      lastRunAt: state?.lastRunAt?.toISOString() ?? null,
      nextRunAt:
        enabled && connection === 'connected' && scopeGranted
          ? new Date(nextNightly(state?.nightlyDay ?? null, now)).toISOString()
          : null,
      lastError: lastTrouble<YoutubeCaptionsErrorKind>(state),
      skipped: skipped.slice(0, YOUTUBE_CAPTIONS_SKIPS_SHOWN),
      skippedCount: skipped.length,
    };
  }

  /** Every track not stored, with its video's title, newest listing first. */
  private async skipped(): Promise<YoutubeCaptionSkip[]> {
    const rows = await this.store.skips();
    const titles = await this.videos.titles(
      rows.slice(0, YOUTUBE_CAPTIONS_SKIPS_SHOWN).map((row) => row.videoId),
    );
    return rows.flatMap(({ videoId, skips }) =>
      skips.map(({ language, name, reason, detail }) => ({
        videoId,
        title: titles.get(videoId) ?? null,
        language,
        name,
        reason,
        detail,
      })),
    );
  }
}
