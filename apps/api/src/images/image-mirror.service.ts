import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThan, type Repository } from 'typeorm';
import type { ImageSubjectKind } from '@app/contracts';
import { Clock } from '../common/clock';
import { type OutboundPolicy, outboundBytes, outboundPolicy } from '../common/outbound/outbound-http';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { BUMP_CONTENT_VERSION } from '../content-cache/content-version.subscriber';
import { ImageEntity, type ImageStatus } from './image.entity';
import { IMAGE_STORE, type ImageStore } from './image-store';
import {
  fetchUrl,
  type ImageCandidate,
  imageCandidates,
  isPlaceholder,
  sourceRefusal,
} from './image-sources';
import { ImageSourceError, imageHash, makeVariants, sourceSize } from './image-variants';

/** What an image is made from: a video, a playlist, the channel's avatar or banner, and the URL the sync read. */
export interface ImageSubject {
  kind: ImageSubjectKind;
  ref: string;
  /** Null: it has no image (its row, and the files, go). */
  sourceUrl: string | null;
}

/** Images fetched at once: gentle on YouTube's hosts and on the 2 cores sharp shares with the API. */
export const MIRROR_CONCURRENCY = 2;
/** Largest source fetched (YouTube's largest, a 2560×1440 banner, is well under 1 MB). */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
/** A ready image is asked again (conditionally: a 304 costs nothing) after a sync at most this often. */
export const RECHECK_MS = 24 * 60 * 60 * 1000;
/** Failed fetches (network, 5xx) of a pending image before it counts as missing. */
export const MAX_ATTEMPTS = 3;
/** Rows read per round of a drain. */
const BATCH = 50;

interface Fetched {
  candidate: ImageCandidate;
  body: Buffer;
  etag: string | null;
  lastModified: string | null;
}

/** A fetch that failed for a reason that may pass (a timeout, a 5xx): the image stays as it is, for a later try. */
class TransientError extends Error {}

/**
 * Brings the site's images home (issue 47): `reconcile` makes the `image` table match the content (a new or changed
 * source is pending, a subject that is gone takes its files with it), then a drain in the background fetches what is
 * due through the outbound rules, `MIRROR_CONCURRENCY` at a time: for a video, YouTube's sizes best first, the first
 * that exists; a ready image is asked again with its validators at most every `RECHECK_MS`, and new bytes (a changed
 * thumbnail, same URL) replace the stored files. The content version moves whenever what a page shows changes.
 */
@Injectable()
export class ImageMirrorService implements OnModuleDestroy {
  private readonly logger = new Logger(ImageMirrorService.name);
  private readonly policy: OutboundPolicy;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  /** Serialises "store the row, remove a hash no row uses any more" in this process. */
  private committing: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  /**
   * Makes the rows of `kinds` match `subjects` (the whole content of those kinds): new ones and changed sources
   * become pending, rows of subjects that are gone (or have no image now) are deleted with their files. Then starts a
   * drain in the background.
   */
  async reconcile(subjects: ImageSubject[], kinds: ImageSubjectKind[]): Promise<void> {
    const existing = await this.images.find({ where: { kind: In(kinds) } });
    const byKey = new Map(existing.map((row) => [`${row.kind}:${row.ref}`, row]));
    const wanted = new Set<string>();
    const fresh: ImageEntity[] = [];
    for (const subject of subjects) {
      if (!subject.sourceUrl) continue;
      const key = `${subject.kind}:${subject.ref}`;
      wanted.add(key);
      const row = byKey.get(key);
      if (row?.sourceUrl === subject.sourceUrl) continue;
      fresh.push(
        this.images.create({
          ...(row ?? { hash: null, width: null, height: null, widths: null, bytes: null, color: null }),
          kind: subject.kind,
          ref: subject.ref,
          sourceUrl: subject.sourceUrl,
          fetchedUrl: null,
          etag: null,
          lastModified: null,
          // A ready image stays shown until its new source is fetched.
          status: row?.status === 'ready' ? 'ready' : 'pending',
          attempts: 0,
          lastError: null,
          checkedAt: null,
        }),
      );
    }
    const gone = existing.filter((row) => !wanted.has(`${row.kind}:${row.ref}`));
    for (let i = 0; i < fresh.length; i += BATCH) await this.images.save(fresh.slice(i, i + BATCH));
    if (gone.length) await this.remove(gone);
    this.kick();
  }

  /**
   * Marks images pending again (the admin's retry): one subject, or every missing one; a ready image is left as it
   * is (it is asked again on its own schedule). Starts a drain; resolves to how many were queued.
   */
  async retry(subject?: { kind: ImageSubjectKind; ref: string }): Promise<number> {
    const status = In<ImageStatus>(['missing', 'pending']);
    const where = subject ? { kind: subject.kind, ref: subject.ref, status } : { status: 'missing' as const };
    const result = await this.images.update(where, {
      status: 'pending',
      attempts: 0,
      checkedAt: null,
      lastError: null,
    });
    this.kick();
    return result.affected ?? 0;
  }

  /**
   * Stores an image from bytes the site has (the demo's), as a fetched one is stored: the row is ready at once.
   * Throws ImageSourceError for bytes that are not an image.
   */
  async storeOwn(subject: ImageSubject & { sourceUrl: string }, body: Buffer): Promise<void> {
    const row =
      (await this.images.findOneBy({ kind: subject.kind, ref: subject.ref })) ??
      this.images.create({ ...subject, status: 'pending', attempts: 0 });
    row.sourceUrl = subject.sourceUrl;
    await this.take(row, {
      candidate: { url: subject.sourceUrl, placeholderIfTiny: false },
      body,
      etag: null,
      lastModified: null,
    });
  }

  /** Resolves when no drain is running (tests, and the shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  /** Starts a drain, or asks the running one to look again when it is done. */
  kick(): void {
    if (this.stopping) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: Error) => this.logger.error(`Fetching images: ${error.stack ?? error.message}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const started = new Date(this.clock.now());
    const stale = new Date(started.getTime() - RECHECK_MS);
    while (!this.stopping) {
      const due = await this.images.find({
        where: [
          { status: 'pending', checkedAt: IsNull() },
          { status: 'pending', checkedAt: LessThan(started) },
          { status: 'ready', checkedAt: IsNull() },
          { status: 'ready', checkedAt: LessThan(stale) },
        ],
        take: BATCH,
      });
      if (!due.length) return;
      let next = 0;
      const worker = async () => {
        while (next < due.length && !this.stopping) await this.mirror(due[next++]);
      };
      await Promise.all(Array.from({ length: MIRROR_CONCURRENCY }, worker));
    }
  }

  /** Fetches one image and stores what it found; never throws (the row records the error). */
  private async mirror(row: ImageEntity): Promise<void> {
    try {
      const fetched = await this.fetch(row);
      if (fetched === 'unchanged') {
        await this.images.update(
          { kind: row.kind, ref: row.ref },
          { checkedAt: new Date(this.clock.now()), lastError: null },
        );
      } else if (typeof fetched === 'string') {
        await this.missing(row, fetched);
      } else {
        await this.take(row, fetched);
      }
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof ImageSourceError) return this.missing(row, `not a usable image: ${message}`);
      const attempts = row.attempts + 1;
      const giveUp = row.status === 'pending' && attempts >= MAX_ATTEMPTS;
      await this.images
        .update(
          { kind: row.kind, ref: row.ref },
          {
            attempts,
            lastError: message.slice(0, 500),
            checkedAt: new Date(this.clock.now()),
            ...(giveUp && { status: 'missing' }),
          },
        )
        .catch((e: Error) => this.logger.warn(`Recording an image's failure: ${e.message}`));
      if (!(error instanceof TransientError)) this.logger.warn(`Image of ${row.kind} ${row.ref}: ${message}`);
    }
  }

  /**
   * The best image there is for a row: its bytes; `unchanged` (a ready image YouTube answered 304 for); or why there
   * is none (every size missing, or not a URL of YouTube's). Throws TransientError for what may pass.
   */
  private async fetch(row: ImageEntity): Promise<Fetched | 'unchanged' | string> {
    const refused = sourceRefusal(row.sourceUrl);
    if (refused) return `not fetched: ${refused}`;
    const candidates = imageCandidates(row.sourceUrl);
    // A ready image asks its own URL first, with its validators.
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

  /** Stores new bytes: the variants under their hash, the row ready; an old hash no row uses any more goes. */
  private async take(row: ImageEntity, fetched: Fetched): Promise<void> {
    const now = new Date(this.clock.now());
    const hash = imageHash(fetched.body);
    const validators = {
      fetchedUrl: fetched.candidate.url,
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    };
    if (hash === row.hash && row.status === 'ready') {
      await this.images.update(
        { kind: row.kind, ref: row.ref },
        { ...validators, checkedAt: now, lastError: null, attempts: 0 },
      );
      return;
    }
    const variants = await makeVariants(fetched.body);
    await Promise.all(
      variants.files.map((file) => this.store.put(`${hash}/${file.name}`, file.body, file.contentType)),
    );
    const previous = row.hash;
    await this.commit(async () => {
      await this.images.save(
        this.images.create({
          ...row,
          ...validators,
          status: 'ready',
          hash,
          width: variants.width,
          height: variants.height,
          widths: variants.widths.join(','),
          bytes: variants.files.reduce((sum, file) => sum + file.body.length, 0),
          color: variants.color,
          attempts: 0,
          lastError: null,
          checkedAt: now,
        }),
      );
      await this.dataSource.query(BUMP_CONTENT_VERSION);
      if (previous && previous !== hash) await this.removeUnused([previous]);
    });
  }

  private async missing(row: ImageEntity, reason: string): Promise<void> {
    await this.images.update(
      { kind: row.kind, ref: row.ref },
      // A ready image keeps showing its stored copy; the error says why it was not renewed.
      {
        ...(row.status !== 'ready' && { status: 'missing' }),
        attempts: row.attempts + 1,
        lastError: reason.slice(0, 500),
        checkedAt: new Date(this.clock.now()),
      },
    );
  }

  /** Deletes rows, then the files of every hash no remaining row uses. */
  private async remove(rows: ImageEntity[]): Promise<void> {
    await this.commit(async () => {
      for (let i = 0; i < rows.length; i += BATCH) {
        await this.images.delete(rows.slice(i, i + BATCH).map(({ kind, ref }) => ({ kind, ref })));
      }
      if (rows.some((row) => row.status === 'ready')) await this.dataSource.query(BUMP_CONTENT_VERSION);
      await this.removeUnused(rows.map((row) => row.hash).filter((hash): hash is string => Boolean(hash)));
    });
  }

  /** Removes the files of the hashes no row names (a playlist's image is often its first video's: one hash). */
  private async removeUnused(hashes: string[]): Promise<void> {
    const unique = [...new Set(hashes)];
    for (let i = 0; i < unique.length; i += BATCH) {
      const batch = unique.slice(i, i + BATCH);
      const used = new Set(
        (await this.images.find({ select: { hash: true }, where: { hash: In(batch) } })).map(
          (row) => row.hash,
        ),
      );
      for (const hash of batch) if (!used.has(hash)) await this.store.removeImage(hash);
    }
  }

  private commit<T>(work: () => Promise<T>): Promise<T> {
    const done = this.committing.then(work);
    this.committing = done.catch(() => undefined);
    return done;
  }
}
