import type { PublicSettings, Theme } from '@app/contracts';

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

/** The predefined themes (SPEC §3), copied for the same reason; the spec compares them too. */
export const THEMES: readonly Theme[] = [
  {
    id: 'dark-red',
    name: 'Dark Mode',
    primary: '#FF0000',
    accent: '#3EA6FF',
    background: '#0F0F0F',
    surface: '#212121',
    text: '#FFFFFF',
  },
  {
    id: 'light',
    name: 'Light',
    primary: '#CC0000',
    accent: '#065FD4',
    background: '#FFFFFF',
    surface: '#F2F2F2',
    text: '#0F0F0F',
  },
  {
    id: 'blue-ocean',
    name: 'Blue Ocean',
    primary: '#0EA5E9',
    accent: '#22D3EE',
    background: '#0B1929',
    surface: '#132F4C',
    text: '#E3F2FD',
  },
  {
    id: 'purple-night',
    name: 'Purple Night',
    primary: '#A855F7',
    accent: '#EC4899',
    background: '#13111C',
    surface: '#1E1B2E',
    text: '#F3E8FF',
  },
  {
    id: 'green-tech',
    name: 'Green Tech',
    primary: '#22C55E',
    accent: '#14B8A6',
    background: '#0A0F0D',
    surface: '#141F1A',
    text: '#ECFDF5',
  },
  {
    id: 'orange-sunset',
    name: 'Orange Sunset',
    primary: '#F97316',
    accent: '#FACC15',
    background: '#1A0F0A',
    surface: '#2A1810',
    text: '#FFF7ED',
  },
];

/** SPEC §9 limits the page uses (copies of the contracts' constants, checked by the spec). */
export const PINNED_PLAYLIST_LIMIT = 6;
