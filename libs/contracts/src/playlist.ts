import { z } from 'zod';
import { siteImageSchema } from './site-image';

export const playlistSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  /** The site's own copy of the thumbnail (served at `/images/…`); null until the sync has it. */
  image: siteImageSchema.nullable(),
  videoCount: z.number().int().nonnegative(),
  pinned: z.boolean(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const pinPlaylistBodySchema = z.strictObject({ pinned: z.boolean() });
export type PinPlaylistBody = z.infer<typeof pinPlaylistBodySchema>;

export const playlistIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, 'must be a playlist id (letters, digits, - and _)');

export { PINNED_PLAYLIST_LIMIT } from './limits';
