import { z } from 'zod';

/**
 * The parts of YouTube Data API v3 resources the sync reads (https://developers.google.com/youtube/v3/docs).
 * Unknown fields are dropped; counts arrive as strings (uint64) and become numbers.
 */

const count = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);

const thumbnailSchema = z.object({
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export const thumbnailsSchema = z.record(z.string(), thumbnailSchema);
export type YtThumbnails = z.infer<typeof thumbnailsSchema>;

export const ytChannelSchema = z.object({
  id: z.string(),
  snippet: z.object({
    title: z.string(),
    description: z.string().default(''),
    customUrl: z.string().optional(),
    thumbnails: thumbnailsSchema.optional(),
  }),
  contentDetails: z.object({
    relatedPlaylists: z.object({ uploads: z.string().optional() }),
  }),
  statistics: z.object({
    viewCount: count.default(0),
    /** Absent when the channel hides it. */
    subscriberCount: count.optional(),
    hiddenSubscriberCount: z.boolean().optional(),
    videoCount: count.default(0),
  }),
  /** The channel's banner: absent, or without `bannerExternalUrl`, when it has none. */
  brandingSettings: z
    .object({ image: z.object({ bannerExternalUrl: z.string().optional() }).optional() })
    .optional(),
});
export type YtChannel = z.infer<typeof ytChannelSchema>;

export const ytPlaylistItemSchema = z.object({
  contentDetails: z.object({ videoId: z.string(), videoPublishedAt: z.string().optional() }),
});
export type YtPlaylistItem = z.infer<typeof ytPlaylistItemSchema>;

export const ytVideoSchema = z.object({
  id: z.string(),
  snippet: z.object({
    publishedAt: z.string(),
    title: z.string(),
    description: z.string().default(''),
    thumbnails: thumbnailsSchema.optional(),
    tags: z.array(z.string()).optional(),
    /** `none`, `live` or `upcoming`. */
    liveBroadcastContent: z.string().default('none'),
  }),
  contentDetails: z.object({ duration: z.string().optional() }).optional(),
  statistics: z.object({ viewCount: count.optional() }).optional(),
  liveStreamingDetails: z
    .object({
      actualStartTime: z.string().optional(),
      actualEndTime: z.string().optional(),
      scheduledStartTime: z.string().optional(),
    })
    .optional(),
});
export type YtVideo = z.infer<typeof ytVideoSchema>;

export const ytPlaylistSchema = z.object({
  id: z.string(),
  snippet: z.object({ title: z.string(), thumbnails: thumbnailsSchema.optional() }),
  contentDetails: z.object({ itemCount: z.number().int().nonnegative() }).optional(),
});
export type YtPlaylist = z.infer<typeof ytPlaylistSchema>;

/** A list answer; `items` is absent when nothing matched (e.g. an unknown channel id). */
export const listSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).default([]),
    nextPageToken: z.string().optional(),
  });
export interface YtPage<T> {
  items: T[];
  nextPageToken?: string;
}

/** YouTube's error body: `{ error: { code, message, errors: [{ reason, domain, message }] } }`. */
export const ytErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), domain: z.string().optional() })).optional(),
  }),
});
