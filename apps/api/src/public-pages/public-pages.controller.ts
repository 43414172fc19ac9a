import { Controller, Get, Header, Inject, Query, Req, Res } from '@nestjs/common';
import { videoIdSchema } from '@app/contracts';
import { ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ZodParamPipe } from '../common/validation';
import { ApiText } from '../docs/api-response.decorators';
import { PublicPagesService } from './public-pages.service';
import { siteCacheControl, siteOrigin } from './site-url';
import { WatchService } from './watch.service';

/** Served at the site root (outside /api): /sitemap.xml, /rss.xml, /robots.txt; and /api/page-head. */
@Controller()
export class PublicPagesController {
  constructor(
    private readonly pages: PublicPagesService,
    private readonly watch: WatchService,
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
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiText('text/plain', { description: 'robots.txt' })
  async robots(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const body = await this.pages.robots(siteOrigin(req, this.env.PUBLIC_URL));
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }

  /**
   * The `<head>` tags of the SEO settings (title, description, social cards, feed link) as an HTML
   * fragment: the web app's server (apps/web/server) puts it into every page it sends, so link
   * previews and crawlers that run no script see them. Kept as briefly as any public answer; without PUBLIC_URL,
   * `og:url` follows the request's host, so no shared cache may keep it. `?video={id}`: the head of that
   * video's watch page (canonical, Open Graph video, player card, oEmbed link, VideoObject JSON-LD).
   */
  @Public()
  @Get('page-head')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiText('text/html', { description: 'The <head> tags, an HTML fragment', errors: [400, 404] })
  @ApiQuery({
    name: 'video',
    required: false,
    description: "A video id: the head of that video's watch page instead of the home page's",
    // Documentation only: `videoIdSchema` (the pipe below) is what checks it.
    schema: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[\\w-]+$' },
  })
  async pageHead(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query('video', new ZodParamPipe(videoIdSchema.optional(), 'video')) video?: string,
  ): Promise<string> {
    const origin = siteOrigin(req, this.env.PUBLIC_URL);
    const body = video ? await this.watch.pageHead(origin, video) : await this.pages.pageHead(origin);
    res.setHeader('Cache-Control', siteCacheControl(this.env.PUBLIC_URL));
    return body;
  }
}
