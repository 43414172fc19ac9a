import type { ChannelStats } from '@app/contracts';
import type { ChannelEntity } from './channel.entity';

export function toChannelStats(channel: ChannelEntity | null): ChannelStats {
  return {
    subscriberCount: channel ? channel.subscriberCount : 0,
    videoCount: channel ? channel.videoCount : 0,
    viewCount: channel ? channel.viewCount : 0,
  };
}
