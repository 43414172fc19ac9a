import { z } from 'zod';

export const videoKinds = ['video', 'short', 'live', 'upcoming'] as const;
export const videoKindSchema = z.enum(videoKinds);
export type VideoKind = z.infer<typeof videoKindSchema>;

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** Display text, shown as-is (`4:05`, `1:02:03`). */
  duration: z.string(),
  durationSeconds: z.number().int().nonnegative(),
  viewCount: z.number().int().nonnegative(),
  /** ISO 8601 date-time. */
  publishedAt: z.string(),
  featured: z.boolean(),
  kind: videoKindSchema,
});
export type Video = z.infer<typeof videoSchema>;

/** Answer of `GET /api/videos/featured`: the featured video, or `null` when none is chosen. */
export const featuredVideoSchema = videoSchema.nullable();

export const videoSorts = ['recent', 'popular', 'oldest'] as const;
export const videoSortSchema = z.enum(videoSorts);
export type VideoSort = z.infer<typeof videoSortSchema>;

export const MAX_VIDEO_PAGE_SIZE = 10000;

/** Query of `GET /api/videos`; the total number of matches is in the `X-Total-Count` header. */
export const videoListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  sort: videoSortSchema.default('recent'),
  limit: z.coerce.number().int().min(1).max(MAX_VIDEO_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const videoIdSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[\w-]+$/, 'must be a video id (letters, digits, - and _)');
