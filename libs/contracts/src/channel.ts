import { z } from 'zod';

export const channelStatsSchema = z.object({
  subscriberCount: z.number().int().nonnegative(),
  videoCount: z.number().int().nonnegative(),
  viewCount: z.number().int().nonnegative(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;
