import { Controller, Get, GoneException, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../common/public.decorator';
import { ApiText } from '../docs/api-response.decorators';
import { sponsorReportCsv, sponsorReportFileName } from './sponsor-report-csv';
import { SponsorReportService } from './sponsor-report.service';

/** Longer than any token (report-pages.ts): such a value is no link and is not looked at. */
const TOKEN_MAX = 64;

/**
 * The CSV of a sponsor report, by its link's token (public: the token is the key). Read anew at every request,
 * never kept by a cache, not indexed, and it sends no referrer on: the address holds the token.
 */
@Controller()
export class SponsorReportController {
  constructor(private readonly reports: SponsorReportService) {}

  @Public()
  @Get('sponsor-reports/:token/report.csv')
  @ApiText('text/csv', {
    description: "The report's figures, one per row (docs/sponsor-reports.md)",
    errors: [404, 410],
  })
  async csv(@Param('token') token: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const answer = await this.reports.byToken(token.length <= TOKEN_MAX ? token : '');
    if (answer.report === null) {
      throw answer.status === 410
        ? new GoneException('This report link was revoked')
        : new NotFoundException('No report at this link');
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${sponsorReportFileName(answer.report)}"`);
    return sponsorReportCsv(answer.report);
  }
}
