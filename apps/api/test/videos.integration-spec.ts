import { UNKNOWN_DURATION, type Video } from '@app/contracts';
import request from 'supertest';
import { MoreThan } from 'typeorm';
import { DEMO_VIDEO_COUNT } from '../src/demo/demo-content';
import { VideoEntity } from '../src/videos/video.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

describe('videos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Two videos with search-sensitive text.
    await t.dataSource.getRepository(VideoEntity).insert([
      {
        id: 'pct-video01',
        title: 'Discount 100% OFF_NOW',
        description: null,
        thumbnail: null,
        duration: '1:00',
        durationSeconds: 60,
        viewCount: 5,
        publishedAt: new Date('2001-01-01T00:00:00Z'),
        kind: 'video',
      },
      {
        id: 'upper-vid01',
        title: 'Plain title',
        description: 'Deep dive into KUBERNETES operators',
        thumbnail: 'https://i.ytimg.com/vi/upper-vid01/hqdefault.jpg',
        duration: '12:34',
        durationSeconds: 754,
        viewCount: 99_999_999,
        publishedAt: new Date('2000-06-01T00:00:00Z'),
        kind: 'video',
      },
    ]);
  });
  afterAll(() => t.close());
  const total = DEMO_VIDEO_COUNT + 2;

  it('lists every video newest first with their fields and the total in X-Total-Count', async () => {
    const res = await request(t.server).get('/api/videos').expect(200);
    expect(res.headers['x-total-count']).toBe(String(total));
    expect(res.body).toHaveLength(total);
    const dates = res.body.map((v: { publishedAt: string }) => Date.parse(v.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'thumbnail',
        'image',
        'duration',
        'durationSeconds',
        'viewCount',
        'publishedAt',
        'featured',
        'kind',
      ].sort(),
    );
    expect(res.body.at(-1)).toMatchObject({ id: 'upper-vid01', viewCount: 99_999_999, duration: '12:34' });
  });

  it('pages with limit and offset', async () => {
    const all = (await request(t.server).get('/api/videos')).body;
    const res = await request(t.server).get('/api/videos?limit=5&offset=10').expect(200);
    expect(res.headers['x-total-count']).toBe(String(total));
    expect(res.body.map((v: { id: string }) => v.id)).toEqual(
      all.slice(10, 15).map((v: { id: string }) => v.id),
    );
  });

  it('sorts by popular and oldest', async () => {
    const popular = (await request(t.server).get('/api/videos?sort=popular&limit=1').expect(200)).body;
    expect(popular[0].id).toBe('upper-vid01');
    const oldest = (await request(t.server).get('/api/videos?sort=oldest&limit=2').expect(200)).body;
    expect(oldest.map((v: { id: string }) => v.id)).toEqual(['upper-vid01', 'pct-video01']);
  });

  it('searches the words of title or description, case-insensitively, % and _ no wildcards', async () => {
    let res = await request(t.server).get('/api/videos?q=kubernetes').expect(200);
    expect(res.body.map((v: { id: string }) => v.id)).toEqual(['upper-vid01']);
    expect(res.headers['x-total-count']).toBe('1');
    // `%` is no wildcard: "100%" is the word 100 (the demo content says 100 too, in another sense).
    res = await request(t.server).get('/api/videos?q=discount%20100%25').expect(200);
    expect(res.body.map((v: { id: string }) => v.id)).toEqual(['pct-video01']);
    // The site search's words (docs/search.md): `_` separates them, and is no wildcard for "100".
    res = await request(t.server).get('/api/videos?q=1_0').expect(200);
    expect(res.body).toEqual([]);
    res = await request(t.server).get('/api/videos?q=OFF_now').expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('filters by kind, one or several, with search, sort and the count', async () => {
    const repo = t.dataSource.getRepository(VideoEntity);
    const stream = (id: string, kind: 'live' | 'upcoming' | 'replay', title: string) => ({
      id,
      title,
      description: null,
      thumbnail: null,
      duration: kind === 'replay' ? '1:00:00' : kind.toUpperCase(),
      durationSeconds: kind === 'replay' ? 3600 : 0,
      viewCount: 3,
      publishedAt: new Date('1998-01-01T00:00:00Z'),
      kind,
    });
    await repo.insert([
      stream('live-strm01', 'live', 'Live coding night'),
      stream('next-strm01', 'upcoming', 'Q&A'),
      stream('past-strm01', 'replay', 'Stream replay: coding'),
    ]);
    try {
      const all: { id: string; kind: string }[] = (await request(t.server).get('/api/videos')).body;
      const ids = (kinds: string[]) => all.filter((v) => kinds.includes(v.kind)).map((v) => v.id);
      expect(ids(['short']).length).toBeGreaterThan(0);
      for (const [kind, kinds] of [
        ['short', ['short']],
        ['video', ['video']],
        ['live,upcoming', ['live', 'upcoming']],
        ['replay', ['replay']],
        ['live,upcoming,replay', ['live', 'upcoming', 'replay']],
        ['video,live,upcoming,replay', ['video', 'live', 'upcoming', 'replay']],
        ['live,live', ['live']],
      ] as const) {
        const res = await request(t.server).get(`/api/videos?kind=${kind}`).expect(200);
        expect({ kind, ids: res.body.map((v: { id: string }) => v.id) }).toEqual({
          kind,
          ids: ids([...kinds]),
        });
        expect(res.headers['x-total-count']).toBe(String(ids([...kinds]).length));
      }
      const oldest = await request(t.server)
        .get('/api/videos?kind=live,upcoming&sort=oldest&limit=1')
        .expect(200);
      expect(oldest.headers['x-total-count']).toBe('2');
      expect(oldest.body.map((v: { id: string }) => v.id)).toEqual(['live-strm01']);
      const searched = await request(t.server).get('/api/videos?kind=live,upcoming&q=coding').expect(200);
      expect(searched.body.map((v: { id: string }) => v.id)).toEqual(['live-strm01']);
      const replays = await request(t.server)
        .get('/api/videos?kind=live,upcoming,replay&q=coding')
        .expect(200);
      expect(replays.body.map((v: { id: string }) => v.id).sort()).toEqual(['live-strm01', 'past-strm01']);
      // A replay is not an ordinary video: "Videos" leaves it out.
      const videos = await request(t.server).get('/api/videos?kind=video&limit=10000').expect(200);
      expect(videos.body.map((v: { id: string }) => v.id)).not.toContain('past-strm01');
      expect((await request(t.server).get('/api/videos?kind=short&q=coding').expect(200)).body).toEqual([]);
    } finally {
      await repo.delete(['live-strm01', 'next-strm01', 'past-strm01']);
    }
  });

  it('folds case beyond ASCII too (É finds é and the reverse), on SQLite as on MySQL', async () => {
    const repo = t.dataSource.getRepository(VideoEntity);
    await repo.insert({
      id: 'unicode-v01',
      title: 'Éclair au chocolat',
      description: 'ÜBER die Straße',
      thumbnail: null,
      duration: '2:00',
      durationSeconds: 120,
      viewCount: 1,
      publishedAt: new Date('1999-01-01T00:00:00Z'),
      kind: 'video',
    });
    try {
      // (Not "über" alone: MySQL's unicode_ci collation also ignores accents, and "kUBERnetes" matches there.)
      for (const q of ['éclair', 'ÉCLAIR', 'Éclair', 'über die', 'Über DIE']) {
        const res = await request(t.server)
          .get(`/api/videos?q=${encodeURIComponent(q)}`)
          .expect(200);
        expect({ q, ids: res.body.map((v: { id: string }) => v.id) }).toEqual({ q, ids: ['unicode-v01'] });
      }
    } finally {
      await repo.delete({ id: 'unicode-v01' });
    }
  });

  it.each([
    ['sort=best', 'sort: Invalid option: expected one of "recent"|"popular"|"oldest"'],
    ['limit=0', 'limit: Too small: expected number to be >=1'],
    ['limit=abc', 'limit: Invalid input: expected number, received NaN'],
    ['offset=-1', 'offset: Too small: expected number to be >=0'],
    ['page=2', 'page: is not allowed'],
    ['q=a&q=b', 'q: Invalid input: expected string, received array'],
    ['kind=premiere', 'kind: must be one or more of video, short, live, upcoming, replay, comma-separated'],
    ['kind=', 'kind: must be one or more of video, short, live, upcoming, replay, comma-separated'],
    ['kind=live,', 'kind: must be one or more of video, short, live, upcoming, replay, comma-separated'],
  ])('rejects ?%s with a 400 naming the field', async (query, message) => {
    const res = await request(t.server).get(`/api/videos?${query}`).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('returns the featured video; until one is chosen the newest long video, null when there is none', async () => {
    const repo = t.dataSource.getRepository(VideoEntity);
    const res = await request(t.server).get('/api/videos/featured').expect(200);
    expect(res.body.featured).toBe(true);
    await repo.update({ featured: true }, { featured: false });
    // Not chosen (featured: false): the newest video that is not a Short nor a stream, of a known length, rather
    // than an upload YouTube still processes, newer as it is (issue 45: the first sync left the box empty).
    const long = (await request(t.server).get('/api/videos?kind=video').expect(200)).body as Video[];
    const newer = (id: string, kind: Video['kind'], durationSeconds: number) => ({
      ...long[0],
      id,
      kind,
      duration: durationSeconds ? '0:30' : UNKNOWN_DURATION,
      durationSeconds,
      publishedAt: new Date(Date.parse(long[0].publishedAt) + 60_000),
      featured: false,
    });
    const added = [
      newer('processing1', 'video', 0),
      newer('newshort001', 'short', 30),
      newer('upcoming001', 'upcoming', 0),
    ];
    await repo.insert(added);
    const newest = await request(t.server).get('/api/videos/featured').expect(200);
    expect(newest.body).toMatchObject({ id: long[0].id, kind: 'video', featured: false });
    // With no long video of a known length, the processing one; with none at all, the SPEC's empty state.
    const lengths = long.map(({ id, durationSeconds }) => ({ id, durationSeconds }));
    await repo.update({ kind: 'video', durationSeconds: MoreThan(0) }, { durationSeconds: 0 });
    expect((await request(t.server).get('/api/videos/featured').expect(200)).body.id).toBe('processing1');
    await repo.update({ kind: 'video' }, { kind: 'replay' });
    const none = await request(t.server).get('/api/videos/featured').expect(200);
    expect(none.text).toBe('null');
    expect(none.headers['content-type']).toMatch(/application\/json/);
    await repo.delete(added.map(({ id }) => id));
    for (const { id, durationSeconds } of lengths)
      await repo.update({ id }, { kind: 'video', durationSeconds });
  });

  describe('POST /api/videos/:id/featured', () => {
    it('is refused without a session', async () => {
      await request(t.server).post('/api/videos/pct-video01/featured').expect(401);
      expect(await t.dataSource.getRepository(VideoEntity).countBy({ featured: true })).toBe(0);
    });

    it('makes exactly one video featured', async () => {
      const agent = await signedInAgent(t.server);
      let res = await agent.post('/api/videos/pct-video01/featured').expect(200);
      expect(res.body).toMatchObject({ id: 'pct-video01', featured: true });
      res = await agent.post('/api/videos/upper-vid01/featured').expect(200);
      const featured = await t.dataSource.getRepository(VideoEntity).findBy({ featured: true });
      expect(featured.map((v) => v.id)).toEqual(['upper-vid01']);
      expect((await request(t.server).get('/api/videos/featured')).body.id).toBe('upper-vid01');
    });

    it('answers 404 for an unknown id and 400 for a malformed one, changing nothing', async () => {
      const agent = await signedInAgent(t.server);
      let res = await agent.post('/api/videos/nope-nope-01/featured').expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'Video nope-nope-01 not found',
        error: 'Not Found',
      });
      res = await agent.post(`/api/videos/${encodeURIComponent('bad id!')}/featured`).expect(400);
      expect(res.body.message).toBe('id: must be a video id (letters, digits, - and _)');
      const featured = await t.dataSource.getRepository(VideoEntity).findBy({ featured: true });
      expect(featured.map((v) => v.id)).toEqual(['upper-vid01']);
    });
  });
});
