import { type Backup, BACKUP_NOTE } from '@app/contracts';
import fc from 'fast-check';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { EntityManager } from 'typeorm';
import { ChannelEntity } from '../src/channel/channel.entity';
import { DEMO_CHANNEL_TITLE, DEMO_VIDEO_COUNT } from '../src/demo/demo-content';
import { PlaylistEntity } from '../src/playlists/playlist.entity';
import { SettingEntity } from '../src/settings/setting.entity';
import { VideoEntity } from '../src/videos/video.entity';
import { signedInAgent } from './support/auth';
import { withoutCdata, xmlTexts } from './support/xml-text';
import { startTestApp, type TestApp } from './support/test-app';
import { saveSettings } from './support/stack';
import { pageHeadOf } from './support/page-model';

const videoArb = (id: string, featured: boolean) =>
  fc.record({
    id: fc.constant(id),
    title: fc.string({ maxLength: 80, unit: 'grapheme' }),
    description: fc.option(fc.string({ maxLength: 300, unit: 'grapheme' }), { nil: null }),
    thumbnail: fc.option(fc.webUrl(), { nil: null }),
    duration: fc.constantFrom('0:59', '4:05', '1:02:03'),
    durationSeconds: fc.integer({ min: 0, max: 100_000 }),
    viewCount: fc.integer({ min: 0, max: 2 ** 45 }),
    publishedAt: fc
      .date({
        min: new Date('2005-04-23T00:00:00Z'),
        max: new Date('2030-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    featured: fc.constant(featured),
    kind: fc.constantFrom(
      'video' as const,
      'short' as const,
      'live' as const,
      'upcoming' as const,
      'replay' as const,
    ),
  });

const contentArb = fc
  .record({
    videoIds: fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{11}$/), { maxLength: 25 }),
    playlistIds: fc.uniqueArray(fc.stringMatching(/^PL[A-Za-z0-9_-]{16,32}$/), { maxLength: 8 }),
    featuredIndex: fc.nat(),
    siteTitle: fc.string({ maxLength: 60, unit: 'grapheme' }).map((s) => s.trim()),
    primaryColor: fc.stringMatching(/^#[0-9A-F]{6}$/),
    videoGridColumns: fc.constantFrom(3, 4, 5),
    withChannel: fc.boolean(),
  })
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      videos: fc.tuple(...c.videoIds.map((id, i) => videoArb(id, i === c.featuredIndex % c.videoIds.length))),
      playlists: fc.tuple(
        ...c.playlistIds.map((id, position) =>
          fc.record({
            id: fc.constant(id),
            title: fc.string({ maxLength: 80, unit: 'grapheme' }),
            thumbnail: fc.option(fc.webUrl(), { nil: null }),
            videoCount: fc.nat({ max: 5000 }),
            pinned: fc.boolean(),
            position: fc.constant(position),
            // What it holds, in its order (issue 15); absent as in older backups.
            videoIds:
              c.videoIds.length > 0
                ? fc.option(fc.shuffledSubarray(c.videoIds, { minLength: 1 }), { nil: undefined })
                : fc.constant(undefined),
          }),
        ),
      ),
      subscriberCount: fc.nat({ max: 2 ** 40 }),
    }),
  );

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('admin: backup, sitemap, feeds', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t.close());

  const exportNow = async (): Promise<Backup> => (await admin.get('/api/admin/export').expect(200)).body;
  const snapshot = async () => ({
    videos: await t.dataSource.getRepository(VideoEntity).find({ order: { id: 'ASC' } }),
    playlists: await t.dataSource.getRepository(PlaylistEntity).find({ order: { id: 'ASC' } }),
    channel: await t.dataSource.getRepository(ChannelEntity).find(),
    settings: await t.dataSource.getRepository(SettingEntity).find({ order: { key: 'ASC' } }),
  });

  describe('export', () => {
    it('downloads a dated JSON backup with schema version, channel, videos, playlists and settings', async () => {
      await admin.post('/api/settings/mailchimpApiKey').send({ value: 'mc-secret-value-123' }).expect(200);
      await admin
        .post('/api/settings/customWebhookUrl')
        .send({ value: 'https://hooks.example.com/in?token=hook-url-token-456' })
        .expect(200);
      const res = await admin.get('/api/admin/export').expect(200);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="channel-backup-${today}.json"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ schemaVersion: 1, channel: { title: 'Code with Alex (demo)' } });
      // The images are left out, and the file says so.
      expect(res.body.note).toBe(BACKUP_NOTE);
      expect(res.body.videos).toHaveLength(DEMO_VIDEO_COUNT);
      expect(res.body.playlists).toHaveLength(8);
      expect(res.body.settings.primaryColor).toBe('#FF0000');
      // Secrets are left out.
      expect(res.text).not.toContain('mc-secret-value-123');
      expect(res.text).not.toContain('hook-url-token-456');
      expect(res.body.settings).not.toHaveProperty('mailchimpApiKey');
      expect(res.body.settings).not.toHaveProperty('customWebhookUrl');
    });
  });

  describe('import', () => {
    it('refuses a stranger with 401 before reading a body of any size', async () => {
      const before = await exportNow();
      const big = JSON.stringify({ ...before, padding: 'x'.repeat(5 * 1024 * 1024) });
      const res = await request(t.server)
        .post('/api/admin/import')
        .set('Content-Type', 'application/json')
        .send(big);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Authentication required', error: 'Unauthorized' },
      });
      expect(await exportNow()).toEqual({ ...before, exportedAt: expect.any(String) });
    });

    it('round-trips any content: export after import gives the same data', async () => {
      const base = await exportNow();
      await fc.assert(
        fc.asyncProperty(contentArb, async ({ c, videos, playlists, subscriberCount }) => {
          const backup: Backup = {
            ...base,
            channel: c.withChannel ? { ...base.channel!, subscriberCount, videoCount: videos.length } : null,
            videos,
            playlists,
            settings: {
              ...base.settings,
              siteTitle: c.siteTitle,
              primaryColor: c.primaryColor,
              videoGridColumns: c.videoGridColumns,
            },
          };
          const res = await admin.post('/api/admin/import').send(backup).expect(200);
          expect(res.body).toEqual({
            videos: videos.length,
            playlists: playlists.length,
            settings: Object.keys(backup.settings).length,
          });
          const again = await exportNow();
          expect(again.channel).toEqual(backup.channel);
          expect(byId(again.videos)).toEqual(byId(backup.videos));
          expect(again.playlists).toEqual(backup.playlists);
          expect(again.settings).toEqual(backup.settings);
        }),
        { numRuns: 12 },
      );
      // Later tests start from the demo content again.
      await admin.post('/api/admin/import').send(base).expect(200);
    });

    it("carries the community section's settings both ways (issue 14)", async () => {
      const base = await exportNow();
      expect(base.settings).toMatchObject({ discordInviteUrl: '', communityDiscordTitle: 'Discord' });
      const community = {
        discordInviteUrl: 'https://discord.com/invite/codewithalex',
        twitterHandle: 'codewithalex',
        communityDiscordTitle: 'Chat',
        communityDiscordDescription: 'Our server.',
        communityTwitterTitle: 'X',
        communityTwitterDescription: 'Daily tips.',
        communityNewsletterTitle: 'Mail',
        communityNewsletterDescription: 'Monthly.',
      };
      try {
        await admin
          .post('/api/admin/import')
          .send({ ...base, settings: { ...base.settings, ...community } })
          .expect(200);
        const exported = await exportNow();
        expect(exported.settings).toMatchObject(community);
        expect((await request(t.server).get('/api/settings').expect(200)).body).toMatchObject(community);
        const res = await admin
          .post('/api/admin/import')
          .send({ ...exported, settings: { ...exported.settings, discordInviteUrl: 'https://evil.example' } })
          .expect(400);
        expect(res.body.message).toContain('settings.discordInviteUrl');
        expect((await exportNow()).settings).toMatchObject(community);
      } finally {
        await admin.post('/api/admin/import').send(base).expect(200);
      }
    });

    it('keeps secrets, which a backup never carries', async () => {
      await admin.post('/api/settings/customWebhookSecret').send({ value: 'whsec-keep-me' }).expect(200);
      await admin
        .post('/api/settings/customWebhookUrl')
        .send({ value: 'https://hooks.example.com/keep?token=me' })
        .expect(200);
      await admin
        .post('/api/admin/import')
        .send(await exportNow())
        .expect(200);
      const stored = async (key: string) =>
        JSON.parse((await t.dataSource.getRepository(SettingEntity).findOneByOrFail({ key })).value);
      expect(await stored('customWebhookSecret')).toBe('whsec-keep-me');
      expect(await stored('customWebhookUrl')).toBe('https://hooks.example.com/keep?token=me');
    });

    it('takes a file with any note or none (it is for the reader)', async () => {
      const { note: _note, ...good } = await exportNow();
      await admin.post('/api/admin/import').send(good).expect(200);
      await admin
        .post('/api/admin/import')
        .send({ ...good, note: 'Exported before the move to the new server.' })
        .expect(200);
      expect((await exportNow()).note).toBe(BACKUP_NOTE);
    });

    it('imports an older backup that still carries the retired totalVideos/totalPlaylists settings', async () => {
      const good = await exportNow();
      const res = await admin
        .post('/api/admin/import')
        .send({
          ...good,
          settings: { ...good.settings, siteTitle: 'Old', totalVideos: 12, totalPlaylists: 3 },
        })
        .expect(200);
      expect(res.body.settings).toBe(Object.keys(good.settings).length);
      const again = await exportNow();
      expect(again.settings).toEqual({ ...good.settings, siteTitle: 'Old' });
      expect(again.settings).not.toHaveProperty('totalVideos');
      const keys = (await t.dataSource.getRepository(SettingEntity).find()).map((row) => row.key);
      expect(keys).not.toEqual(expect.arrayContaining(['totalVideos']));
      expect(keys).not.toEqual(expect.arrayContaining(['totalPlaylists']));
      await admin.post('/api/admin/import').send(good).expect(200);
    });

    it.each([
      [{ schemaVersion: undefined }, 'schemaVersion: must be 1'],
      [{ schemaVersion: 2 }, 'schemaVersion: must be 1'],
      [{ videos: [{ id: 'bad id!' }] }, 'videos.0.id: must be a video id (letters, digits, - and _)'],
      [{ settings: { primaryColor: 'red' } }, 'settings.primaryColor'],
      [{ settings: { noSuchKey: 1 } }, 'settings.noSuchKey'],
      [{ surprise: true }, 'surprise: is not allowed'],
    ])('refuses a bad file (%j) with a 400 naming the field and changes nothing', async (patch, message) => {
      const before = await snapshot();
      const good = await exportNow();
      const res = await admin
        .post('/api/admin/import')
        .send({ ...good, ...patch })
        .expect(400);
      expect(res.body.message).toContain(message);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/p.png',
      '/\\evil.example',
      'ftp://x.example/a.png',
    ])(
      'refuses a thumbnail that is not http(s) or a site path (%s) in videos, playlists and the channel (issue 25)',
      async (thumbnail) => {
        const before = await snapshot();
        const good = await exportNow();
        const cases: [Partial<Backup>, string][] = [
          [{ videos: [{ ...good.videos[0], thumbnail }] }, 'videos.0.thumbnail'],
          [{ playlists: [{ ...good.playlists[0], videoIds: [], thumbnail }] }, 'playlists.0.thumbnail'],
          [{ channel: { ...good.channel!, thumbnail } }, 'channel.thumbnail'],
        ];
        for (const [patch, field] of cases) {
          const res = await admin
            .post('/api/admin/import')
            .send({ ...good, ...patch })
            .expect(400);
          expect(res.body.message).toContain(`${field}: must be an http(s) URL or a path on the site`);
        }
        expect(await snapshot()).toEqual(before);
      },
    );

    it('takes http(s) and site-path thumbnails', async () => {
      const good = await exportNow();
      const videos = good.videos.map((v, i) => ({
        ...v,
        thumbnail: i === 0 ? '/images/own.jpg' : i === 1 ? 'http://img.example.com/a.jpg' : v.thumbnail,
      }));
      await admin
        .post('/api/admin/import')
        .send({ ...good, videos })
        .expect(200);
      expect(byId((await exportNow()).videos)).toEqual(byId(videos));
      await admin.post('/api/admin/import').send(good).expect(200);
    });

    it('refuses duplicate ids', async () => {
      const good = await exportNow();
      const res = await admin
        .post('/api/admin/import')
        .send({ ...good, videos: [good.videos[0], good.videos[0]] })
        .expect(400);
      expect(res.body.message).toContain('videos.1.id: duplicate id');
    });

    it('leaves the database unchanged when the import fails half-way', async () => {
      const before = await snapshot();
      const good = await exportNow();
      const original = EntityManager.prototype.insert;
      const spy = jest.spyOn(EntityManager.prototype, 'insert').mockImplementation(function (
        this: EntityManager,
        target,
        entity,
      ) {
        if (target === PlaylistEntity) return Promise.reject(new Error('disk full'));
        return original.call(this, target, entity);
      });
      try {
        await admin.post('/api/admin/import').send(good).expect(500);
      } finally {
        spy.mockRestore();
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('sitemap, RSS and robots.txt', () => {
    beforeAll(async () => {
      await t.dataSource.getRepository(VideoEntity).insert({
        id: 'xmlEscape01',
        title: 'Tom & Jerry <script>',
        description: 'Quotes " and \' here',
        thumbnail: null,
        duration: '3:00',
        durationSeconds: 180,
        viewCount: 7,
        publishedAt: new Date('2031-01-01T00:00:00Z'),
        kind: 'video',
      });
    });

    it('serves a sitemap with one video entry per video (Google video extension)', async () => {
      const res = await request(t.server).get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const count = await t.dataSource.getRepository(VideoEntity).count();
      expect(res.text.match(/<video:video>/g)).toHaveLength(count);
      expect(res.text).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
      expect(res.text).toContain('<video:title>Tom &amp; Jerry &lt;script&gt;</video:title>');
      expect(res.text).toContain(
        '<video:player_loc>https://www.youtube-nocookie.com/embed/xmlEscape01</video:player_loc>',
      );
      expect(res.text).toContain('<video:thumbnail_loc>https://i.ytimg.com/vi/xmlEscape01/hqdefault.jpg');
      expect(res.text).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/<\/loc>/);
      expect(res.text).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/videos\/xmlEscape01<\/loc>/);
    });

    it('generate-sitemap reports what it built; admin only', async () => {
      await request(t.server).post('/api/admin/generate-sitemap').expect(401);
      const res = await admin.post('/api/admin/generate-sitemap').expect(200);
      const count = await t.dataSource.getRepository(VideoEntity).count();
      expect(res.body).toMatchObject({ videos: count, url: expect.stringMatching(/\/sitemap\.xml$/) });
      expect(res.body.bytes).toBeGreaterThan(1000);
    });

    it('serves RSS of the latest 50 videos while enableRSS is on', async () => {
      const res = await request(t.server).get('/rss.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const count = await t.dataSource.getRepository(VideoEntity).count();
      expect(res.text.match(/<item>/g)).toHaveLength(Math.min(50, count));
      // Items link to their watch pages on this site (issue 15); the guid is the id, as before.
      expect(res.text).toMatch(/<link>http:\/\/127\.0\.0\.1:\d+\/videos\/xmlEscape01<\/link>/);
      expect(res.text).toContain('<guid isPermaLink="false">xmlEscape01</guid>');
      expect(xmlTexts(res.text, 'description')).toContain('Quotes " and \' here');
      expect(withoutCdata(res.text)).not.toContain('<script>');
      await admin.post('/api/settings/enableRSS').send({ value: false }).expect(200);
      await request(t.server).get('/rss.xml').expect(404);
      await admin.post('/api/settings/enableRSS').send({ value: true }).expect(200);
    });

    it('says the site language in RSS <language>, the page head og:locale and the WebSite inLanguage (#26)', async () => {
      expect((await request(t.server).get('/rss.xml').expect(200)).text).toContain('<language>en</language>');
      let head = await pageHeadOf(t.server);
      expect(head).toContain('<meta property="og:locale" content="en_US" />');
      await admin.post('/api/settings/siteLanguage').send({ value: 'pt-BR' }).expect(200);
      expect((await request(t.server).get('/rss.xml').expect(200)).text).toContain(
        '<language>pt-BR</language>',
      );
      head = await pageHeadOf(t.server);
      expect(head).toContain('<meta property="og:locale" content="pt_BR" />');
      expect(head).toContain('"inLanguage":"pt-BR"');
      await admin.post('/api/settings/siteLanguage').send({ value: 'en' }).expect(200);
    });

    it('robots.txt points at the sitemap only while enableSitemap is on', async () => {
      let res = await request(t.server).get('/robots.txt').expect(200);
      expect(res.text).toMatch(
        /^User-agent: \*\nAllow: \/\nDisallow: \/admin\nDisallow: \/api\/\nDisallow: \/search\n\nSitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml\n$/,
      );
      await admin.post('/api/settings/enableSitemap').send({ value: false }).expect(200);
      res = await request(t.server).get('/robots.txt').expect(200);
      expect(res.text).not.toContain('Sitemap:');
      await request(t.server).get('/sitemap.xml').expect(404);
      const gen = await admin.post('/api/admin/generate-sitemap').expect(400);
      expect(gen.body.message).toBe('enableSitemap: turn the sitemap on in the SEO settings first');
      await admin.post('/api/settings/enableSitemap').send({ value: true }).expect(200);
    });
  });

  describe('page head (the page model’s head)', () => {
    it('renders the SEO settings as escaped head tags for the web server, defaults first', async () => {
      let head = await pageHeadOf(t.server);
      // No site title yet: the channel's name (here the demo's).
      expect(head).toContain(`<title>${DEMO_CHANNEL_TITLE}</title>`);
      expect(head).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/" \/>/);
      expect(head).not.toContain('og:image');

      await admin.post('/api/settings/siteTitle').send({ value: 'Tom & "Jerry" <b>' }).expect(200);
      await admin.post('/api/settings/siteDescription').send({ value: 'Cartoons' }).expect(200);
      await admin.post('/api/settings/ogImage').send({ value: 'https://example.com/card.png' }).expect(200);
      await admin.post('/api/settings/twitterHandle').send({ value: 'tomjerry' }).expect(200);
      head = await pageHeadOf(t.server, '/', 'videos.example.org');
      expect(head.split('\n')).toEqual(
        expect.arrayContaining([
          '<title>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</title>',
          '<meta name="description" content="Cartoons" />',
          '<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;b&gt;" />',
          '<meta property="og:url" content="http://videos.example.org/" />',
          '<meta property="og:image" content="https://example.com/card.png" />',
          '<meta name="twitter:card" content="summary_large_image" />',
          '<meta name="twitter:site" content="@tomjerry" />',
          '<link rel="alternate" type="application/rss+xml" href="/rss.xml" title="Tom &amp; &quot;Jerry&quot; &lt;b&gt; videos" />',
        ]),
      );
      expect(head).not.toContain('<b>');
      await saveSettings(admin, { siteTitle: '', siteDescription: '', ogImage: '', twitterHandle: '' });
    });
  });
});
