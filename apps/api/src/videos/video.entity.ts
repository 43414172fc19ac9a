import type { VideoKind } from '@app/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

@Entity('video')
export class VideoEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  thumbnail: string | null;

  @Column({ type: 'varchar', length: 16 })
  duration: string;

  @Column({ type: 'int', default: 0 })
  durationSeconds: number;

  @Index('idx_video_view_count')
  /** Null when YouTube withholds the video's statistics: unknown, not 0. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  viewCount: number | null;

  @Index('idx_video_published_at')
  @Column({ type: 'datetime' })
  publishedAt: Date;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ type: 'varchar', length: 16, default: 'video' })
  kind: VideoKind;
}
