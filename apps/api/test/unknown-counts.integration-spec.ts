import type { MigrationInterface } from 'typeorm';
import { ChannelEntity } from '../src/channel/channel.entity';
import { UnknownCounts1764905000000 } from '../src/database/migrations/1764905000000-unknown-counts';
import { UnknownChannelTotals1765200000000 } from '../src/database/migrations/1765200000000-unknown-channel-totals';
import { VideoEntity } from '../src/videos/video.entity';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 27, unknown is not 0: the migration that lets the channel's subscriber count and a video's view count be
 * NULL keeps stored numbers, and its `down` turns NULLs back into 0 before the columns become NOT NULL again.
 */
describe('migrations UnknownCounts1764905000000 and UnknownChannelTotals1765200000000', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A migration's own down or up, whichever migrations come after it. */
  const migrate = async (
    step: 'down' | 'up',
    migration: MigrationInterface = new UnknownCounts1764905000000(),
  ) => {
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await migration[step](runner);
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  };

  const channelRow = () => t.dataSource.getRepository(ChannelEntity).findOneByOrFail({ id: 1 });
  const firstVideo = async () =>
    (await t.dataSource.getRepository(VideoEntity).find({ order: { id: 'ASC' }, take: 1 }))[0]!;

  it('stores NULL counts, and keeps the numbers through down and up', async () => {
    const channels = t.dataSource.getRepository(ChannelEntity);
    const videos = t.dataSource.getRepository(VideoEntity);
    const subscribers = (await channelRow()).subscriberCount;
    expect(subscribers).toBeGreaterThan(0);
    const [known, unknown] = await videos.find({ order: { id: 'ASC' }, take: 2 });
    await videos.update({ id: unknown!.id }, { viewCount: null });
    expect((await videos.findOneByOrFail({ id: unknown!.id })).viewCount).toBeNull();
    await channels.update({ id: 1 }, { subscriberCount: null });
    expect((await channelRow()).subscriberCount).toBeNull();

    await migrate('down');
    expect((await channelRow()).subscriberCount).toBe(0);
    expect((await videos.findOneByOrFail({ id: unknown!.id })).viewCount).toBe(0);
    expect((await videos.findOneByOrFail({ id: known!.id })).viewCount).toBe(known!.viewCount);
    await expect(
      t.dataSource.query('UPDATE channel SET subscriberCount = NULL WHERE id = 1'),
    ).rejects.toThrow();

    await migrate('up');
    await channels.update({ id: 1 }, { subscriberCount: subscribers });
    expect((await channelRow()).subscriberCount).toBe(subscribers);
    expect((await firstVideo()).viewCount).toBe(known!.viewCount);
    await videos.update({ id: unknown!.id }, { viewCount: null });
    expect((await videos.findOneByOrFail({ id: unknown!.id })).viewCount).toBeNull();
    // The index on the view count (the popular sort) survives the change of the column.
    const runner = t.dataSource.createQueryRunner();
    try {
      const table = await runner.getTable('video');
      expect(table?.indices.map((index) => index.name)).toContain('idx_video_view_count');
      expect(table?.findColumnByName('viewCount')?.isNullable).toBe(true);
    } finally {
      await runner.release();
    }
  });

  it("UnknownChannelTotals1765200000000: the channel's video and view counts may be NULL (feed mode, issue 24)", async () => {
    const channels = t.dataSource.getRepository(ChannelEntity);
    const { videoCount, viewCount } = await channelRow();
    expect(videoCount).toBeGreaterThan(0);
    await channels.update({ id: 1 }, { videoCount: null, viewCount: null });
    expect(await channelRow()).toMatchObject({ videoCount: null, viewCount: null });

    const totals = new UnknownChannelTotals1765200000000();
    await migrate('down', totals);
    expect(await channelRow()).toMatchObject({ videoCount: 0, viewCount: 0 });
    await expect(t.dataSource.query('UPDATE channel SET viewCount = NULL WHERE id = 1')).rejects.toThrow();

    await migrate('up', totals);
    await channels.update({ id: 1 }, { videoCount, viewCount });
    expect(await channelRow()).toMatchObject({ videoCount, viewCount });
    await channels.update({ id: 1 }, { videoCount: null, viewCount: null });
    expect(await channelRow()).toMatchObject({ videoCount: null, viewCount: null });
    await channels.update({ id: 1 }, { videoCount, viewCount });
  });
});
