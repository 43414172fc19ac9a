import { channelStatsSchema } from './channel';

describe('channelStatsSchema', () => {
  it('accepts whole non-negative counts', () => {
    expect(channelStatsSchema.parse({ subscriberCount: 1, videoCount: 0, viewCount: 3 })).toEqual({
      subscriberCount: 1,
      videoCount: 0,
      viewCount: 3,
    });
  });

  it('accepts null for a total nobody stated (feed mode, issue 24), and keeps a real 0 a number', () => {
    const unknown = { subscriberCount: null, videoCount: null, viewCount: null };
    expect(channelStatsSchema.parse(unknown)).toEqual(unknown);
    expect(channelStatsSchema.parse({ subscriberCount: null, videoCount: 0, viewCount: 0 })).toEqual({
      subscriberCount: null,
      videoCount: 0,
      viewCount: 0,
    });
    expect(channelStatsSchema.safeParse({ subscriberCount: null, videoCount: 1 }).success).toBe(false);
  });

  it('rejects negative or fractional counts and names the field', () => {
    const result = channelStatsSchema.safeParse({ subscriberCount: -1, videoCount: 1.5, viewCount: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['subscriberCount', 'videoCount']);
  });
});
