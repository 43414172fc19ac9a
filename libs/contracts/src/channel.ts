import { z } from 'zod';

export const channelStatsSchema = z.object({
  /** Null when the channel hides it (unknown, not 0): the page leaves it out. */
  subscriberCount: z.number().int().nonnegative().nullable(),
  videoCount: z.number().int().nonnegative(),
  viewCount: z.number().int().nonnegative(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;
