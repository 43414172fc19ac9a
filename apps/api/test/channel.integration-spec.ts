import request from 'supertest';
import { ChannelEntity } from '../src/channel/channel.entity';
import { DEMO_VIDEO_COUNT } from '../src/demo/demo-content';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { PlaylistEntity } from '../src/playlists/playlist.entity';
import { VideoEntity } from '../src/videos/video.entity';
import { startTestApp, type TestApp } from './support/test-app';

describe('channel stats and the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('seeds the demo channel on the first start of an empty database', async () => {
    expect(await t.dataSource.getRepository(VideoEntity).count()).toBe(DEMO_VIDEO_COUNT);
    expect(await t.dataSource.getRepository(PlaylistEntity).count()).toBe(8);
    const channel = await t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 });
    expect(channel.isDemo).toBe(true);
  });

  it('GET /api/channel/stats returns the seeded counts as numbers', async () => {
    const res = await request(t.server).get('/api/channel/stats').expect(200);
    const { videoViews } = (await t.dataSource
      .getRepository(VideoEntity)
      .createQueryBuilder('video')
      .select('SUM(video.viewCount)', 'videoViews')
      .getRawOne()) as { videoViews: string | number };
    expect(res.body).toEqual({
      subscriberCount: 128400,
      videoCount: DEMO_VIDEO_COUNT,
      viewCount: Number(videoViews),
    });
  });

  it('does not seed again over existing content', async () => {
    await t.dataSource.getRepository(ChannelEntity).update({ id: 1 }, { subscriberCount: 5 });
    expect(await t.app.get(DemoSeedService).seedIfEmpty()).toBe(false);
    const res = await request(t.server).get('/api/channel/stats').expect(200);
    expect(res.body.subscriberCount).toBe(5);
  });

  it('returns zeros when there is no channel row and seeding is off', async () => {
    const empty = await startTestApp({ env: { SEED_DEMO_CONTENT: 'false' } });
    try {
      const res = await request(empty.server).get('/api/channel/stats').expect(200);
      expect(res.body).toEqual({ subscriberCount: 0, videoCount: 0, viewCount: 0 });
    } finally {
      await empty.close();
    }
  });
});
