import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  type AnalyticsAccepted,
  type AnalyticsDayState,
  analyticsDaySchema,
  type AnalyticsReport,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import {
  AnalyticsAcceptedDto,
  AnalyticsDayExclusionDto,
  AnalyticsDayStateDto,
  AnalyticsEventBatchDto,
  AnalyticsQueryDto,
  AnalyticsReportDto,
} from './analytics.dto';
import { eventSender } from './analytics-events-http';
import { AnalyticsIngestService } from './analytics-ingest.service';
import { AnalyticsReportService } from './analytics-report.service';

@Controller()
export class AnalyticsController {
  constructor(
    private readonly ingest: AnalyticsIngestService,
    private readonly reports: AnalyticsReportService,
  ) {}

  /**
   * The page's events (JSON, sent as `application/json` or `text/plain` by sendBeacon). Answered at once with
   * how many were taken: 0 for a bot, `Sec-GPC: 1`, analytics turned off, or a visitor over the rate limit.
   * Requests are answered by `eventsFastPath` before Nest's router; this handler documents the route and
   * answers the same way.
   */
  @Public()
  @Post('events')
  @HttpCode(202)
  @ApiJson(AnalyticsAcceptedDto, { status: 202, body: AnalyticsEventBatchDto, errors: [400, 403, 415] })
  async events(@Body() body: unknown, @Req() req: Request): Promise<AnalyticsAccepted> {
    return { accepted: await this.ingest.accept(body, eventSender(req)) };
  }

  @Get('admin/analytics')
  @ApiJson(AnalyticsReportDto, { errors: [400, 401] })
  report(
    @Query() query: AnalyticsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AnalyticsReport> {
    res.setHeader('Cache-Control', 'no-store');
    return this.reports.report(query.range);
  }

  /** Leaves a day (a suspected flood) out of every report figure, or counts it again; nothing is deleted. */
  @Put('admin/analytics/days/:day')
  @ApiJson(AnalyticsDayStateDto, { errors: [400, 401, 403, 413, 415] })
  exclude(
    @Param('day', new ZodParamPipe(analyticsDaySchema, 'day')) day: string,
    @Body() body: AnalyticsDayExclusionDto,
  ): Promise<AnalyticsDayState> {
    return this.reports.setExcluded(day, body.excluded);
  }
}
