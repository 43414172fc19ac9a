import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { type Video, videoIdSchema } from '@app/contracts';
import type { Response } from 'express';
import { Public } from '../common/public.decorator';
import { SiteImagesService } from '../images/site-images.service';
import { ZodParamPipe } from '../common/validation';
import { toVideo } from './video.mapper';
import { ApiJson } from '../docs/api-response.decorators';
import { FeaturedVideoDto, VideoDto, VideoListQueryDto } from './videos.dto';
import { VideosService } from './videos.service';

@Controller('videos')
export class VideosController {
  constructor(
    private readonly videos: VideosService,
    private readonly images: SiteImagesService,
  ) {}

  /**
   * Newest first by default; `q`, `sort`, `kind`, `limit`, `offset` narrow it; the match count is in
   * `X-Total-Count`.
   */
  @Public()
  @Get()
  @ApiJson([VideoDto], {
    errors: [400],
    headers: { 'X-Total-Count': { description: 'Videos matching the query', schema: { type: 'integer' } } },
  })
  async list(@Query() query: VideoListQueryDto, @Res({ passthrough: true }) res: Response): Promise<Video[]> {
    const page = await this.videos.list(query);
    res.setHeader('X-Total-Count', String(page.total));
    return this.images.with('video', page.items, toVideo);
  }

  /**
   * The featured video: the chosen one, else the newest long video (`featured: false`, until the owner chooses), or
   * JSON `null` when the channel has neither.
   */
  @Public()
  @Get('featured')
  @ApiJson(FeaturedVideoDto)
  async featured(@Res() res: Response): Promise<void> {
    const video = await this.videos.featured();
    res.json(video ? await this.images.withOne('video', video, toVideo) : null);
  }

  @Post(':id/featured')
  @HttpCode(200)
  @ApiJson(VideoDto, { errors: [400, 401, 403, 404, 415] })
  async feature(@Param('id', new ZodParamPipe(videoIdSchema, 'id')) id: string): Promise<Video> {
    return this.images.withOne('video', await this.videos.feature(id), toVideo);
  }
}
