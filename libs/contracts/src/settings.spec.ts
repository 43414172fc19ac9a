import {
  detectImageFormat,
  IMAGE_MAX_BYTES,
  imageDataUrlProblem,
  isPublicSetting,
  isSettingsKey,
  type PublicSettings,
  publicSettingsKeys,
  publicSettingsSchema,
  SECRET_MASK,
  retiredSettingsKeys,
  secretSettingsKeys,
  settingsDefaults,
  settingsKeys,
  settingsRegistry,
  type SettingsKey,
  settingsSchema,
  settingUpdateResultSchema,
  settingValueSchema,
  themes,
  twitterProfileUrl,
  updateSettingBodySchema,
} from './index';
import { PUBLIC_SETTINGS_DEFAULTS } from './public-settings-defaults';
import { z } from 'zod';

/** The messages of a failed parse, as `path: message` (the API prefixes the key). */
function problems(key: SettingsKey, value: unknown): string[] {
  const result = settingValueSchema(key).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
const parse = (key: SettingsKey, value: unknown) => settingValueSchema(key).parse(value);

const dataUrl = (mime: string, bytes: number[] | Buffer) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
const GIF_BYTES = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x2c];
const WEBP_BYTES = [...Buffer.from('RIFF'), 0x1a, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
const ICO_BYTES = [0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0];

describe('settings registry', () => {
  it("covers every key of the product (plus heroVideoUrl, issue 17's, #14's SMTP server and audience, #13's switch, the Google OAuth client and the YouTube transcripts switch, less the retired counters)", () => {
    expect([...settingsKeys].sort()).toEqual(
      [
        'adsensePublisherId',
        'adSlots',
        'adPlacements',
        'affiliatePrograms',
        'colorScheme',
        'siteLanguage',
        'selectedTheme',
        'primaryColor',
        'accentColor',
        'backgroundColor',
        'textColor',
        'showFeaturedVideo',
        'showPlaylistSection',
        'showSubscriberCount',
        'showCommunitySection',
        'hideShorts',
        'showShortsShelf',
        'youtubeApiKey',
        'googleOAuthClientId',
        'googleOAuthClientSecret',
        'youtubeCaptions',
        'liveCheckIntervalMinutes',
        'videoGridColumns',
        'heroBackgroundType',
        'heroImage',
        'heroVideoUrl',
        'logoImage',
        'faviconImage',
        'headingFont',
        'bodyFont',
        'monoFont',
        'baseFontSize',
        'googleAnalyticsId',
        'enableGoogleAnalytics',
        'enablePlausible',
        'plausibleDomain',
        'enableSiteAnalytics',
        'enableDiscordWebhook',
        'discordWebhook',
        'discordMessageTemplate',
        'emailNewVideos',
        'emailWeeklySummary',
        'notificationEmail',
        'smtpHost',
        'smtpPort',
        'smtpSecurity',
        'smtpUser',
        'smtpPassword',
        'smtpFrom',
        'enableCustomWebhook',
        'customWebhookUrl',
        'customWebhookSecret',
        'mailchimpApiKey',
        'mailchimpAudienceId',
        'siteTitle',
        'contactEmail',
        'siteDescription',
        'channelId',
        'enableSitemap',
        'enableMediaKit',
        'sitemapSubmitted',
        'firstRunChecklistDismissed',
        'enableRSS',
        'enableGDPRBanner',
        'metaKeywords',
        'ogImage',
        'twitterHandle',
        'discordInviteUrl',
        'communityDiscordTitle',
        'communityDiscordDescription',
        'communityTwitterTitle',
        'communityTwitterDescription',
        'communityNewsletterTitle',
        'communityNewsletterDescription',
        'privacyPolicyContent',
        'termsOfServiceContent',
        'disclosuresContent',
      ].sort(),
    );
  });

  it('retired keys (nothing read or wrote them) are no longer settings', () => {
    expect(retiredSettingsKeys).toEqual(['totalVideos', 'totalPlaylists']);
    for (const key of retiredSettingsKeys) expect(isSettingsKey(key)).toBe(false);
  });

  it('has the product defaults', () => {
    expect(settingsDefaults).toMatchObject({
      primaryColor: '#FF0000',
      accentColor: '#3EA6FF',
      backgroundColor: '#0F0F0F',
      textColor: '#FFFFFF',
      videoGridColumns: 4,
      baseFontSize: 16,
      colorScheme: 'dark',
      siteLanguage: 'en',
      selectedTheme: 'dark-red',
      adPlacements: { topBanner: true, inContent: true, stickyFooter: false },
      enableSitemap: true,
      enableMediaKit: false,
      enableRSS: true,
      enableGDPRBanner: false,
      headingFont: 'Inter',
      bodyFont: 'Inter',
      monoFont: 'JetBrains Mono',
      showFeaturedVideo: true,
      showPlaylistSection: true,
      showSubscriberCount: true,
      showCommunitySection: true,
      hideShorts: false,
      showShortsShelf: false,
      liveCheckIntervalMinutes: 5,
      heroBackgroundType: 'gradient',
      heroImage: null,
      logoImage: null,
      faviconImage: null,
      affiliatePrograms: [],
      mailchimpApiKey: '',
    });
    for (const placeholder of ['{title}', '{url}', '{description}']) {
      expect(settingsDefaults.discordMessageTemplate).toContain(placeholder);
    }
  });

  it('has defaults that pass their own schemas unchanged', () => {
    for (const key of settingsKeys) {
      expect({ key, value: parse(key, settingsDefaults[key]) }).toEqual({
        key,
        value: settingsDefaults[key],
      });
    }
  });

  it('takes each public key’s default from the zod-free defaults, which hold the public keys only', () => {
    const publicDefaults: PublicSettings = PUBLIC_SETTINGS_DEFAULTS;
    expect(Object.keys(publicDefaults).sort()).toEqual([...publicSettingsKeys].sort());
    for (const key of publicSettingsKeys) {
      expect({ key, same: settingsRegistry[key].default === PUBLIC_SETTINGS_DEFAULTS[key] }).toEqual({
        key,
        same: true,
      });
    }
  });

  it('fills the missing ad slots and placements from the same defaults', () => {
    expect(parse('adSlots', {})).toEqual(PUBLIC_SETTINGS_DEFAULTS.adSlots);
    expect(parse('adPlacements', {})).toEqual(PUBLIC_SETTINGS_DEFAULTS.adPlacements);
  });

  it('marks exactly the seven secrets, none of them public', () => {
    expect([...secretSettingsKeys].sort()).toEqual([
      'customWebhookSecret',
      'customWebhookUrl',
      'discordWebhook',
      'googleOAuthClientSecret',
      'mailchimpApiKey',
      'smtpPassword',
      'youtubeApiKey',
    ]);
    expect(publicSettingsKeys.filter((k) => (secretSettingsKeys as string[]).includes(k))).toEqual([]);
  });

  it('checks the Google OAuth client: an ID as Google Cloud shows it, a secret of one word', () => {
    const ok = (key: SettingsKey, value: unknown) => settingValueSchema(key).safeParse(value).success;
    expect(ok('googleOAuthClientId', '123456789012-abc123def456.apps.googleusercontent.com')).toBe(true);
    expect(ok('googleOAuthClientId', '')).toBe(true);
    expect(ok('googleOAuthClientId', 'abc123')).toBe(false);
    expect(ok('googleOAuthClientId', 'x y.apps.googleusercontent.com')).toBe(false);
    expect(ok('googleOAuthClientSecret', 'GOCSPX-AbC_dEf-123')).toBe(true);
    expect(ok('googleOAuthClientSecret', 'two words')).toBe(false);
  });

  it('checks the SMTP server settings (#14)', () => {
    const ok = (key: SettingsKey, value: unknown) => settingValueSchema(key).safeParse(value).success;
    expect(['smtp.example.com', 'mailpit', '192.0.2.10', ''].map((v) => ok('smtpHost', v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['smtp example.com', 'smtp://x', '-bad.example.com'].map((v) => ok('smtpHost', v))).toEqual([
      false,
      false,
      false,
    ]);
    expect([1, 587, 65535, 0, 65536, 25.5].map((v) => ok('smtpPort', v))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['none', 'starttls', 'tls', 'ssl'].map((v) => ok('smtpSecurity', v))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(ok('smtpFrom', 'not an address')).toBe(false);
    expect(settingsDefaults).toMatchObject({ smtpHost: '', smtpPort: 587, smtpSecurity: 'starttls' });
  });

  it('keeps notification, webhook, e-mail and affiliate settings away from visitors', () => {
    const adminOnly: SettingsKey[] = [
      'affiliatePrograms',
      'enableDiscordWebhook',
      'discordMessageTemplate',
      'emailNewVideos',
      'emailWeeklySummary',
      'notificationEmail',
      'smtpHost',
      'smtpPort',
      'smtpSecurity',
      'smtpUser',
      'smtpFrom',
      'enableCustomWebhook',
      'customWebhookUrl',
      'contactEmail',
    ];
    for (const key of adminOnly)
      expect({ key, public: (publicSettingsKeys as string[]).includes(key) }).toEqual({
        key,
        public: false,
      });
    for (const key of [
      'primaryColor',
      'logoImage',
      'siteTitle',
      'googleAnalyticsId',
      'adSlots',
      'channelId',
    ] as const) {
      expect(publicSettingsKeys).toContain(key);
    }
  });

  it('recognises only its own keys', () => {
    expect(isSettingsKey('primaryColor')).toBe(true);
    expect(isSettingsKey('nope')).toBe(false);
    expect(isSettingsKey('__proto__')).toBe(false);
    expect(isSettingsKey('toString')).toBe(false);
  });

  it('lists six themes, dark-red with the default colours', () => {
    expect(themes.map((t) => t.id)).toEqual([
      'dark-red',
      'light',
      'blue-ocean',
      'purple-night',
      'green-tech',
      'orange-sunset',
    ]);
    expect(themes[0]).toMatchObject({
      primary: '#FF0000',
      accent: '#3EA6FF',
      background: '#0F0F0F',
      text: '#FFFFFF',
    });
    for (const theme of themes) {
      for (const colour of [theme.primary, theme.accent, theme.background, theme.surface, theme.text]) {
        expect(parse('primaryColor', colour)).toBe(colour);
      }
    }
  });
});

describe('setting values', () => {
  it('enums: colour scheme, theme, fonts, hero background', () => {
    expect(parse('colorScheme', 'auto')).toBe('auto');
    expect(problems('colorScheme', 'blue')).toEqual([': must be one of dark, light, auto']);
    expect(parse('siteLanguage', 'pt-BR')).toBe('pt-BR');
    expect(problems('siteLanguage', 'pt')).toEqual([': must be one of en, es, pt-BR, fr, de, ja, en-XA']);
    expect(parse('selectedTheme', 'green-tech')).toBe('green-tech');
    expect(problems('selectedTheme', 'pink')).toEqual([
      ': must be one of dark-red, light, blue-ocean, purple-night, green-tech, orange-sunset',
    ]);
    expect(parse('headingFont', 'Montserrat')).toBe('Montserrat');
    expect(problems('headingFont', 'Lato')).toEqual([
      ': must be one of Inter, Roboto, Open Sans, Poppins, Montserrat',
    ]);
    expect(parse('bodyFont', 'Source Sans Pro')).toBe('Source Sans Pro');
    expect(problems('bodyFont', 'Poppins')).toEqual([
      ': must be one of Inter, Roboto, Open Sans, Source Sans Pro, Lato',
    ]);
    expect(parse('monoFont', 'Fira Code')).toBe('Fira Code');
    expect(problems('monoFont', 'Courier')).toEqual([
      ': must be one of JetBrains Mono, Fira Code, Source Code Pro, Roboto Mono',
    ]);
    expect(parse('heroBackgroundType', 'video')).toBe('video');
    expect(problems('heroBackgroundType', 'pattern')).toEqual([': must be one of gradient, image, video']);
  });

  it('numeric choices are numbers, not strings', () => {
    for (const n of [3, 4, 5]) expect(parse('videoGridColumns', n)).toBe(n);
    expect(problems('videoGridColumns', 6)).toEqual([': must be one of 3, 4, 5']);
    expect(problems('videoGridColumns', '4')).toEqual([': must be one of 3, 4, 5']);
    for (const n of [14, 16, 18]) expect(parse('baseFontSize', n)).toBe(n);
    expect(problems('baseFontSize', 15)).toEqual([': must be one of 14, 16, 18']);
  });

  it('colours are #RRGGBB', () => {
    expect(parse('primaryColor', '#00ff7F')).toBe('#00ff7F');
    for (const bad of ['red', '#FFF', '#GGGGGG', 'FF0000', '#FF00001', '']) {
      expect(problems('accentColor', bad)).toEqual([': must be a colour like #FF0000']);
    }
    expect(problems('textColor', 255)).toEqual([': must be a string']);
  });

  it('booleans are true or false', () => {
    expect(parse('enableGDPRBanner', true)).toBe(true);
    expect(problems('enableRSS', 'true')).toEqual([': must be true or false']);
    expect(problems('showFeaturedVideo', null)).toEqual([': must be true or false']);
  });

  it('URLs are http(s) or empty', () => {
    expect(parse('customWebhookUrl', 'https://hooks.example.com/x?y=1')).toBe(
      'https://hooks.example.com/x?y=1',
    );
    expect(parse('discordWebhook', ' https://discord.com/api/webhooks/1/abc ')).toBe(
      'https://discord.com/api/webhooks/1/abc',
    );
    expect(parse('ogImage', '')).toBe('');
    expect(parse('ogImage', null)).toBe('');
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/a', 'example.com', 'http://']) {
      expect(problems('customWebhookUrl', bad)).toEqual([': must be an http(s) URL']);
    }
    expect(problems('heroVideoUrl', `https://example.com/${'a'.repeat(2048)}`)).toEqual([
      ': must be at most 2048 characters',
    ]);
  });

  it('e-mail addresses or empty', () => {
    expect(parse('notificationEmail', 'owner@example.com')).toBe('owner@example.com');
    expect(parse('contactEmail', '')).toBe('');
    expect(problems('notificationEmail', 'owner@')).toEqual([': must be an e-mail address']);
    expect(problems('contactEmail', 'not an address')).toEqual([': must be an e-mail address']);
  });

  it('AdSense publisher id and ad slots', () => {
    expect(parse('adsensePublisherId', 'ca-pub-1234567890123456')).toBe('ca-pub-1234567890123456');
    expect(parse('adsensePublisherId', '')).toBe('');
    expect(problems('adsensePublisherId', 'pub-1234567890123456')).toEqual([
      ': must be like ca-pub-1234567890123456',
    ]);
    expect(parse('adSlots', { inFeed: '1234567890' })).toEqual({
      displayVertical: '',
      displaySquare: '',
      displayHorizontal: '',
      inFeed: '1234567890',
      multiplex: '',
      inArticle: '',
    });
    expect(problems('adSlots', { inFeed: 'abc', sidebar: '1' })).toEqual([
      'inFeed: must be an ad slot id (digits only)',
      ': Unrecognized key: "sidebar"',
    ]);
    expect(problems('adSlots', 'x')).toEqual([': must be an object']);
  });

  it('ad placements are booleans with the SPEC defaults for missing ones', () => {
    expect(parse('adPlacements', { stickyFooter: true })).toEqual({
      topBanner: true,
      inContent: true,
      stickyFooter: true,
    });
    expect(problems('adPlacements', { topBanner: 'yes' })).toEqual(['topBanner: must be true or false']);
  });

  it('analytics ids and the Plausible domain', () => {
    for (const id of ['G-ABC123XYZ9', 'UA-12345678-1', '']) expect(parse('googleAnalyticsId', id)).toBe(id);
    for (const bad of ['G-', 'GA-123456', 'g-abc123', 'UA-123']) {
      expect(problems('googleAnalyticsId', bad)).toEqual([': must be like G-XXXXXXXXXX or UA-12345678-1']);
    }
    for (const domain of ['example.com', 'blog.example.co.uk', ''])
      expect(parse('plausibleDomain', domain)).toBe(domain);
    for (const bad of ['https://example.com', 'example', 'exa mple.com', 'example.com/path']) {
      expect(problems('plausibleDomain', bad)).toEqual([': must be a domain name like example.com']);
    }
  });

  it('channel id and twitter handle', () => {
    expect(parse('channelId', 'UC_x5XG1OV2P6uZZ5FSM9Ttw')).toBe('UC_x5XG1OV2P6uZZ5FSM9Ttw');
    expect(problems('channelId', '@handle')).toEqual([
      ': must be a channel id like UCxxxxxxxxxxxxxxxxxxxxxx',
    ]);
    expect(parse('twitterHandle', '@my_channel')).toBe('@my_channel');
    expect(problems('twitterHandle', '@has space')).toEqual([
      ': must be a handle like @channel (at most 15 characters)',
    ]);
  });

  it('the Discord invite: discord.gg or discord.com/invite, or empty (issue 14)', () => {
    for (const url of ['https://discord.gg/abc123', 'https://discord.com/invite/Code-With-Alex', ''])
      expect(parse('discordInviteUrl', url)).toBe(url);
    expect(parse('discordInviteUrl', null)).toBe('');
    for (const bad of [
      'http://discord.gg/abc123',
      'https://discord.gg/',
      'https://discord.com/channels/1/2',
      'https://evil.example/discord.gg/abc',
      'https://discord.gg.evil.example/abc',
      'discord.gg/abc123',
    ]) {
      expect(problems('discordInviteUrl', bad)).toEqual([
        ': must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
      ]);
    }
    expect(isPublicSetting('discordInviteUrl')).toBe(true);
  });

  it("the community cards' texts default to the product's texts, are required and bounded (issue 14)", () => {
    expect(settingsDefaults).toMatchObject({
      communityDiscordTitle: 'Discord',
      communityTwitterTitle: 'Twitter',
      communityNewsletterTitle: 'Newsletter',
    });
    expect(parse('communityDiscordTitle', '  Our server  ')).toBe('Our server');
    expect(problems('communityTwitterTitle', '  ')).toEqual([': is required']);
    expect(problems('communityNewsletterTitle', null)).toEqual([': is required']);
    expect(problems('communityDiscordTitle', 'x'.repeat(41))).toEqual([': must be at most 40 characters']);
    expect(parse('communityTwitterDescription', 'x'.repeat(200))).toHaveLength(200);
    expect(problems('communityNewsletterDescription', 'x'.repeat(201))).toEqual([
      ': must be at most 200 characters',
    ]);
    expect(problems('communityDiscordDescription', 7)).toEqual([': must be a string']);
  });

  it('the Follow link is the X profile of the handle, with or without its @', () => {
    expect(twitterProfileUrl('@code_alex')).toBe('https://x.com/code_alex');
    expect(twitterProfileUrl('code_alex')).toBe('https://x.com/code_alex');
    expect(twitterProfileUrl('')).toBe('');
  });

  it('texts are bounded; single-line texts are trimmed, null clears', () => {
    expect(parse('siteTitle', '  My Channel  ')).toBe('My Channel');
    expect(parse('siteTitle', null)).toBe('');
    expect(problems('siteTitle', 'x'.repeat(101))).toEqual([': must be at most 100 characters']);
    expect(problems('siteDescription', 42)).toEqual([': must be a string']);
    const policy = '# Privacy\n\nWe keep nothing.\n';
    expect(parse('privacyPolicyContent', policy)).toBe(policy);
    expect(parse('termsOfServiceContent', 'x'.repeat(100_000))).toHaveLength(100_000);
    expect(problems('disclosuresContent', 'x'.repeat(100_001))).toEqual([
      ': must be at most 100000 characters',
    ]);
    expect(problems('discordMessageTemplate', 'x'.repeat(2001))).toEqual([
      ': must be at most 2000 characters',
    ]);
    expect(problems('mailchimpApiKey', 'abc def-us1')).toEqual([': must be a single word without spaces']);
  });
});

describe('affiliate programs', () => {
  it('fills the UTM defaults (medium referral)', () => {
    expect(
      parse('affiliatePrograms', [{ id: 'amz', name: ' Amazon ', baseUrl: 'https://amazon.com/shop' }]),
    ).toEqual([
      {
        id: 'amz',
        name: 'Amazon',
        baseUrl: 'https://amazon.com/shop',
        utmParams: { source: 'youtube', medium: 'referral', campaign: 'default' },
      },
    ]);
    expect(
      parse('affiliatePrograms', [
        {
          id: 'a',
          name: 'A',
          baseUrl: 'http://a.example',
          utmParams: { source: 'site', medium: '', campaign: 'spring' },
        },
      ]),
    ).toEqual([
      {
        id: 'a',
        name: 'A',
        baseUrl: 'http://a.example',
        utmParams: { source: 'site', medium: 'referral', campaign: 'spring' },
      },
    ]);
  });

  it('requires an id, a name and an http(s) base URL', () => {
    expect(problems('affiliatePrograms', [{}])).toEqual([
      '0.id: is required',
      '0.name: is required',
      '0.baseUrl: is required',
    ]);
    expect(problems('affiliatePrograms', [{ id: 'a', name: '  ', baseUrl: 'ftp://a.example' }])).toEqual([
      '0.name: is required',
      '0.baseUrl: must be an http(s) URL',
    ]);
  });

  it('refuses duplicate ids, unknown fields, odd UTM values and non-lists', () => {
    const program = { id: 'a', name: 'A', baseUrl: 'https://a.example' };
    expect(problems('affiliatePrograms', [program, { ...program, name: 'B' }])).toEqual([
      '1.id: duplicate id "a"',
    ]);
    expect(problems('affiliatePrograms', [{ ...program, commission: 5 }])).toEqual([
      '0: Unrecognized key: "commission"',
    ]);
    expect(problems('affiliatePrograms', [{ ...program, utmParams: { campaign: 'two words' } }])).toEqual([
      '0.utmParams.campaign: may contain only letters, digits, ".", "_", "+" and "-"',
    ]);
    expect(problems('affiliatePrograms', { program })).toEqual([': must be a list']);
    expect(problems('affiliatePrograms', [null])).toEqual(['0: must be an object']);
    const many = Array.from({ length: 51 }, (_, i) => ({ ...program, id: `p${i}` }));
    expect(problems('affiliatePrograms', many)).toEqual([': must have at most 50 programs']);
  });
});

describe('images', () => {
  it('accepts a real PNG and each format declared as itself', () => {
    expect(parse('logoImage', PNG_1X1)).toBe(PNG_1X1);
    for (const [mime, bytes] of [
      ['image/jpeg', JPEG_BYTES],
      ['image/gif', GIF_BYTES],
      ['image/webp', WEBP_BYTES],
      ['image/x-icon', ICO_BYTES],
      ['image/vnd.microsoft.icon', ICO_BYTES],
    ] as const) {
      const url = dataUrl(mime, [...bytes]);
      expect({ mime, problem: imageDataUrlProblem(url) }).toEqual({ mime, problem: null });
    }
  });

  it('clears with empty string or null', () => {
    expect(parse('heroImage', '')).toBeNull();
    expect(parse('faviconImage', null)).toBeNull();
  });

  it('checks the bytes against the declared type', () => {
    expect(problems('logoImage', dataUrl('image/png', JPEG_BYTES))).toEqual([
      ': content is a JPEG image, not image/png',
    ]);
    expect(problems('logoImage', dataUrl('image/gif', Buffer.from('<html>hello</html>')))).toEqual([
      ': content is not a PNG, JPEG, WebP, GIF or ICO image',
    ]);
    expect(detectImageFormat([...Buffer.from('RIFF\0\0\0\0WAVE')])).toBeNull();
  });

  it('refuses SVG, other types, non-data URLs and bad base64', () => {
    expect(problems('logoImage', dataUrl('image/svg+xml', Buffer.from('<svg/>')))).toEqual([
      ': SVG images are not allowed',
    ]);
    expect(problems('logoImage', dataUrl('image/bmp', [0x42, 0x4d]))).toEqual([
      ': must be a PNG, JPEG, WebP, GIF or ICO image (got image/bmp)',
    ]);
    expect(problems('logoImage', 'https://example.com/logo.png')).toEqual([
      ': must be a PNG, JPEG, WebP, GIF or ICO image as a base64 data URL',
    ]);
    expect(problems('logoImage', 'data:image/png,%89PNG')).toEqual([': must be a base64 data URL']);
    expect(problems('logoImage', 'data:image/png;base64,iVBO*w0K')).toEqual([': is not valid base64']);
    expect(problems('logoImage', 42)).toEqual([': must be a string']);
  });

  it('allows 2 MB and refuses more', () => {
    const png = Buffer.from(PNG_1X1.split(',')[1], 'base64');
    const atLimit = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)]);
    expect(imageDataUrlProblem(dataUrl('image/png', atLimit))).toBeNull();
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect(problems('heroImage', dataUrl('image/png', over))).toEqual([': must be at most 2 MB']);
  });
});

describe('updateSettingBodySchema', () => {
  it('wants exactly { value }', () => {
    expect(updateSettingBodySchema.parse({ value: false })).toEqual({ value: false });
    expect(updateSettingBodySchema.parse({ value: null })).toEqual({ value: null });
    expect(updateSettingBodySchema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ['value'],
      message: 'is required',
    });
    expect(updateSettingBodySchema.safeParse({ value: 1, key: 'x' }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['key'],
    });
  });
});

describe('the answer schemas', () => {
  const publicDefaults = Object.fromEntries(publicSettingsKeys.map((key) => [key, settingsDefaults[key]]));

  it('describe the admin view (secrets only ever masked) and the public view (public keys only)', () => {
    const masked = { ...settingsDefaults, discordWebhook: SECRET_MASK, mailchimpApiKey: '' };
    expect(settingsSchema.safeParse(masked).success).toBe(true);
    expect(settingsSchema.safeParse({ ...masked, discordWebhook: 'https://discord.example/x' }).success).toBe(
      false,
    );
    expect(publicSettingsSchema.safeParse(publicDefaults).success).toBe(true);
    expect(z.toJSONSchema(publicSettingsSchema, { io: 'output' })).toMatchObject({
      additionalProperties: false,
    });
    expect(secretSettingsKeys.some((key) => key in publicDefaults)).toBe(false);
  });

  it('describe one saved setting by its key', () => {
    expect(settingUpdateResultSchema.safeParse({ key: 'videoGridColumns', value: 5 }).success).toBe(true);
    expect(settingUpdateResultSchema.safeParse({ key: 'videoGridColumns', value: 'x' }).success).toBe(false);
    expect(settingUpdateResultSchema.safeParse({ key: 'mailchimpApiKey', value: SECRET_MASK }).success).toBe(
      true,
    );
  });
});
