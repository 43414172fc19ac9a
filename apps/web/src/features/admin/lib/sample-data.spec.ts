import {
  formatUsd,
  sampleConversions,
  samplePerformance,
  sampleRevenue,
  sampleTopVideos,
  sampleTrafficSources,
  summarisePerformance,
} from './sample-data';

const now = new Date('2026-03-31T12:00:00Z');

describe('sample analytics', () => {
  it('has a point per day for 7d and 30d, per week for 90d and per month for 1y', () => {
    expect(samplePerformance('7d', now)).toHaveLength(7);
    expect(samplePerformance('30d', now)).toHaveLength(30);
    expect(samplePerformance('90d', now)).toHaveLength(13);
    expect(samplePerformance('1y', now)).toHaveLength(12);
  });

  it('ends on the given day and is the same on every call', () => {
    const points = samplePerformance('7d', now);
    expect(points.at(-1)?.date).toBe('Mar 31');
    expect(points[0].date).toBe('Mar 25');
    expect(samplePerformance('7d', now)).toEqual(points);
    expect(samplePerformance('1y', now).at(-1)?.date).toBe('Mar 26');
  });

  it('sums up the range', () => {
    const points = samplePerformance('30d', now);
    const summary = summarisePerformance(points);
    expect(summary.views).toBe(points.reduce((sum, p) => sum + p.views, 0));
    expect(summary.averageViewSeconds).toBeGreaterThan(0);
    expect(summarisePerformance([])).toEqual({
      views: 0,
      watchHours: 0,
      subscribers: 0,
      averageViewSeconds: 0,
    });
  });

  it('has traffic shares that add up to 100 and five top videos, most viewed first', () => {
    expect(sampleTrafficSources.reduce((sum, s) => sum + s.share, 0)).toBe(100);
    const top = sampleTopVideos('30d');
    expect(top).toHaveLength(5);
    expect(top[0].views).toBeGreaterThan(top[4].views);
    expect(sampleConversions('90d', now)).toHaveLength(13);
  });
});

describe('sample revenue', () => {
  it('has the four cards, the total first, in USD', () => {
    expect(sampleRevenue.map((card) => card.label)).toEqual([
      'Total Revenue',
      'AdSense',
      'Affiliate',
      'Sponsorships',
    ]);
    expect(formatUsd(2847.5)).toBe('$2,847.50');
  });

  it('adds the three sources up to the total', () => {
    const [total, ...sources] = sampleRevenue;
    expect(sources.reduce((sum, card) => sum + card.amount, 0)).toBeCloseTo(total.amount, 2);
  });
});
