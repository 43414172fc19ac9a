import { Body, Controller, Delete, Get, Param, Put, Req } from '@nestjs/common';
import {
  type TranscriptKind,
  transcriptKindSchema,
  transcriptLanguageSchema,
  type TranscriptSource,
  transcriptSourceSchema,
  type TranscriptTrack,
  type TranscriptTrackList,
  videoIdSchema,
} from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { TranscriptTrackDto, TranscriptTrackListDto, TranscriptUploadDto } from './transcripts.dto';
import { TranscriptUploadsService } from './transcript-uploads.service';

const videoId = new ZodParamPipe(videoIdSchema, 'id');
const language = new ZodParamPipe(transcriptLanguageSchema, 'language');

/** A video's transcript tracks in the dashboard (Content → Transcripts): admin only (the global session guard). */
@Controller('admin/videos/:id/transcripts')
export class TranscriptsController {
  constructor(
    private readonly uploads: TranscriptUploadsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiJson(TranscriptTrackListDto, { errors: [400, 401, 404] })
  async list(@Param('id', videoId) id: string): Promise<TranscriptTrackList> {
    return { tracks: await this.uploads.tracks(id) };
  }

  /** Stores a `.vtt` or `.srt` file as the video's uploaded track in `language`, replacing the one it had. */
  @Put(':language')
  @ApiJson(TranscriptTrackDto, { errors: [400, 401, 403, 404, 413, 415] })
  async upload(
    @Param('id', videoId) id: string,
    @Param('language', language) lang: string,
    @Body() body: TranscriptUploadDto,
    @Req() req: Request,
  ): Promise<TranscriptTrack> {
    const { track, title } = await this.uploads.upload(id, lang, body);
    await this.audit.record(
      'transcript-uploaded',
      actorOf(req),
      `${title}: ${lang}, ${track.cueCount} cues${track.name ? ` (${track.name})` : ''}`,
    );
    return track;
  }

  /** Deletes one track, of any source. Answers the deleted track. */
  @Delete(':source/:language/:kind')
  @ApiJson(TranscriptTrackDto, { errors: [400, 401, 403, 404] })
  async remove(
    @Param('id', videoId) id: string,
    @Param('source', new ZodParamPipe(transcriptSourceSchema, 'source')) source: TranscriptSource,
    @Param('language', language) lang: string,
    @Param('kind', new ZodParamPipe(transcriptKindSchema, 'kind')) kind: TranscriptKind,
    @Req() req: Request,
  ): Promise<TranscriptTrack> {
    const { track, title } = await this.uploads.remove(id, { source, language: lang, kind });
    await this.audit.record(
      'transcript-deleted',
      actorOf(req),
      `${title}: ${source} ${track.language} ${kind}`,
    );
    return track;
  }
}
