import type { Env } from '../config/env';
import { type OutboundPolicy, outboundBytes, outboundPolicy } from '../common/outbound/outbound-http';
import { demoImageSource } from '../demo/demo-images';
import type { ImageEntity } from './image.entity';
import {
  fetchUrl,
  type ImageCandidate,
  imageCandidates,
  isPlaceholder,
  sourceRefusal,
} from './image-sources';
import { ImageSourceError, sourceSize } from './image-variants';

/** Largest source fetched (YouTube's largest, a 2560×1440 banner, is well under 1 MB). */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

/** The bytes of an image, and where they came from. */
export interface Fetched {
  candidate: ImageCandidate;
  body: Buffer;
  etag: string | null;
  lastModified: string | null;
}

/** A source the site makes itself (the demo's): its bytes and what its variants will be, known without decoding. */
export interface LocalSource {
  body: Buffer;
  width: number;
  height: number;
  color: string;
}

/** A fetch that failed for a reason that may pass (a timeout, a 5xx): the image stays as it is, for a later try. */
export class TransientError extends Error {}

/** The source the site has itself for a URL (a demo thumbnail's path), or null: it is fetched. */
export function localSource(sourceUrl: string): LocalSource | null {
  return demoImageSource(sourceUrl);
}

/** Why the mirror will never fetch a URL (null when it may: YouTube's image hosts, or a source of its own). */
export function fetchRefusal(sourceUrl: string): string | null {
  return localSource(sourceUrl) ? null : sourceRefusal(sourceUrl);
}

/**
 * Gets the bytes of an image: YouTube's sizes best first, through the outbound rules with a byte limit; a ready
 * image asks its own URL first with its validators (a 304 costs nothing).
 */
export class ImageFetcher {
  private readonly policy: OutboundPolicy;

  constructor(private readonly env: Pick<Env, 'NODE_ENV' | 'YOUTUBE_IMAGES_BASE_URL'>) {
    this.policy = outboundPolicy(env);
  }

  /**
   * The best image there is for a row: its bytes; `unchanged` (a ready image YouTube answered 304 for); or why there
   * is none (every size missing, or not a URL of YouTube's). Throws TransientError for what may pass.
   */
  async fetch(row: ImageEntity): Promise<Fetched | 'unchanged' | string> {
    const refused = sourceRefusal(row.sourceUrl);
    if (refused) return `not fetched: ${refused}`;
    const candidates = imageCandidates(row.sourceUrl);
    if (row.status === 'ready' && row.fetchedUrl && row.hash) {
      const own = candidates.find((c) => c.url === row.fetchedUrl) ?? {
        url: row.fetchedUrl,
        placeholderIfTiny: false,
      };
      const answer = await this.get(own, row);
      if (answer === 'unchanged' || typeof answer === 'object') return answer;
    }
    for (const candidate of candidates) {
      const answer = await this.get(candidate);
      if (typeof answer === 'object') return answer;
    }
    return `YouTube has no image at any size (${candidates.map((c) => c.url.split('/').pop()).join(', ')}: 404)`;
  }

  /** One GET: the image, `unchanged` (304), or `absent` (404, 410, or YouTube's grey 120×90 stand-in). */
  private async get(
    candidate: ImageCandidate,
    validators?: ImageEntity,
  ): Promise<Fetched | 'unchanged' | 'absent'> {
    const headers: Record<string, string> = { Accept: 'image/avif,image/webp,image/jpeg,image/*' };
    if (validators?.etag) headers['If-None-Match'] = validators.etag;
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    let answer;
    try {
      answer = await outboundBytes(
        fetchUrl(candidate.url, this.env.YOUTUBE_IMAGES_BASE_URL),
        { headers, maxBytes: MAX_SOURCE_BYTES },
        this.policy,
      );
    } catch (error) {
      throw new TransientError(`${candidate.url}: ${(error as Error).message}`);
    }
    if (answer.status === 304 && validators) return 'unchanged';
    if (answer.status === 404 || answer.status === 410) return 'absent';
    if (answer.status !== 200) throw new TransientError(`${candidate.url} answered ${answer.status}`);
    if (answer.truncated) throw new ImageSourceError(`larger than ${MAX_SOURCE_BYTES} bytes`);
    const { width, height } = await sourceSize(answer.body);
    if (isPlaceholder(candidate, width, height)) return 'absent';
    const header = (name: string) => {
      const value = answer.headers[name];
      return typeof value === 'string' ? value.slice(0, 255) : null;
    };
    return { candidate, body: answer.body, etag: header('etag'), lastModified: header('last-modified') };
  }
}
