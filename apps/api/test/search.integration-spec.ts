import type { SearchResponse, TranscriptCue, VideoKind } from '@app/contracts';
import request from 'supertest';
import { SearchIndexStore } from '../src/search/search-index.store';
import { SearchIndexer } from '../src/search/search-indexer.service';
import { TranscriptStore } from '../src/transcripts/transcript-store.service';
import { VideoEntity } from '../src/videos/video.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/** A video of the suite's own (words no demo video says). */
function video(id: string, title: string, extra: Partial<VideoEntity> = {}): VideoEntity {
  return Object.assign(new VideoEntity(), {
    id,
    title,
    description: null,
    thumbnail: null,
    duration: '5:00',
    durationSeconds: 300,
    viewCount: 10,
    publishedAt: new Date('2020-01-01T00:00:00Z'),
    featured: false,
    kind: 'video' as VideoKind,
    ...extra,
  });
}

const cues = (...lines: [number, string][]): TranscriptCue[] =>
  lines.map(([start, text]) => ({ start, end: start + 3, text }));

/** The site search on both databases (run with and without DATABASE_URL): what it finds, how it ranks, how it stays current. */
describe('site search', () => {
  let t: TestApp;
  let transcripts: TranscriptStore;
  const search = async (q: string, query = '') =>
    (
      await request(t.server)
        .get(`/api/search?q=${encodeURIComponent(q)}${query}`)
        .expect(200)
    ).body as SearchResponse;
  const ids = async (q: string) => (await search(q)).results.map((r) => r.video.id);

  beforeAll(async () => {
    t = await startTestApp();
    transcripts = t.app.get(TranscriptStore);
    const recent = new Date(Date.now() - 2 * DAY);
    await t.dataSource.getRepository(VideoEntity).save([
      video('title-zebra', 'Zebrafish care explained'),
      video('chap-zebra1', 'Aquarium basics', {
        description: 'A tour.\n0:00 Intro\n1:30 Zebrafish and their tanks\n3:00 Questions',
      }),
      video('desc-zebra1', 'Fish food', { description: 'Which flakes a zebrafish likes best.' }),
      video('said-zebra1', 'A quiet afternoon'),
      video('said-zebra2', 'Another afternoon', { publishedAt: recent }),
      video('tokyo-video', '東京の天気', { description: 'Café Müller in Straße' }),
      video('short-zebra', 'Zebrafish in a minute', { kind: 'short', duration: '0:40', durationSeconds: 40 }),
      video('gone-video1', 'Ephemeral platypus'),
    ]);
    await transcripts.replace(
      'said-zebra1',
      { source: 'upload', language: 'en', kind: 'standard' },
      cues([0, 'Hello and welcome.'], [62.5, 'Today we feed the zebrafish'], [66, 'and clean the filter.']),
    );
    await transcripts.replace(
      'said-zebra2',
      { source: 'upload', language: 'en', kind: 'standard' },
      cues([10, 'Some words about a zebrafish.']),
    );
    await transcripts.replace(
      'tokyo-video',
      { source: 'youtube', language: 'ja', kind: 'asr' },
      cues([5, 'こんにちは'], [125, '今日は京都の紅葉を見に行きます']),
    );
  });
  afterAll(() => t.close());

  it('finds titles, chapters (at their start), descriptions and what is said (at the cue), best kind first', async () => {
    const res = await search('zebrafish');
    expect(res.q).toBe('zebrafish');
    expect(res.results.map((r) => [r.video.id, r.match])).toEqual([
      ['short-zebra', 'title'],
      ['title-zebra', 'title'],
      ['chap-zebra1', 'chapter'],
      ['desc-zebra1', 'description'],
      // Said in both; the recent one gets the small boost.
      ['said-zebra2', 'transcript'],
      ['said-zebra1', 'transcript'],
    ]);
    expect(res.total).toBe(6);
    const [, title, chapter, description, , said] = res.results;
    expect(title.snippet).toEqual([
      { text: 'Zebrafish', match: true },
      { text: ' care explained', match: false },
    ]);
    expect(title.moments).toEqual([]);
    expect(chapter.moments).toEqual([
      {
        kind: 'chapter',
        at: 90,
        snippet: [
          { text: 'Zebrafish', match: true },
          { text: ' and their tanks', match: false },
        ],
      },
    ]);
    expect(description.snippet).toEqual([
      { text: 'Which flakes a ', match: false },
      { text: 'zebrafish', match: true },
      { text: ' likes best.', match: false },
    ]);
    expect(said.moments).toEqual([
      {
        kind: 'transcript',
        at: 62.5,
        snippet: [
          { text: 'Today we feed the ', match: false },
          { text: 'zebrafish', match: true },
          { text: ' and clean the filter.', match: false },
        ],
      },
    ]);
    expect(said.video).toMatchObject({ id: 'said-zebra1', title: 'A quiet afternoon', image: null });
  });

  it('matches every word, the last one as a prefix', async () => {
    expect(await ids('zebraf')).toHaveLength(6);
    expect(await ids('feed zebra')).toEqual(['said-zebra1']);
    // Only the last word is a prefix.
    expect(await ids('zebra feed')).toEqual([]);
    expect(await ids('feed the filter clean')).toEqual(['said-zebra1']);
    expect(await ids('zebrafish platypus')).toEqual([]);
  });

  it('ranks the same when MySQL tests every video against bitmaps (many matches) as when it reads them by number', async () => {
    const dialect = t.app.get(SearchIndexStore).dialect as { listedMax?: number };
    const listed = await search('zebrafish');
    const before = dialect.listedMax;
    dialect.listedMax = 0;
    try {
      // Another URL: the public cache keeps the first answer.
      expect(await search('zebrafish', '&limit=20')).toEqual(listed);
      expect((await search('feed zebra', '&limit=20')).results.map((r) => r.video.id)).toEqual([
        'said-zebra1',
      ]);
    } finally {
      dialect.listedMax = before;
    }
  });

  it('pages with limit and offset, the total unchanged', async () => {
    const all = await ids('zebrafish');
    const page = await search('zebrafish', '&limit=2&offset=3');
    expect(page.total).toBe(6);
    expect(page.results.map((r) => r.video.id)).toEqual(all.slice(3, 5));
    expect((await search('zebrafish', '&offset=50')).results).toEqual([]);
  });

  it('finds Japanese words in titles and transcripts, and folds accents both ways', async () => {
    expect(await ids('東京')).toEqual(['tokyo-video']);
    expect(await ids('天気')).toEqual(['tokyo-video']);
    expect(await ids('東')).toEqual(['tokyo-video']);
    expect(await ids('京都')).toEqual(['tokyo-video']);
    expect(await ids('大阪')).toEqual([]);
    // Hiragana and katakana stay apart on both databases (MySQL's unicode_ci collation would take one for the other).
    expect(await ids('の')).toEqual(['tokyo-video']);
    expect(await ids('ノ')).toEqual([]);
    const said = (await search('紅葉')).results[0];
    expect(said.moments).toEqual([
      {
        kind: 'transcript',
        at: 125,
        snippet: [
          { text: '今日は京都の', match: false },
          { text: '紅葉', match: true },
          { text: 'を見に行きます', match: false },
        ],
      },
    ]);
    expect((await search('東京')).results[0].snippet).toEqual([
      { text: '東京', match: true },
      { text: 'の天気', match: false },
    ]);
    for (const q of ['cafe', 'CAFÉ', 'muller', 'Müller', 'strasse', 'straße']) {
      expect({ q, ids: await ids(q) }).toEqual({ q, ids: ['tokyo-video'] });
    }
    expect((await search('cafe')).results[0].snippet).toEqual([
      { text: 'Café', match: true },
      { text: ' Müller in Straße', match: false },
    ]);
  });

  it.each([
    '"',
    '*',
    '-',
    '+',
    '^',
    ':',
    '()',
    'NEAR(zebrafish care)',
    'zebrafish OR platypus',
    '"zebrafish',
    'zebra*',
    '-zebrafish',
    'title:zebrafish',
    '🐟',
  ])('answers %j with results or none, never an error', async (q) => {
    const res = await search(q);
    expect(res.q).toBe(q.trim());
    expect(Array.isArray(res.results)).toBe(true);
    const listed = await request(t.server)
      .get(`/api/videos?q=${encodeURIComponent(q)}`)
      .expect(200);
    expect(Number(listed.headers['x-total-count'])).toBe(listed.body.length);
  });

  it('reads FTS syntax as words', async () => {
    expect(await ids('"')).toEqual([]);
    expect(await ids('zebrafish OR platypus')).toEqual([]);
    expect(await ids('NEAR(feed zebrafish)')).toEqual([]);
    expect(await ids('-zebrafish feed')).toEqual(['said-zebra1']);
    expect(await ids('title:zebrafish')).toEqual([]);
  });

  it.each([
    ['', 'q: must not be empty'],
    ['   ', 'q: must not be empty'],
    ['x'.repeat(2048), 'q: Too big: expected string to have <=200 characters'],
  ])('refuses q=%j with a 400 naming q', async (q, message) => {
    const res = await request(t.server)
      .get(`/api/search?q=${encodeURIComponent(q)}`)
      .expect(400);
    expect(res.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
  });

  it('refuses a bad limit or offset, or a missing q, naming the field', async () => {
    for (const [query, message] of [
      ['q=a&limit=0', 'limit: Too small: expected number to be >=1'],
      ['q=a&limit=51', 'limit: Too big: expected number to be <=50'],
      ['q=a&offset=-1', 'offset: Too small: expected number to be >=0'],
      ['q=a&page=2', 'page: is not allowed'],
      ['limit=5', 'q: Invalid input: expected string, received undefined'],
    ]) {
      const res = await request(t.server).get(`/api/search?${query}`).expect(400);
      expect({ query, message: res.body.message }).toEqual({ query, message });
    }
  });

  it('leaves Shorts out when the site hides them, as the public lists do', async () => {
    const admin = await signedInAgent(t.server);
    await admin.post('/api/settings/hideShorts').send({ value: true }).expect(200);
    try {
      expect(await ids('zebrafish')).not.toContain('short-zebra');
      expect((await search('zebrafish')).total).toBe(5);
    } finally {
      await admin.post('/api/settings/hideShorts').send({ value: false }).expect(200);
    }
  });

  it("finds what is said from View All's search too, in its own order and kinds", async () => {
    const res = await request(t.server).get('/api/videos?q=zebrafish&sort=oldest&kind=video').expect(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.body.map((v: { id: string }) => v.id)).toContain('said-zebra1');
    const dates = res.body.map((v: { publishedAt: string }) => v.publishedAt);
    expect([...dates].sort()).toEqual(dates);
  });

  it('is a public answer kept in memory until the content changes', async () => {
    const first = await request(t.server).get('/api/search?q=platypus').expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    const again = await request(t.server).get('/api/search?q=platypus').expect(200);
    expect(again.headers['x-cache']).toBe('hit');
    await transcripts.replace(
      'title-zebra',
      { source: 'upload', language: 'en', kind: 'standard' },
      cues([3, 'A platypus visits.']),
    );
    const changed = await request(t.server).get('/api/search?q=platypus').expect(200);
    expect(changed.headers['x-cache']).toBe('miss');
    expect(changed.body.results.map((r: { video: { id: string } }) => r.video.id).sort()).toEqual([
      'gone-video1',
      'title-zebra',
    ]);
  });

  it('indexes again only the video that changed, and forgets a removed transcript and a deleted video', async () => {
    const write = jest.spyOn(t.app.get(SearchIndexStore), 'write');
    try {
      const repo = t.dataSource.getRepository(VideoEntity);
      const changed = await repo.findOneByOrFail({ id: 'desc-zebra1' });
      await repo.save({ ...changed, title: 'Fish food for axolotls' });
      expect(write).toHaveBeenCalledTimes(1);
      expect(write.mock.calls[0][1].map((v) => v.videoId)).toEqual(['desc-zebra1']);
      expect(await ids('axolotl')).toEqual(['desc-zebra1']);
      // Views, kind, the featured flag: nothing the index holds.
      await repo.update({ id: 'desc-zebra1' }, { viewCount: 99 });
      await repo.save({ ...(await repo.findOneByOrFail({ id: 'chap-zebra1' })), viewCount: 7 });
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      write.mockRestore();
    }

    expect(await ids('紅葉')).toEqual(['tokyo-video']);
    await transcripts.remove('tokyo-video');
    expect(await ids('紅葉')).toEqual([]);
    expect(await ids('天気')).toEqual(['tokyo-video']);

    expect(await ids('platypus')).toContain('gone-video1');
    await t.dataSource.getRepository(VideoEntity).delete({ id: 'gone-video1' });
    expect(await ids('ephemeral')).toEqual([]);
    const indexed = await t.app.get(SearchIndexStore).indexed(t.dataSource.manager, ['gone-video1']);
    expect(indexed.size).toBe(0);
  });

  it('catches up at start with what it could not see (an emptied index, a write in raw SQL)', async () => {
    const store = t.app.get(SearchIndexStore);
    await store.remove(t.dataSource.manager, ['title-zebra', 'chap-zebra1']);
    expect(await ids('zebrafish')).not.toContain('title-zebra');
    const run = await t.app.get(SearchIndexer).checkAll();
    expect(run).toMatchObject({ indexed: 2, removed: 0 });
    expect(await ids('zebrafish')).toEqual(expect.arrayContaining(['title-zebra', 'chap-zebra1']));
    expect(await t.app.get(SearchIndexer).checkAll()).toMatchObject({ indexed: 0, removed: 0 });
  });
});
