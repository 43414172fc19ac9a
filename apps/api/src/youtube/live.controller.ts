import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { LiveCheckResult, LiveState } from '@app/contracts';
import { Public } from '../common/public.decorator';
import { ApiJson } from '../docs/api-response.decorators';
import { LiveCheckService } from './live-check.service';
import { LiveCheckResultDto, LiveStateDto } from './sync.dto';

@Controller()
export class LiveController {
  constructor(private readonly live: LiveCheckService) {}

  /** The channel's live stream and next scheduled one, as the last live check saw them (each may be null). */
  @Public()
  @Get('live')
  @ApiJson(LiveStateDto)
  state(): Promise<LiveState> {
    return this.live.state();
  }

  /** Runs the light live check now (2 quota units); the scheduled one runs every `liveCheckIntervalMinutes`. */
  @Post('sync/live-check')
  @HttpCode(200)
  @ApiJson(LiveCheckResultDto, { errors: [400, 401, 403, 409, 415, 502] })
  check(): Promise<LiveCheckResult> {
    return this.live.check();
  }
}
