import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What a snapshot row holds. YouTube reports these for a range, not per day (viewer percentages do not add up over
 * days), so they are read per range and kept until read again.
 */
export const SNAPSHOT = {
  /** Views per country (`dimensions=country`). */
  country: 'country',
  /** viewerPercentage per `ageGroup|gender`. */
  ageGender: 'age_gender',
  /** Views per external site (`insightTrafficSourceDetail` of `EXT_URL` traffic, top 25). */
  externalSite: 'ext_url',
  /** A video's audienceWatchRatio per elapsedVideoTimeRatio (key: the ratio), lifetime. */
  retention: 'retention',
  /** When a video's own figures were last read (one row, key ''; value: the queries it took). */
  read: 'read',
} as const;
export type SnapshotKind = (typeof SNAPSHOT)[keyof typeof SNAPSHOT];

/**
 * One figure of a range's breakdown: scope `7d`, `30d`, `90d`, `1y` (the channel over that range) or `video:<id>`
 * (one video since it was published), kind, key (a country, `age25-34|female`, a host, a ratio).
 */
@Entity('youtube_snapshot')
export class YoutubeSnapshotEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  scope: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: string;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  key: string;

  /** Views, a viewer percentage or a watch ratio, as the kind says. */
  @Column({ type: 'double' })
  value: number;

  /** estimatedMinutesWatched where the report has it. */
  @Column({ type: 'int', nullable: true })
  minutesWatched: number | null;

  /** The range read (UTC days, both included). */
  @Column({ type: 'varchar', length: 10 })
  fromDay: string;

  @Column({ type: 'varchar', length: 10 })
  toDay: string;

  @Column({ type: 'datetime' })
  fetchedAt: Date;
}
