import { z } from 'zod';
import { HEX_COLOR_PATTERN } from './limits';

/**
 * The site's own copy of an image (a video's thumbnail, a playlist's, the channel's avatar and banner): fetched once by
 * the sync, stored behind the API's image store and served by the site at `/images/<hash>/<file>`, so a page asks
 * no other host for it. `<hash>` names the source bytes, so every file under it is immutable: a changed image on
 * YouTube gets a new hash.
 *
 * Files under a hash: `<width>.<format>` for each width in `widths` and each of `IMAGE_FORMATS`, and `og.jpg`, the
 * JPEG link previews expect (1200×630, or the source's own size when smaller).
 */
export * from './site-image-files';

export const siteImageSchema = z.object({
  /** `/images/<hash>`: the folder of its files, on this site. */
  path: z.string(),
  /** The size of the widest file (the aspect ratio of every one). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The widths there are, ascending. */
  widths: z.array(z.number().int().positive()).min(1),
  /** The image's dominant colour (`#rrggbb`): its box's background until it loads, and if it never does. */
  color: z.string().regex(HEX_COLOR_PATTERN),
});
export type SiteImage = z.infer<typeof siteImageSchema>;
