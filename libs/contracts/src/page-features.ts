import type { PublicSettings } from './settings';

/** The third-party features a page may load. No zod here: the public page's bundle imports this file. */
export interface PageFeatures {
  googleAnalytics: boolean;
  plausible: boolean;
  adsense: boolean;
}

export type PageFeatureSettings = Pick<
  PublicSettings,
  | 'enableGoogleAnalytics'
  | 'googleAnalyticsId'
  | 'enablePlausible'
  | 'plausibleDomain'
  | 'adsensePublisherId'
  | 'adPlacements'
>;

export const pageFeatureSettingsKeys = [
  'enableGoogleAnalytics',
  'googleAnalyticsId',
  'enablePlausible',
  'plausibleDomain',
  'adsensePublisherId',
  'adPlacements',
] as const satisfies readonly (keyof PageFeatureSettings)[];

/**
 * Which third parties a page may load: as the web app decides (features/analytics, features/ads),
 * before the visitor's consent, which the page asks for itself.
 */
export function pageFeatures(settings: PageFeatureSettings): PageFeatures {
  return {
    googleAnalytics: settings.enableGoogleAnalytics && settings.googleAnalyticsId !== '',
    plausible: settings.enablePlausible && settings.plausibleDomain !== '',
    adsense: settings.adsensePublisherId !== '' && Object.values(settings.adPlacements).some(Boolean),
  };
}
