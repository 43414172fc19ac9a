import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { type Backup, backupFileName, type ImportResult, type SitemapResult } from '@app/contracts';
import type { Request, Response } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiJson } from '../docs/api-response.decorators';
import { BackupDto, ImportResultDto, SitemapResultDto } from './admin.dto';
import { BackupService } from './backup.service';
import { PublicPagesService } from '../public-pages/public-pages.service';
import { siteOrigin } from '../public-pages/site-url';

@Controller('admin')
export class AdminController {
  constructor(
    private readonly backups: BackupService,
    private readonly publicPages: PublicPagesService,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The JSON backup, downloaded as channel-backup-YYYY-MM-DD.json. */
  @Get('export')
  @ApiJson(BackupDto, { description: 'The backup, as an attachment', errors: [401] })
  async export(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Backup> {
    const backup = await this.backups.export();
    await this.audit.record(
      'backup-exported',
      actorOf(req),
      `${backup.videos.length} videos, ${backup.playlists.length} playlists`,
    );
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${backupFileName(new Date(backup.exportedAt))}"`,
    );
    return backup;
  }

  @Post('import')
  @HttpCode(200)
  @ApiJson(ImportResultDto, { body: BackupDto, errors: [400, 401, 403, 413, 415] })
  async import(@Req() req: Request, @Body() body: unknown): Promise<ImportResult> {
    const result = await this.backups.import(body);
    await this.audit.record(
      'backup-imported',
      actorOf(req),
      `${result.videos} videos, ${result.playlists} playlists, ${result.settings} settings`,
    );
    return result;
  }

  @Post('generate-sitemap')
  @HttpCode(200)
  @ApiJson(SitemapResultDto, { errors: [400, 401, 403, 415] })
  generateSitemap(@Req() req: Request): Promise<SitemapResult> {
    return this.publicPages.generateSitemap(siteOrigin(req, this.env.PUBLIC_URL));
  }
}
