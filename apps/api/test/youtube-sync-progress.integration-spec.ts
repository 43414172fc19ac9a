import { fullSyncUnits, type Playlist, type SyncRun, type SyncStatus } from '@app/contracts';
import type TestAgent from 'supertest/lib/agent';
import { useStack } from './support/stack';

const VIDEOS = 400;
const PLAYLISTS = 2;

/** Issue 24: a long sync shows its pages, videos and units while it runs; the history keeps them. */
describe('YouTube sync progress', () => {
  let admin: TestAgent;

  // 150 ms an answer, 8 uploads pages one after the other: a sync of a couple of seconds.
  useStack({ youtube: { videos: VIDEOS, playlists: PLAYLISTS, latencyMs: 150 } }, (s) => ({ admin } = s));

  it('writes pages, videos, units and the expected total while it runs, and keeps the pages afterwards', async () => {
    const seen: SyncRun[] = [];
    let done = false;
    const sync = Promise.resolve(admin.post('/api/sync/youtube').expect(200)).finally(() => (done = true));
    while (!done) {
      const status = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
      if (status.lastRun?.outcome === 'running') seen.push(status.lastRun);
      await new Promise((r) => setTimeout(r, 200));
    }
    await sync;

    const moving = seen.filter((run) => run.pages > 0);
    expect(moving.length).toBeGreaterThan(0);
    const last = moving.at(-1)!;
    expect(last.expectedVideos).toBe(VIDEOS);
    expect(last.videos).toBeGreaterThan(0);
    expect(last.videos).toBeLessThan(VIDEOS);
    // Units count when a call is sent, pages when its answer is in: calls in flight cost before they arrive.
    expect(last.apiUnits).toBeGreaterThanOrEqual(last.pages);
    expect(last.finishedAt).toBeNull();
    // The counts only grow.
    for (let i = 1; i < moving.length; i++) {
      expect(moving[i].pages).toBeGreaterThanOrEqual(moving[i - 1].pages);
      expect(moving[i].videos).toBeGreaterThanOrEqual(moving[i - 1].videos);
    }

    const sizes = ((await admin.get('/api/playlists').expect(200)).body as Playlist[]).map(
      (p) => p.videoCount,
    );
    const units = fullSyncUnits(VIDEOS, PLAYLISTS, sizes);
    const { lastRun } = (await admin.get('/api/sync/status').expect(200)).body as SyncStatus;
    // Every call is one page and one unit here.
    expect(lastRun).toMatchObject({
      outcome: 'success',
      videos: VIDEOS,
      pages: units,
      apiUnits: units,
      expectedVideos: VIDEOS,
    });
  });
});
