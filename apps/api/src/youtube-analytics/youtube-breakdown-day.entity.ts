import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What a breakdown row splits the day's views by. */
export const BREAKDOWN = {
  /** deviceType: MOBILE, DESKTOP, TV … */
  device: 'device',
  /** insightTrafficSourceType: YT_SEARCH, EXT_URL … */
  traffic: 'traffic',
} as const;
export type BreakdownKind = (typeof BREAKDOWN)[keyof typeof BREAKDOWN];

/** The channel's views of one UTC day split by device type or by traffic source type (`dimensions=<kind>,day`). */
@Entity('youtube_breakdown_day')
export class YoutubeBreakdownDayEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: string;

  /** The dimension's value (`MOBILE`, `EXT_URL` …). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  value: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int' })
  views: number;

  @Column({ type: 'int' })
  minutesWatched: number;

  @Column({ type: 'datetime' })
  fetchedAt: Date;
}
