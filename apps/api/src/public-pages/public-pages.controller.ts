import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiText } from '../docs/api-response.decorators';
import { OPENSEARCH_TYPE } from '@app/contracts';
import { PublicPagesService } from './public-pages.service';
import { siteCacheControl, siteOrigin } from './site-url';

/** Served at the site root (outside /api): /sitemap.xml, /rss.xml, /robots.txt, /opensearch.xml. */
@Controller()
export class PublicPagesController {
  constructor(
    private readonly pages: PublicPagesService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @ApiText('application/xml', { description: 'The sitemap (Google video extension)', errors: [404] })
  async sitemap(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.pages.sitemap(siteOrigin(req, this.env.PUBLIC_URL));
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }

  @Public()
  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @ApiText('application/rss+xml', { description: 'RSS 2.0 feed of the latest videos', errors: [404] })
  async rss(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.pages.rss(siteOrigin(req, this.env.PUBLIC_URL));
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }

  @Public()
  @Get('opensearch.xml')
  @Header('Content-Type', `${OPENSEARCH_TYPE}; charset=utf-8`)
  @ApiText(OPENSEARCH_TYPE, { description: "The site search's OpenSearch description document" })
  async openSearch(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.pages.openSearch(siteOrigin(req, this.env.PUBLIC_URL));
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiText('text/plain', { description: 'robots.txt' })
  async robots(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.pages.robots(siteOrigin(req, this.env.PUBLIC_URL));
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }
}
