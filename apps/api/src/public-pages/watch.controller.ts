import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { type OembedResponse, type VideoDetail, videoIdSchema } from '@app/contracts';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { ZodParamPipe } from '../common/validation';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiJson } from '../docs/api-response.decorators';
import { siteCacheControl, siteOrigin } from './site-url';
import { OembedQueryDto, OembedResponseDto, VideoDetailDto } from './watch.dto';
import { WatchService } from './watch.service';

/** A video's watch page data (issue 15): `GET /api/videos/{id}` and `GET /oembed` (at the site root). */
@Controller()
export class WatchController {
  constructor(
    private readonly watch: WatchService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** One video with what its watch page shows: playlists that hold it, live details, related videos. */
  @Public()
  @Get('videos/:id')
  @ApiJson(VideoDetailDto, { errors: [400, 404] })
  detail(@Param('id', new ZodParamPipe(videoIdSchema, 'id')) id: string): Promise<VideoDetail> {
    return this.watch.detail(id);
  }

  /**
   * oEmbed 1.0 for a watch page URL (`url`, `maxwidth`, `maxheight`; JSON only). Its links follow the site's
   * origin, so without PUBLIC_URL no shared cache may keep it (as sitemap.xml).
   */
  @Public()
  @Get('oembed')
  @ApiJson(OembedResponseDto, { errors: [400, 404, 501] })
  async oembed(
    @Query() query: OembedQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OembedResponse> {
    const body = await this.watch.oembed(siteOrigin(req, this.env.PUBLIC_URL), query);
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }
}
