import { overviewFigures, revenueFigures } from './channel-reports';
import { videoFigures } from './video-figures';
import type { YoutubeChannelDayEntity } from './youtube-channel-day.entity';
import type { YoutubeVideoDayEntity } from './youtube-video-day.entity';

const read = (day: number) => new Date(`2026-02-${String(day).padStart(2, '0')}T09:00:00Z`);
const videoDay = (day: string, views: number, pct = 40): YoutubeVideoDayEntity => ({
  videoId: 'v1',
  day,
  views,
  minutesWatched: views * 2,
  averageViewPercentage: pct,
  averageViewDuration: 120,
  fetchedAt: read(Number(day.slice(8))),
});

describe('a video’s figures since publishing', () => {
  const days = Array.from({ length: 20 }, (_, i) =>
    videoDay(`2026-01-${String(i + 1).padStart(2, '0')}`, 10),
  );
  const figures = (dataTo: string | null) =>
    videoFigures({
      videoId: 'v1',
      publishedOn: '2026-01-01',
      days: [videoDay('2025-12-31', 99), ...days],
      snapshots: [],
      dataTo,
      readAt: read(25),
      ownRead: null,
    });

  it('sums the views up to day 7 and 14 after publishing; day 30 has no figure before YouTube has the day', () => {
    const f = figures('2026-01-20');
    expect(f.viewsAt.day7).toEqual({ value: 80, readAt: read(8).toISOString() });
    expect(f.viewsAt.day14!.value).toBe(150);
    expect(f.viewsAt.day30).toBeNull();
    expect(f.daily[0]).toMatchObject({ day: '2026-01-01', age: 0, views: 10 });
    // A day before publishing (a premiere's trailer day) is not the video's.
    expect(f.views.value).toBe(200);
    expect(f.watchHours.value).toBe(6.7);
    expect(f.averageViewPercentage.value).toBe(40);
    expect(figures(null).viewsAt.day7).toBeNull();
  });

  it('says when each figure was read; with nothing stored, when the video was last read', () => {
    const f = figures('2026-01-20');
    expect(f.views.readAt).toBe(read(20).toISOString());
    expect(f.retention).toEqual({ value: [], readAt: read(25).toISOString() });
  });
});

describe('channel figures of a range', () => {
  const day = (views: number, revenue: number | null, extra: Partial<YoutubeChannelDayEntity> = {}) =>
    ({
      day: '2026-01-01',
      views,
      minutesWatched: views * 3,
      averageViewDuration: 100,
      averageViewPercentage: 50,
      subscribersGained: 2,
      subscribersLost: 1,
      likes: 1,
      comments: 0,
      shares: 0,
      estimatedRevenue: revenue,
      estimatedAdRevenue: revenue === null ? null : revenue / 2,
      cpm: revenue === null ? null : 10,
      monetizedPlaybacks: revenue === null ? null : views,
      fetchedAt: read(1),
      ...extra,
    }) satisfies YoutubeChannelDayEntity;

  it('weights averages by views, and shows watch time in hours', () => {
    const f = overviewFigures([
      day(100, 1),
      day(300, 1, { averageViewPercentage: 30, averageViewDuration: 200 }),
    ]);
    expect(f).toMatchObject({
      views: 400,
      watchHours: 20,
      averageViewPercentage: 35,
      averageViewDuration: 175,
    });
    expect(overviewFigures([])).toMatchObject({ views: 0, averageViewPercentage: 0 });
  });

  it('takes RPM per 1,000 views of the days with revenue, and CPM weighted by monetized playbacks', () => {
    const f = revenueFigures([day(1000, 4), day(3000, 6, { cpm: 20 }), day(5000, null)]);
    expect(f).toEqual({ estimatedRevenue: 10, estimatedAdRevenue: 5, cpm: 17.5, rpm: 2.5 });
    expect(revenueFigures([])).toEqual({ estimatedRevenue: 0, estimatedAdRevenue: 0, cpm: 0, rpm: 0 });
  });
});
