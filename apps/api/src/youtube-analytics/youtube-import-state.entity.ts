import { Column, Entity } from 'typeorm';
import { JobStateColumns } from '../youtube/job-state';

/**
 * The import's bookkeeping: one row (id 1) while a channel's figures are stored, none before the first fetch. The
 * fetch's own columns (running, nightly day, last trouble): JobStateColumns.
 */
@Entity('youtube_import_state')
export class YoutubeImportStateEntity extends JobStateColumns {
  /** The channel the stored rows are of: a connection of another channel starts over. */
  @Column({ type: 'varchar', length: 64 })
  channelId: string;

  /** The first import's window (UTC days, both included); it reads the newest days first. */
  @Column({ type: 'varchar', length: 10 })
  firstFrom: string;

  @Column({ type: 'varchar', length: 10 })
  firstTo: string;

  /** The newest day the first import has still to read; before `firstFrom` once it is done. */
  @Column({ type: 'varchar', length: 10 })
  firstNext: string;

  /**
   * The revenue import's window and progress, as the first import's: stored days read without their revenue (it was
   * granted later, or refused), read again for revenue alone, newest first. Null while no stored day needed it.
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  revenueFrom: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  revenueTo: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  revenueNext: string | null;

  /** The newest day YouTube had data for at the last fetch. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  dataTo: string | null;

  /** `granted`, `not-granted` or `refused` (youtubeRevenueStates), as the last fetch found it. */
  @Column({ type: 'varchar', length: 16 })
  revenue: string;

  /** The UTC day of `queries`, and the reports.query calls made on it. */
  @Column({ type: 'varchar', length: 10 })
  queriesDay: string;

  @Column({ type: 'int', default: 0 })
  queries: number;

  @Column({ type: 'datetime', nullable: true })
  lastFetchedAt: Date | null;

  /** When the range breakdowns (countries, age and gender, external sites) were last read. */
  @Column({ type: 'datetime', nullable: true })
  snapshotsAt: Date | null;
}
