import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Reads one day's videos (the Content report sums a range of days over every video). */
export const VIDEO_DAY_INDEX = 'idx_youtube_video_day_day';

/**
 * One video's figures on one UTC day: from the day's top videos (`dimensions=video`, most viewed first), or from a
 * video's own daily report (`dimensions=day;filters=video==…`) when a sponsor report asks for it.
 */
@Index(VIDEO_DAY_INDEX, ['day'])
@Entity('youtube_video_day')
export class YoutubeVideoDayEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  videoId: string;

  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int' })
  views: number;

  @Column({ type: 'int' })
  minutesWatched: number;

  /** Per cent of the video a view watched that day. */
  @Column({ type: 'double' })
  averageViewPercentage: number;

  /** Seconds. */
  @Column({ type: 'double' })
  averageViewDuration: number;

  @Column({ type: 'datetime' })
  fetchedAt: Date;
}
