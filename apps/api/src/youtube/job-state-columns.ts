import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns a background import (a LockedJob) keeps in its one state row (id 1): whether a run is going, the UTC
 * day of the last nightly run, and the trouble the last run stopped on. The state entities of the YouTube Analytics
 * import (`youtube_import_state`) and of the caption import (`youtube_caption_state`) extend this class; it is no
 * entity (no table of its own), and its columns are theirs, under these names.
 */
export abstract class JobStateColumns {
  @PrimaryColumn({ type: 'int' })
  id: number;

  /** A run started and has not ended (a process that died leaves it; the app lock tells). */
  @Column({ type: 'datetime', nullable: true })
  runningSince: Date | null;

  /** The UTC day of the last nightly run. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  nightlyDay: string | null;

  /** The trouble the last run stopped on (one of the import's error kinds); a run that ends well clears it. */
  @Column({ type: 'varchar', length: 24, nullable: true })
  errorKind: string | null;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  @Column({ type: 'datetime', nullable: true })
  errorAt: Date | null;
}
