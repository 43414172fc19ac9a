import { pinPlaylistBodySchema, playlistSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class PinPlaylistDto extends zodDto(pinPlaylistBodySchema) {}
export class PlaylistDto extends zodDto(playlistSchema) {}
