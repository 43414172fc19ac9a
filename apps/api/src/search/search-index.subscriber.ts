import type { VideoKind } from '@app/contracts';
import type {
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  RemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';

/** What the index is made from of a video row a write carried whole (a sync's upsert, a save). */
export interface WrittenVideo {
  id: string;
  title: string;
  description: string | null;
  publishedAt: Date;
  kind: VideoKind;
}

/** Which videos some writes may have changed. */
export interface ChangedVideos {
  ids: Set<string>;
  /** Video rows written whole: indexed again only when what the index holds of them differs. */
  written: Map<string, WrittenVideo>;
  /** A track was removed or written without saying whose: compare every video's tracks. */
  transcripts: boolean;
  /** Videos were deleted without saying which: take the gone ones out. */
  removed: boolean;
  /** A title or description changed without saying whose: check every video. */
  all: boolean;
}

export const noChanges = (): ChangedVideos => ({
  ids: new Set(),
  written: new Map(),
  transcripts: false,
  removed: false,
  all: false,
});

export function mergeChanges(into: ChangedVideos, from: ChangedVideos): void {
  from.ids.forEach((id) => into.ids.add(id));
  from.written.forEach((row, id) => into.written.set(id, row));
  into.transcripts ||= from.transcripts;
  into.removed ||= from.removed;
  into.all ||= from.all;
}

/** What the subscriber hands its changes to (the indexer). */
export interface ChangeSink {
  /** Within the writer's transaction, before it commits. */
  inTransaction(manager: EntityManager, changed: ChangedVideos): Promise<unknown>;
  /** After a write made outside any transaction (already committed). */
  afterWrite(changed: ChangedVideos): Promise<void>;
}

/**
 * The video columns the index is made from: an update of others (views, featured) changes nothing in it. `kind`
 * counts only as a Short or not, which no update by query changes (the live check moves streams between live,
 * upcoming and replay), so it is not here: a full row written again carries it.
 */
const INDEXED_COLUMNS = ['title', 'description', 'publishedAt'];

/** What one write says about the videos it touched; null when it cannot touch the index. */
function changesOf(table: string, entity: unknown, removal: boolean): ChangedVideos | null {
  const row = (entity ?? {}) as Record<string, unknown>;
  const changed = noChanges();
  if (table === 'video') {
    const { id, title, description, publishedAt, kind } = row;
    if (
      typeof id === 'string' &&
      !removal &&
      typeof title === 'string' &&
      'description' in row &&
      publishedAt instanceof Date &&
      typeof kind === 'string'
    ) {
      changed.written.set(id, {
        id,
        title,
        description: (description as string | null) ?? null,
        publishedAt,
        kind: kind as VideoKind,
      });
    } else if (typeof id === 'string') changed.ids.add(id);
    else if (removal) changed.removed = true;
    else if (INDEXED_COLUMNS.some((column) => column in row)) changed.all = true;
    else return null;
    return changed;
  }
  if (table === 'video_transcript') {
    if (typeof row.videoId === 'string') changed.ids.add(row.videoId);
    else changed.transcripts = true;
    return changed;
  }
  return null;
}

const depthOf = (queryRunner: QueryRunner) =>
  (queryRunner as unknown as { transactionDepth?: number }).transactionDepth ?? 1;

/**
 * Keeps the site search current with every TypeORM write to `video` and `video_transcript`, whoever makes it (a sync,
 * a pushed video, a transcript stored or removed, a backup import, the demo seed): the changes of a transaction are
 * indexed inside it just before it commits, so the index and the content move together (one commit, one content
 * version, no moment where a cached answer could be built from a half-updated index); a write outside any
 * transaction is indexed right after it, before its caller goes on. Registered by the indexer at start.
 * (Raw SQL writes bypass this, as they bypass the content version: the start-up check catches them.)
 */
export class SearchIndexSubscriber implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, ChangedVideos>();

  constructor(private readonly sink: ChangeSink) {}

  afterInsert(event: InsertEvent<unknown>): Promise<void> {
    return this.noted(event.queryRunner, changesOf(event.metadata.tableName, event.entity, false));
  }

  afterUpdate(event: UpdateEvent<unknown>): Promise<void> {
    return this.noted(event.queryRunner, changesOf(event.metadata.tableName, event.entity, false));
  }

  afterRemove(event: RemoveEvent<unknown>): Promise<void> {
    return this.noted(
      event.queryRunner,
      changesOf(event.metadata.tableName, event.entity ?? event.databaseEntity, true),
    );
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    // A savepoint's release is not the commit: its changes wait for the outermost one.
    if (depthOf(event.queryRunner) > 1) return;
    const changed = this.pending.get(event.queryRunner);
    if (!changed) return;
    this.pending.delete(event.queryRunner);
    await this.sink.inTransaction(event.manager, changed);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }

  private async noted(queryRunner: QueryRunner, changed: ChangedVideos | null): Promise<void> {
    if (!changed) return;
    if (!queryRunner.isTransactionActive) return this.sink.afterWrite(changed);
    const pending = this.pending.get(queryRunner) ?? noChanges();
    mergeChanges(pending, changed);
    this.pending.set(queryRunner, pending);
  }
}
