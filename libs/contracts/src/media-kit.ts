import { z } from 'zod';
import { countryViewsSchema, figureSchema } from './sponsor-reports';

/**
 * The media kit (`/media-kit`, docs/media-kit.md): the channel's audience on one page for brands, off until the
 * owner switches `enableMediaKit` on. Every figure carries its source and the moment it was read (YouTube
 * Analytics, refreshed nightly; YouTube's public counts, refreshed by each sync), or why it is missing.
 */

const count = z.number().int().nonnegative();
const amount = z.number().nonnegative();

/** The long videos (neither Shorts nor streams) whose average views the media kit gives. */
export const MEDIA_KIT_RECENT_VIDEOS = 10;

export const mediaKitSchema = z.object({
  /** The page is the signed-in owner's preview of a media kit that is not public (switched off). */
  preview: z.boolean(),
  /** When it was put together. */
  generatedAt: z.string(),
  channel: z.object({
    title: z.string(),
    handle: z.string().nullable(),
    /** The channel on YouTube; null before the site knows its id. */
    url: z.string().nullable(),
  }),
  subscribers: figureSchema(count),
  /** The 30 days YouTube Analytics has figures for, both included (the views', countries', audience's). */
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  views30d: figureSchema(count),
  /** Average views of the last MEDIA_KIT_RECENT_VIDEOS long videos, and how many there were. */
  averageViews: figureSchema(z.object({ average: count, videos: count })),
  /** Most views first (at most 10), with each one's share of the views in per cent. */
  topCountries: figureSchema(countryViewsSchema),
  /** Viewer percentage per age group and gender (YouTube counts signed-in viewers only). */
  ageGender: figureSchema(
    z.array(z.object({ ageGroup: z.string(), gender: z.string(), viewerPercentage: amount })),
  ),
  /** Likes, comments and shares over the 30 days, and (likes + comments + shares) / views in per cent. */
  engagement: figureSchema(z.object({ likes: count, comments: count, shares: count, ratePercent: amount })),
});
export type MediaKit = z.infer<typeof mediaKitSchema>;
