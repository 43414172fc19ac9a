import { type LiveCheckResult, type Video, videoDetailSchema } from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { FakeYouTube } from './support/fake-youtube';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';
import { pageHeadOf } from './support/page-model';

/**
 * Issue 27: a stream's `BroadcastEvent.startDate` (which Google requires) comes from the sync, which reads every
 * upload's `liveStreamingDetails`; the light live check (the newest 50 uploads) only refreshes it. The fake's
 * channel of 120 has a premiere (newest), a live stream (third newest) and a free chat 56th newest, upcoming
 * long past its scheduled date.
 */
describe('stream times from the sync', () => {
  let fake: FakeYouTube;
  let t: TestApp;
  let admin: TestAgent;

  useStack({ youtube: { videos: 120, playlists: 2 } }, (s) => ({ youtube: fake, t, admin } = s));

  const detail = async (id: string) =>
    videoDetailSchema.parse((await request(t.server).get(`/api/videos/${id}`).expect(200)).body);
  const publication = async (id: string) => {
    const html = await pageHeadOf(t.server, `/videos/${id}`);
    const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
    return JSON.parse(json as string).publication;
  };
  const streams = async (kind: string) =>
    (await request(t.server).get(`/api/videos?kind=${kind}&limit=200`).expect(200)).body as Video[];
  const check = async (): Promise<LiveCheckResult> =>
    (await admin.post('/api/sync/live-check').expect(200)).body;

  it('gives live and upcoming streams their start from the first sync, before any live check', async () => {
    await admin.post('/api/sync/youtube').expect(200);
    const upcoming = await streams('upcoming');
    expect(upcoming).toHaveLength(2);
    const [live] = await streams('live');
    for (const video of [...upcoming, live!]) {
      const { live: times } = await detail(video.id);
      const startDate = times?.actualStartTime ?? times?.scheduledStartTime;
      expect(startDate).toEqual(expect.any(String));
      expect(await publication(video.id)).toMatchObject({ '@type': 'BroadcastEvent', startDate });
    }
    expect((await detail(live!.id)).live).toMatchObject({
      state: 'live',
      actualStartTime: expect.any(String),
    });
    // The Upcoming card shows the premiere, the next real start, not the free chat whose date lapsed long ago
    // (issue 45), though that one is scheduled earlier.
    const premiere = upcoming.find((v) => !v.title.includes('Free chat'))!;
    expect((await request(t.server).get('/api/live').expect(200)).body.upcoming).toMatchObject({
      id: premiere.id,
      state: 'upcoming',
    });
  });

  it('keeps the start of a free chat below the newest 50 through live checks, which refresh the newer ones', async () => {
    const ids = (await fake.channel()).videoIds;
    const freeChat = (await streams('upcoming')).find((v) => v.title.includes('Free chat'))!;
    expect(ids.indexOf(freeChat.id)).toBeGreaterThanOrEqual(50);
    const scheduled = (await detail(freeChat.id)).live!.scheduledStartTime;
    expect(scheduled).toEqual(expect.any(String));

    // Nothing changed on YouTube: the check agrees with the sync and writes nothing.
    expect((await check()).changed).toBe(false);
    const [live] = await streams('live');
    await fake.moveStream({ state: 'ended', id: live!.id, at: '2030-01-01T12:00:00Z' });
    expect((await check()).changed).toBe(true);
    expect((await detail(live!.id)).live).toMatchObject({
      state: 'ended',
      actualEndTime: '2030-01-01T12:00:00.000Z',
    });
    // The free chat, which the check never reads, kept its scheduled start and its BroadcastEvent.
    expect((await detail(freeChat.id)).live).toEqual({
      state: 'upcoming',
      scheduledStartTime: scheduled,
      actualStartTime: null,
      actualEndTime: null,
    });
    expect(await publication(freeChat.id)).toMatchObject({ startDate: scheduled });
  });

  it('drops a stream the sync no longer finds', async () => {
    const freeChat = (await streams('upcoming')).find((v) => v.title.includes('Free chat'))!;
    await fake.removeVideos([freeChat.id]);
    await admin.post('/api/sync/youtube').expect(200);
    await request(t.server).get(`/api/videos/${freeChat.id}`).expect(404);
    expect(await t.dataSource.query('SELECT id FROM live_stream WHERE id = ?', [freeChat.id])).toEqual([]);
  });
});
