import { featuredVideoSchema, videoListQuerySchema, videoSchema } from '@app/contracts';
import { namedZodDto, zodDto } from '../docs/zod-dto';

export class VideoListQueryDto extends zodDto(videoListQuerySchema) {}
export class VideoDto extends zodDto(videoSchema) {}
export const FeaturedVideoDto = namedZodDto('FeaturedVideoDto', featuredVideoSchema);
