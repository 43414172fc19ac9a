import { rangeDays } from '../analytics/analytics-math';
import { grantedRevenue, overviewFigures, revenueFigures } from './channel-reports';
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

  it('counts revenue only from the day it is known on: days before are missing, never 0, and in no total', () => {
    const on = (date: string, views: number, revenue: number | null) => day(views, revenue, { day: date });
    const week = rangeDays('7d', '2026-01-07');
    // Read without revenue up to the 3rd (the revenue import has not reached it yet); the 5th has no row.
    const days = [
      on('2026-01-01', 1000, 2),
      on('2026-01-03', 1000, null),
      on('2026-01-04', 1000, 3),
      on('2026-01-06', 1000, 5),
      on('2026-01-07', 2000, 0),
    ];
    const r = grantedRevenue(week, days);
    expect(r.revenueFrom).toBe('2026-01-04');
    expect(r.totals).toMatchObject({ estimatedRevenue: 8, rpm: 2 });
    expect(r.series.map((p) => [p.date.slice(8), p.missing, p.estimatedRevenue])).toEqual([
      ['01', true, 0],
      ['02', true, 0],
      ['03', true, 0],
      ['04', false, 3],
      ['05', true, 0],
      ['06', false, 5],
      ['07', false, 0],
    ]);
    // All known: from the range's first day; the newest day unknown: nothing is.
    expect(grantedRevenue(week, [on('2026-01-02', 10, 1)]).revenueFrom).toBe('2026-01-01');
    const none = grantedRevenue(week, [on('2026-01-02', 10, 1), on('2026-01-07', 10, null)]);
    expect(none).toMatchObject({ revenueFrom: null, totals: { estimatedRevenue: 0, rpm: 0 } });
    expect(none.series.every((p) => p.missing)).toBe(true);
    // A week is missing while one of its days is not known; its figures are of the days that are.
    const weeks = grantedRevenue(rangeDays('90d', '2026-01-07'), days);
    expect(weeks.series.at(-1)).toMatchObject({ date: '2026-01-05', missing: false, estimatedRevenue: 5 });
    expect(weeks.series.at(-2)).toMatchObject({ date: '2025-12-29', missing: true, estimatedRevenue: 3 });
  });
});
