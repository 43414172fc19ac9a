import { channelStatsSchema } from './channel';

describe('channelStatsSchema', () => {
  it('accepts whole non-negative counts', () => {
    expect(channelStatsSchema.parse({ subscriberCount: 1, videoCount: 0, viewCount: 3 })).toEqual({
      subscriberCount: 1,
      videoCount: 0,
      viewCount: 3,
    });
  });

  it('rejects negative or fractional counts and names the field', () => {
    const result = channelStatsSchema.safeParse({ subscriberCount: -1, videoCount: 1.5, viewCount: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['subscriberCount', 'videoCount']);
  });
});
