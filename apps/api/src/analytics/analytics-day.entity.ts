import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A day whose traffic looked like a flood when its visitors were rolled up, or that the owner left out of the reports
 * (docs/analytics.md, floods). Only such days have a row; it goes with the day's rollups.
 */
@Entity('analytics_day')
export class AnalyticsDayEntity {
  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  /** The owner left the day out of every report figure (its rows stay; reversible). */
  @Column({ type: 'boolean', default: false })
  excluded: boolean;

  /** The day's visitors when they were rolled up (0 while they are still in `analytics_visitor`). */
  @Column({ type: 'int', default: 0 })
  visitors: number;

  /** The visitors of the day's busiest network (an IPv4 /24 or IPv6 /48), when rolled up. */
  @Column({ type: 'int', default: 0 })
  networkVisitors: number;

  /** The day reached its visitor cap (ANALYTICS_VISITORS_PER_DAY), when rolled up. */
  @Column({ type: 'boolean', default: false })
  capped: boolean;
}
