import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * YouTube's image hosts for the API's specs, served at `<url>/<host>/<path>` (YOUTUBE_IMAGES_BASE_URL) with real
 * JPEG bytes: `/vi/<id>/<size>.jpg` at YouTube's sizes, `maxresdefault` only for the fake YouTube's HD uploads (an
 * id whose first character code is even, as tools/fake-youtube gives `snippet.thumbnails.maxres`), a 404 with the
 * 120×90 grey stand-in for a size or video there is none of, ETag and 304; anything on yt3.ggpht.com (the avatar)
 * as a square JPEG, and a banner on yt3.googleusercontent.com 16:9 at the width its `=w<N>` option asks (512
 * without one). Small on purpose: the fake YouTube's own image hosts replace it.
 */
export interface YouTubeImages {
  url: string;
  /** The next bytes of this video's thumbnails differ (a new thumbnail at the same URL). */
  change(videoId: string): void;
  /** This video's thumbnails, or the banner of this name (its path before `=`), are gone: they answer the 404. */
  remove(idOrName: string): void;
  /** Requests seen, as `<host>/<path>`. */
  requests: string[];
  stop(): Promise<void>;
}

const SIZES: Record<string, [number, number]> = {
  maxresdefault: [1280, 720],
  sddefault: [640, 480],
  hqdefault: [480, 360],
  mqdefault: [320, 180],
  default: [120, 90],
};

export async function startYouTubeImages(): Promise<YouTubeImages> {
  const versions = new Map<string, number>();
  const removed = new Set<string>();
  const requests: string[] = [];
  const cache = new Map<string, Promise<Buffer>>();
  const jpeg = (key: string, width: number, height: number, seed: string) => {
    if (!cache.has(key)) {
      const [r, g, b] = createHash('sha256').update(seed).digest();
      cache.set(
        key,
        // sharp only once an image is asked for: the suites bundled with this one do not load it.
        import('sharp').then(({ default: sharp }) =>
          sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
            .jpeg()
            .toBuffer(),
        ),
      );
    }
    return cache.get(key)!;
  };
  const grey = () => jpeg('grey', 120, 90, 'grey');

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path.slice(1));
    void (async () => {
      let body: Buffer | null = null;
      const video = /^\/i\d?\.ytimg\.com\/vi\/([\w-]+)\/(\w+)\.jpg$/.exec(path);
      if (video) {
        const [, id, size] = video;
        const hd = id.charCodeAt(0) % 2 === 0;
        if (SIZES[size] && !removed.has(id) && (size !== 'maxresdefault' || hd)) {
          const version = versions.get(id) ?? 0;
          body = await jpeg(`${id}/${size}/${version}`, ...SIZES[size], `${id}/${version}`);
        }
      } else if (path.startsWith('/yt3.ggpht.com/')) {
        body = await jpeg(path, 176, 176, path);
      }
      const banner = /^\/yt3\.googleusercontent\.com\/([^=/]+)(?:=w(\d{1,4})\b.*)?$/.exec(path);
      if (banner && !removed.has(banner[1])) {
        const width = Number(banner[2] ?? 512);
        body = await jpeg(path, width, Math.round((width * 9) / 16), banner[1]);
      }
      if (!body) {
        res.writeHead(404, { 'Content-Type': 'image/jpeg' }).end(await grey());
        return;
      }
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag }).end();
        return;
      }
      res
        .writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': body.length, ETag: etag })
        .end(body);
    })().catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    change: (id) => versions.set(id, (versions.get(id) ?? 0) + 1),
    remove: (id) => removed.add(id),
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
