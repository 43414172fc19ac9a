import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

/** Reads a few days of every dim (the series, the days at the ends of a range) without reading the others. */
export const ROLLUP_DAY_INDEX = 'idx_analytics_rollup_kind_day';

/**
 * Counts per UTC day: one row per (kind, dim, day), incremented in place (docs/analytics.md lists the kinds).
 * Each count is kept per day and per week (Monday-start), so a year's sums read ~60 rows per dim, not 365.
 * Kept as long as the report's longest range needs (a year and a few weeks).
 */
@Index(ROLLUP_DAY_INDEX, ['kind', 'day'])
@Entity('analytics_rollup', { withoutRowid: true })
export class AnalyticsRollupEntity {
  /** A kind of ROLLUP (analytics-kinds.ts); with WEEKLY appended, the row sums a week (`day` is its Monday). */
  @PrimaryColumn({ type: 'varchar', length: 24 })
  kind: string;

  /** What the count is of: a path, a video id, a variant, a source … ('' for a day's total). */
  @PrimaryColumn({ type: 'varchar', length: 512 })
  dim: string;

  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  total: number;
}
