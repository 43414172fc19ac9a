import type { TranscriptKind, TranscriptSource } from '@app/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One caption track of a video (`transcript_cue` holds its cues): at most one per video, source, language and kind.
 * A YouTube track keeps its caption id and `lastUpdated`, so a sync downloads only new or changed tracks.
 */
@Index('uq_video_transcript_track', ['videoId', 'source', 'language', 'kind'], { unique: true })
@Entity('video_transcript')
export class VideoTranscriptEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ type: 'varchar', length: 32 })
  videoId: string;

  @Column({ type: 'varchar', length: 16 })
  source: TranscriptSource;

  /** BCP 47, as the file or YouTube names it. */
  @Column({ type: 'varchar', length: 35 })
  language: string;

  @Column({ type: 'varchar', length: 16 })
  kind: TranscriptKind;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  /** YouTube's caption track id (`captions.list` → `id`); null for an upload. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  youtubeTrackId: string | null;

  /** YouTube's `snippet.lastUpdated` of the stored download; null for an upload. */
  @Column({ type: 'datetime', nullable: true })
  trackUpdatedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  cueCount: number;

  /** When these cues were stored. */
  @Column({ type: 'datetime' })
  storedAt: Date;
}
