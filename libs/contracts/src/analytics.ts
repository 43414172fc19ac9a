import { z } from 'zod';
import { playlistIdSchema } from './playlist';
import { SEARCH_QUERY_MAX_LENGTH } from './limits';
import { videoIdSchema } from './video';

/**
 * First-party, cookieless site analytics (issue 13). The page sends events to `POST /api/events`; the server
 * counts a visitor by a hash of (a daily salt, IP, user agent, site) it never sends back, and keeps rollups.
 */

/** Largest `POST /api/events` body the server reads; a bigger one is a 400 naming the limit (not a 413). */
export const ANALYTICS_MAX_BODY_BYTES = 8 * 1024;
/** Events in one batch (the page sends a few at a time with sendBeacon / fetch keepalive). */
export const ANALYTICS_MAX_BATCH = 20;

export const analyticsRanges = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRangeId = (typeof analyticsRanges)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRangeId = '30d';

export const viewportClasses = ['phone', 'tablet', 'desktop'] as const;
export type ViewportClass = (typeof viewportClasses)[number];

/** Where on the site a play started. */
export const playPlaces = ['featured', 'grid', 'view_all', 'shorts', 'live', 'watch_page'] as const;
export type PlayPlace = (typeof playPlaces)[number];

export const communityCards = ['discord', 'twitter', 'newsletter'] as const;

/** How far into a video a play got (per cent), as the embedded player reports it (issue 23). */
export const playMilestones = [25, 50, 75, 100] as const;
export type PlayMilestone = (typeof playMilestones)[number];
import { heroVariants } from './hero';

export { heroVariants, type HeroVariant } from './hero';

/** A site path like `/` or `/videos/abc`: no host, no query, no fragment. */
const sitePath = z
  .string()
  .max(512)
  .regex(/^\/[^\s?#]*$/, 'must be a site path like /videos/abc');
const utmValue = z.string().trim().min(1).max(100);
const slug = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\w.-]+$/, 'must be an id (letters, digits, ., - and _)');

const at = { path: sitePath };

export const pageviewEventSchema = z.strictObject({
  kind: z.literal('pageview'),
  ...at,
  /** `document.referrer` as the browser gives it; the server keeps only its host. */
  referrer: z.string().max(2048).optional(),
  /** UTM parameters of the landing URL. */
  utm: z
    .strictObject({ source: utmValue.optional(), medium: utmValue.optional(), campaign: utmValue.optional() })
    .optional(),
  viewport: z.enum(viewportClasses),
});
export const playEventSchema = z.strictObject({
  kind: z.literal('play'),
  ...at,
  videoId: videoIdSchema,
  where: z.enum(playPlaces),
});
export const playProgressEventSchema = z.strictObject({
  kind: z.literal('play_progress'),
  ...at,
  videoId: videoIdSchema,
  milestone: z.union(
    playMilestones.map((m) => z.literal(m)),
    { error: 'must be 25, 50, 75 or 100' },
  ),
});
export const playlistOpenEventSchema = z.strictObject({
  kind: z.literal('playlist_open'),
  ...at,
  playlistId: playlistIdSchema,
});
export const subscribeClickEventSchema = z.strictObject({
  kind: z.literal('subscribe_click'),
  ...at,
  /** Which subscribe link: the header's, the hero's, the footer's … */
  where: slug(32),
});
export const communityClickEventSchema = z.strictObject({
  kind: z.literal('community_click'),
  ...at,
  card: z.enum(communityCards),
});
export const heroImpressionEventSchema = z.strictObject({
  kind: z.literal('hero_impression'),
  ...at,
  variant: z.enum(heroVariants),
});
export const heroClickEventSchema = z.strictObject({
  kind: z.literal('hero_click'),
  ...at,
  variant: z.enum(heroVariants),
});
export const affiliateClickEventSchema = z.strictObject({
  kind: z.literal('affiliate_click'),
  ...at,
  programId: slug(64),
});
export const sponsorClickEventSchema = z.strictObject({
  kind: z.literal('sponsor_click'),
  ...at,
  sponsorId: slug(64),
});

/** A search on the site's search page: what was searched for and how many videos it found. */
export const searchEventSchema = z.strictObject({
  kind: z.literal('search'),
  ...at,
  /** As the visitor typed it; the server keeps a normalized copy (`searchDim`). */
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH),
  results: z.number().int().nonnegative().max(1_000_000),
});

export const analyticsEventSchema = z.discriminatedUnion('kind', [
  pageviewEventSchema,
  playEventSchema,
  playProgressEventSchema,
  playlistOpenEventSchema,
  subscribeClickEventSchema,
  communityClickEventSchema,
  heroImpressionEventSchema,
  heroClickEventSchema,
  affiliateClickEventSchema,
  sponsorClickEventSchema,
  searchEventSchema,
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventKind = AnalyticsEvent['kind'];
export const analyticsEventKinds = analyticsEventSchema.options.map(
  (option) => option.shape.kind.value,
) as readonly AnalyticsEventKind[];

/** Body of `POST /api/events`. */
export const analyticsEventBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH),
});
export type AnalyticsEventBatch = z.infer<typeof analyticsEventBatchSchema>;

/** Answer of `POST /api/events` (202): how many events were taken (0 for a bot, GPC, or analytics off). */
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
export type AnalyticsAccepted = z.infer<typeof analyticsAcceptedSchema>;

/** Query of `GET /api/admin/analytics`. */
export const analyticsQuerySchema = z.strictObject({
  range: z.enum(analyticsRanges).default(DEFAULT_ANALYTICS_RANGE),
});

/** Referrer hosts grouped into these sources (docs/analytics.md lists the hosts of each). */
export const trafficSources = ['search', 'youtube', 'social', 'discord', 'direct', 'other'] as const;
export type TrafficSource = (typeof trafficSources)[number];

const count = z.number().int().nonnegative();
const heroArmSchema = z.object({ impressions: count, clicks: count });

/** Answer of `GET /api/admin/analytics?range=`: every figure of the Analytics tab, from rollups. */
export const analyticsReportSchema = z.object({
  range: z.enum(analyticsRanges),
  /** First and last day of the range (UTC, YYYY-MM-DD), both included. */
  from: z.string(),
  to: z.string(),
  /** What one point of `series` stands for: a day (7d, 30d) or a week starting Monday (90d, 1y). */
  bucket: z.enum(['day', 'week']),
  /** The enableSiteAnalytics setting: off means nothing new is counted. */
  enabled: z.boolean(),
  /** True while the figures are the demo history of the demo channel (cleared by the first real sync). */
  demo: z.boolean(),
  totals: z.object({
    views: count,
    /** Sum of each day's unique visitors (the salt rotates daily, so a visitor is not followed across days). */
    visitors: count,
    plays: count,
    /** views / visitors, rounded to two decimals; 0 with no visitors. */
    pagesPerVisit: z.number().nonnegative(),
  }),
  /** One point per bucket, oldest first, every bucket present (zeros included). */
  series: z.array(
    z.object({
      date: z.string(),
      views: count,
      visitors: count,
      plays: count,
      subscribeClicks: count,
      affiliateClicks: count,
    }),
  ),
  /** Visits per source, every source present, in `trafficSources` order. */
  sources: z.array(z.object({ source: z.enum(trafficSources), visits: count })),
  /** Top referrer hosts (at most 10), most visits first. */
  referrers: z.array(z.object({ host: z.string(), source: z.enum(trafficSources), visits: count })),
  /** Top UTM campaigns (at most 10), most visits first. */
  campaigns: z.array(
    z.object({ source: z.string(), medium: z.string(), campaign: z.string(), visits: count }),
  ),
  /**
   * Top videos by plays on the site (at most 10); title null for a video no longer stored. `reached` counts the
   * plays that got to 25, 50, 75 and 100% of the video (the embedded player's progress).
   */
  topVideos: z.array(
    z.object({
      videoId: z.string(),
      title: z.string().nullable(),
      plays: count,
      reached: z.object({ 25: count, 50: count, 75: count, 100: count }),
    }),
  ),
  /** Top pages by views (at most 10). */
  topPages: z.array(z.object({ path: z.string(), views: count })),
  conversions: z.object({
    subscribeClicks: count,
    communityClicks: count,
    affiliateClicks: count,
    sponsorClicks: count,
    playlistOpens: count,
    /** Affiliate clicks per program id. */
    affiliateByProgram: z.array(z.object({ programId: z.string(), clicks: count })),
  }),
  hero: z.object({
    A: heroArmSchema,
    B: heroArmSchema,
    /** Two-proportion z-test of the click-through rates. */
    test: z.object({
      /** False below the threshold (docs/analytics.md), the UI then says "not enough data yet". */
      enoughData: z.boolean(),
      pValue: z.number().min(0).max(1).nullable(),
      significant: z.boolean(),
      leader: z.enum(heroVariants).nullable(),
    }),
  }),
  /**
   * What visitors searched for on the site's search page: how many searches and how many found nothing, the top
   * queries and the top queries that found nothing (at most ANALYTICS_TOP_SEARCHES each, most searched first;
   * queries beyond each day's top ANALYTICS_SEARCHES_PER_DAY count in the totals only).
   */
  searches: z.object({
    total: count,
    empty: count,
    top: z.array(z.object({ query: z.string(), searches: count })),
    notFound: z.array(z.object({ query: z.string(), searches: count })),
  }),
  /** Views in the last 30 days, whatever the range: the "500K monthly views" goal. */
  monthlyViews: count,
  /**
   * The days of the range whose traffic looks like a flood, and the days the owner left out of the reports, oldest
   * first (docs/analytics.md, floods). Every other figure of the report leaves out the days with `excluded: true`.
   */
  floodDays: z.array(
    z.object({
      day: z.string(),
      /** The day's visitors (unique per day), as counted. */
      visitors: count,
      /** The visitors of the day's busiest network (an IPv4 /24 or an IPv6 /48). */
      networkVisitors: count,
      /** The day reached ANALYTICS_VISITORS_PER_DAY: later new visitors were not counted as visitors. */
      capped: z.boolean(),
      /** True when the day's traffic matches the flood rule (false: excluded by the owner, no longer suspect). */
      suspected: z.boolean(),
      /** The owner left the day out of every report figure (nothing is deleted; reversible). */
      excluded: z.boolean(),
    }),
  ),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/**
 * Bounds of the analytics rollups (issue 25, docs/analytics.md): distinct referrer hosts and UTM campaigns kept per
 * day (the most visited; the rest count as "other"), and distinct ids per day of the kinds the API cannot check
 * against the site (a playlist, a subscribe link, an affiliate program, a sponsor: the first ones of the day).
 */
export const ANALYTICS_REFERRERS_PER_DAY = 100;
export const ANALYTICS_CAMPAIGNS_PER_DAY = 100;
export const ANALYTICS_CAPPED_DIMS_PER_DAY = 50;
/**
 * Search queries kept per day, like referrers: the day's most searched (and, apart, the day's most searched that
 * found nothing); the rest count as "other". While a day runs, its first ANALYTICS_SEARCH_CANDIDATES_PER_DAY distinct
 * queries are counted, and the day's upkeep keeps the top ones once it is over.
 */
export const ANALYTICS_SEARCHES_PER_DAY = 100;
export const ANALYTICS_SEARCH_CANDIDATES_PER_DAY = 1000;
/** Queries the Analytics tab lists in each of its two search lists. */
export const ANALYTICS_TOP_SEARCHES = 20;

/**
 * Visitor rows per day (the default of the API's `ANALYTICS_MAX_VISITORS`): beyond them a new
 * visitor's page views still count as views, but not as a visitor or a visit (docs/analytics.md, floods).
 */
export const ANALYTICS_VISITORS_PER_DAY = 10_000;
/**
 * A day looks like a flood when it reached its visitor cap, or when one network (an IPv4 /24 or an IPv6 /48) brought
 * at least ANALYTICS_FLOOD_NETWORK_VISITORS visitors and at least ANALYTICS_FLOOD_NETWORK_SHARE of the day's.
 */
export const ANALYTICS_FLOOD_NETWORK_VISITORS = 50;
export const ANALYTICS_FLOOD_NETWORK_SHARE = 0.5;

/** Body of `PUT /api/admin/analytics/days/{day}`: leave the day out of the reports, or count it again. */
export const analyticsDayExclusionSchema = z.strictObject({ excluded: z.boolean() });
export type AnalyticsDayExclusion = z.infer<typeof analyticsDayExclusionSchema>;
/** Answer of that route. */
export const analyticsDayStateSchema = z.object({ day: z.string(), excluded: z.boolean() });
export type AnalyticsDayState = z.infer<typeof analyticsDayStateSchema>;
/** The `{day}` of that route: a UTC day, YYYY-MM-DD. */
export const analyticsDaySchema = z.iso.date({ message: 'must be a day like 2026-04-15' });

/**
 * The most rollup rows one day can add, with `videos` videos on the site: per kind, its daily rows (pages: `/`,
 * each video's page and "other"; plays: each video and "other"; progress: each video × 4 milestones; the enums;
 * the four capped kinds, referrers and campaigns: their cap plus "other"; the day's totals), and as many weekly
 * rows. The API's per-kind table (analytics-kinds.ts `dimBoundsPerDay`) sums to the same.
 */
export function analyticsRowsPerDayBound(videos: number): number {
  const daily =
    3 + // view, play, visitors totals
    (videos + 2) + // page
    (videos + 1) + // play_video
    videos * playMilestones.length + // play_progress
    viewportClasses.length +
    playPlaces.length +
    communityCards.length +
    2 * heroVariants.length + // impressions, clicks
    trafficSources.length +
    4 * (ANALYTICS_CAPPED_DIMS_PER_DAY + 1) +
    (ANALYTICS_REFERRERS_PER_DAY + 1) +
    (ANALYTICS_CAMPAIGNS_PER_DAY + 1) +
    2 * (ANALYTICS_SEARCHES_PER_DAY + 1); // searches, searches that found nothing (a day that is over)
  return 2 * daily;
}
