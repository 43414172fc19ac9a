import { z } from 'zod';

export const channelStatsSchema = z.object({
  /** Null when the channel hides it (unknown, not 0): the page leaves it out. */
  subscriberCount: z.number().int().nonnegative().nullable(),
  /** Null when no sync stated it (feed mode, issue 24: the feed has no channel totals): the page leaves it out. */
  videoCount: z.number().int().nonnegative().nullable(),
  /** Null like the video count (feed mode): unknown, not 0. */
  viewCount: z.number().int().nonnegative().nullable(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;
