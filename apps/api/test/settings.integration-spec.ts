import {
  IMAGE_MAX_BYTES,
  publicSettingsKeys,
  SECRET_MASK,
  type Settings,
  settingsDefaults,
  settingsKeys,
} from '@app/contracts';
import request, { type Response } from 'supertest';
import { PUBLIC_CACHE_CONTROL } from '../src/content-cache/cache-control';
import type TestAgent from 'supertest/lib/agent';
import { ChannelEntity } from '../src/channel/channel.entity';
import { DEMO_CHANNEL_TITLE } from '../src/demo/demo-content';
import { SettingEntity } from '../src/settings/setting.entity';
import { SettingsService } from '../src/settings/settings.service';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG_AS_PNG = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64')}`;
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
const pngOfSize = (bytes: number) => {
  const png = Buffer.from(PNG_1X1.split(',')[1], 'base64');
  return `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(bytes - png.length)]).toString('base64')}`;
};

const SECRETS = {
  mailchimpApiKey: '0123456789abcdef0123456789abcdef-us21',
  customWebhookSecret: 'webhook-signing-secret-42',
  discordWebhook: 'https://discord.com/api/webhooks/123456/very-secret-token',
  customWebhookUrl: 'https://hooks.example.com/videos?token=webhook-url-token-77',
};

const pick = <K extends keyof Settings>(bag: Settings, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, bag[k]]));

describe('settings', () => {
  let t: TestApp;
  let admin: TestAgent;
  /** Every answer body seen, to prove no secret ever went over the wire in clear. */
  const bodies: string[] = [];
  const seen = (res: Response) => {
    bodies.push(res.text);
    return res;
  };
  const post = async (key: string, value: unknown) =>
    seen(await admin.post(`/api/settings/${key}`).send({ value }));
  const adminGet = async () => seen(await admin.get('/api/admin/settings'));
  const visitorGet = async () => seen(await request(t.server).get('/api/settings'));
  const rows = async () =>
    (await t.dataSource.getRepository(SettingEntity).find({ order: { key: 'ASC' } })).map(
      ({ key, value }) => ({
        key,
        value,
      }),
    );
  const expect400 = (res: Response, message: string) => {
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { statusCode: 400, message, error: 'Bad Request' },
    });
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t.close());

  describe('defaults', () => {
    it('visitors get the public keys only, with their defaults (the site title is the channel’s)', async () => {
      const res = await visitorGet();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...pick(settingsDefaults, publicSettingsKeys),
        siteTitle: DEMO_CHANNEL_TITLE,
      });
      expect(Object.keys(res.body)).not.toContain('notificationEmail');
      expect(Object.keys(res.body)).not.toContain('affiliatePrograms');
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.vary ?? '').not.toMatch(/Cookie/);
    });

    it('GET /api/settings gives the signed-in admin the same public answer as a visitor', async () => {
      await post('contactEmail', 'owner@example.com');
      await post('notificationEmail', 'alerts@example.com');
      try {
        const visitor = await visitorGet();
        const signedIn = seen(await admin.get('/api/settings'));
        expect(signedIn.status).toBe(200);
        expect(signedIn.body).toEqual(visitor.body);
        expect(Object.keys(signedIn.body).sort()).toEqual([...publicSettingsKeys].sort());
        expect(signedIn.text).not.toContain('owner@example.com');
        expect(signedIn.text).not.toContain('alerts@example.com');
        // The admin's view of the same keys is at its own address.
        expect((await adminGet()).body).toMatchObject({
          contactEmail: 'owner@example.com',
          notificationEmail: 'alerts@example.com',
        });
      } finally {
        await post('contactEmail', '');
        await post('notificationEmail', '');
      }
    });

    it('GET /api/admin/settings is 401 without a session', async () => {
      const res = await request(t.server).get('/api/admin/settings');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Authentication required', error: 'Unauthorized' },
      });
    });

    it('an empty site title or channel id shows visitors the synced channel’s; a stored value wins', async () => {
      const channels = t.dataSource.getRepository(ChannelEntity);
      const channelId = 'UCabcdefghijklmnopqrstuv';
      await channels.update(
        { id: ChannelEntity.SINGLETON_ID },
        { title: 'Synced Channel', youtubeChannelId: channelId },
      );
      try {
        expect((await visitorGet()).body).toMatchObject({ siteTitle: 'Synced Channel', channelId });
        // The admin edits what is stored: still empty.
        expect((await adminGet()).body).toMatchObject({ siteTitle: '', channelId: '' });
        // Saving a channel id asks YouTube whether it exists (issue 24); this one is stored as it is, before
        // a save that refreshes the public answers.
        await t.app.get(SettingsService).set('channelId', 'UCzyxwvutsrqponmlkjihgfe');
        await post('siteTitle', 'My Site');
        expect((await visitorGet()).body).toMatchObject({
          siteTitle: 'My Site',
          channelId: 'UCzyxwvutsrqponmlkjihgfe',
        });
      } finally {
        await post('siteTitle', '');
        await post('channelId', '');
        await channels.update(
          { id: ChannelEntity.SINGLETON_ID },
          { title: DEMO_CHANNEL_TITLE, youtubeChannelId: null },
        );
      }
    });

    it('the admin gets every key with its default, not cacheable', async () => {
      const res = await adminGet();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...settingsDefaults });
      expect(Object.keys(res.body).sort()).toEqual([...settingsKeys].sort());
      expect(res.body).toMatchObject({
        primaryColor: '#FF0000',
        accentColor: '#3EA6FF',
        backgroundColor: '#0F0F0F',
        textColor: '#FFFFFF',
        videoGridColumns: 4,
        baseFontSize: 16,
        colorScheme: 'dark',
        adPlacements: { topBanner: true, inContent: true, stickyFooter: false },
        enableSitemap: true,
        enableRSS: true,
        enableGDPRBanner: false,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('POST /api/settings/:key', () => {
    it('stores a valid value and answers { key, value }', async () => {
      const res = await post('primaryColor', '#00FF88');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ key: 'primaryColor', value: '#00FF88' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await visitorGet()).body.primaryColor).toBe('#00FF88');
    });

    it('stores compound values with their defaults filled in', async () => {
      let res = await post('adPlacements', { stickyFooter: true });
      expect(res.body.value).toEqual({ topBanner: true, inContent: true, stickyFooter: true });
      res = await post('affiliatePrograms', [{ id: 'amz', name: 'Amazon', baseUrl: 'https://amazon.com' }]);
      expect(res.status).toBe(200);
      expect((await adminGet()).body.affiliatePrograms).toEqual([
        {
          id: 'amz',
          name: 'Amazon',
          baseUrl: 'https://amazon.com',
          utmParams: { source: 'youtube', medium: 'referral', campaign: 'default' },
        },
      ]);
      expect((await visitorGet()).body).not.toHaveProperty('affiliatePrograms');
    });

    it('answers 400 for an unknown key and changes nothing', async () => {
      const before = await rows();
      expect400(await post('nope', 1), 'key: unknown setting "nope"');
      expect400(await post('__proto__', {}), 'key: unknown setting "__proto__"');
      expect400(await post('toString', 'x'), 'key: unknown setting "toString"');
      expect400(await post('totalVideos', 12), 'key: unknown setting "totalVideos"');
      expect(await rows()).toEqual(before);
    });

    it('wants a body of exactly { value }', async () => {
      let res = seen(await admin.post('/api/settings/siteTitle').send({}));
      expect400(res, 'value: is required');
      res = seen(
        await admin.post('/api/settings/siteTitle').send({ value: 'x', key: 'siteTitle', extra: 1 }),
      );
      expect400(res, 'key: is not allowed; extra: is not allowed');
    });

    it.each(
      (
        [
          ['colorScheme', 'blue', 'colorScheme: must be one of dark, light, auto'],
          [
            'selectedTheme',
            'pink',
            'selectedTheme: must be one of dark-red, light, blue-ocean, purple-night, green-tech, orange-sunset',
          ],
          ['videoGridColumns', 6, 'videoGridColumns: must be one of 3, 4, 5'],
          ['videoGridColumns', '4', 'videoGridColumns: must be one of 3, 4, 5'],
          ['baseFontSize', 15, 'baseFontSize: must be one of 14, 16, 18'],
          ['heroBackgroundType', 'pattern', 'heroBackgroundType: must be one of gradient, image, video'],
          [
            'headingFont',
            'Comic Sans',
            'headingFont: must be one of Inter, Roboto, Open Sans, Poppins, Montserrat',
          ],
          ['bodyFont', 'Poppins', 'bodyFont: must be one of Inter, Roboto, Open Sans, Source Sans Pro, Lato'],
          [
            'monoFont',
            'Courier',
            'monoFont: must be one of JetBrains Mono, Fira Code, Source Code Pro, Roboto Mono',
          ],
          ['primaryColor', 'red', 'primaryColor: must be a colour like #FF0000'],
          ['backgroundColor', '#FFF', 'backgroundColor: must be a colour like #FF0000'],
          ['showFeaturedVideo', 'yes', 'showFeaturedVideo: must be true or false'],
          ['customWebhookUrl', 'javascript:alert(1)', 'customWebhookUrl: must be an http(s) URL'],
          ['discordWebhook', 'ftp://example.com/hook', 'discordWebhook: must be an http(s) URL'],
          ['notificationEmail', 'owner@', 'notificationEmail: must be an e-mail address'],
          ['contactEmail', 'nobody', 'contactEmail: must be an e-mail address'],
          ['adsensePublisherId', 'pub-123', 'adsensePublisherId: must be like ca-pub-1234567890123456'],
          ['adSlots', { inFeed: 'abc' }, 'adSlots.inFeed: must be an ad slot id (digits only)'],
          ['adSlots', { sidebar: '1' }, 'adSlots.sidebar: is not allowed'],
          ['adPlacements', { topBanner: 1 }, 'adPlacements.topBanner: must be true or false'],
          ['googleAnalyticsId', 'GA-1', 'googleAnalyticsId: must be like G-XXXXXXXXXX or UA-12345678-1'],
          [
            'plausibleDomain',
            'https://example.com',
            'plausibleDomain: must be a domain name like example.com',
          ],
          [
            'channelId',
            '@me',
            'channelId: must be a channel URL (youtube.com/@name or youtube.com/channel/UC…), an @handle or a UC… channel id',
          ],
          [
            'twitterHandle',
            '@has space',
            'twitterHandle: must be a handle like @channel (at most 15 characters)',
          ],
          ['siteTitle', 'x'.repeat(101), 'siteTitle: must be at most 100 characters'],
          ['siteDescription', 7, 'siteDescription: must be a string'],
          [
            'privacyPolicyContent',
            'x'.repeat(100_001),
            'privacyPolicyContent: must be at most 100000 characters',
          ],
          [
            'affiliatePrograms',
            [{ id: 'a', name: '', baseUrl: 'nope' }],
            'affiliatePrograms.0.name: is required; affiliatePrograms.0.baseUrl: must be an http(s) URL',
          ],
          [
            'affiliatePrograms',
            [
              { id: 'a', name: 'A', baseUrl: 'https://a.example' },
              { id: 'a', name: 'B', baseUrl: 'https://b.example' },
            ],
            'affiliatePrograms.1.id: duplicate id "a"',
          ],
          ['affiliatePrograms', 'x', 'affiliatePrograms: must be a list'],
        ] as [string, unknown, string][]
      ).map(([key, value, message]) => ({ key, value, message })),
    )('$key: $message', async ({ key, value, message }) => {
      const before = await rows();
      expect400(await post(key, value), message);
      expect(await rows()).toEqual(before);
    });

    it('keeps the previous value when a new one is refused', async () => {
      await post('accentColor', '#123456');
      expect400(await post('accentColor', 'blue'), 'accentColor: must be a colour like #FF0000');
      expect((await visitorGet()).body.accentColor).toBe('#123456');
    });

    it('stores any Unicode text as sent (emoji need utf8mb4 on MySQL)', async () => {
      const title = 'Tech 🎬 Café — 日本語';
      expect((await post('siteTitle', title)).body).toEqual({ key: 'siteTitle', value: title });
      expect((await visitorGet()).body.siteTitle).toBe(title);
    });

    it('accepts the largest legal text and clears texts with "" or null', async () => {
      expect((await post('termsOfServiceContent', 'x'.repeat(100_000))).status).toBe(200);
      await post('siteTitle', 'My Channel');
      expect((await post('siteTitle', null)).body).toEqual({ key: 'siteTitle', value: '' });
    });
  });

  describe('community section (issue 14)', () => {
    const COMMUNITY = {
      discordInviteUrl: 'https://discord.gg/codewithalex',
      twitterHandle: '@codewithalex',
      communityDiscordTitle: 'Our Discord',
      communityDiscordDescription: 'Ask anything, any time.',
      communityTwitterTitle: 'X',
      communityTwitterDescription: 'Tips every day.',
      communityNewsletterTitle: 'Letters',
      communityNewsletterDescription: 'One mail a month.',
    };

    it('stores the Discord invite, the handle and the card texts, and visitors get them', async () => {
      try {
        for (const [key, value] of Object.entries(COMMUNITY))
          expect((await post(key, value)).body).toEqual({ key, value });
        expect((await visitorGet()).body).toMatchObject(COMMUNITY);
        expect((await post('discordInviteUrl', 'https://discord.com/invite/abc-123')).status).toBe(200);
        expect((await post('discordInviteUrl', null)).body).toEqual({ key: 'discordInviteUrl', value: '' });
        expect((await visitorGet()).body.discordInviteUrl).toBe('');
      } finally {
        for (const key of Object.keys(COMMUNITY)) await post(key, settingsDefaults[key as keyof Settings]);
      }
      expect((await visitorGet()).body).toMatchObject({
        discordInviteUrl: '',
        communityDiscordTitle: 'Discord',
        communityTwitterTitle: 'Twitter',
        communityNewsletterTitle: 'Newsletter',
      });
    });

    it.each([
      [
        'discordInviteUrl',
        'https://example.com/invite',
        'discordInviteUrl: must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
      ],
      [
        'discordInviteUrl',
        'javascript:alert(1)',
        'discordInviteUrl: must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
      ],
      ['communityDiscordTitle', '', 'communityDiscordTitle: is required'],
      ['communityTwitterTitle', 'x'.repeat(41), 'communityTwitterTitle: must be at most 40 characters'],
      [
        'communityNewsletterDescription',
        'x'.repeat(201),
        'communityNewsletterDescription: must be at most 200 characters',
      ],
      ['communityDiscordDescription', 5, 'communityDiscordDescription: must be a string'],
    ])('%s: 400 for %j, nothing stored', async (key, value, message) => {
      const before = await rows();
      expect400(await post(key, value), message);
      expect(await rows()).toEqual(before);
    });
  });

  describe('images', () => {
    it('accepts a real PNG and serves it to visitors', async () => {
      const res = await post('logoImage', PNG_1X1);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ key: 'logoImage', value: PNG_1X1 });
      expect((await visitorGet()).body.logoImage).toBe(PNG_1X1);
    });

    it('refuses a JPEG declared as PNG, SVG and non-images, and keeps the stored image', async () => {
      expect400(await post('logoImage', JPEG_AS_PNG), 'logoImage: content is a JPEG image, not image/png');
      expect400(await post('faviconImage', SVG), 'faviconImage: SVG images are not allowed');
      expect400(
        await post('heroImage', 'https://example.com/hero.png'),
        'heroImage: must be a PNG, JPEG, WebP, GIF or ICO image as a base64 data URL',
      );
      expect((await visitorGet()).body.logoImage).toBe(PNG_1X1);
    });

    it('accepts 2 MB and refuses one byte more', async () => {
      const atLimit = pngOfSize(IMAGE_MAX_BYTES);
      expect((await post('heroImage', atLimit)).status).toBe(200);
      expect((await visitorGet()).body.heroImage).toBe(atLimit);
      expect400(await post('heroImage', pngOfSize(IMAGE_MAX_BYTES + 1)), 'heroImage: must be at most 2 MB');
      expect((await visitorGet()).body.heroImage).toBe(atLimit);
    });

    it('clears an image with "" or null', async () => {
      expect((await post('heroImage', '')).body).toEqual({ key: 'heroImage', value: null });
      expect((await post('logoImage', null)).body).toEqual({ key: 'logoImage', value: null });
    });
  });

  describe('secrets', () => {
    it('are masked in the answer to the write and in the admin view', async () => {
      for (const [key, value] of Object.entries(SECRETS)) {
        const res = await post(key, value);
        expect(res.body).toEqual({ key, value: SECRET_MASK });
      }
      const res = await adminGet();
      for (const key of Object.keys(SECRETS)) expect(res.body[key]).toBe(SECRET_MASK);
      const service = t.app.get(SettingsService);
      expect(
        await service.getMany([
          'mailchimpApiKey',
          'customWebhookSecret',
          'discordWebhook',
          'customWebhookUrl',
        ]),
      ).toEqual(SECRETS);
    });

    it('are absent for visitors', async () => {
      const res = await visitorGet();
      for (const key of Object.keys(SECRETS)) expect(res.body).not.toHaveProperty(key);
    });

    it('posting the mask back keeps the stored value', async () => {
      for (const key of ['customWebhookSecret', 'customWebhookUrl'] as const) {
        const res = await post(key, SECRET_MASK);
        expect(res.body).toEqual({ key, value: SECRET_MASK });
        expect(await t.app.get(SettingsService).get(key)).toBe(SECRETS[key]);
      }
    });

    it('an invalid secret is refused without echoing it', async () => {
      const res = await post('discordWebhook', 'not-a-url-but-secret-ish');
      expect400(res, 'discordWebhook: must be an http(s) URL');
      expect(await t.app.get(SettingsService).get('discordWebhook')).toBe(SECRETS.discordWebhook);
    });

    it('"" clears a secret, which then shows as ""', async () => {
      await post('mailchimpApiKey', '');
      expect((await adminGet()).body.mailchimpApiKey).toBe('');
      await post('mailchimpApiKey', SECRETS.mailchimpApiKey);
    });

    it('never appeared in clear in any answer of this suite', () => {
      expect(bodies.length).toBeGreaterThan(50);
      for (const secret of Object.values(SECRETS)) {
        expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
      }
    });
  });

  describe('without a session', () => {
    it('POST /api/settings/:key is 401 and changes nothing', async () => {
      const before = await rows();
      const res = await request(t.server).post('/api/settings/siteTitle').send({ value: 'Hacked' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Authentication required', error: 'Unauthorized' },
      });
      expect(await rows()).toEqual(before);
    });
  });

  describe('stored rows', () => {
    it('a row that no longer validates falls back to its default', async () => {
      const repo = t.dataSource.getRepository(SettingEntity);
      await repo.save({ key: 'videoGridColumns', value: '7' });
      await repo.save({ key: 'colorScheme', value: 'not json' });
      const res = await visitorGet();
      expect(res.body.videoGridColumns).toBe(4);
      expect(res.body.colorScheme).toBe('dark');
      await repo.delete({ key: 'videoGridColumns' });
      await repo.delete({ key: 'colorScheme' });
    });
  });

  describe('SettingsService.replaceAll (backup import)', () => {
    it('refuses a bad bag as a whole and writes nothing', async () => {
      const service = t.app.get(SettingsService);
      const before = await rows();
      await expect(
        t.dataSource.transaction((m) =>
          service.replaceAll({ siteTitle: 'Imported', primaryColor: 'red', nope: 1 }, m),
        ),
      ).rejects.toMatchObject({
        response: {
          message: 'settings.primaryColor: must be a colour like #FF0000; settings.nope: is not allowed',
        },
      });
      expect(await rows()).toEqual(before);
    });

    it('replaces every non-secret key, resets absent ones to defaults, keeps secrets', async () => {
      const service = t.app.get(SettingsService);
      const exported = await service.exportable();
      expect(Object.keys(exported)).not.toContain('mailchimpApiKey');
      await t.dataSource.transaction((m) =>
        service.replaceAll({ siteTitle: 'Imported', videoGridColumns: 5, discordWebhook: SECRET_MASK }, m),
      );
      const all = await service.getAll();
      expect(all).toEqual({ ...settingsDefaults, siteTitle: 'Imported', videoGridColumns: 5, ...SECRETS });

      await t.dataSource.transaction((m) => service.replaceAll(exported, m));
      expect(await service.exportable()).toEqual(exported);
    });
  });
});
