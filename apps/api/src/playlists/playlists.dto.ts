import { pinPlaylistBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class PinPlaylistDto extends createZodDto(pinPlaylistBodySchema) {}
