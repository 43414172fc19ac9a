import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type Playlist, playlistIdSchema } from '@app/contracts';
import { Public } from '../common/public.decorator';
import { SiteImagesService } from '../images/site-images.service';
import { ZodParamPipe } from '../common/validation';
import { toPlaylist } from './playlist.mapper';
import { ApiJson } from '../docs/api-response.decorators';
import { PinPlaylistDto, PlaylistDto } from './playlists.dto';
import { PlaylistsService } from './playlists.service';

@Controller('playlists')
export class PlaylistsController {
  constructor(
    private readonly playlists: PlaylistsService,
    private readonly images: SiteImagesService,
  ) {}

  @Public()
  @Get()
  @ApiJson([PlaylistDto])
  async list(): Promise<Playlist[]> {
    return this.images.with('playlist', await this.playlists.list(), toPlaylist);
  }

  @Post(':id/pin')
  @HttpCode(200)
  @ApiJson(PlaylistDto, { errors: [400, 401, 403, 404, 413, 415] })
  async pin(
    @Param('id', new ZodParamPipe(playlistIdSchema, 'id')) id: string,
    @Body() body: PinPlaylistDto,
  ): Promise<Playlist> {
    return this.images.withOne('playlist', await this.playlists.pin(id, body.pinned), toPlaylist);
  }
}
