import { videoListQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class VideoListQueryDto extends createZodDto(videoListQuerySchema) {}
