import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

/**
 * Counts per UTC day: one row per (kind, day, dim), incremented in place (docs/analytics.md lists the kinds).
 * Kept as long as the report's longest range needs (a year and a week).
 */
@Entity('analytics_rollup')
export class AnalyticsRollupEntity {
  @PrimaryColumn({ type: 'varchar', length: 24 })
  kind: string;

  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  /** What the count is of: a path, a video id, a variant, a source … ('' for a day's total). */
  @PrimaryColumn({ type: 'varchar', length: 512 })
  dim: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  total: number;
}
