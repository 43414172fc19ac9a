/**
 * YouTube's thumbnail host for the bench's stack: answers `/<host>/vi/<id>/<size>.jpg` (how the API's
 * `YOUTUBE_IMAGES_BASE_URL` maps `https://i.ytimg.com/vi/<id>/<size>.jpg`, tools/fake-youtube/images.ts reads the
 * path) with photo-like JPEGs, so the site's image mirror brings the bench's thumbnails home as it does a real
 * channel's, and the image benchmark can fetch what a page showed before the site had its own copies.
 *
 * Each picture is a diagonal gradient crossed by bands (detail for the encoder, like a photo's, not one flat colour),
 * encoded at JPEG quality 80: `sddefault` is 640×360 (16:9, as YouTube's is once its letterbox is cropped), about
 * 19 KB; `maxresdefault` is the same picture at 1280×720, about 42 KB, and exists for three videos in four (a 404 with
 * YouTube's grey 120×90 stand-in for the others); `hqdefault`, `mqdefault` and `default` are the picture at their
 * widths. The pages measured show the newest videos and the playlists, and each of those has a picture of its own (a
 * page never shows one file for two cards); older videos share {@link SHARED_PICTURES} pictures, so the site encodes
 * dozens of images for the bench, not a thousand. Each is made once (0.3–0.6 s of CPU) and kept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ThumbnailSize } from '@app/contracts/youtube';
import { encode as encodeJpeg } from 'jpeg-js';
import { parseImagePath } from '../fake-youtube/images';

/**
 * The videos, newest first, with a picture of their own: every one `/` (the featured video, the newest 20) and the
 * bench's watch page (the newest 8 others) show.
 */
export const OWN_PICTURES = 24;
/** Pictures the other videos take turns at. */
export const SHARED_PICTURES = 12;

const WIDTHS: Record<ThumbnailSize, number> = {
  default: 120,
  mqdefault: 320,
  hqdefault: 480,
  sddefault: 640,
  maxresdefault: 1280,
};
const JPEG_QUALITY = 80;

/** The picture a video id shows, and whether YouTube has its maxres size (three videos in four). */
function pictureOf(id: string): { picture: string; maxres: boolean } {
  const match = /^bench(?:pl)?(\d+)$/.exec(id);
  if (!match) return { picture: id, maxres: true };
  const n = Number(match[1]);
  // SHARED_PICTURES is a multiple of 4: a shared picture lacks maxres for every video that shows it, or for none.
  const maxres = n % 4 !== 3;
  return {
    picture: id.startsWith('benchpl') || n < OWN_PICTURES ? id : `shared-${n % SHARED_PICTURES}`,
    maxres,
  };
}

/** The size YouTube lists as its best for a video: what the sync stores as its `thumbnail`. */
export const bestThumbnailSize = (id: string): ThumbnailSize =>
  pictureOf(id).maxres ? 'maxresdefault' : 'sddefault';

/**
 * The picture at `width` (16:9), as JPEG: jpeg-js (baseline, no chroma subsampling), whose sizes are near those of
 * YouTube's JPEGs of a picture with this little detail.
 */
function render(picture: string, width: number): Buffer {
  const height = Math.round((width * 9) / 16);
  let seed = 0;
  for (const char of picture) seed = (seed * 31 + char.charCodeAt(0)) % 3600;
  const hue = (seed * 47) % 360;
  const scale = 640 / width;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // In the 640×360 picture's coordinates, so every size shows the same picture.
      const px = x * scale;
      const py = y * scale;
      const t = (px / 640 + py / 360) / 2;
      const band = Math.sin((px + seed * 13) / 23) * Math.cos(py / 17) * 24;
      const i = (y * width + x) * 4;
      data[i] = 128 + 100 * Math.sin(((hue + 120 * t) * Math.PI) / 180) + band;
      data[i + 1] = 110 + 90 * Math.sin(((hue + 200 + 90 * t) * Math.PI) / 180) - band;
      data[i + 2] = 140 + 100 * Math.cos(((hue + 60 * t) * Math.PI) / 180);
      data[i + 3] = 255;
    }
  return encodeJpeg({ data, width, height }, JPEG_QUALITY).data;
}

/** YouTube's stand-in for a size a video lacks: 120×90, a flat grey. */
function grey(): Buffer {
  const width = 120;
  const height = 90;
  return encodeJpeg({ data: Buffer.alloc(width * height * 4, 204), width, height }, JPEG_QUALITY).data;
}

export interface ThumbnailServer {
  /** `YOUTUBE_IMAGES_BASE_URL`: `https://<host>/<path>` is `<url>/<host>/<path>`. */
  url: string;
  /** Requests answered, by status (the mirror's and the benchmark's). */
  requests: Map<number, number>;
  /**
   * Makes the JPEGs of these thumbnail URLs now (seconds of this process's CPU): a first request that made one under
   * load could outlast the mirror's timeout.
   */
  prepare(thumbnails: string[]): void;
  close(): Promise<void>;
}

export async function startThumbnailServer(): Promise<ThumbnailServer> {
  const made = new Map<string, Buffer>();
  const bytes = (key: string, make: () => Buffer) => {
    let body = made.get(key);
    if (!body) {
      body = make();
      made.set(key, body);
    }
    return body;
  };
  /** The answer to `/<host>/<path>`. */
  const answer = (path: string): [number, Buffer | null] => {
    const request = parseImagePath(path);
    if (request.kind === 'none') return [404, null];
    if (request.kind !== 'thumbnail') return [404, bytes('grey', grey)];
    const { picture, maxres } = pictureOf(request.videoId);
    if (request.size === 'maxresdefault' && !maxres) return [404, bytes('grey', grey)];
    const width = WIDTHS[request.size];
    return [200, bytes(`${picture}@${width}`, () => render(picture, width))];
  };
  const requests = new Map<number, number>();
  const server: Server = createServer((req, res) => {
    const [status, body] = answer(new URL(req.url ?? '/', 'http://x').pathname);
    requests.set(status, (requests.get(status) ?? 0) + 1);
    res.writeHead(status, {
      'Content-Type': body ? 'image/jpeg' : 'text/plain',
      'Content-Length': body?.length ?? 0,
      'Cache-Control': 'public, max-age=7200',
    });
    res.end(body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    prepare: (thumbnails) => {
      for (const thumbnail of thumbnails) {
        const { hostname, pathname } = new URL(thumbnail);
        answer(`/${hostname}${pathname}`);
      }
    },
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
