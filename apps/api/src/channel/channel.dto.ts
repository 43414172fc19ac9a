import { channelStatsSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class ChannelStatsDto extends zodDto(channelStatsSchema) {}
