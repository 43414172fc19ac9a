import { Controller, Get } from '@nestjs/common';
import type { ChannelStats } from '@app/contracts';
import { toChannelStats } from './channel.mapper';
import { ChannelService } from './channel.service';

@Controller('channel')
export class ChannelController {
  constructor(private readonly channel: ChannelService) {}

  @Get('stats')
  async stats(): Promise<ChannelStats> {
    return toChannelStats(await this.channel.find());
  }
}
