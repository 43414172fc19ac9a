import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type {
  YoutubeAnalyticsRefresh,
  YoutubeAnalyticsStatus,
  YoutubeAudienceReport,
  YoutubeContentReport,
  YoutubeOverviewReport,
  YoutubeRevenueReport,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiJson } from '../docs/api-response.decorators';
import { siteOrigin } from '../public-pages/site-url';
import { BreakdownReports } from './breakdown-reports';
import { ChannelReports } from './channel-reports';
import {
  YoutubeAnalyticsQueryDto,
  YoutubeAnalyticsRefreshDto,
  YoutubeAnalyticsStatusDto,
  YoutubeAudienceReportDto,
  YoutubeContentReportDto,
  YoutubeOverviewReportDto,
  YoutubeRevenueReportDto,
} from './youtube-analytics.dto';
import { YoutubeAnalyticsScheduler } from './youtube-analytics-scheduler';
import { YoutubeAnalyticsStatusService } from './youtube-analytics-status';

const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

/** The channel's YouTube Analytics in the dashboard (docs/integrations/google-account.md). Admin only. */
@Controller('admin/youtube-analytics')
export class YoutubeAnalyticsController {
  constructor(
    private readonly statuses: YoutubeAnalyticsStatusService,
    private readonly scheduler: YoutubeAnalyticsScheduler,
    private readonly channel: ChannelReports,
    private readonly breakdowns: BreakdownReports,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('status')
  @ApiJson(YoutubeAnalyticsStatusDto, { errors: [401] })
  status(@Res({ passthrough: true }) res: Response): Promise<YoutubeAnalyticsStatus> {
    noStore(res);
    return this.statuses.status();
  }

  /** Starts a fetch now (the recent days, what the first import has left, the breakdowns) unless one runs. */
  @Post('refresh')
  @HttpCode(202)
  @ApiJson(YoutubeAnalyticsRefreshDto, { status: 202, errors: [401, 403] })
  async refresh(): Promise<YoutubeAnalyticsRefresh> {
    const connected = (await this.statuses.status()).connection === 'connected';
    const started = connected && this.scheduler.start('refresh');
    return { started, status: await this.statuses.status() };
  }

  @Get('overview')
  @ApiJson(YoutubeOverviewReportDto, { errors: [400, 401] })
  overview(
    @Query() query: YoutubeAnalyticsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<YoutubeOverviewReport> {
    noStore(res);
    return this.channel.overview(query.range);
  }

  @Get('content')
  @ApiJson(YoutubeContentReportDto, { errors: [400, 401] })
  content(
    @Query() query: YoutubeAnalyticsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<YoutubeContentReport> {
    noStore(res);
    return this.breakdowns.content(query.range);
  }

  @Get('audience')
  @ApiJson(YoutubeAudienceReportDto, { errors: [400, 401] })
  audience(
    @Query() query: YoutubeAnalyticsQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<YoutubeAudienceReport> {
    noStore(res);
    return this.breakdowns.audience(query.range, new URL(siteOrigin(req, this.env.PUBLIC_URL)).hostname);
  }

  @Get('revenue')
  @ApiJson(YoutubeRevenueReportDto, { errors: [400, 401] })
  revenue(
    @Query() query: YoutubeAnalyticsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<YoutubeRevenueReport> {
    noStore(res);
    return this.channel.revenue(query.range);
  }
}
