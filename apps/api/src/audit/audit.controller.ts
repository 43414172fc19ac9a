import { Controller, Get, Query, Res } from '@nestjs/common';
import type { AuditPage } from '@app/contracts';
import type { Response } from 'express';
import { Clock } from '../common/clock';
import { ApiJson, ApiText } from '../docs/api-response.decorators';
import { auditCsv, auditCsvFileName } from './audit-csv';
import { AuditPageDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

/** The audit log in the dashboard (Settings → Security). */
@Controller('admin')
export class AuditController {
  constructor(
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Newest first, 50 a page; filtered by action and by days (UTC). */
  @Get('audit')
  @ApiJson(AuditPageDto, { errors: [400, 401] })
  page(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.audit.page(query);
  }

  /** The entries the same filters match, as an attachment that no cache keeps. */
  @Get('audit.csv')
  @ApiText('text/csv', {
    description: 'The audit log (at, action, what, who, from, detail)',
    errors: [400, 401],
  })
  async csv(@Query() query: AuditQueryDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const csv = auditCsv(await this.audit.all(query));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${auditCsvFileName(new Date(this.clock.now()))}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    return csv;
  }
}
