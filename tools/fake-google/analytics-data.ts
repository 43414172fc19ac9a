/**
 * The numbers behind the fake YouTube Analytics: every figure is a function of the seed, the video and the day, so a
 * report is the same on every run and machine. A video's day holds whole views and the expected (fractional) rest:
 * subscribers, likes, comments, shares, watch time, revenue. A report sums these over its cells and rounds each row
 * once (analytics.ts `metric`), so a small channel's day has its few subscribers and comments although each of its
 * videos' rows reads 0, and a channel's row is not the sum of its videos' rounded rows: YouTube's are not either.
 * Untidy the way YouTube is (https://developers.google.com/youtube/analytics/data_model, "the API response contains
 * data up until the last day … for which all metrics in the query are available"):
 *
 * - the day before `today` and later have no data yet; a few older days are missing altogether (no row);
 * - the two days before those are still being counted: they read lower now and higher later (revised);
 * - a channel outside the YouTube Partner Programme has every revenue metric at 0.
 */
import type { FakeGoogleOwner } from '@app/contracts/fake-google';
import { seededRandom } from '@app/contracts/random';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of an ISO date (`2026-11-24`). */
export const dayNumber = (iso: string): number =>
  Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A number in [0, 1) fixed by the seed and the parts (FNV-1a over them, then one step of mulberry32). */
export function unit(seed: number, ...parts: (string | number)[]): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const part of parts) {
    if (typeof part === 'number') hash = Math.imul(hash ^ part, 0x01000193);
    else for (let i = 0; i < part.length; i += 1) hash = Math.imul(hash ^ part.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x7c, 0x01000193);
  }
  return seededRandom(hash >>> 0)();
}

/** What a day's share still has to grow by, days after it (1: final). */
export const REVISION: Record<number, number> = { 2: 0.72, 3: 0.9 };
/** About one day in this many has no data at all. */
const MISSING_DAY_EVERY = 37;

/**
 * The counts of one video on one day (or a sum of them): everything the metrics are computed from. Views are whole
 * on a video's day; the rest are expected values, rounded only where a report sends them.
 */
export interface Counts {
  views: number;
  /** Seconds watched. */
  watchSeconds: number;
  /** Σ views × the percentage of the video each view watched (for averageViewPercentage). */
  percentViews: number;
  subscribersGained: number;
  subscribersLost: number;
  likes: number;
  dislikes: number;
  comments: number;
  shares: number;
  /** Revenue in micro-USD. */
  revenue: number;
  adRevenue: number;
  grossRevenue: number;
  monetizedPlaybacks: number;
  /** Σ CPM × monetized playbacks (for the weighted CPM), in micro-USD. */
  cpmPlaybacks: number;
}

export const emptyCounts = (): Counts => ({
  views: 0,
  watchSeconds: 0,
  percentViews: 0,
  subscribersGained: 0,
  subscribersLost: 0,
  likes: 0,
  dislikes: 0,
  comments: 0,
  shares: 0,
  revenue: 0,
  adRevenue: 0,
  grossRevenue: 0,
  monetizedPlaybacks: 0,
  cpmPlaybacks: 0,
});

/** Adds `factor` × `add` to `into` (a revised day's share, a country's part): unrounded, as YouTube sums. */
export function addCounts(into: Counts, add: Counts, factor = 1): Counts {
  for (const key of Object.keys(into) as (keyof Counts)[]) into[key] += add[key] * factor;
  return into;
}

/** The fixed traits of a video: its length, how much of it a view watches, how big its launch is. */
export function videoTraits(seed: number, id: string) {
  return {
    durationSeconds: 240 + Math.floor(unit(seed, id, 'duration') * 1260),
    watchedPercent: 28 + unit(seed, id, 'watched') * 34,
    launchViews: 300 + Math.floor(unit(seed, id, 'launch') ** 2 * 6000),
    tailViews: 4 + Math.floor(unit(seed, id, 'tail') * 40),
  };
}

/** A video's final counts on `day` (before any revision). */
export function videoDay(
  seed: number,
  owner: FakeGoogleOwner,
  id: string,
  publishedDay: number,
  day: number,
): Counts {
  const counts = emptyCounts();
  const age = day - publishedDay;
  if (age < 0) return counts;
  const t = videoTraits(seed, id);
  const weekend = [0, 6].includes(new Date(day * DAY_MS).getUTCDay()) ? 1.18 : 1;
  const noise = 0.75 + unit(seed, id, day, 'views') * 0.5;
  const views = Math.round((t.launchViews * Math.exp(-age / 3.5) + t.tailViews) * weekend * noise);
  const percent = Math.min(100, t.watchedPercent * (0.9 + unit(seed, id, day, 'pct') * 0.2));
  // Expected counts, not rounded: ~25 views a day of an older video make 0.1 subscriber, and 24 such videos 2.4.
  const rate = (what: string, base: number) => views * base * (0.6 + unit(seed, id, day, what) * 0.8);
  counts.views = views;
  counts.watchSeconds = (views * t.durationSeconds * percent) / 100;
  counts.percentViews = views * percent;
  counts.subscribersGained = rate('gained', 0.004);
  counts.subscribersLost = counts.subscribersGained * 0.3 * unit(seed, id, day, 'lost');
  counts.likes = rate('likes', 0.035);
  counts.dislikes = rate('dislikes', 0.0015);
  counts.comments = rate('comments', 0.003);
  counts.shares = rate('shares', 0.002);
  if (owner.partner) {
    const rpm = 2 + unit(seed, day, 'rpm') * 4;
    const cpm = 6 + unit(seed, day, 'cpm') * 7;
    counts.monetizedPlaybacks = views * 0.45;
    counts.revenue = views * rpm * 1000;
    counts.adRevenue = counts.revenue * 0.82;
    counts.grossRevenue = counts.revenue * 1.75;
    counts.cpmPlaybacks = counts.monetizedPlaybacks * cpm * 1e6;
  }
  return counts;
}

/** Whether YouTube has any data for `day` seen from `today`, and which share of it so far (REVISION). */
export function dayShare(seed: number, day: number, today: number): number {
  const lag = today - day;
  if (lag < 2) return 0;
  if (unit(seed, day, 'missing') < 1 / MISSING_DAY_EVERY) return 0;
  return REVISION[lag] ?? 1;
}

/**
 * A split of a total over named parts (countries, devices…): fixed weights with a little per-seed jitter,
 * normalised to 1.
 */
export function split(seed: number, what: string, weights: [string, number][]): [string, number][] {
  const jittered = weights.map(
    ([name, w]) => [name, w * (0.85 + unit(seed, what, name) * 0.3)] as [string, number],
  );
  const total = jittered.reduce((sum, [, w]) => sum + w, 0);
  return jittered.map(([name, w]) => [name, w / total]);
}

/** `ZZ` is YouTube's "unknown region". */
export const COUNTRY_WEIGHTS: [string, number][] = [
  ['US', 0.3],
  ['IN', 0.11],
  ['GB', 0.08],
  ['DE', 0.07],
  ['BR', 0.06],
  ['CA', 0.05],
  ['FR', 0.04],
  ['JP', 0.03],
  ['AU', 0.03],
  ['MX', 0.03],
  ['ES', 0.025],
  ['ZZ', 0.02],
  ['NL', 0.02],
  ['PL', 0.015],
  ['IT', 0.015],
];
export const DEVICE_WEIGHTS: [string, number][] = [
  ['MOBILE', 0.58],
  ['DESKTOP', 0.27],
  ['TV', 0.1],
  ['TABLET', 0.04],
  ['GAME_CONSOLE', 0.01],
];
export const TRAFFIC_WEIGHTS: [string, number][] = [
  ['RELATED_VIDEO', 0.31],
  ['YT_SEARCH', 0.22],
  ['SUBSCRIBER', 0.14],
  ['NO_LINK_OTHER', 0.09],
  ['EXT_URL', 0.07],
  ['PLAYLIST', 0.05],
  ['YT_CHANNEL', 0.05],
  ['NOTIFICATION', 0.03],
  ['SHORTS', 0.02],
  ['YT_OTHER_PAGE', 0.02],
];
export const AGE_GROUPS = ['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-'];
const AGE_WEIGHTS = [0.04, 0.21, 0.33, 0.2, 0.11, 0.07, 0.04];
export const GENDERS = ['female', 'male', 'user_specified'];
const GENDER_WEIGHTS = [0.27, 0.72, 0.01];

/** viewerPercentage of each age group × gender (sums to 100). */
export function audienceShares(seed: number): { ageGroup: string; gender: string; percent: number }[] {
  const cells = AGE_GROUPS.flatMap((ageGroup, a) =>
    GENDERS.map((gender, g) => ({
      ageGroup,
      gender,
      weight: AGE_WEIGHTS[a] * GENDER_WEIGHTS[g] * (0.8 + unit(seed, ageGroup, gender) * 0.4),
    })),
  );
  const total = cells.reduce((sum, c) => sum + c.weight, 0);
  return cells.map(({ ageGroup, gender, weight }) => ({ ageGroup, gender, percent: (weight / total) * 100 }));
}

/** The external sites of EXT_URL traffic: the owner's sites first, then the usual ones. */
export function externalSiteWeights(owner: FakeGoogleOwner): [string, number][] {
  const own = owner.externalSites.map((site, i) => [site, 0.3 / (i + 1)] as [string, number]);
  return [
    ...own,
    ['google.com', 0.25],
    ['reddit.com', 0.14],
    ['duckduckgo.com', 0.06],
    ['news.ycombinator.com', 0.05],
  ];
}

/** The retention curve of a video: audienceWatchRatio at each hundredth of its length (above 1 where rewatched). */
export function retention(seed: number, id: string): { ratio: number; watch: number; relative: number }[] {
  const { watchedPercent } = videoTraits(seed, id);
  const end = (watchedPercent / 100) * 0.55;
  return Array.from({ length: 100 }, (_, i) => {
    const ratio = (i + 1) / 100;
    const intro = i < 3 ? 0.15 * (3 - i) : 0;
    const bump = unit(seed, id, i, 'bump') < 0.05 ? 0.08 : 0;
    const watch = end + (1 - end) * Math.exp(-ratio * 3.2) + intro + bump;
    return { ratio, watch, relative: Math.min(1, 0.35 + unit(seed, id, 'relative') * 0.4 + bump) };
  });
}
