import { Controller, Get, Inject, Query, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import type { PageModel } from '@app/contracts';
import type { Request, Response } from 'express';
import { hasLiveSession } from '../auth/session.guard';
import { Clock } from '../common/clock';
import { Public } from '../common/public.decorator';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import {
  NO_STORE,
  PRIVATE_REVALIDATED_CACHE_CONTROL,
  REVALIDATED_CACHE_CONTROL,
} from '../content-cache/cache-control';
import { contentVersionOf } from '../content-cache/http-caching.middleware';
import { ApiJson } from '../docs/api-response.decorators';
import { PageModelDto, PageModelQueryDto } from './page-model.dto';
import { PageModelService } from './page-model.service';
import { siteOrigin } from './site-url';

/** `GET /api/page?path=`: everything the web server needs to render one page, in one answer. */
@Controller()
export class PageModelController {
  constructor(
    private readonly pages: PageModelService,
    @Inject(ENV) private readonly env: Env,
    private readonly clock: Clock,
  ) {}

  /**
   * The page model of a path of the site (its settings, head, policy, cache policy, data, status and content
   * version). Answered 200 whatever the page's own status (in the body). Its ETag names the content version: asked
   * again with it in If-None-Match, the answer is a 304 while nothing changed. `no-cache`: nobody keeps it by time;
   * without PUBLIC_URL its head's links follow the request's Host, so it is `private` rather than `public`. A sponsor
   * report or the media kit is `no-store`: read anew at every view (a revoked link is dead at once; the media kit
   * may be the owner's preview), kept by no cache.
   */
  @Public()
  @Get('page')
  @ApiJson(PageModelDto, { errors: [400] })
  async page(
    @Query() query: PageModelQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PageModel> {
    const version = contentVersionOf(res);
    if (version === undefined) throw new ServiceUnavailableException('The content version could not be read');
    const model = await this.pages.model(
      query.path,
      version,
      {
        origin: siteOrigin(req, this.env.PUBLIC_URL),
        fixedOrigin: Boolean(this.env.PUBLIC_URL),
        owner: hasLiveSession(req, this.clock.now()),
      },
      { q: query.q ?? '', offset: query.offset ?? 0 },
    );
    res.setHeader(
      'Cache-Control',
      model.kind === 'sponsor-report' || model.kind === 'media-kit'
        ? NO_STORE
        : model.cache.shared
          ? REVALIDATED_CACHE_CONTROL
          : PRIVATE_REVALIDATED_CACHE_CONTROL,
    );
    return model;
  }
}
