import { GOOGLE_CLIENT_ID_PATTERN } from '../google-account';
import { adminSetting, boolean, clearable, secretSetting, wholeNumber } from './values';

export const LIVE_CHECK_DEFAULT_INTERVAL_MINUTES = 5;
export const LIVE_CHECK_MAX_INTERVAL_MINUTES = 1440;

/** The channel's YouTube side: the Data API key, the Google OAuth client, captions and live checks. Admin-only. */
export const youtubeSettings = {
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
};
