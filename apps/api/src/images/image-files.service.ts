import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IMAGE_HASH_PATTERN } from '@app/contracts';
import { DataSource, In, IsNull, Not, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { BUMP_CONTENT_VERSION } from '../content-cache/content-version.subscriber';
import { AppLockService, type HeldLock } from '../youtube/app-lock.service';
import { ImageEntity } from './image.entity';
import { type Fetched, type LocalSource, localSource, TransientError } from './image-fetcher';
import { IMAGE_STORE, type ImageStore } from './image-store';
import {
  describeSource,
  imageHash,
  makeFile,
  SOURCE_FILE,
  type VariantSizes,
  variantSizes,
} from './image-variants';

/**
 * The lock every API process on the database takes around "files and the rows that name them": writing a hash's
 * files and saving the row that names it, or deleting rows and then the files no row names. So one process never
 * deletes the files another has just written for a row it is about to save.
 */
export const IMAGE_FILES_LOCK = 'image-files';
const LOCK_TTL_MS = 30_000;
/** How long a commit waits for another process's before it counts as a failure that may pass. */
const LOCK_WAIT_MS = 60_000;
/** Rows written or checked per statement. */
const BATCH = 50;

/** What a row says of its files (`SiteImage`'s parts, and the bytes of the source stored for them). */
type FilesOf = Pick<ImageEntity, 'hash' | 'width' | 'height' | 'widths' | 'color' | 'bytes'>;

/** A subject whose image the site makes itself (`localSource`): its row, and what it was before. */
export interface LocalImage {
  kind: ImageEntity['kind'];
  ref: string;
  sourceUrl: string;
  source: LocalSource;
  /** The hash its row named before (its files go when no row names it any more). */
  previous: string | null;
}

const filesOf = (hash: string, sizes: VariantSizes, bytes: number | null): FilesOf => ({
  hash,
  width: sizes.width,
  height: sizes.height,
  widths: sizes.widths.join(','),
  color: sizes.color,
  bytes,
});

/**
 * The files of the site's images and the rows that name them, kept in step across processes (`IMAGE_FILES_LOCK`).
 * A set of source bytes is stored once, under its hash, whatever number of rows share it (a playlist's image is
 * often its first video's). Every file is made when a page first asks for it (`make`), from the stored source or
 * from a source the site makes itself (the demo's), so a sync or seeding the demo encodes nothing.
 */
@Injectable()
export class ImageFilesService {
  private readonly logger = new Logger(ImageFilesService.name);
  /** Serialises this process's commits (each then takes the lock shared with the other processes). */
  private committing: Promise<unknown> = Promise.resolve();
  /** Files being made, so two requests for one file make it once. */
  private readonly making = new Map<string, Promise<boolean>>();

  constructor(
    @InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    private readonly dataSource: DataSource,
    private readonly locks: AppLockService,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores fetched bytes for a row: the source under its hash (once per hash: a ready row that has it already lends
   * it), the row ready with the sizes and colour of its files, the hash it named before removed when no row names it
   * any more. The files themselves are made when a page first asks for each (`make`): a sync of hundreds of videos
   * decodes each image once, and encodes only what visitors' screens ask for. Nothing happens when the row went or
   * changed its source meanwhile.
   */
  async take(row: ImageEntity, fetched: Fetched): Promise<void> {
    const now = new Date(this.clock.now());
    const hash = imageHash(fetched.body);
    const validators = {
      fetchedUrl: fetched.candidate.url,
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      checkedAt: now,
      lastError: null,
      attempts: 0,
    };
    if (hash === row.hash && row.status === 'ready') {
      await this.images.update({ kind: row.kind, ref: row.ref }, validators);
      return;
    }
    // Decoded outside the lock (the slow part), unless a ready row has these bytes already.
    let sizes = (await this.sharedFiles(hash)) ? null : await describeSource(fetched.body);
    await this.exclusive(async () => {
      const current = await this.images.findOneBy({ kind: row.kind, ref: row.ref });
      if (current?.sourceUrl !== row.sourceUrl) return;
      let files = await this.sharedFiles(hash);
      if (!files) {
        sizes ??= await describeSource(fetched.body);
        await this.store.put(`${hash}/${SOURCE_FILE}`, fetched.body, 'application/octet-stream');
        files = filesOf(hash, sizes, fetched.body.length);
      }
      await this.images.update(
        { kind: row.kind, ref: row.ref },
        { ...validators, ...files, status: 'ready' },
      );
      await this.dataSource.query(BUMP_CONTENT_VERSION);
      if (current.hash && current.hash !== hash) await this.removeUnused([current.hash]);
    });
  }

  /**
   * Makes the rows of images the site makes itself ready at once: their size and colour are known without
   * decoding, and their files are made when first asked for (`make`).
   */
  async adopt(local: LocalImage[]): Promise<void> {
    if (!local.length) return;
    const now = new Date(this.clock.now());
    const rows = local.map((image) => ({
      kind: image.kind,
      ref: image.ref,
      sourceUrl: image.sourceUrl,
      fetchedUrl: image.sourceUrl,
      etag: null,
      lastModified: null,
      status: 'ready' as const,
      ...filesOf(imageHash(image.source.body), variantSizes(image.source), null),
      attempts: 0,
      lastError: null,
      checkedAt: now,
    }));
    await this.exclusive(async () => {
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        await this.images
          .createQueryBuilder()
          .insert()
          .values(batch)
          .orUpdate(
            Object.keys(batch[0]).filter((column) => column !== 'kind' && column !== 'ref'),
            ['kind', 'ref'],
          )
          .updateEntity(false)
          .execute();
      }
      await this.dataSource.query(BUMP_CONTENT_VERSION);
      const replaced = local.flatMap((image, i) =>
        image.previous && image.previous !== rows[i].hash ? [image.previous] : [],
      );
      await this.removeUnused(replaced);
    });
  }

  /**
   * Makes one file of a ready image when the store lacks it (`GET /images/…` asks): true when it made it. Its source
   * is the stored copy of a fetched image, or one the site makes itself (the demo's); a visitor's request never
   * reaches YouTube. Two requests for one file make it once.
   */
  make(hash: string, file: string): Promise<boolean> {
    if (!IMAGE_HASH_PATTERN.test(hash)) return Promise.resolve(false);
    const key = `${hash}/${file}`;
    let running = this.making.get(key);
    if (!running) {
      running = this.makeFile(hash, file).finally(() => this.making.delete(key));
      this.making.set(key, running);
    }
    return running;
  }

  /** Deletes rows, then the files of every hash no remaining row names. */
  async remove(rows: ImageEntity[]): Promise<void> {
    if (!rows.length) return;
    await this.exclusive(async () => {
      for (let i = 0; i < rows.length; i += BATCH) {
        await this.images.delete(rows.slice(i, i + BATCH).map(({ kind, ref }) => ({ kind, ref })));
      }
      if (rows.some((row) => row.status === 'ready')) await this.dataSource.query(BUMP_CONTENT_VERSION);
      await this.removeUnused(rows.map((row) => row.hash).filter((hash): hash is string => Boolean(hash)));
    });
  }

  private async makeFile(hash: string, file: string): Promise<boolean> {
    const source = (await this.store.get(`${hash}/${SOURCE_FILE}`))?.body ?? (await this.localSource(hash));
    if (!source) return false;
    const made = await makeFile(source, file);
    if (!made) return false;
    return this.exclusive(async () => {
      // Its rows may have gone meanwhile: files no row names are not written.
      if (!(await this.images.existsBy({ hash }))) return false;
      await this.store.put(`${hash}/${made.name}`, made.body, made.contentType);
      return true;
    });
  }

  /** The bytes of a ready image of this hash the site makes itself, if any. */
  private async localSource(hash: string): Promise<Buffer | null> {
    const rows = await this.images.find({ where: { hash, status: 'ready' } });
    const local = rows
      .map((row) => localSource(row.sourceUrl))
      .find((candidate) => candidate && imageHash(candidate.body) === hash);
    return local?.body ?? null;
  }

  /**
   * What a ready row with these bytes says of its files (their source is in the store), or null when none has them
   * (a row of a source the site makes itself stores none: `bytes` is null).
   */
  private async sharedFiles(hash: string): Promise<FilesOf | null> {
    const row = await this.images.findOne({
      where: { hash, status: 'ready', bytes: Not(IsNull()) },
      select: { hash: true, width: true, height: true, widths: true, color: true, bytes: true },
    });
    return row?.bytes ? row : null;
  }

  /** Removes the files of the hashes no row names. Run inside `exclusive`. */
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

  /** Runs `work` holding the lock every process shares, after this process's earlier commits. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const done = this.committing.then(async () => {
      const lock = await this.lock();
      try {
        return await work();
      } finally {
        await lock
          .release()
          .catch((error: Error) => this.logger.warn(`Releasing ${lock.name}: ${error.message}`));
      }
    });
    this.committing = done.catch(() => undefined);
    return done;
  }

  private async lock(): Promise<HeldLock> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      const lock = await this.locks.acquire(IMAGE_FILES_LOCK, LOCK_TTL_MS);
      if (lock) return lock;
      if (Date.now() > deadline) throw new TransientError(`the lock ${IMAGE_FILES_LOCK} stayed taken`);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}
