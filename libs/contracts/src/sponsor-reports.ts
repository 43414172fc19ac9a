import { z } from 'zod';

/**
 * Sponsor reports (docs/sponsor-reports.md): a read-only page at a signed, revocable link the owner creates for a
 * deal (`/sponsor-reports/{token}`, report-pages.ts), and the CSV of the same figures. Every figure says where it
 * comes from and when it was read; one that is not there yet says why and, when it can tell, from which day it
 * will be. Nothing is ever a sample.
 */

const count = z.number().int().nonnegative();
const amount = z.number().nonnegative();
/** An instant, ISO 8601. */
const instant = z.string();
/** A UTC day, `YYYY-MM-DD`. */
const day = z.string();

/** Where a figure was read. */
export const figureSources = [
  /** YouTube Analytics (reports.query), through the owner's connected Google account. */
  'youtube-analytics',
  /** YouTube's public counts (the Data API or the feed), as the last sync stored them. */
  'youtube-public',
  /** The site's own first-party analytics. */
  'site-analytics',
] as const;
export type FigureSource = (typeof figureSources)[number];

/** Why a figure is not there. */
export const figureGaps = [
  /** No Google account is connected. */
  'not-connected',
  /** The grant is gone (`invalid_grant`) and nothing was stored before. */
  'reconnect-needed',
  /** Connected, but the first import has not reached these days yet. */
  'importing',
  /** The day it counts to is not over, or YouTube has no figures for it yet (`availableOn` says from when). */
  'not-yet',
  /** YouTube has no figures for this video on the connected channel. */
  'unknown-video',
  /** YouTube keeps it back: too few views for a retention curve or an audience breakdown. */
  'too-few-views',
  /** Not read from YouTube yet: the site is reading it now, and the next view of the page shows it. */
  'reading',
  /** The site's own analytics are switched off (`enableSiteAnalytics`). */
  'analytics-off',
  /** The channel hides its subscriber count. */
  'hidden',
  /** The site still shows its demo channel: no real figure exists. */
  'demo',
  /** The site has not read the channel from YouTube yet (no successful sync). */
  'not-synced',
  /** Nothing to count (no long video yet). */
  'none',
] as const;
export type FigureGap = (typeof figureGaps)[number];

/** A figure that is not there, and why. */
export const missingFigureSchema = z.object({
  available: z.literal(false),
  gap: z.enum(figureGaps),
  /** The first day it can be there (a day-30 figure of a video published 10 days ago), when that is known. */
  availableOn: day.nullable(),
});
export type MissingFigure = z.infer<typeof missingFigureSchema>;

/** A figure with its source and when it was read there, or why it is missing. */
export const figureSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('available', [
    z.object({ available: z.literal(true), value, source: z.enum(figureSources), readAt: instant }),
    missingFigureSchema,
  ]);
export type Figure<T> = { available: true; value: T; source: FigureSource; readAt: string } | MissingFigure;

export const countryViewsSchema = z.array(z.object({ country: z.string(), views: count }));
export type CountryViews = z.infer<typeof countryViewsSchema>;

/** One point of a retention curve: the share of the video (0.01 … 1) and audienceWatchRatio there. */
export const retentionPointSchema = z.object({ elapsed: amount, watchRatio: amount });
export type RetentionPoint = z.infer<typeof retentionPointSchema>;

/** Days after publishing at which a report gives the views (the publish day is day 0). */
export const REPORT_VIEW_DAYS = [7, 14, 30] as const;

/** One sponsored video in a report. */
export const sponsorReportVideoSchema = z.object({
  videoId: z.string(),
  /** The site's title; null when the site no longer stores the video (YouTube may still have figures). */
  title: z.string().nullable(),
  /** When it was published (ISO 8601), as the site stores it; null when the site no longer has it. */
  publishedAt: instant.nullable(),
  /** Views from publishing to 7, 14 and 30 days after, both days included. */
  viewsAt: z.object({ day7: figureSchema(count), day14: figureSchema(count), day30: figureSchema(count) }),
  /** Since publishing. */
  views: figureSchema(count),
  watchHours: figureSchema(amount),
  averageViewPercentage: figureSchema(amount),
  retention: figureSchema(z.array(retentionPointSchema)),
  /** Most views first, at most 10. */
  topCountries: figureSchema(countryViewsSchema),
});
export type SponsorReportVideo = z.infer<typeof sponsorReportVideoSchema>;

/** What a report page shows (the page model's `data.report`) and its CSV holds. */
export const sponsorReportSchema = z.object({
  sponsorName: z.string(),
  /** The deal's link, whose clicks on this site are counted. */
  sponsorUrl: z.string(),
  startDate: day,
  endDate: day,
  /** The site's name, as its pages show it. */
  siteName: z.string(),
  /** When the report was put together (each view reads the figures again). */
  generatedAt: instant,
  videos: z.array(sponsorReportVideoSchema),
  /** Clicks on the sponsor's link on this site, from the deal's first day (or its first video's) to today. */
  clicks: figureSchema(count),
  /** The days the clicks were counted over, both included. */
  clicksFrom: day,
  clicksTo: day,
});
export type SponsorReport = z.infer<typeof sponsorReportSchema>;

/** A report link as the dashboard lists it. */
export const sponsorReportLinkSchema = z.object({
  id: z.number().int().positive(),
  sponsorshipId: z.number().int().positive(),
  /** The report's address on the site (absolute); null once revoked: the link answers 410 since. */
  url: z.string().nullable(),
  createdAt: instant,
  revokedAt: instant.nullable(),
});
export type SponsorReportLink = z.infer<typeof sponsorReportLinkSchema>;

/** `GET /api/admin/sponsorships/{id}/report-links`: the deal's links, the newest first (revoked ones too). */
export const sponsorReportLinkListSchema = z.object({ links: z.array(sponsorReportLinkSchema) });
export type SponsorReportLinkList = z.infer<typeof sponsorReportLinkListSchema>;

/** A deal may have this many links that still work; revoke one to make another. */
export const SPONSOR_REPORT_MAX_LIVE_LINKS = 20;

export const sponsorReportLinkIdSchema = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .positive();
