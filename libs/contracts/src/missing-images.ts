import { z } from 'zod';

/** What an image of the site is of: a video's thumbnail, a playlist's, the channel's avatar or banner. */
export const imageSubjectKinds = ['video', 'playlist', 'avatar', 'banner'] as const;
export type ImageSubjectKind = (typeof imageSubjectKinds)[number];

/**
 * One image the site could not bring home (none of YouTube's sizes answered, or only YouTube's grey 120×90
 * stand-in): a row of the dashboard's "Missing images" list. Its pages show the placeholder in the same box.
 */
export const missingImageSchema = z.object({
  kind: z.enum(imageSubjectKinds),
  /** The video's or playlist's id; `channel` for the avatar and banner. */
  ref: z.string(),
  /** The video's or playlist's title, the channel's name; null when the subject has none. */
  title: z.string().nullable(),
  /** The image address the sync read (YouTube's). */
  sourceUrl: z.string(),
  /** Why, in the words of the last try (`404 Not Found`, `only YouTube's placeholder`, a network error). */
  reason: z.string().nullable(),
  /** Fetches tried since the source last changed. */
  attempts: z.number().int().nonnegative(),
  /** ISO 8601 date-time of the last try, null when never tried. */
  checkedAt: z.string().nullable(),
});
export type MissingImage = z.infer<typeof missingImageSchema>;

/** Answer of `GET /api/admin/images/missing`: every missing image, videos first, then by title. */
export const missingImagesSchema = z.object({ items: z.array(missingImageSchema) });
export type MissingImages = z.infer<typeof missingImagesSchema>;

/**
 * Body of `POST /api/admin/images/retry`: one image (`kind` and `ref`), or every missing one when empty. Each named
 * image becomes pending again and is fetched in the background; the answer says how many were queued.
 */
export const retryImagesSchema = z
  .object({ kind: z.enum(imageSubjectKinds), ref: z.string().min(1).max(64) })
  .strict()
  .or(z.object({}).strict());
export type RetryImages = z.infer<typeof retryImagesSchema>;
export const retryImagesResultSchema = z.object({ queued: z.number().int().nonnegative() });
export type RetryImagesResult = z.infer<typeof retryImagesResultSchema>;
