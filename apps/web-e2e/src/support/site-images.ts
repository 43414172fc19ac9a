import type { MissingImages, Playlist, Video } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import type { APIRequestContext } from '@playwright/test';

/**
 * Waits until a stack has brought its images home: the API fetches them in the background after a sync, an import
 * or the demo's start, so a page opened at once may still show placeholders. Settled when each video and playlist
 * that has an image on YouTube (a `thumbnail`) has the site's copy (`image`) or is on the dashboard's missing list.
 * `api` is signed in (the missing list is the admin's).
 */
export async function imagesSettled(api: APIRequestContext, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [videos, playlists, missing] = await Promise.all([
      api.get(`${apiPaths.videos}?limit=10000`).then((res) => res.json() as Promise<Video[]>),
      api.get(apiPaths.playlists).then((res) => res.json() as Promise<Playlist[]>),
      api.get(apiPaths.missingImages).then((res) => res.json() as Promise<MissingImages>),
    ]);
    const listed = new Set(missing.items.map((item) => `${item.kind}:${item.ref}`));
    const waiting = [
      ...videos.map((v) => ({ key: `video:${v.id}`, ...v })),
      ...playlists.map((p) => ({ key: `playlist:${p.id}`, ...p })),
    ].filter((item) => item.thumbnail && !item.image && !listed.has(item.key));
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `images not brought home after ${timeoutMs} ms: ${waiting.map((w) => w.key).join(', ')}`,
      );
    await new Promise((wait) => setTimeout(wait, 500));
  }
}
