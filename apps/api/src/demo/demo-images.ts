import { DEMO_THUMBNAIL_PATH, DEMO_THUMBNAIL_SIZE, demoThumbnailColours } from './demo-content';

/** The picture of a demo video or playlist: what the site's image of it is made from, without any network. */
export interface DemoImageSource {
  /** An SVG: a diagonal gradient in the item's colours, `DEMO_THUMBNAIL_SIZE`. */
  body: Buffer;
  width: number;
  height: number;
  /** Its colour as a page shows it before the image loads: the middle of the gradient. */
  color: string;
}

const DEMO_THUMBNAIL = new RegExp(`^${DEMO_THUMBNAIL_PATH}([vp])([1-9]\\d{0,2})\\.svg$`);

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const middle = (from: string, to: string) =>
  `#${channels(from)
    .map((c, i) =>
      Math.round((c + channels(to)[i]) / 2)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The source of a demo thumbnail path (`/api/demo/thumbnails/v12.svg`), or null for any other URL. The demo's
 * images take the path a real channel's do (the image table, the variants, the store, `/images/…`); only their
 * source is made here instead of fetched. No text: a server without fonts draws the same picture. Items of the
 * same colours share one source, so the demo has a handful of images, not one per video.
 */
export function demoImageSource(sourceUrl: string): DemoImageSource | null {
  const match = DEMO_THUMBNAIL.exec(sourceUrl);
  if (!match) return null;
  const [from, to] = demoThumbnailColours(Number(match[2]));
  const { width, height } = DEMO_THUMBNAIL_SIZE;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return { body: Buffer.from(svg), width, height, color: middle(from, to) };
}
