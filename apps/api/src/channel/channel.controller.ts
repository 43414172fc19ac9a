import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/public.decorator';
import type { ChannelStats } from '@app/contracts';
import { toChannelStats } from './channel.mapper';
import { ApiJson } from '../docs/api-response.decorators';
import { ChannelStatsDto } from './channel.dto';
import { ChannelService } from './channel.service';

@Controller('channel')
export class ChannelController {
  constructor(private readonly channel: ChannelService) {}

  @Public()
  @Get('stats')
  @ApiJson(ChannelStatsDto)
  async stats(): Promise<ChannelStats> {
    return toChannelStats(await this.channel.find());
  }
}
