import { analyticsFigures, publicFigures } from './media-kit';

describe('media kit figures', () => {
  const syncedAt = new Date('2026-05-02T01:00:00Z');
  const channel = { subscriberCount: 1234, isDemo: false };

  it('averages the last 10 long videos’ public counts (a withheld count left out), as of the last sync', () => {
    const views = [100, null, 300, ...Array.from({ length: 10 }, () => 10_000)];
    expect(publicFigures({ channel, recentViews: views, syncedAt })).toEqual({
      subscribers: { available: true, value: 1234, source: 'youtube-public', readAt: syncedAt.toISOString() },
      // The first 10: 100, (withheld), 300 and seven of 10,000: 9 counts.
      averageViews: {
        available: true,
        value: { average: Math.round((100 + 300 + 7 * 10_000) / 9), videos: 9 },
        source: 'youtube-public',
        readAt: syncedAt.toISOString(),
      },
    });
  });

  it('says why when there is no real count: demo channel, no sync yet, a hidden count, no long video', () => {
    const gap = (name: string) => ({ available: false, gap: name, availableOn: null });
    expect(publicFigures({ channel: { ...channel, isDemo: true }, recentViews: [5], syncedAt })).toEqual({
      subscribers: gap('demo'),
      averageViews: gap('demo'),
    });
    expect(publicFigures({ channel, recentViews: [5], syncedAt: null })).toEqual({
      subscribers: gap('not-synced'),
      averageViews: gap('not-synced'),
    });
    expect(
      publicFigures({ channel: { ...channel, subscriberCount: null }, recentViews: [], syncedAt }),
    ).toEqual({
      subscribers: gap('hidden'),
      averageViews: gap('none'),
    });
  });

  it('gives the reader’s 30 days with when each was read, or its reason for all of them', () => {
    const at = <T>(value: T) => ({ value, readAt: '2026-05-02T03:00:00.000Z' });
    const figures = analyticsFigures({
      available: true,
      figures: {
        from: '2026-04-01',
        to: '2026-04-30',
        views30d: at(5000),
        netSubscribers30d: at(12),
        watchHours30d: at(300),
        topCountries: at([{ country: 'US', views: 3000 }]) as never,
        ageGender: at([]) as never,
        engagement: at({ likes: 10, comments: 2, shares: 1, ratePercent: 0.26 }) as never,
      },
    });
    expect(figures.period).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(figures.views30d).toMatchObject({ available: true, value: 5000, source: 'youtube-analytics' });
    expect(figures.ageGender).toEqual({ available: false, gap: 'too-few-views', availableOn: null });
    const off = analyticsFigures({ available: false, reason: 'not-connected', message: 'x' });
    expect(off.period).toBeNull();
    expect(off.engagement).toEqual({ available: false, gap: 'not-connected', availableOn: null });
  });
});
