import { z } from 'zod';
import {
  COMMUNITY_DESCRIPTION_MAX_CHARS,
  COMMUNITY_TITLE_MAX_CHARS,
  DISCORD_INVITE_PATTERN,
} from './community';
import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from './public-settings-defaults';
import { HEX_COLOR_PATTERN } from './limits';
import { siteLanguages } from './site-language';
import { themeIds } from './themes';
import { GOOGLE_CLIENT_ID_PATTERN } from './google-account';
import { CHANNEL_ID_PATTERN } from './youtube';

export * from './themes';
export * from './community';
export * from './site-language';

/**
 * The settings registry: every setting with its schema, its default and who may
 * see it. `public` keys are what the anonymous home page needs; `secret` keys are never sent back in clear to
 * anyone: the admin gets SECRET_MASK (or '' when unset), and posting the mask back keeps the stored value.
 * The public keys' defaults live in the zod-free `public-settings-defaults.ts` (`PUBLIC` here), which the
 * public page imports alone; the registry takes them from there.
 */

/** What the admin sees instead of a stored secret. Posting it back for a secret key changes nothing. */
export const SECRET_MASK = '••••••••';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const LEGAL_TEXT_MAX_CHARS = 100_000;
export const AFFILIATE_PROGRAMS_MAX = 50;
export const LIVE_CHECK_DEFAULT_INTERVAL_MINUTES = 5;
export const LIVE_CHECK_MAX_INTERVAL_MINUTES = 1440;

export const colorSchemes = ['dark', 'light', 'auto'] as const;
export const heroBackgroundTypes = ['gradient', 'image', 'video'] as const;
export const videoGridColumnOptions = [3, 4, 5] as const;
export const baseFontSizes = [14, 16, 18] as const;
export const headingFonts = ['Inter', 'Roboto', 'Open Sans', 'Poppins', 'Montserrat'] as const;
export const bodyFonts = ['Inter', 'Roboto', 'Open Sans', 'Source Sans Pro', 'Lato'] as const;
export const monoFonts = ['JetBrains Mono', 'Fira Code', 'Source Code Pro', 'Roboto Mono'] as const;
/** Placeholders the Discord message template may use. */
export const discordMessagePlaceholders = ['{title}', '{url}', '{description}'] as const;

// ---------------------------------------------------------------------------------------------------------
// Value schemas

/** Names a wrong type (or a missing value); other issues keep their own messages. */
const typeError =
  (expected: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined ? 'is required' : `must be ${expected}`;
  };

const string = () => z.string({ error: typeError('a string') });
const boolean = () => z.boolean({ error: typeError('true or false') });
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: typeError('a number') })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** null clears a text to ''. */
const nullToEmpty = (value: unknown) => (value === null ? '' : value);

/** A text of at most `max` characters; single-line texts are trimmed. */
function text(max: number, { trim = true }: { trim?: boolean } = {}) {
  const base = trim ? string().trim() : string();
  return z.preprocess(nullToEmpty, base.max(max, `must be at most ${max} characters`));
}

/** A text that is either empty (not set) or passes `valid`. */
function clearable(max: number, valid: (value: string) => boolean, message: string) {
  return z.preprocess(
    nullToEmpty,
    string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .refine((value) => value === '' || value.length > max || valid(value), message),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: () => `must be one of ${values.join(', ')}` });
}

function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values, { error: () => `must be one of ${values.join(', ')}` });
}

const httpUrl = z.url({ protocol: /^https?$/ });
const email = z.email();
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

export const isHttpUrl = (value: string): boolean => httpUrl.safeParse(value).success;

const urlSetting = () => clearable(2048, isHttpUrl, 'must be an http(s) URL');
const emailSetting = () => clearable(254, (v) => email.safeParse(v).success, 'must be an e-mail address');
const colorSetting = () => string().regex(HEX_COLOR_PATTERN, 'must be a colour like #FF0000');

/** A community card's title or description: required (a card without text would be empty), bounded. */
const requiredText = (max: number) =>
  z.preprocess(
    nullToEmpty,
    string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`),
  );
const communityTitle = () => requiredText(COMMUNITY_TITLE_MAX_CHARS);
const communityDescription = () => requiredText(COMMUNITY_DESCRIPTION_MAX_CHARS);

const adSlotId = () =>
  z.preprocess(
    nullToEmpty,
    string()
      .trim()
      .regex(/^\d{0,20}$/, 'must be an ad slot id (digits only)'),
  );

// ---------------------------------------------------------------------------------------------------------
// Images: inline base64 data URLs, checked by their bytes (type by content, SVG refused: docs/security.md, 'What visitors' browsers run and see')

export const imageMimeTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];

type ImageFormat = 'PNG' | 'JPEG' | 'WebP' | 'GIF' | 'ICO';
const formatOfMime: Record<ImageMimeType, ImageFormat> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
};

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes the first bytes of a base64 text (no Buffer or atob: this library runs in Node and browsers). */
function decodeBase64Prefix(base64: string, byteCount: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64.slice(0, Math.ceil(byteCount / 3) * 4)) {
    if (char === '=') break;
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes.slice(0, byteCount);
}

const startsWith = (bytes: number[], magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The image format given by the file's magic number, or null. */
export function detectImageFormat(bytes: number[]): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'GIF';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'WebP';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'ICO';
  return null;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_KINDS = 'a PNG, JPEG, WebP, GIF or ICO image';

/** Why an image data URL is refused, or null when it is acceptable. */
export function imageDataUrlProblem(value: string): string | null {
  const header = DATA_URL.exec(value);
  if (!header) return `must be ${IMAGE_KINDS} as a base64 data URL`;
  const mime = header[1].toLowerCase();
  if (mime.startsWith('image/svg')) return 'SVG images are not allowed';
  if (!(imageMimeTypes as readonly string[]).includes(mime)) {
    return `must be ${IMAGE_KINDS} (got ${mime || 'no type'})`;
  }
  if (header[2].toLowerCase() !== ';base64') return 'must be a base64 data URL';
  const payload = value.slice(header[0].length);
  if (payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) return 'is not valid base64';
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = (payload.length / 4) * 3 - padding;
  if (size > IMAGE_MAX_BYTES) return 'must be at most 2 MB';
  const declared = formatOfMime[mime as ImageMimeType];
  const actual = detectImageFormat(decodeBase64Prefix(payload, 12));
  if (!actual) return `content is not ${IMAGE_KINDS}`;
  if (actual !== declared) return `content is a ${actual} image, not ${mime}`;
  return null;
}

/** A data-URL image; '' or null clears it (stored as null). */
const imageSetting = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    string()
      .max(IMAGE_MAX_BYTES * 2, 'must be at most 2 MB')
      .superRefine((value, ctx) => {
        const problem = imageDataUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      })
      .nullable(),
  );

// ---------------------------------------------------------------------------------------------------------
// Compound values

export const adSlotsSchema = z.strictObject(
  {
    displayVertical: adSlotId().default(PUBLIC.adSlots.displayVertical),
    displaySquare: adSlotId().default(PUBLIC.adSlots.displaySquare),
    displayHorizontal: adSlotId().default(PUBLIC.adSlots.displayHorizontal),
    inFeed: adSlotId().default(PUBLIC.adSlots.inFeed),
    multiplex: adSlotId().default(PUBLIC.adSlots.multiplex),
    inArticle: adSlotId().default(PUBLIC.adSlots.inArticle),
  },
  { error: typeError('an object') },
);
export type AdSlots = z.output<typeof adSlotsSchema>;

export const adPlacementsSchema = z.strictObject(
  {
    topBanner: boolean().default(PUBLIC.adPlacements.topBanner),
    inContent: boolean().default(PUBLIC.adPlacements.inContent),
    stickyFooter: boolean().default(PUBLIC.adPlacements.stickyFooter),
  },
  { error: typeError('an object') },
);
export type AdPlacements = z.output<typeof adPlacementsSchema>;

/** UTM values go into URLs as they are: letters, digits, '.', '_', '+' and '-'. An empty value takes the default. */
const utmValue = (fallback: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .regex(/^[\w.+-]+$/, 'may contain only letters, digits, ".", "_", "+" and "-"')
      .default(fallback),
  );

export const affiliateProgramSchema = z.strictObject(
  {
    id: string()
      .trim()
      .min(1, 'is required')
      .max(64, 'must be at most 64 characters')
      .regex(/^[\w-]+$/, 'may contain only letters, digits, "-" and "_"'),
    name: string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    baseUrl: string()
      .trim()
      .min(1, 'is required')
      .max(2048, 'must be at most 2048 characters')
      .refine(isHttpUrl, 'must be an http(s) URL'),
    utmParams: z
      .strictObject(
        {
          // The form pre-fills a product-specific source; this is the fallback when it is left empty.
          source: utmValue('youtube'),
          medium: utmValue('referral'),
          campaign: utmValue('default'),
        },
        { error: typeError('an object') },
      )
      .prefault({}),
  },
  { error: typeError('an object') },
);
export type AffiliateProgram = z.output<typeof affiliateProgramSchema>;
export type AffiliateProgramInput = z.input<typeof affiliateProgramSchema>;

export const affiliateProgramsSchema = z
  .array(affiliateProgramSchema, { error: typeError('a list') })
  .max(AFFILIATE_PROGRAMS_MAX, `must have at most ${AFFILIATE_PROGRAMS_MAX} programs`)
  .superRefine((programs, ctx) => {
    const seen = new Set<string>();
    programs.forEach((program, index) => {
      // Runs even when an entry failed its own checks, so it may not be an object.
      if (typeof program?.id !== 'string') return;
      if (seen.has(program.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${program.id}"` });
      }
      seen.add(program.id);
    });
  });

// ---------------------------------------------------------------------------------------------------------
// The registry

interface SettingDefinition<S extends z.ZodType, P extends boolean, X extends boolean> {
  readonly schema: S;
  readonly default: z.output<S>;
  /** Sent to anonymous visitors. */
  readonly public: P;
  /** Never sent in clear: masked for the admin, left out of backups. */
  readonly secret: X;
}

const publicSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: true, secret: false }) as SettingDefinition<S, true, false>;
const adminSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: false, secret: false }) as SettingDefinition<S, false, false>;
const secretSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: false, secret: true }) as SettingDefinition<S, false, true>;

export const settingsRegistry = {
  // Monetization. The page renders the ads, so the AdSense ids and placements are public.
  adsensePublisherId: publicSetting(
    clearable(40, (v) => /^ca-pub-\d{10,20}$/.test(v), 'must be like ca-pub-1234567890123456'),
    PUBLIC.adsensePublisherId,
  ),
  adSlots: publicSetting(adSlotsSchema, PUBLIC.adSlots),
  adPlacements: publicSetting(adPlacementsSchema, PUBLIC.adPlacements),
  // The public page shows no affiliate links, so the programs stay admin-only.
  affiliatePrograms: adminSetting(affiliateProgramsSchema, []),

  // Design
  colorScheme: publicSetting(oneOf(colorSchemes), PUBLIC.colorScheme),
  /** The public site's language (issue 26): its texts, `<html lang>`, number and date formats. */
  siteLanguage: publicSetting(oneOf(siteLanguages), PUBLIC.siteLanguage),
  selectedTheme: publicSetting(oneOf(themeIds), PUBLIC.selectedTheme),
  primaryColor: publicSetting(colorSetting(), PUBLIC.primaryColor),
  accentColor: publicSetting(colorSetting(), PUBLIC.accentColor),
  backgroundColor: publicSetting(colorSetting(), PUBLIC.backgroundColor),
  textColor: publicSetting(colorSetting(), PUBLIC.textColor),
  showFeaturedVideo: publicSetting(boolean(), PUBLIC.showFeaturedVideo),
  showPlaylistSection: publicSetting(boolean(), PUBLIC.showPlaylistSection),
  showSubscriberCount: publicSetting(boolean(), PUBLIC.showSubscriberCount),
  showCommunitySection: publicSetting(boolean(), PUBLIC.showCommunitySection),
  /** Keeps Shorts out of the video grid and its filters (a Shorts shelf may still show them). */
  hideShorts: publicSetting(boolean(), PUBLIC.hideShorts),
  /** A shelf of Shorts in vertical cards above the video grid. */
  showShortsShelf: publicSetting(boolean(), PUBLIC.showShortsShelf),
  videoGridColumns: publicSetting(oneOfNumbers(videoGridColumnOptions), PUBLIC.videoGridColumns),
  heroBackgroundType: publicSetting(oneOf(heroBackgroundTypes), PUBLIC.heroBackgroundType),
  heroImage: publicSetting(imageSetting(), PUBLIC.heroImage),
  /** Shown when heroBackgroundType is `video` (a video file or embed URL). */
  heroVideoUrl: publicSetting(urlSetting(), PUBLIC.heroVideoUrl),
  logoImage: publicSetting(imageSetting(), PUBLIC.logoImage),
  faviconImage: publicSetting(imageSetting(), PUBLIC.faviconImage),
  headingFont: publicSetting(oneOf(headingFonts), PUBLIC.headingFont),
  bodyFont: publicSetting(oneOf(bodyFonts), PUBLIC.bodyFont),
  monoFont: publicSetting(oneOf(monoFonts), PUBLIC.monoFont),
  baseFontSize: publicSetting(oneOfNumbers(baseFontSizes), PUBLIC.baseFontSize),

  // Analytics: the page loads the scripts, so ids and toggles are public.
  googleAnalyticsId: publicSetting(
    clearable(
      30,
      (v) => /^(G-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/.test(v),
      'must be like G-XXXXXXXXXX or UA-12345678-1',
    ),
    PUBLIC.googleAnalyticsId,
  ),
  enableGoogleAnalytics: publicSetting(boolean(), PUBLIC.enableGoogleAnalytics),
  enablePlausible: publicSetting(boolean(), PUBLIC.enablePlausible),
  plausibleDomain: publicSetting(
    clearable(253, (v) => HOSTNAME.test(v), 'must be a domain name like example.com'),
    PUBLIC.plausibleDomain,
  ),
  /** First-party, cookieless counting of page views, plays and clicks (issue 13); off: the page sends nothing. */
  enableSiteAnalytics: publicSetting(boolean(), PUBLIC.enableSiteAnalytics),

  // YouTube: admin-only.
  /** The Data API v3 key (issue 24); YOUTUBE_API_KEY gives the starting value. Empty: the sync reads the feed. */
  youtubeApiKey: secretSetting(
    clearable(
      100,
      (v) => /^[\w-]+$/.test(v),
      'must be a single word of letters, digits, - and _ (like AIza…)',
    ),
    '',
  ),
  /**
   * The OAuth client of the owner's Google Cloud project, for connecting their Google account (YouTube Analytics,
   * docs/integrations/google-account.md); GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET give the starting values.
   */
  googleOAuthClientId: adminSetting(
    clearable(
      200,
      (v) => GOOGLE_CLIENT_ID_PATTERN.test(v),
      'must be an OAuth client ID like 1234567890-abc123.apps.googleusercontent.com',
    ),
    '',
  ),
  googleOAuthClientSecret: secretSetting(
    clearable(
      200,
      (v) => /^[\w-]+$/.test(v),
      'must be a single word of letters, digits, - and _ (like GOCSPX-…)',
    ),
    '',
  ),
  /**
   * "Transcripts from YouTube": the channel's caption tracks read through the connected Google account
   * (docs/integrations/google-account.md). Turned on from its card, which asks Google for youtube.force-ssl.
   */
  youtubeCaptions: adminSetting(boolean(), false),
  /** Minutes between two light live checks (2 quota units each, issue 17); 0 turns them off. */
  liveCheckIntervalMinutes: adminSetting(
    wholeNumber(0, LIVE_CHECK_MAX_INTERVAL_MINUTES),
    LIVE_CHECK_DEFAULT_INTERVAL_MINUTES,
  ),

  // Notifications and integrations: admin-only.
  enableDiscordWebhook: adminSetting(boolean(), false),
  discordWebhook: secretSetting(urlSetting(), ''),
  discordMessageTemplate: adminSetting(
    text(2000, { trim: false }),
    'New video: **{title}**\n{description}\n\nWatch it here: {url}',
  ),
  emailNewVideos: adminSetting(boolean(), false),
  emailWeeklySummary: adminSetting(boolean(), false),
  notificationEmail: adminSetting(emailSetting(), ''),
  // The SMTP server e-mail goes through (#14); SMTP_URL gives the starting values.
  /** A host name (a single label like `mailpit` too, for a relay next door) or an IPv4 address. */
  smtpHost: adminSetting(
    clearable(
      253,
      (v) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v),
      'must be a host name like smtp.example.com',
    ),
    '',
  ),
  smtpPort: adminSetting(wholeNumber(1, 65535), 587),
  /** `starttls`: upgrade on the submission port (587); `tls`: TLS from the start (465); `none`: plain. */
  smtpSecurity: adminSetting(oneOf(['none', 'starttls', 'tls']), 'starttls'),
  smtpUser: adminSetting(text(254), ''),
  smtpPassword: secretSetting(text(256), ''),
  /** The From address; empty: the SMTP user when it is an address. */
  smtpFrom: adminSetting(emailSetting(), ''),
  enableCustomWebhook: adminSetting(boolean(), false),
  customWebhookUrl: secretSetting(urlSetting(), ''),
  customWebhookSecret: secretSetting(text(256), ''),
  mailchimpApiKey: secretSetting(
    clearable(200, (v) => /^\S+$/.test(v), 'must be a single word without spaces'),
    '',
  ),
  /** The Mailchimp audience (list) new newsletter sign-ups join, with double opt-in (issue 14). */
  mailchimpAudienceId: adminSetting(
    clearable(20, (v) => /^[a-z0-9]{5,20}$/i.test(v), 'must be a Mailchimp audience id like a1b2c3d4e5'),
    '',
  ),

  // General and SEO
  siteTitle: publicSetting(text(100), PUBLIC.siteTitle),
  contactEmail: adminSetting(emailSetting(), ''),
  siteDescription: publicSetting(text(500), PUBLIC.siteDescription),
  /** The channel of the subscribe link (`UC` + 22 characters). */
  channelId: publicSetting(
    clearable(24, (v) => CHANNEL_ID_PATTERN.test(v), 'must be a channel id like UCxxxxxxxxxxxxxxxxxxxxxx'),
    PUBLIC.channelId,
  ),
  enableSitemap: adminSetting(boolean(), true),
  /** The media kit at `/media-kit` (issue 48): off by default, a 404 until the owner switches it on. */
  enableMediaKit: adminSetting(boolean(), false),
  /** The admin has submitted the sitemap to search engines (the first-run checklist, issue 24). */
  sitemapSubmitted: adminSetting(boolean(), false),
  /** The admin dismissed the first-run checklist (issue 24). */
  firstRunChecklistDismissed: adminSetting(boolean(), false),
  enableRSS: publicSetting(boolean(), PUBLIC.enableRSS),
  enableGDPRBanner: publicSetting(boolean(), PUBLIC.enableGDPRBanner),
  metaKeywords: publicSetting(text(500), PUBLIC.metaKeywords),
  /** Social cards need an absolute URL, so this is a URL rather than an uploaded image. */
  ogImage: publicSetting(urlSetting(), PUBLIC.ogImage),
  twitterHandle: publicSetting(
    clearable(16, (v) => /^@?\w{1,15}$/.test(v), 'must be a handle like @channel (at most 15 characters)'),
    PUBLIC.twitterHandle,
  ),

  // Community section (issue 14): public, the home page shows them. The Follow link is built from twitterHandle.
  discordInviteUrl: publicSetting(
    clearable(
      2048,
      (v) => DISCORD_INVITE_PATTERN.test(v),
      'must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
    ),
    PUBLIC.discordInviteUrl,
  ),
  communityDiscordTitle: publicSetting(communityTitle(), PUBLIC.communityDiscordTitle),
  communityDiscordDescription: publicSetting(communityDescription(), PUBLIC.communityDiscordDescription),
  communityTwitterTitle: publicSetting(communityTitle(), PUBLIC.communityTwitterTitle),
  communityTwitterDescription: publicSetting(communityDescription(), PUBLIC.communityTwitterDescription),
  communityNewsletterTitle: publicSetting(communityTitle(), PUBLIC.communityNewsletterTitle),
  communityNewsletterDescription: publicSetting(
    communityDescription(),
    PUBLIC.communityNewsletterDescription,
  ),

  // Legal
  privacyPolicyContent: publicSetting(
    text(LEGAL_TEXT_MAX_CHARS, { trim: false }),
    PUBLIC.privacyPolicyContent,
  ),
  termsOfServiceContent: publicSetting(
    text(LEGAL_TEXT_MAX_CHARS, { trim: false }),
    PUBLIC.termsOfServiceContent,
  ),
  disclosuresContent: publicSetting(text(LEGAL_TEXT_MAX_CHARS, { trim: false }), PUBLIC.disclosuresContent),
};

/**
 * Keys that earlier versions had and nothing used (the product's key list still names them). A backup that still carries them
 * imports: they are dropped, whatever their value.
 */
export const retiredSettingsKeys: readonly string[] = ['totalVideos', 'totalPlaylists'];

type Registry = typeof settingsRegistry;
export type SettingsKey = keyof Registry;
/** The full bag, every key with its value (the admin's view, with secrets masked). */
export type Settings = { [K in SettingsKey]: z.output<Registry[K]['schema']> };
export type PublicSettingsKey = {
  [K in SettingsKey]: Registry[K]['public'] extends true ? K : never;
}[SettingsKey];
export type SecretSettingsKey = {
  [K in SettingsKey]: Registry[K]['secret'] extends true ? K : never;
}[SettingsKey];
/** What anonymous visitors get from `GET /api/settings`. */
export type PublicSettings = Pick<Settings, PublicSettingsKey>;
/** Every non-secret key: what a backup carries. */
export type ExportableSettings = Omit<Settings, SecretSettingsKey>;

export const settingsKeys = Object.keys(settingsRegistry) as SettingsKey[];
export const publicSettingsKeys = settingsKeys.filter(
  (k) => settingsRegistry[k].public,
) as PublicSettingsKey[];
export const secretSettingsKeys = settingsKeys.filter(
  (k) => settingsRegistry[k].secret,
) as SecretSettingsKey[];

export const settingsDefaults = Object.freeze(
  Object.fromEntries(settingsKeys.map((key) => [key, settingsRegistry[key].default])),
) as Readonly<Settings>;

export function isSettingsKey(key: string): key is SettingsKey {
  return Object.prototype.hasOwnProperty.call(settingsRegistry, key);
}

export function isSecretSetting(key: SettingsKey): key is SecretSettingsKey {
  return settingsRegistry[key].secret;
}

export function isPublicSetting(key: SettingsKey): key is PublicSettingsKey {
  return settingsRegistry[key].public;
}

/** The schema a value of `key` must pass. */
export function settingValueSchema<K extends SettingsKey>(key: K): Registry[K]['schema'] {
  return settingsRegistry[key].schema;
}

// ---------------------------------------------------------------------------------------------------------
// The calls

/** Body of `POST /api/settings/{key}`. */
export const updateSettingBodySchema = z.strictObject({
  value: z.unknown().refine((value) => value !== undefined, 'is required'),
});
export type UpdateSettingBody = z.infer<typeof updateSettingBodySchema>;

/** Answer of `POST /api/settings/{key}`: the stored value (SECRET_MASK or '' for a secret). */
export interface SettingUpdateResult<K extends SettingsKey = SettingsKey> {
  key: K;
  value: Settings[K];
}

// ---------------------------------------------------------------------------------------------------------
// The answers, as schemas (the OpenAPI document is generated from them)

/** A value as the API sends it: a secret is only ever SECRET_MASK or '' (not set). */
const sentValueSchema = (key: SettingsKey): z.ZodType =>
  isSecretSetting(key) ? z.enum([SECRET_MASK, '']) : settingValueSchema(key);

const settingsBag = (keys: readonly SettingsKey[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, sentValueSchema(key)])));

/** Every key with its value, secrets masked: the admin's view. */
export const settingsSchema = settingsBag(settingsKeys) as unknown as z.ZodType<Settings>;
/** The public keys only: what anonymous visitors get. */
export const publicSettingsSchema = settingsBag(publicSettingsKeys) as unknown as z.ZodType<PublicSettings>;

/** Answer of `POST /api/settings/{key}`: one variant per key, its value as sent. */
export const settingUpdateResultSchema = z.discriminatedUnion(
  'key',
  settingsKeys.map((key) => z.object({ key: z.literal(key), value: sentValueSchema(key) })) as unknown as [
    z.ZodObject<{ key: z.ZodLiteral<SettingsKey>; value: z.ZodType }>,
  ],
) as unknown as z.ZodType<SettingUpdateResult>;
