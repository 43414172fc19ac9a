import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One cue of a track (`video_transcript`), in order (`position`), times in milliseconds. */
@Index('idx_transcript_cue_track', ['transcriptId', 'position'])
@Entity('transcript_cue')
export class TranscriptCueEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ type: 'integer' })
  transcriptId: number;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'integer' })
  startMs: number;

  @Column({ type: 'integer' })
  endMs: number;

  @Column({ type: 'text' })
  text: string;
}
