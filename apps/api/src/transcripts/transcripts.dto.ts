import { transcriptTrackListSchema, transcriptTrackSchema, transcriptUploadSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class TranscriptUploadDto extends zodDto(transcriptUploadSchema) {}
export class TranscriptTrackDto extends zodDto(transcriptTrackSchema) {}
export class TranscriptTrackListDto extends zodDto(transcriptTrackListSchema) {}
