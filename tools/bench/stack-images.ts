/** The images of a page benchmark's stack: what it shows, waiting until they are home, and asking each file once. */
import type { MissingImages, Playlist, Video } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { IMAGE_FORMATS, type ImageFormat, imageFile, ogImagePath } from '@app/contracts/site-image-files';

/** A video or a playlist, with its key on the dashboard's missing list (`video:<id>`, `playlist:<id>`). */
export type ContentItem = (Video | Playlist) & { key: string };

/** How long a stack may take to bring its images home: a while for the few it encodes, and a little per item. */
const imagesTimeoutMs = (items: number) => 180_000 + 60 * items;

async function get<T>(url: string, path: string, cookie?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every video and playlist, as the public lists answer them. */
export async function contentItems(url: string): Promise<ContentItem[]> {
  const [videos, playlists] = await Promise.all([
    get<Video[]>(url, `${apiPaths.videos}?limit=10000`),
    get<Playlist[]>(url, apiPaths.playlists),
  ]);
  return [
    ...videos.map((v) => ({ ...v, key: `video:${v.id}` })),
    ...playlists.map((p) => ({ ...p, key: `playlist:${p.id}` })),
  ];
}

/**
 * Waits until a stack has brought its images home (the mirror fetches them in the background after an import):
 * each video and playlist with a `thumbnail` has the site's copy (`image`) or is on the dashboard's missing list.
 * `cookie`: the admin's session (the missing list is the admin's). Resolves to the items then.
 */
export async function imagesSettled(url: string, cookie: string): Promise<ContentItem[]> {
  const started = Date.now();
  for (;;) {
    const [items, missing] = await Promise.all([
      contentItems(url),
      get<MissingImages>(url, apiPaths.missingImages, cookie),
    ]);
    const listed = new Set(missing.items.map((item) => `${item.kind}:${item.ref}`));
    const waiting = items.filter((item) => item.thumbnail && !item.image && !listed.has(item.key));
    if (waiting.length === 0) return items;
    if (Date.now() - started > imagesTimeoutMs(items.length))
      throw new Error(
        `${waiting.length} images not home after ${Math.round((Date.now() - started) / 1000)} s`,
      );
    // A 10,000-video list is megabytes: asked less often, so the asking does not slow the mirror down.
    await new Promise((wait) => setTimeout(wait, items.length > 2000 ? 2000 : 500));
  }
}

/**
 * Asks each file of the items' images once (each format and width, and the share image; each image once), one after
 * the other, so that nothing measured afterwards pays for making one, whenever the site makes them. What it cost.
 * `formats`: only these formats' files (what Chromium asks for, when nothing else will be measured), no share image.
 */
export async function warmUp(
  url: string,
  items: ContentItem[],
  formats?: readonly ImageFormat[],
): Promise<{ files: number; ms: number }> {
  const started = performance.now();
  const images = new Map(
    items.flatMap((item) => (item.image ? [[item.image.path, item.image] as const] : [])),
  );
  const paths = [...images.values()].flatMap((image) => [
    ...image.widths.flatMap((width) =>
      (formats ?? IMAGE_FORMATS).map((format) => imageFile(image, width, format)),
    ),
    ...(formats ? [] : [ogImagePath(image)]),
  ]);
  for (const path of paths) {
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
  }
  return { files: paths.length, ms: Math.round(performance.now() - started) };
}
