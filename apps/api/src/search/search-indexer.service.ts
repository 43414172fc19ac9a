import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { BUMP_CONTENT_VERSION } from '../content-cache/content-version.subscriber';
import { chunks } from '../database/bulk-writes';
import { TranscriptStore } from '../transcripts/transcript-store.service';
import { type VideoSearchSource, VideosService } from '../videos/videos.service';
import { SEARCH_INDEX_FORMAT, searchEntries } from './search-documents';
import {
  type ChangedVideos,
  type ChangeSink,
  mergeChanges,
  noChanges,
  SearchIndexSubscriber,
} from './search-index.subscriber';
import { SearchIndexStore } from './search-index.store';

/** What one pass over the index did. */
export interface IndexRun {
  /** Videos whose sources were compared with what the index holds. */
  checked: number;
  /** Videos indexed again (new or changed). */
  indexed: number;
  /** Videos taken out (gone). */
  removed: number;
}

const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url');

/** What a video's entries and facts were made from when indexed, and how the index was made. */
export const sourceHash = (video: VideoSearchSource): string =>
  hash([
    SEARCH_INDEX_FORMAT,
    video.title,
    video.description ?? '',
    video.publishedAt.getTime(),
    video.kind === 'short',
  ]);

/** A video as the index compares it. */
interface Indexable {
  video: VideoSearchSource;
  source: string;
  transcripts: string;
}

const emptyRun = (): IndexRun => ({ checked: 0, indexed: 0, removed: 0 });

/**
 * Keeps the search index (SearchIndexStore) equal to the videos and their transcripts. The writes tell it what
 * changed (SearchIndexSubscriber); each video is compared by what its entries were made from (`sourceHash`, the
 * transcripts' stamp) and indexed again only when that differs. At start every video is checked, in batches in the
 * background: an empty index, a new `SEARCH_INDEX_FORMAT` or a write the subscriber could not see is caught there.
 */
@Injectable()
export class SearchIndexer
  implements ChangeSink, OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger(SearchIndexer.name);
  /** The indexer's own transactions, one at a time (SQLite shares one connection between them). */
  private tail: Promise<unknown> = Promise.resolve();
  private pending: { changed: ChangedVideos; done: Promise<void> } | null = null;
  private checking: Promise<IndexRun> | null = null;
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly videos: VideosService,
    private readonly transcripts: TranscriptStore,
    private readonly store: SearchIndexStore,
  ) {}

  onModuleInit(): void {
    this.db.subscribers.push(new SearchIndexSubscriber(this));
  }

  onApplicationBootstrap(): void {
    void this.checkAll();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.checking;
    await this.tail;
  }

  /** Checks every video (in the background); resolves with what it did. One check at a time. */
  checkAll(): Promise<IndexRun> {
    this.checking ??= this.checkEveryVideo()
      .catch((error: Error) => {
        this.logger.error(`Checking the search index failed: ${error.message}`);
        return emptyRun();
      })
      .finally(() => (this.checking = null));
    return this.checking;
  }

  async inTransaction(manager: EntityManager, changed: ChangedVideos): Promise<IndexRun> {
    try {
      return await this.update(manager, changed);
    } catch (error) {
      // The writer's change stands; the index catches up with a full check.
      this.logger.error(`Indexing a change for the search failed: ${(error as Error).message}`);
      void this.checkAll();
      return emptyRun();
    }
  }

  /** Changes of writes made outside a transaction: those of one moment are indexed together, in a transaction. */
  afterWrite(changed: ChangedVideos): Promise<void> {
    if (this.pending) {
      mergeChanges(this.pending.changed, changed);
      return this.pending.done;
    }
    const pending = { changed: noChanges(), done: Promise.resolve() };
    mergeChanges(pending.changed, changed);
    pending.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.pending = null;
      return this.ownTransaction((manager) => this.inTransaction(manager, pending.changed)).then(() => {});
    });
    this.pending = pending;
    return pending.done;
  }

  /** Brings the index up to date with `changed`, through `manager`. */
  async update(manager: EntityManager, changed: ChangedVideos): Promise<IndexRun> {
    if (changed.all) return this.checkThrough(manager);
    const ids = new Set(changed.ids);
    // Rows a write carried whole: only those whose title or description is not what the index was made from.
    const written = [...changed.written.values()].filter((video) => !ids.has(video.id));
    const known = await this.store.indexed(
      manager,
      written.map((video) => video.id),
    );
    for (const video of written) if (known.get(video.id)?.source !== sourceHash(video)) ids.add(video.id);
    let stamps: Map<string, string> | undefined;
    if (changed.transcripts) {
      stamps = await this.transcripts.searchStamps(manager);
      const indexed = await this.store.indexed(manager);
      for (const [videoId, video] of indexed) {
        if ((stamps.has(videoId) ? hash(stamps.get(videoId)) : '') !== video.transcripts) ids.add(videoId);
      }
      for (const videoId of stamps.keys()) if (!indexed.has(videoId)) ids.add(videoId);
    }
    const run = await this.refresh(manager, [...ids], stamps);
    if (changed.removed) run.removed += await this.prune(manager);
    return run;
  }

  /** Every video, through one manager (a writer's transaction). */
  private async checkThrough(manager: EntityManager): Promise<IndexRun> {
    const run = await this.refresh(manager, await this.videos.ids(manager));
    run.removed += await this.prune(manager);
    return run;
  }

  /**
   * Every video, compared outside any transaction; a batch with changes is indexed in a transaction of its own. Stops
   * early when the app stops.
   */
  private async checkEveryVideo(): Promise<IndexRun> {
    const started = performance.now();
    const run = emptyRun();
    for (const batch of chunks(await this.videos.ids(this.db.manager), this.store.dialect.batch)) {
      if (this.stopping) return run;
      const { stale, gone, checked } = await this.compare(this.db.manager, batch);
      run.checked += checked;
      if (!stale.length && !gone.length) continue;
      const done = await this.ownTransaction((manager) => this.refresh(manager, [...stale, ...gone]));
      run.indexed += done.indexed;
      run.removed += done.removed;
    }
    if (!this.stopping) {
      const ids = new Set(await this.videos.ids(this.db.manager));
      const gone = [...(await this.store.indexed(this.db.manager)).keys()].filter((id) => !ids.has(id));
      if (gone.length) {
        await this.ownTransaction((manager) => this.refresh(manager, gone));
        run.removed += gone.length;
      }
    }
    this.logger.log(
      `Search index checked: ${run.checked} videos, ${run.indexed} indexed again, ${run.removed} removed (${Math.round(performance.now() - started)} ms)`,
    );
    return run;
  }

  /** Of `videoIds`, those whose sources differ from what their entries were made from, and those that are gone. */
  private async compare(
    manager: EntityManager,
    videoIds: string[],
    allStamps?: Map<string, string>,
  ): Promise<{ stale: string[]; gone: string[]; checked: number; sources: Map<string, Indexable> }> {
    const found = await this.videos.searchSources(manager, videoIds);
    const ids = new Set(found.map((video) => video.id));
    const stamps = allStamps ?? (await this.transcripts.searchStamps(manager, [...ids]));
    const indexed = await this.store.indexed(manager, [...ids]);
    const sources = new Map(
      found.map((video) => [
        video.id,
        {
          video,
          source: sourceHash(video),
          transcripts: stamps.has(video.id) ? hash(stamps.get(video.id)) : '',
        },
      ]),
    );
    const stale = [...sources.values()]
      .filter(({ video, source, transcripts }) => {
        const known = indexed.get(video.id);
        return known?.source !== source || known.transcripts !== transcripts;
      })
      .map(({ video }) => video.id);
    return { stale, gone: videoIds.filter((id) => !ids.has(id)), checked: found.length, sources };
  }

  /** Indexes again those of `videoIds` whose sources changed, and takes out those that are gone. */
  private async refresh(
    manager: EntityManager,
    videoIds: string[],
    allStamps?: Map<string, string>,
  ): Promise<IndexRun> {
    const run = emptyRun();
    for (const batch of chunks(videoIds, this.store.dialect.batch)) {
      const { stale, gone, checked, sources } = await this.compare(manager, batch, allStamps);
      run.checked += checked;
      if (gone.length) {
        await this.store.remove(manager, gone);
        run.removed += gone.length;
      }
      if (!stale.length) continue;
      const withTracks = stale.filter((id) => sources.get(id)!.transcripts);
      const cues = withTracks.length ? await this.transcripts.searchCues(manager, withTracks) : new Map();
      await this.store.write(
        manager,
        stale.map((id) => {
          const { video, source, transcripts } = sources.get(id)!;
          return {
            videoId: id,
            source,
            transcripts,
            publishedAt: video.publishedAt,
            short: video.kind === 'short',
            entries: searchEntries({ ...video, transcripts: cues.get(id) ?? [] }),
          };
        }),
      );
      run.indexed += stale.length;
    }
    return run;
  }

  /** Takes out the videos that are gone. */
  private async prune(manager: EntityManager): Promise<number> {
    const ids = new Set(await this.videos.ids(manager));
    const gone = [...(await this.store.indexed(manager)).keys()].filter((id) => !ids.has(id));
    if (gone.length) await this.store.remove(manager, gone);
    return gone.length;
  }

  /**
   * A transaction of the indexer's own (not a writer's), one at a time. When it changed the index it moves the
   * content version, as the index changed after the content did (a cached answer built meanwhile is dropped).
   */
  private ownTransaction(work: (manager: EntityManager) => Promise<IndexRun>): Promise<IndexRun> {
    const task = () =>
      this.db.transaction(async (manager) => {
        const run = await work(manager);
        if (run.indexed || run.removed) await manager.query(BUMP_CONTENT_VERSION);
        return run;
      });
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
