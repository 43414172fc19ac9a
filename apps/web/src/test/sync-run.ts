import type { SyncRun } from '@app/contracts';

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
