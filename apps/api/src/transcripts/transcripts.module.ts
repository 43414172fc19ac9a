import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { VideosModule } from '../videos/videos.module';
import { TranscriptCueEntity } from './transcript-cue.entity';
import { TranscriptStore } from './transcript-store.service';
import { TranscriptUploadsService } from './transcript-uploads.service';
import { TranscriptsController } from './transcripts.controller';
import { VideoTranscriptEntity } from './video-transcript.entity';

/**
 * Videos' transcripts (`video_transcript`, `transcript_cue`): stored tracks, the one a visitor is shown, and the
 * owner's uploaded files (docs/transcripts.md).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([VideoTranscriptEntity, TranscriptCueEntity]),
    VideosModule,
    AuditModule,
  ],
  controllers: [TranscriptsController],
  providers: [TranscriptStore, TranscriptUploadsService],
  exports: [TranscriptStore],
})
export class TranscriptsModule {}
