/**
 * YouTube Analytics' dimension values (`insightTrafficSourceType`, `deviceType`, `ageGroup`, `gender`, country
 * codes) in the words YouTube Studio uses, and the formats of its figures. A value YouTube adds later shows as
 * its code, made readable.
 */

/** `SOME_NEW_VALUE` → `Some new value`. */
const readable = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const TRAFFIC_SOURCES: Record<string, string> = {
  ADVERTISING: 'YouTube advertising',
  ANNOTATION: 'Annotations',
  CAMPAIGN_CARD: 'Campaign cards',
  END_SCREEN: 'End screens',
  EXT_URL: 'External sites',
  HASHTAGS: 'Hashtag pages',
  LIVE_REDIRECT: 'Live redirects',
  NO_LINK_EMBEDDED: 'Embedded players',
  NO_LINK_OTHER: 'Direct or unknown',
  NOTIFICATION: 'Notifications',
  PLAYLIST: 'Playlists',
  PRODUCT_PAGE: 'Product pages',
  PROMOTED: 'Promoted',
  RELATED_VIDEO: 'Suggested videos',
  SHORTS: 'Shorts feed',
  SOUND_PAGE: 'Sound pages',
  SUBSCRIBER: 'Browse features',
  VIDEO_REMIXES: 'Remixes',
  YT_CHANNEL: 'Channel pages',
  YT_OTHER_PAGE: 'Other YouTube features',
  YT_PLAYLIST_PAGE: 'Playlist pages',
  YT_SEARCH: 'YouTube search',
};
export const trafficSourceLabel = (source: string) => TRAFFIC_SOURCES[source] ?? readable(source);

const DEVICES: Record<string, string> = {
  MOBILE: 'Mobile phone',
  DESKTOP: 'Computer',
  TV: 'TV',
  TABLET: 'Tablet',
  GAME_CONSOLE: 'Game console',
  UNKNOWN_PLATFORM: 'Unknown',
};
export const deviceLabel = (device: string) => DEVICES[device] ?? readable(device);

/** `age18-24` → `18–24`, `age65-` → `65+`. */
export function ageGroupLabel(ageGroup: string): string {
  const match = /^age(\d+)-(\d*)$/.exec(ageGroup);
  if (!match) return ageGroup;
  return match[2] ? `${match[1]}–${match[2]}` : `${match[1]}+`;
}

const GENDERS: Record<string, string> = { female: 'Female', male: 'Male', user_specified: 'User-specified' };
export const genderLabel = (gender: string) => GENDERS[gender] ?? readable(gender);

let regions: Intl.DisplayNames | null = null;
/** `DE` → `Germany`; `ZZ` is YouTube's unknown region. */
export function countryLabel(code: string): string {
  if (code === 'ZZ') return 'Unknown region';
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Seconds as `4:05`, or `1:02:03` from an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
/** Watch hours, one decimal: `1,234.5`. */
export const formatHours = (hours: number) => oneDecimal.format(hours);
/** A percentage YouTube gives as a number: `42.3%`. */
export const formatShare = (percent: number) => `${oneDecimal.format(percent)}%`;

const instant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** When figures were read: `Nov 24, 2026, 3:12 AM` (the admin's time zone). */
export const formatInstant = (iso: string) => instant.format(new Date(iso));

const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** A stored day `YYYY-MM-DD` (UTC) with its year: `Mar 5, 2026`. */
export const formatLongDay = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));
