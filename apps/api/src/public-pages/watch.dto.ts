import { oembedQuerySchema, oembedResponseSchema, videoDetailSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class VideoDetailDto extends zodDto(videoDetailSchema) {}
export class OembedQueryDto extends zodDto(oembedQuerySchema) {}
export class OembedResponseDto extends zodDto(oembedResponseSchema) {}
