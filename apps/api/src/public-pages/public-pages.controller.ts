import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/public.decorator';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiText } from '../docs/api-response.decorators';
import { PublicPagesService } from './public-pages.service';
import { siteOrigin } from './site-url';

/** Served at the site root (outside /api): /sitemap.xml, /rss.xml, /robots.txt; and /api/page-head. */
@Controller()
export class PublicPagesController {
  constructor(
    private readonly pages: PublicPagesService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiText('application/xml', { description: 'The sitemap (Google video extension)', errors: [404] })
  sitemap(@Req() req: Request): Promise<string> {
    return this.pages.sitemap(siteOrigin(req, this.env.PUBLIC_URL));
  }

  @Public()
  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiText('application/rss+xml', { description: 'RSS 2.0 feed of the latest videos', errors: [404] })
  rss(@Req() req: Request): Promise<string> {
    return this.pages.rss(siteOrigin(req, this.env.PUBLIC_URL));
  }

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiText('text/plain', { description: 'robots.txt' })
  robots(@Req() req: Request): Promise<string> {
    return this.pages.robots(siteOrigin(req, this.env.PUBLIC_URL));
  }

  /**
   * The `<head>` tags of the SEO settings (title, description, social cards, feed link) as an HTML
   * fragment: the web server (tools/serve.ts, nginx's SSI) puts it into every page it sends, so link
   * previews and crawlers that run no script see them. Not cached: `og:url` follows the request's host.
   */
  @Public()
  @Get('page-head')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @ApiText('text/html', { description: 'The <head> tags, an HTML fragment' })
  pageHead(@Req() req: Request): Promise<string> {
    return this.pages.pageHead(siteOrigin(req, this.env.PUBLIC_URL));
  }
}
