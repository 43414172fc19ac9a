import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from '../public-settings-defaults';
import { boolean, clearable, publicSetting } from './values';

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/** Google Analytics, Plausible and the site's own analytics. The page loads the scripts, so ids and toggles are public. */
export const analyticsSettings = {
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
};
