import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns a background import (a LockedJob) keeps in its one state row (id 1): whether a run is going, the UTC
 * day of the last nightly run, and the trouble the last run stopped on. The state entities of the YouTube Analytics
 * import (`youtube_import_state`) and of the caption import (`youtube_caption_state`) extend this class; it is no
 * entity (no table of its own), and its columns are theirs, under these names. Below it, how the imports write and
 * read them.
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

/** The id of the state row: there is one. */
export const JOB_STATE_ID = 1;

/** A run that ended well, or an import forgotten: no trouble to show. */
export const NO_TROUBLE = { errorKind: null, errorMessage: null, errorAt: null } as const;

/** A new state row's run columns: no run yet. */
export const NEW_JOB_STATE = {
  id: JOB_STATE_ID,
  runningSince: null,
  nightlyDay: null,
  ...NO_TROUBLE,
} as const;

/** The trouble a run stopped on, as stored (its message cut to 2,000 characters). */
export function troubleColumns(kind: string, message: string, at: Date) {
  return { errorKind: kind, errorMessage: message.slice(0, 2000), errorAt: at };
}

/** A run whose process stopped answering is no longer shown as running after this long. */
const RUNNING_STALE_MS = 15 * 60_000;

/** A run is going: one of this process (`here`), or one another process started less than 15 minutes ago. */
export function runGoing(state: JobStateColumns | null, here: boolean, now: number): boolean {
  return here || (state?.runningSince != null && now - state.runningSince.getTime() < RUNNING_STALE_MS);
}

/** The last run's trouble for the dashboard (`kind` one of the import's error kinds), or null. */
export function lastTrouble<Kind extends string>(
  state: JobStateColumns | null,
): { kind: Kind; message: string; at: string } | null {
  return state?.errorKind && state.errorAt
    ? { kind: state.errorKind as Kind, message: state.errorMessage ?? '', at: state.errorAt.toISOString() }
    : null;
}
