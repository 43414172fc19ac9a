import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A video whose caption tracks the import listed: when, and the tracks it did not store and why (JSON, a
 * `CaptionSkip[]`), so a track YouTube refused is not asked for again until YouTube changes it.
 */
@Entity('youtube_caption_video')
export class YoutubeCaptionVideoEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  videoId: string;

  @Column({ type: 'datetime' })
  checkedAt: Date;

  @Column({ type: 'text', nullable: true })
  skipped: string | null;
}
