import type { AnalyticsRangeId, HeroVariant, TrafficSource } from '@app/contracts';

/** Pure rules of the analytics report (docs/analytics.md): days and buckets, sources, the A/B test. */

const DAY_MS = 86_400_000;

/** The UTC day of a time, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** mondayOf's answers: each write asks it for every count it adds, nearly always of one or two days. */
const mondays = new Map<string, string>();

/** The Monday of the (ISO) week holding `day`. */
export function mondayOf(day: string): string {
  let monday = mondays.get(day);
  if (monday === undefined) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
    monday = addDays(day, -((weekday + 6) % 7));
    if (mondays.size >= 1000) mondays.clear();
    mondays.set(day, monday);
  }
  return monday;
}

export const RANGE_DAYS: Record<AnalyticsRangeId, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export interface RangeDays {
  from: string;
  to: string;
  bucket: 'day' | 'week';
  /** Every bucket's date, oldest first: each day, or each week's Monday. */
  buckets: string[];
}

/** The range ending today (both ends included); 90d and 1y are shown in weeks starting on Monday. */
export function rangeDays(range: AnalyticsRangeId, today: string): RangeDays {
  const from = addDays(today, -(RANGE_DAYS[range] - 1));
  const bucket = range === '7d' || range === '30d' ? 'day' : 'week';
  const buckets: string[] = [];
  if (bucket === 'day') {
    for (let day = from; day <= today; day = addDays(day, 1)) buckets.push(day);
  } else {
    for (let monday = mondayOf(from); monday <= today; monday = addDays(monday, 7)) buckets.push(monday);
  }
  return { from, to: today, bucket, buckets };
}

/** The bucket a day of the range falls in. */
export function bucketOf(day: string, bucket: 'day' | 'week'): string {
  return bucket === 'day' ? day : mondayOf(day);
}

/**
 * Referrer hosts of each source; a host matches an entry or any subdomain of it (`m.youtube.com`), and an
 * entry ending in `.*` matches any top-level domain (`google.co.uk`). Anything else with a host is `other`;
 * no referrer (or the site's own host) is `direct`. docs/analytics.md shows this table.
 */
export const SOURCE_HOSTS: Record<Exclude<TrafficSource, 'direct' | 'other'>, readonly string[]> = {
  search: [
    'google.*',
    'bing.com',
    'duckduckgo.com',
    'yahoo.*',
    'yandex.*',
    'baidu.com',
    'ecosia.org',
    'search.brave.com',
    'startpage.com',
    'qwant.com',
    'kagi.com',
  ],
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  social: [
    'x.com',
    't.co',
    'twitter.com',
    'facebook.com',
    'fb.com',
    'instagram.com',
    'threads.net',
    'reddit.com',
    'linkedin.com',
    'lnkd.in',
    'bsky.app',
    'mastodon.social',
    'mastodon.online',
    'mstdn.social',
    'tiktok.com',
    'pinterest.com',
    'news.ycombinator.com',
  ],
  discord: ['discord.com', 'discord.gg', 'discordapp.com'],
};

const hostPatterns = Object.entries(SOURCE_HOSTS).flatMap(([source, hosts]) =>
  hosts.map((host) => {
    const name = host.replace(/\.\*$/, '').replace(/\./g, '\\.');
    const tld = host.endsWith('.*') ? '\\.[a-z]{2,}(\\.[a-z]{2})?' : '';
    return { source: source as TrafficSource, pattern: new RegExp(`(^|\\.)${name}${tld}$`) };
  }),
);

/** The source of a referrer host ('' = no referrer). */
export function sourceOfHost(host: string): TrafficSource {
  if (!host) return 'direct';
  return hostPatterns.find(({ pattern }) => pattern.test(host))?.source ?? 'other';
}

/** The host of `document.referrer` ('' for none, an unreadable one, or one of the site's own hosts). */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string {
  if (!referrer) return '';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return '';
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  return ownHosts.some((own) => own.replace(/^www\./, '') === host) ? '' : host.slice(0, 255);
}

/** Fewer impressions per variant or clicks in all, and the test says "not enough data yet". */
export const AB_MIN_IMPRESSIONS_PER_ARM = 100;
export const AB_MIN_CLICKS = 10;
export const AB_SIGNIFICANCE = 0.05;

export interface Arm {
  impressions: number;
  clicks: number;
}

export interface AbTest {
  enoughData: boolean;
  pValue: number | null;
  significant: boolean;
  leader: HeroVariant | null;
}

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 erf, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Two-sided two-proportion z-test of the click-through rates (pooled standard error). Below the threshold it
 * gives no p-value and no leader; with enough data the leader is the variant with the higher rate (none on a tie).
 */
export function heroTest(a: Arm, b: Arm): AbTest {
  const enoughData =
    a.impressions >= AB_MIN_IMPRESSIONS_PER_ARM &&
    b.impressions >= AB_MIN_IMPRESSIONS_PER_ARM &&
    a.clicks + b.clicks >= AB_MIN_CLICKS;
  if (!enoughData) return { enoughData, pValue: null, significant: false, leader: null };
  // A click without its impression (a blocked beacon) must not push a rate over 1.
  const pa = Math.min(1, a.clicks / a.impressions);
  const pb = Math.min(1, b.clicks / b.impressions);
  const pooled = Math.min(1, (a.clicks + b.clicks) / (a.impressions + b.impressions));
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.impressions + 1 / b.impressions));
  const pValue = se === 0 ? 1 : Math.min(1, Math.max(0, 2 * (1 - normalCdf(Math.abs((pa - pb) / se)))));
  const leader = pa === pb ? null : pa > pb ? 'A' : 'B';
  return {
    enoughData,
    pValue: Math.round(pValue * 1e6) / 1e6,
    significant: pValue < AB_SIGNIFICANCE,
    leader,
  };
}

/** Most first, then by key, at most `limit`. */
export function topEntries<K extends string, T extends Record<K, string> & { n: number }>(
  rows: T[],
  key: K,
  limit = 10,
): T[] {
  return [...rows]
    .filter((row) => row.n > 0)
    .sort((x, y) => y.n - x.n || (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : 0))
    .slice(0, limit);
}
