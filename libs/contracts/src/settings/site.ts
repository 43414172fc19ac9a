import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from '../public-settings-defaults';
import { CHANNEL_ID_PATTERN } from '../youtube';
import { adminSetting, boolean, clearable, emailSetting, publicSetting, text, urlSetting } from './values';

export const LEGAL_TEXT_MAX_CHARS = 100_000;

/** The site as a whole and for search engines: title, description, channel, sitemap, feeds, social cards. */
export const siteSettings = {
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
};

/** The legal pages' texts (public: the site shows them). */
export const legalSettings = {
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
