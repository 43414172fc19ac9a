import {
  CONTENT_VERSION_HEADER,
  homePageHead,
  pageFeatures,
  pageHeadHtml,
  pagePolicySources,
  watchPageHead,
  watchPageUrl,
  type PageModel,
  pageModelSchema,
  pageModelUrl,
  publicSettingsKeys,
  settingsKeys,
  type SearchPageParams,
  type TranscriptCue,
} from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { SearchResponse } from '@app/contracts';
import { TranscriptStore } from '../src/transcripts/transcript-store.service';
import { saveSettings, useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/**
 * `GET /api/page?path=`: the one answer a server render of a path needs (apps/api/src/public-pages/page-model.*).
 * Its parts are the same as the separate public calls give (which the web app's components ask), its version is
 * the content version, and a save shows in it at once.
 */

/** Values only the admin may ever see: none of them may appear in any page model. */
const HIDDEN = {
  smtpPassword: 'secret-smtp-password-9d1',
  customWebhookSecret: 'secret-webhook-secret-4f2',
  discordWebhook: 'https://discord.example/secret-hook-7a3',
  smtpUser: 'admin-only-smtp-user-5b8',
  contactEmail: 'admin-only-contact@owner.example',
  notificationEmail: 'admin-only-notify@owner.example',
};

/** The site's address as the browser named it (supertest's own changes with every request). */
const HOST = 'site.example';
const ORIGIN = `http://${HOST}`;

describe('the page model', () => {
  let t: TestApp;
  let admin: TestAgent;
  useStack({}, (stack) => ({ t, admin } = stack));

  const get = (path: string, search?: SearchPageParams) =>
    request(t.server).get(pageModelUrl(path, search)).set('Host', HOST);
  const model = async (path: string, search?: SearchPageParams): Promise<PageModel> => {
    const res = await get(path, search).expect(200).expect('Content-Type', /json/);
    const parsed = pageModelSchema.parse(res.body);
    expect(parsed.version).toBe(res.headers[CONTENT_VERSION_HEADER.toLowerCase()]);
    return parsed;
  };
  const json = async (path: string) => (await request(t.server).get(path).expect(200)).body as unknown;
  const firstVideoId = async () => ((await json('/api/videos?limit=1')) as { id: string }[])[0].id;

  it('answers `/` with its settings, head, policy, cache policy and what its sections show, as the separate calls do', async () => {
    const home = await model('/');
    expect(home).toMatchObject({ path: '/', kind: 'home', status: 200 });
    expect(home.settings).toEqual(await json('/api/settings'));
    expect(home.policy).toEqual(pagePolicySources(pageFeatures(home.settings)));
    if (home.kind !== 'home') throw new Error('not the home model');
    const urls = home.data.videos.items.map((video) => watchPageUrl(ORIGIN, video.id));
    expect(home.head).toBe(`${pageHeadHtml(homePageHead(home.settings, ORIGIN, urls))}\n`);
    expect(home.head).toContain('"@type":"ItemList"');
    // Without PUBLIC_URL the head's links follow the Host: only the asker may keep the page.
    expect(home.cache).toEqual({ shared: false, cacheControl: 'private, no-cache' });
    const videos = await request(t.server).get('/api/videos?sort=recent&limit=20').expect(200);
    expect(home.data.videos).toEqual({ items: videos.body, total: Number(videos.headers['x-total-count']) });
    expect(home.data.videos.items).toHaveLength(20);
    expect(home.data.channel).toEqual(await json('/api/channel/stats'));
    expect(home.data.live).toEqual(await json('/api/live'));
    expect(home.data.featured).toEqual(await json('/api/videos/featured'));
    expect(home.data.playlists).toEqual(await json('/api/playlists'));
    expect(home.data).not.toHaveProperty('shorts');
  });

  it("follows the settings that choose `/`'s sections", async () => {
    await saveSettings(admin, {
      showPlaylistSection: false,
      showFeaturedVideo: false,
      showShortsShelf: true,
    });
    try {
      const home = await model('/');
      if (home.kind !== 'home') throw new Error('not the home model');
      expect(home.data).not.toHaveProperty('playlists');
      expect(home.data).not.toHaveProperty('featured');
      const shorts = await request(t.server).get('/api/videos?sort=recent&kind=short&limit=12').expect(200);
      expect(home.data.shorts).toEqual({
        items: shorts.body,
        total: Number(shorts.headers['x-total-count']),
      });
    } finally {
      await saveSettings(admin, {
        showPlaylistSection: true,
        showFeaturedVideo: true,
        showShortsShelf: false,
      });
    }
  });

  it('answers a watch page with its video (details, playlists, related) and its own head', async () => {
    const id = await firstVideoId();
    const watch = await model(`/videos/${id}`);
    expect(watch).toMatchObject({ path: `/videos/${id}`, kind: 'watch', status: 200 });
    expect(watch.data).toEqual({ video: await json(`/api/videos/${id}`) });
    if (watch.kind !== 'watch' || !watch.data.video) throw new Error('not a watch model');
    expect(watch.head).toBe(`${pageHeadHtml(watchPageHead(watch.settings, ORIGIN, watch.data.video))}\n`);
    expect(watch.head).toContain('"@type":"VideoObject"');
    expect(watch.settings).toEqual(await json('/api/settings'));
  });

  it("carries the video's transcript (the site language's track) in paragraphs, and in its VideoObject", async () => {
    const id = await firstVideoId();
    const store = t.app.get(TranscriptStore);
    const cue = (start: number, end: number, text: string): TranscriptCue => ({ start, end, text });
    const before = (await model(`/videos/${id}`)).version;
    await store.replace(id, { source: 'youtube', language: 'en', kind: 'asr' }, [
      cue(0, 3, 'welcome back'),
      cue(3, 6.5, 'to the channel.'),
      cue(40, 44.25, 'Later on we build a shed.'),
    ]);
    await store.replace(id, { source: 'upload', language: 'ja', kind: 'standard' }, [
      cue(0, 4, 'こんにちは。'),
      cue(4, 8, '小屋を作ります。'),
    ]);
    try {
      const watch = await model(`/videos/${id}`);
      // A stored transcript is public content: the next page model is a new version.
      expect(Number(watch.version)).toBeGreaterThan(Number(before));
      if (watch.kind !== 'watch' || !watch.data.video) throw new Error('not a watch model');
      expect(watch.data.video.transcript).toEqual({
        source: 'youtube',
        language: 'en',
        kind: 'asr',
        paragraphs: [
          { start: 0, end: 6.5, text: 'welcome back to the channel.' },
          { start: 40, end: 44.25, text: 'Later on we build a shed.' },
        ],
      });
      expect(watch.data).toEqual({ video: await json(`/api/videos/${id}`) });
      expect(watch.head).toContain('"transcript":"welcome back to the channel. Later on we build a shed."');

      await saveSettings(admin, { siteLanguage: 'ja' });
      const ja = await model(`/videos/${id}`);
      if (ja.kind !== 'watch' || !ja.data.video) throw new Error('not a watch model');
      expect(ja.data.video.transcript).toEqual({
        source: 'upload',
        language: 'ja',
        kind: 'standard',
        paragraphs: [{ start: 0, end: 8, text: 'こんにちは。小屋を作ります。' }],
      });
    } finally {
      await saveSettings(admin, { siteLanguage: 'en' });
      await store.remove(id);
    }
    const without = await model(`/videos/${id}`);
    expect(without.kind === 'watch' && without.data.video?.transcript).toBeNull();
    expect(without.head).not.toContain('"transcript"');
  });

  it('links every page to the OpenSearch description, which leads to the search page', async () => {
    for (const path of ['/', `/videos/${await firstVideoId()}`, '/admin', '/no/such/page'])
      expect((await model(path)).head).toContain(
        '<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title=',
      );
    const home = await model('/');
    expect(home.head).toContain(`"target":"${ORIGIN}/search?q={search_term_string}"`);
    const res = await request(t.server).get('/opensearch.xml').set('Host', HOST).expect(200);
    expect(res.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    const xml = res.text;
    expect(xml).toContain(`<Url type="text/html" method="get" template="${ORIGIN}/search?q={searchTerms}"/>`);
    expect(xml).toContain(`<Image type="image/svg+xml">${ORIGIN}/favicon.svg</Image>`);
    expect(xml).toMatch(/<ShortName>[^<]{1,16}<\/ShortName>/);
  });

  it('answers the search page with its results as `GET /api/search` gives them, in the site language, never indexed', async () => {
    const id = await firstVideoId();
    const store = t.app.get(TranscriptStore);
    await store.replace(id, { source: 'upload', language: 'en', kind: 'standard' }, [
      { start: 0, end: 3, text: 'welcome back' },
      { start: 754, end: 758, text: 'now the quokkaphone sings' },
    ]);
    await store.replace(id, { source: 'upload', language: 'ja', kind: 'standard' }, [
      { start: 61, end: 64, text: '小屋を作ります。' },
    ]);
    const search = async (q: string, offset = 0) => {
      const page = await model('/search', { q, offset });
      if (page.kind !== 'search') throw new Error('not the search model');
      return page;
    };
    try {
      const found = await search('quokkaphone');
      expect(found).toMatchObject({ path: '/search', status: 200 });
      const api = (await json('/api/search?q=quokkaphone&limit=20&offset=0')) as SearchResponse;
      expect(found.data).toEqual({
        q: 'quokkaphone',
        offset: 0,
        total: api.total,
        results: api.results,
        error: null,
      });
      expect(found.data.results[0]).toMatchObject({
        video: { id },
        moments: [{ kind: 'transcript', at: 754 }],
      });
      expect(found.head).toContain('<title>Search: quokkaphone – ');
      expect(found.head).toContain('<meta name="robots" content="noindex" />');
      expect((await search('小屋')).data.results.map((r) => r.video.id)).toContain(id);
      // Empty, too long and odd queries: a page, never an error.
      expect((await search('')).data).toEqual({ q: '', offset: 0, total: 0, results: [], error: null });
      expect((await search('x'.repeat(201))).data).toMatchObject({
        total: 0,
        results: [],
        error: 'too-long',
      });
      for (const odd of ['"', '*', '-', 'a OR b NEAR(c)', '"unclosed', 'x* -y +z', '(']) {
        const page = await search(odd);
        expect(page.data.error).toBeNull();
      }
      await saveSettings(admin, { siteLanguage: 'ja' });
      expect((await search('quokkaphone')).head).toContain('<title>検索: quokkaphone – ');
    } finally {
      await saveSettings(admin, { siteLanguage: 'en' });
      await store.remove(id);
    }
    expect((await search('quokkaphone')).data.total).toBe(0);
  });

  it("answers the watch page of a video the site does not have, the dashboard and any other path, with the page's status", async () => {
    const site = await model('/');
    const missing = await model('/videos/no-such-video');
    expect(missing).toMatchObject({ kind: 'watch', status: 404, data: { video: null } });
    const dashboard = await model('/admin');
    expect(dashboard).toMatchObject({ kind: 'dashboard', status: 200, data: null });
    const unknown = await model('/no/such/page');
    expect(unknown).toMatchObject({ path: '/no/such/page', kind: 'not-found', status: 404, data: null });
    for (const page of [missing, dashboard, unknown]) {
      // The site's own head (its title and description), its settings and policy: the shell is filled from them.
      expect(page.head).toContain(`<title>`);
      expect(page.head).not.toContain('"@type":"ItemList"');
      expect(page.settings).toEqual(site.settings);
      expect(page.policy).toEqual(site.policy);
      expect(page.version).toBe(site.version);
    }
  });

  it('refuses a path that is not one, naming the field', async () => {
    for (const url of [
      '/api/page',
      '/api/page?path=no-slash',
      `/api/page?path=${encodeURIComponent('/a b')}`,
    ]) {
      const res = await request(t.server).get(url).expect(400);
      expect(res.body.message).toEqual(expect.stringContaining('path'));
    }
    await request(t.server)
      .get(`/api/page?path=/&extra=1`)
      .expect(400)
      .expect((res) => expect(JSON.stringify(res.body.message)).toContain('extra'));
  });

  it('carries a saved setting and a new version on the very next request, in every part', async () => {
    const before = await model('/');
    const title = `Saved title ${Date.now()}`;
    await saveSettings(admin, { siteTitle: title });
    const after = await model('/');
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    expect(after.settings.siteTitle).toBe(title);
    expect(after.head).toContain(`<title>${title}</title>`);
    const watch = await model(`/videos/${await firstVideoId()}`);
    expect(watch.version).toBe(after.version);
    expect(watch.head).toContain(title);
  });

  it('answers 304 to a request naming the current version, and the new model once a save moved it', async () => {
    const first = await get('/').expect(200);
    const etag = first.headers.etag;
    expect(etag).toContain(`v${first.body.version}-`);
    const again = await get('/').set('If-None-Match', etag).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Nobody keeps it by time: every use asks again with its ETag.
    for (const res of [first, again]) {
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-accel-expires']).toBeUndefined();
      expect(res.headers['cdn-cache-control']).toBeUndefined();
    }

    await saveSettings(admin, { siteDescription: `Described at ${Date.now()}` });
    const changed = await get('/').set('If-None-Match', etag).expect(200);
    expect(Number(changed.body.version)).toBeGreaterThan(Number(first.body.version));
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never carries a secret or an admin-only setting, and sets no cookie for a visitor', async () => {
    await saveSettings(admin, HIDDEN);
    const id = await firstVideoId();
    const hiddenKeys = settingsKeys.filter((key) => !(publicSettingsKeys as string[]).includes(key));
    for (const path of ['/', `/videos/${id}`, '/videos/no-such-video', '/admin', '/elsewhere']) {
      const res = await get(path).expect(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      for (const value of Object.values(HIDDEN)) expect(res.text).not.toContain(value);
      expect(Object.keys(res.body.settings).sort()).toEqual([...publicSettingsKeys].sort());
      for (const key of hiddenKeys) expect(res.body.settings).not.toHaveProperty(key);
      // Asked with the admin's session, the model is the same public one, and kept by no one.
      const signedIn = await admin.get(pageModelUrl(path)).expect(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      for (const value of Object.values(HIDDEN)) expect(signedIn.text).not.toContain(value);
      expect(signedIn.body.settings).toEqual(res.body.settings);
    }
  });
});

describe('the page model of a site with a fixed address (PUBLIC_URL)', () => {
  let t: TestApp;
  useStack({ env: { PUBLIC_URL: 'https://videos.example.com' } }, (stack) => ({ t } = stack));

  it('may be kept by shared caches, names PUBLIC_URL whatever the Host, and is answered from memory until a write', async () => {
    const first = await request(t.server).get(pageModelUrl('/')).set('Host', 'other.example').expect(200);
    expect(first.body.cache).toEqual({ shared: true, cacheControl: 'no-cache' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['x-accel-expires']).toBeUndefined();
    expect(first.body.head).toContain('https://videos.example.com/');
    expect(first.body.head).not.toContain('other.example');
    const second = await request(t.server).get(pageModelUrl('/')).expect(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toEqual(first.body);
    await request(t.server).get(pageModelUrl('/')).set('If-None-Match', first.headers.etag).expect(304);
  });
});
