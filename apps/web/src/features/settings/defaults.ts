import type { PublicSettings } from '@app/contracts';
import { type Theme, themes } from '@app/contracts/themes';

/**
 * What the page assumes until `GET /api/settings` answers: the registry's defaults for the
 * public keys (SPEC §9). A copy rather than an import, because the registry's module builds
 * zod schemas and the public page ships without zod; `defaults.spec.ts` keeps the two equal.
 */
export const PUBLIC_SETTINGS_DEFAULTS: PublicSettings = {
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
  colorScheme: 'dark',
  selectedTheme: 'dark-red',
  primaryColor: '#FF0000',
  accentColor: '#3EA6FF',
  backgroundColor: '#0F0F0F',
  textColor: '#FFFFFF',
  showFeaturedVideo: true,
  showPlaylistSection: true,
  showSubscriberCount: true,
  showCommunitySection: true,
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
  googleAnalyticsId: '',
  enableGoogleAnalytics: false,
  enablePlausible: false,
  plausibleDomain: '',
  siteTitle: '',
  siteDescription: '',
  channelId: '',
  enableRSS: true,
  enableGDPRBanner: false,
  metaKeywords: '',
  ogImage: '',
  twitterHandle: '',
  privacyPolicyContent: '',
  termsOfServiceContent: '',
  disclosuresContent: '',
};

/** The predefined themes (SPEC §3), from the contracts' zod-free theme table. */
export const THEMES: readonly Theme[] = themes;
