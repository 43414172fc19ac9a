import request from 'supertest';
import { PlaylistEntity } from '../src/playlists/playlist.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

describe('playlists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists playlists with their fields in the platform order', async () => {
    const res = await request(t.server).get('/api/playlists').expect(200);
    expect(res.body).toHaveLength(8);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'id',
      'image',
      'pinned',
      'thumbnail',
      'title',
      'videoCount',
    ]);
    expect(res.body[0]).toMatchObject({ title: 'Full-Stack Web Development', pinned: true });
    expect(res.body.filter((p: { thumbnail: string | null }) => p.thumbnail === null)).toHaveLength(2);
  });

  describe('POST /api/playlists/:id/pin', () => {
    let id: string;
    beforeAll(async () => {
      id = (await t.dataSource.getRepository(PlaylistEntity).findOneByOrFail({ position: 5 })).id;
    });

    it('is refused without a session', async () => {
      await request(t.server).post(`/api/playlists/${id}/pin`).send({ pinned: true }).expect(401);
    });

    it('pins and unpins, with no limit enforced', async () => {
      const agent = await signedInAgent(t.server);
      const ids = (await t.dataSource.getRepository(PlaylistEntity).find()).map((p) => p.id);
      for (const each of ids)
        await agent.post(`/api/playlists/${each}/pin`).send({ pinned: true }).expect(200);
      expect(await t.dataSource.getRepository(PlaylistEntity).countBy({ pinned: true })).toBe(8);
      const res = await agent.post(`/api/playlists/${id}/pin`).send({ pinned: false }).expect(200);
      expect(res.body).toMatchObject({ id, pinned: false });
      expect((await t.dataSource.getRepository(PlaylistEntity).findOneByOrFail({ id })).pinned).toBe(false);
    });

    it.each([
      [{}, 'pinned: Invalid input: expected boolean, received undefined'],
      [{ pinned: 'yes' }, 'pinned: Invalid input: expected boolean, received string'],
      [{ pinned: true, extra: 1 }, 'extra: is not allowed'],
    ])('rejects the body %j with a 400 naming the field', async (body, message) => {
      const agent = await signedInAgent(t.server);
      const res = await agent.post(`/api/playlists/${id}/pin`).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect((await t.dataSource.getRepository(PlaylistEntity).findOneByOrFail({ id })).pinned).toBe(false);
    });

    it('answers 404 for an unknown playlist', async () => {
      const agent = await signedInAgent(t.server);
      const res = await agent.post('/api/playlists/PLunknown/pin').send({ pinned: true }).expect(404);
      expect(res.body.message).toBe('Playlist PLunknown not found');
    });
  });
});
