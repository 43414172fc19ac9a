import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImageSubjectKind } from '@app/contracts';
import { In, IsNull, LessThan, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ImageEntity, type ImageStatus } from './image.entity';
import { fetchRefusal, ImageFetcher, localSource, TransientError } from './image-fetcher';
import { ImageFilesService, type LocalImage } from './image-files.service';
import { ImageSourceError, imageHash } from './image-variants';

/** What an image is made from: a video, a playlist, the channel's avatar or banner, and the URL the sync read. */
export interface ImageSubject {
  kind: ImageSubjectKind;
  ref: string;
  /** Null: it has no image (its row, and the files, go). */
  sourceUrl: string | null;
}

/** Images fetched at once: gentle on YouTube's hosts and on the 2 cores sharp shares with the API. */
export const MIRROR_CONCURRENCY = 2;
/** A ready image is asked again (conditionally: a 304 costs nothing) after a sync at most this often. */
export const RECHECK_MS = 24 * 60 * 60 * 1000;
/** Failed fetches (network, 5xx) of a pending image before it counts as missing. */
export const MAX_ATTEMPTS = 3;
/** Rows read per round of a drain, and written per statement. */
const BATCH = 50;
/** What a reconcile writes of a row whose source is new (its files stay named until new ones replace them). */
const UPSERT_COLUMNS = [
  'sourceUrl',
  'fetchedUrl',
  'etag',
  'lastModified',
  'status',
  'attempts',
  'lastError',
  'checkedAt',
] satisfies (keyof ImageEntity)[];

/**
 * Brings the site's images home: `reconcile` makes the `image` table match the content (a new or changed source is
 * pending, a subject that is gone takes its files with it), then a drain in the background fetches what is due
 * through the outbound rules (`ImageFetcher`), `MIRROR_CONCURRENCY` at a time, and stores it (`ImageFilesService`);
 * a ready image is asked again with its validators at most every `RECHECK_MS`, and new bytes (a changed thumbnail,
 * same URL) replace the stored files. The content version moves whenever what a page shows changes.
 */
@Injectable()
export class ImageMirrorService implements OnModuleDestroy {
  private readonly logger = new Logger(ImageMirrorService.name);
  private readonly fetcher: ImageFetcher;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopping = false;

  constructor(
    @InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>,
    private readonly files: ImageFilesService,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.fetcher = new ImageFetcher(env);
  }

  /**
   * Makes the rows of `kinds` match `subjects` (the whole content of those kinds): new ones and changed sources
   * become pending (a source the site makes itself is ready at once, one it never fetches missing), rows of subjects
   * that are gone (or have no image now) are deleted with their files. Then starts a drain in the background.
   */
  async reconcile(subjects: ImageSubject[], kinds: ImageSubjectKind[]): Promise<void> {
    const existing = await this.images.find({ where: { kind: In(kinds) } });
    const byKey = new Map(existing.map((row) => [`${row.kind}:${row.ref}`, row]));
    const wanted = new Set<string>();
    const fresh: Partial<ImageEntity>[] = [];
    const local: LocalImage[] = [];
    const now = new Date(this.clock.now());
    for (const { kind, ref, sourceUrl } of subjects) {
      if (!sourceUrl) continue;
      const key = `${kind}:${ref}`;
      wanted.add(key);
      const row = byKey.get(key);
      if (row?.sourceUrl === sourceUrl) continue;
      const source = localSource(sourceUrl);
      if (source) {
        local.push({ kind, ref, sourceUrl, source, previous: row?.hash ?? null });
        continue;
      }
      // A URL the mirror never fetches (not YouTube's) is missing at once: no drain needed to say so.
      const refused = fetchRefusal(sourceUrl);
      fresh.push({
        ...(row ?? { hash: null, width: null, height: null, widths: null, bytes: null, color: null }),
        kind,
        ref,
        sourceUrl,
        fetchedUrl: null,
        etag: null,
        lastModified: null,
        // A ready image stays shown until its new source is fetched (one that never will be is missing).
        status: refused ? 'missing' : row?.status === 'ready' ? 'ready' : 'pending',
        attempts: 0,
        lastError: refused ? `not fetched: ${refused}` : null,
        checkedAt: refused ? now : null,
      });
    }
    // One statement per batch, and safe when another process writes the same rows at the same time.
    for (let i = 0; i < fresh.length; i += BATCH) {
      await this.images
        .createQueryBuilder()
        .insert()
        .values(fresh.slice(i, i + BATCH))
        .orUpdate(UPSERT_COLUMNS, ['kind', 'ref'])
        .updateEntity(false)
        .execute();
    }
    await this.files.adopt(local);
    await this.files.remove(existing.filter((row) => !wanted.has(`${row.kind}:${row.ref}`)));
    if (fresh.some((row) => row.status !== 'missing')) this.kick();
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
   * Records an image as missing without asking for it (one the site knows it has none of), unless it has a row
   * already. A retry asks for it as for any other.
   */
  async noteMissing(subject: ImageSubject & { sourceUrl: string }, reason: string): Promise<void> {
    await this.images
      .createQueryBuilder()
      .insert()
      .values({
        ...subject,
        status: 'missing',
        attempts: 0,
        lastError: reason,
        checkedAt: new Date(this.clock.now()),
      })
      .orIgnore()
      .updateEntity(false)
      .execute();
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
      const source = localSource(row.sourceUrl);
      if (source && row.status === 'ready' && row.hash === imageHash(source.body)) {
        await this.images.update({ kind: row.kind, ref: row.ref }, { checkedAt: new Date(this.clock.now()) });
        return;
      }
      if (source) return await this.files.adopt([{ ...row, source, previous: row.hash }]);
      const fetched = await this.fetcher.fetch(row);
      if (fetched === 'unchanged') {
        await this.images.update(
          { kind: row.kind, ref: row.ref },
          { checkedAt: new Date(this.clock.now()), lastError: null },
        );
      } else if (typeof fetched === 'string') {
        await this.missing(row, fetched);
      } else {
        await this.files.take(row, fetched);
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
}
