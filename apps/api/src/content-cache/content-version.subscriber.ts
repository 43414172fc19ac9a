import {
  EventSubscriber,
  type EntitySubscriberInterface,
  type InsertEvent,
  type QueryRunner,
  type RemoveEvent,
  type TransactionCommitEvent,
  type UpdateEvent,
} from 'typeorm';

/** Tables whose rows the public calls serve. */
export const PUBLIC_CONTENT_TABLES = new Set([
  'channel',
  'video',
  'playlist',
  'playlist_video',
  'setting',
  'live_stream',
  // A deal's link is counted on the watch pages of its videos (`sponsorLinks`).
  'sponsorship',
  // The watch page shows a video's transcript.
  'video_transcript',
  'transcript_cue',
]);

export const BUMP_CONTENT_VERSION = 'UPDATE content_version SET version = version + 1 WHERE id = 1';

/**
 * Any TypeORM write to public content bumps `content_version` — once per transaction, after it
 * commits, or at once for a write outside a transaction. The response caches of every API process
 * compare that number before serving. (Raw SQL writes bypass this: run them through an entity
 * manager, or bump the version yourself.)
 */
@EventSubscriber()
export class ContentVersionSubscriber implements EntitySubscriberInterface {
  private readonly dirty = new WeakSet<QueryRunner>();

  afterInsert(event: InsertEvent<unknown>): Promise<void> {
    return this.changed(event.queryRunner, event.metadata.tableName);
  }

  afterUpdate(event: UpdateEvent<unknown>): Promise<void> {
    return this.changed(event.queryRunner, event.metadata.tableName);
  }

  afterRemove(event: RemoveEvent<unknown>): Promise<void> {
    return this.changed(event.queryRunner, event.metadata.tableName);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    if (!this.dirty.has(event.queryRunner)) return;
    this.dirty.delete(event.queryRunner);
    await event.queryRunner.query(BUMP_CONTENT_VERSION);
  }

  afterTransactionRollback(event: TransactionCommitEvent): void {
    this.dirty.delete(event.queryRunner);
  }

  private async changed(queryRunner: QueryRunner, table: string): Promise<void> {
    if (!PUBLIC_CONTENT_TABLES.has(table)) return;
    if (queryRunner.isTransactionActive) this.dirty.add(queryRunner);
    else await queryRunner.query(BUMP_CONTENT_VERSION);
  }
}
