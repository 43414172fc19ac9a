import type { SyncRunKind } from '@app/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** History of YouTube sync runs (start, end, outcome, counts, API units). */
@Entity('sync_run')
export class SyncRunEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('idx_sync_run_started_at')
  @Column({ type: 'datetime' })
  startedAt: Date;

  @Column({ type: 'datetime', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'varchar', length: 16 })
  outcome: 'running' | 'success' | 'failed';

  @Column({ type: 'int', default: 0 })
  videos: number;

  @Column({ type: 'int', default: 0 })
  playlists: number;

  @Column({ type: 'int', default: 0 })
  added: number;

  @Column({ type: 'int', default: 0 })
  updated: number;

  @Column({ type: 'int', default: 0 })
  removed: number;

  @Column({ type: 'int', default: 0 })
  apiUnits: number;

  /** API pages (calls) or feeds fetched: written while the sync runs, kept afterwards (issue 24). */
  @Column({ type: 'int', default: 0 })
  pages: number;

  /** The uploads the channel said it has (`channels.list`), for the progress; null until known. */
  @Column({ type: 'int', nullable: true })
  expectedVideos: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'text', nullable: true })
  notifications: string | null;

  /** `sync`: a whole sync (key or feed mode); `push`: one WebSub notification that added or changed a video. */
  @Column({ type: 'varchar', length: 8, default: 'sync' })
  kind: SyncRunKind;

  /** The video a push fetched; null for a sync. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  videoId: string | null;
}
