import { DEFAULT_SITE_LANGUAGE } from './site-language';
import { type Theme, type ThemeId, themes } from './themes';

/**
 * The defaults of the public settings keys, free of zod so that the public page can import them
 * alone (`@app/contracts/public-settings-defaults`) for what it paints until `GET /api/settings` answers.
 * This is their one home: the settings registry (`settings.ts`) takes each public key's default from here,
 * and checks each value against its key's schema.
 */

const DEFAULT_THEME_ID: ThemeId = 'dark-red';

function themeOf(id: ThemeId): Theme {
  const theme = themes.find((candidate) => candidate.id === id);
  if (!theme) throw new Error(`No theme "${id}" in the theme table`);
  return theme;
}

/** The default theme carries the default colours. */
const defaultTheme = themeOf(DEFAULT_THEME_ID);

/**
 * Every public key with its default, nothing else (the page takes its list of public keys from here).
 * Not annotated as `PublicSettings`: that type is derived from the registry, which reads this object, so the
 * values keep their literal types (`as const`) and the registry checks them; the object is a `PublicSettings`
 * (settings.spec.ts and the web typecheck say so).
 */
export const PUBLIC_SETTINGS_DEFAULTS = {
  // Monetization
  adsensePublisherId: '',
  adSlots: {
    displayVertical: '',
    displaySquare: '',
    displayHorizontal: '',
    inFeed: '',
    multiplex: '',
    inArticle: '',
  },
  adPlacements: { topBanner: true, inContent: true, stickyFooter: false },

  // Design
  colorScheme: 'dark',
  siteLanguage: DEFAULT_SITE_LANGUAGE,
  selectedTheme: DEFAULT_THEME_ID,
  primaryColor: defaultTheme.primary,
  accentColor: defaultTheme.accent,
  backgroundColor: defaultTheme.background,
  textColor: defaultTheme.text,
  showFeaturedVideo: true,
  showPlaylistSection: true,
  showSubscriberCount: true,
  showCommunitySection: true,
  hideShorts: false,
  showShortsShelf: false,
  videoGridColumns: 4,
  heroBackgroundType: 'gradient',
  heroImage: null,
  heroVideoUrl: '',
  logoImage: null,
  faviconImage: null,
  headingFont: 'Inter',
  bodyFont: 'Inter',
  monoFont: 'JetBrains Mono',
  baseFontSize: 16,

  // Analytics
  googleAnalyticsId: '',
  enableGoogleAnalytics: false,
  enablePlausible: false,
  plausibleDomain: '',
  enableSiteAnalytics: true,

  // General and SEO
  siteTitle: '',
  siteDescription: '',
  channelId: '',
  enableRSS: true,
  enableGDPRBanner: false,
  metaKeywords: '',
  ogImage: '',
  twitterHandle: '',

  // Community section (issue 14): the Discord invite and the cards' texts (the product's own texts by default)
  discordInviteUrl: '',
  communityDiscordTitle: 'Discord',
  communityDiscordDescription:
    'Chat with other learners, get help with your code and hear about streams first.',
  communityTwitterTitle: 'Twitter',
  communityTwitterDescription: 'Short tips, behind-the-scenes updates and new video announcements.',
  communityNewsletterTitle: 'Newsletter',
  communityNewsletterDescription: 'One email a week with the new videos, code samples and resources.',

  // Legal
  privacyPolicyContent: '',
  termsOfServiceContent: '',
  disclosuresContent: '',
} as const;

/**
 * Where the browser keeps its copy of the public settings (`localStorage`), so a repeat visit paints in the site's
 * design at once. index.html's inline script reads it too (it cannot import this; static-defaults.spec.ts keeps
 * it equal).
 */
export const SETTINGS_CACHE_KEY = 'site-settings-v1';
