import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The channel's figures of one UTC day, as YouTube Analytics reported them (reports.query, `dimensions=day`). A day
 * YouTube has no row for has no row here. Read again while YouTube may still revise it (the last days fetched).
 */
@Entity('youtube_channel_day')
export class YoutubeChannelDayEntity {
  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int' })
  views: number;

  /** estimatedMinutesWatched. */
  @Column({ type: 'int' })
  minutesWatched: number;

  /** Seconds. */
  @Column({ type: 'double' })
  averageViewDuration: number;

  /** Per cent. */
  @Column({ type: 'double' })
  averageViewPercentage: number;

  @Column({ type: 'int' })
  subscribersGained: number;

  @Column({ type: 'int' })
  subscribersLost: number;

  @Column({ type: 'int' })
  likes: number;

  @Column({ type: 'int' })
  comments: number;

  @Column({ type: 'int' })
  shares: number;

  /** USD; null while revenue was not read (scope not granted, or refused). */
  @Column({ type: 'double', nullable: true })
  estimatedRevenue: number | null;

  @Column({ type: 'double', nullable: true })
  estimatedAdRevenue: number | null;

  /** playbackBasedCpm, USD. */
  @Column({ type: 'double', nullable: true })
  cpm: number | null;

  @Column({ type: 'int', nullable: true })
  monetizedPlaybacks: number | null;

  /** When these figures were read from YouTube. */
  @Column({ type: 'datetime' })
  fetchedAt: Date;
}
