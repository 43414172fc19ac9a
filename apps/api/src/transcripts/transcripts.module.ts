import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TranscriptCueEntity } from './transcript-cue.entity';
import { TranscriptStore } from './transcript-store.service';
import { VideoTranscriptEntity } from './video-transcript.entity';

/** Videos' transcripts (`video_transcript`, `transcript_cue`): stored tracks and the one a visitor is shown. */
@Module({
  imports: [TypeOrmModule.forFeature([VideoTranscriptEntity, TranscriptCueEntity])],
  providers: [TranscriptStore],
  exports: [TranscriptStore],
})
export class TranscriptsModule {}
