import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/public.decorator';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { FeedsService } from './feeds.service';
import { siteOrigin } from './site-url';

/** Served at the site root (outside /api): /sitemap.xml, /rss.xml, /robots.txt. */
@Controller()
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  sitemap(@Req() req: Request): Promise<string> {
    return this.feeds.sitemap(siteOrigin(req, this.env.PUBLIC_URL));
  }

  @Public()
  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  rss(@Req() req: Request): Promise<string> {
    return this.feeds.rss(siteOrigin(req, this.env.PUBLIC_URL));
  }

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  robots(@Req() req: Request): Promise<string> {
    return this.feeds.robots(siteOrigin(req, this.env.PUBLIC_URL));
  }
}
