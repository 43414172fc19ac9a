import { Column, Entity } from 'typeorm';
import { JobStateColumns } from '../youtube/job-state';

/**
 * The YouTube caption import's bookkeeping: one row (id 1) once the import has run. A round lists every video of the
 * site once, newest first; `roundCursorAt`/`roundCursorId` is the last video it listed, so a run the budget stopped
 * goes on from there. A run after a finished round starts the next one. The run's own columns: JobStateColumns.
 */
@Entity('youtube_caption_state')
export class YoutubeCaptionStateEntity extends JobStateColumns {
  /** The quota day (`YYYY-MM-DD`, Pacific Time, as Google counts) of `units`, and the units spent on it. */
  @Column({ type: 'varchar', length: 10 })
  unitsDay: string;

  @Column({ type: 'int', default: 0 })
  units: number;

  /** When the last round started, and when it listed its last video (null while it goes on). */
  @Column({ type: 'datetime', nullable: true })
  roundStartedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  roundDoneAt: Date | null;

  /** The last video the round listed (its `publishedAt` and id); null before its first. */
  @Column({ type: 'datetime', nullable: true })
  roundCursorAt: Date | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  roundCursorId: string | null;

  @Column({ type: 'datetime', nullable: true })
  lastRunAt: Date | null;
}
