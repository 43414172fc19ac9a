import { apiPaths, type Backup, BACKUP_NOTE, missingImagesSchema } from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { ImageEntity } from '../src/images/image.entity';
import { ImageMirrorService } from '../src/images/image-mirror.service';
import { IMAGE_STORE, type ImageStore } from '../src/images/image-store';
import { VideoEntity } from '../src/videos/video.entity';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/**
 * The dashboard's missing images (`GET /api/admin/images/missing`) and their retry (`POST /api/admin/images/retry`),
 * and the images around a backup, against a synced fake channel whose image hosts answer
 * (images-sync.integration-spec.ts covers how an image ends up missing).
 */
describe('missing images and their retry', () => {
  let t: TestApp;
  let admin: TestAgent;
  useStack({ youtube: { videos: 3, playlists: 1 }, images: true }, (stack) => ({ t, admin } = stack));

  const images = () => t.dataSource.getRepository(ImageEntity);
  const mirror = () => t.app.get(ImageMirrorService);
  const store = () => t.app.get<ImageStore>(IMAGE_STORE);
  const missing = async () =>
    missingImagesSchema.parse((await admin.get(apiPaths.missingImages).expect(200)).body).items;
  /** What a fetch that found nothing leaves (YouTube had no image at any size then). */
  const markMissing = (kind: ImageEntity['kind'], ref: string) =>
    images().update(
      { kind, ref },
      { status: 'missing', hash: null, attempts: 1, lastError: 'YouTube has no image at any size (…: 404)' },
    );

  beforeAll(async () => {
    await admin.post(apiPaths.syncYoutube).expect(200);
    await mirror().idle();
  });

  it('answers 401 to a visitor without a session', async () => {
    await request(t.server).get(apiPaths.missingImages).expect(401);
    await request(t.server).post(apiPaths.retryImages).send({}).expect(401);
  });

  it('lists nothing when every image is home', async () => {
    expect((await images().find()).every((row) => row.status === 'ready')).toBe(true);
    expect(await missing()).toEqual([]);
  });

  it('lists a missing image with its title and why; a retry fetches it again and it is ready', async () => {
    const [first, second] = (await t.dataSource.getRepository(VideoEntity).find())
      .sort((a, b) => a.title.localeCompare(b.title))
      .reverse();
    await markMissing('video', first.id);
    await markMissing('video', second.id);
    await markMissing('avatar', 'channel');
    const channelTitle = (await t.dataSource.query('SELECT title FROM channel'))[0].title as string;
    const listed = await missing();
    // Videos first, by title; then the channel's avatar.
    expect(listed.map((item) => [item.kind, item.ref, item.title])).toEqual([
      ['video', second.id, second.title],
      ['video', first.id, first.title],
      ['avatar', 'channel', channelTitle],
    ]);
    expect(listed[0]).toEqual({
      kind: 'video',
      ref: second.id,
      title: second.title,
      sourceUrl: second.thumbnail,
      reason: 'YouTube has no image at any size (…: 404)',
      attempts: 1,
      checkedAt: expect.any(String),
    });

    const one = await admin.post(apiPaths.retryImages).send({ kind: 'video', ref: first.id }).expect(200);
    expect(one.body).toEqual({ queued: 1 });
    await mirror().idle();
    expect((await images().findOneByOrFail({ kind: 'video', ref: first.id })).status).toBe('ready');
    expect((await missing()).map((item) => item.ref)).toEqual([second.id, 'channel']);
    // A ready image is not queued again.
    await admin
      .post(apiPaths.retryImages)
      .send({ kind: 'video', ref: first.id })
      .expect(200)
      .expect({ queued: 0 });

    const all = await admin.post(apiPaths.retryImages).send({}).expect(200);
    expect(all.body).toEqual({ queued: 2 });
    await mirror().idle();
    expect(await missing()).toEqual([]);
    const video = (await request(t.server).get(apiPaths.video(second.id)).expect(200)).body as {
      image: { path: string } | null;
    };
    expect(video.image?.path).toMatch(/^\/images\/[0-9a-f]{20}$/);
  });

  it('leaves the images out of a backup; an import brings them home again', async () => {
    const backup = (await admin.get(apiPaths.export).expect(200)).body as Backup;
    expect(backup.note).toBe(BACKUP_NOTE);
    expect(JSON.stringify(backup)).not.toContain('/images/');
    // Restored on a machine without them: no row, no file.
    const before = await images().find();
    for (const hash of new Set(before.map((row) => row.hash!))) await store().removeImage(hash);
    await images().clear();
    await admin.post(apiPaths.import).send(backup).expect(200);
    await mirror().idle();
    const after = await images().find();
    expect(after.map((row) => [row.kind, row.ref, row.status, row.hash]).sort()).toEqual(
      before.map((row) => [row.kind, row.ref, 'ready', row.hash]).sort(),
    );
    await request(t.server).get(`/images/${after[0].hash}/og.jpg`).expect(200);
  });

  describe('a bad body', () => {
    let ref: string;
    beforeAll(async () => {
      ({ ref } = await images().findOneByOrFail({ kind: 'video' }));
      await markMissing('video', ref);
    });
    afterAll(async () => {
      await admin.post(apiPaths.retryImages).send({}).expect(200);
      await mirror().idle();
    });

    it.each([
      [{ kind: 'photo', ref: 'x' }, 'kind: '],
      [{ kind: 'video' }, 'ref: '],
      [{ kind: 'video', ref: '' }, 'ref: '],
      [{ kind: 'video', ref: 'x'.repeat(65) }, 'ref: '],
      [{ kind: 'video', ref: 'x', all: true }, 'all: is not allowed'],
      [{ everything: true }, 'everything: is not allowed'],
      [['video'], 'body: '],
    ])('answers 400 naming the field for %j and queues nothing', async (body, field) => {
      const res = await admin.post(apiPaths.retryImages).send(body).expect(400);
      expect(res.body.message).toContain(field);
      expect((await images().findOneByOrFail({ kind: 'video', ref })).status).toBe('missing');
    });
  });
});
