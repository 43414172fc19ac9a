import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type {
  YoutubeCaptionsRefresh,
  YoutubeCaptionsStatus,
  YoutubeCaptionsSwitchResult,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { ApiJson } from '../docs/api-response.decorators';
import {
  YoutubeCaptionsRefreshDto,
  YoutubeCaptionsStatusDto,
  YoutubeCaptionsSwitchDto,
  YoutubeCaptionsSwitchResultDto,
} from './youtube-captions.dto';
import { YoutubeCaptionsScheduler } from './youtube-captions-scheduler';
import { YoutubeCaptionsStatusService } from './youtube-captions-status';
import { YoutubeCaptionsSwitch } from './youtube-captions-switch';

/** "Transcripts from YouTube" in the dashboard (docs/integrations/google-account.md). Admin only. */
@Controller('admin/youtube-captions')
export class YoutubeCaptionsController {
  constructor(
    private readonly statuses: YoutubeCaptionsStatusService,
    private readonly scheduler: YoutubeCaptionsScheduler,
    private readonly switcher: YoutubeCaptionsSwitch,
  ) {}

  @Get('status')
  @ApiJson(YoutubeCaptionsStatusDto, { errors: [401] })
  status(@Res({ passthrough: true }) res: Response): Promise<YoutubeCaptionsStatus> {
    res.setHeader('Cache-Control', 'no-store');
    return this.statuses.status();
  }

  /** Turns the switch on (with Google's consent page when the scope is missing) or off (YouTube's tracks deleted). */
  @Post('switch')
  @HttpCode(200)
  @ApiJson(YoutubeCaptionsSwitchResultDto, { errors: [400, 401, 403, 413, 415] })
  turn(@Req() req: Request, @Body() body: YoutubeCaptionsSwitchDto): Promise<YoutubeCaptionsSwitchResult> {
    return this.switcher.turn(req, body.enabled);
  }

  /** Starts a run now (within the day's budget) unless one runs, the switch is off or nothing is connected. */
  @Post('refresh')
  @HttpCode(202)
  @ApiJson(YoutubeCaptionsRefreshDto, { status: 202, errors: [401, 403] })
  async refresh(): Promise<YoutubeCaptionsRefresh> {
    const before = await this.statuses.status();
    const ready = before.enabled && before.connection === 'connected' && before.scopeGranted;
    const started = ready && this.scheduler.start('refresh');
    return { started, status: await this.statuses.status() };
  }
}
