import {
  type GoogleAccountStatus,
  settingsDefaults,
  type SyncRun,
  type SyncStatus,
  type YoutubeCaptionsStatus,
} from '@app/contracts';
import { fakeResponse, mockFetch } from './fetch-mock';

/** A sync run as the API answers it: a full sync still running, nothing counted yet; `patch` sets the rest. */
export const syncRun = (patch: Partial<SyncRun> = {}): SyncRun => ({
  id: 7,
  kind: 'sync',
  videoId: null,
  startedAt: '2026-11-26T12:00:00.000Z',
  finishedAt: null,
  outcome: 'running',
  videos: 0,
  playlists: 0,
  added: 0,
  updated: 0,
  removed: 0,
  apiUnits: 0,
  pages: 0,
  expectedVideos: null,
  durationMs: null,
  error: null,
  notifications: null,
  ...patch,
});

/** The sync status of a set-up with no run yet. */
export const syncStatus = (setup: SyncStatus['setup']): SyncStatus => ({
  lastRun: null,
  lastSuccess: null,
  lastPush: null,
  setup,
});

/** The Google account card's state: nothing connected, no OAuth client yet; `patch` sets the rest. */
export const googleAccount = (patch: Partial<GoogleAccountStatus> = {}): GoogleAccountStatus => ({
  clientConfigured: false,
  redirectUri: 'http://localhost/api/admin/google-account/callback',
  state: 'not-connected',
  channel: null,
  scopes: [],
  revenue: false,
  connectedAt: null,
  problem: null,
  attempt: null,
  ...patch,
});

/** "Transcripts from YouTube" as the API answers it: off, not connected, nothing read. */
export const youtubeCaptions = (patch: Partial<YoutubeCaptionsStatus> = {}): YoutubeCaptionsStatus => ({
  enabled: false,
  connection: 'not-connected',
  scopeGranted: false,
  message: null,
  running: false,
  tracks: 0,
  videosWithTracks: 0,
  videos: { checked: 0, total: 24 },
  units: { today: 0, dailyBudget: 5000 },
  lastRunAt: null,
  nextRunAt: null,
  lastError: null,
  skipped: [],
  skippedCount: 0,
  ...patch,
});

/** The API's answers around the YouTube card and tile for a set-up; `extra` adds or overrides routes. */
export function youtubeAnswers(setup: SyncStatus['setup'], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
    '/api/sync/status': () => fakeResponse(200, syncStatus(setup)),
    '/api/admin/integrations/checks': () => fakeResponse(200, { checks: [] }),
    '/api/youtube/websub/status': () =>
      fakeResponse(200, {
        state: 'off',
        offReason: 'no-channel',
        channelId: null,
        leaseExpiresAt: null,
        lastNotificationAt: null,
        lastError: null,
      }),
    '/api/admin/google-account': () => fakeResponse(200, googleAccount()),
    '/api/admin/youtube-captions/status': () => fakeResponse(200, youtubeCaptions()),
    ...extra,
  });
}
