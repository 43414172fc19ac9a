import { tableRecords } from './reports-query';
import {
  breakdownRows,
  channelDayRows,
  num,
  revenueByDay,
  SNAPSHOT_PICKS,
  snapshotRows,
  videoDayRows,
} from './report-rows';
import { GoogleApiError } from '../google-account/google-api';

const fetchedAt = new Date('2026-11-24T09:00:00Z');
/** A result table in reports.query's shape (https://developers.google.com/youtube/analytics/reference/reports/query). */
const table = (columns: string[], rows: (string | number)[][] | undefined) => ({
  kind: 'youtubeAnalytics#resultTable',
  columnHeaders: columns.map((name) => ({ name, columnType: 'METRIC', dataType: 'INTEGER' })),
  ...(rows ? { rows } : {}),
});

describe('report rows', () => {
  it('reads a result table as records, no `rows` as none, and refuses another shape', () => {
    expect(tableRecords(table(['day', 'views'], [['2026-11-20', 12]]))).toEqual([
      { day: '2026-11-20', views: 12 },
    ]);
    expect(tableRecords(table(['day', 'views'], undefined))).toEqual([]);
    expect(() => tableRecords({ error: 'x' })).toThrow(GoogleApiError);
  });

  it('maps the channel’s days, with revenue when read (0 for a day without a revenue row), null when not', () => {
    const records = tableRecords(
      table(
        ['day', 'views', 'estimatedMinutesWatched', 'averageViewDuration', 'averageViewPercentage', 'likes'],
        [
          ['2026-11-20', 120, 300, 150, 41.5, 4],
          ['2026-11-21', '7', 'x', 0, 0, -1],
        ],
      ),
    );
    const revenue = revenueByDay(
      tableRecords(
        table(
          ['day', 'estimatedRevenue', 'estimatedAdRevenue', 'playbackBasedCpm', 'monetizedPlaybacks'],
          [['2026-11-20', 1.234, 1.01, 8.5, 50]],
        ),
      ),
    );
    const [first, second] = channelDayRows(records, revenue, fetchedAt);
    expect(first).toMatchObject({
      day: '2026-11-20',
      views: 120,
      minutesWatched: 300,
      averageViewDuration: 150,
      averageViewPercentage: 41.5,
      likes: 4,
      subscribersGained: 0,
      estimatedRevenue: 1.234,
      cpm: 8.5,
      monetizedPlaybacks: 50,
      fetchedAt,
    });
    // Odd values count 0; a count never goes negative.
    expect(second).toMatchObject({ views: 7, minutesWatched: 0, likes: 0, estimatedRevenue: 0 });
    expect(channelDayRows(records, null, fetchedAt)[0].estimatedRevenue).toBeNull();
    expect(num(undefined)).toBe(0);
  });

  it('maps a day’s top videos and a video’s days, leaving out rows without a key', () => {
    const top = tableRecords(
      table(
        ['video', 'views', 'estimatedMinutesWatched', 'averageViewPercentage'],
        [
          ['abcdefghijk', 50, 100, 33.3],
          ['', 1, 1, 1],
        ],
      ),
    );
    expect(videoDayRows(top, { day: '2026-11-20' }, fetchedAt)).toEqual([
      {
        videoId: 'abcdefghijk',
        day: '2026-11-20',
        views: 50,
        minutesWatched: 100,
        averageViewPercentage: 33.3,
        averageViewDuration: 0,
        fetchedAt,
      },
    ]);
    const days = tableRecords(table(['day', 'views'], [['2026-11-19', 3]]));
    expect(videoDayRows(days, { videoId: 'v1' }, fetchedAt)[0]).toMatchObject({
      videoId: 'v1',
      day: '2026-11-19',
    });
  });

  it('maps device and traffic splits per day', () => {
    const records = tableRecords(
      table(['deviceType', 'day', 'views', 'estimatedMinutesWatched'], [['MOBILE', '2026-11-20', 9, 20]]),
    );
    expect(breakdownRows(records, 'device', 'deviceType', fetchedAt)).toEqual([
      { kind: 'device', value: 'MOBILE', day: '2026-11-20', views: 9, minutesWatched: 20, fetchedAt },
    ]);
  });

  it('keys snapshots: countries (ZZ kept), age × gender, hosts in lower case, retention ratios', () => {
    const target = { scope: '30d', kind: 'country' as const, fromDay: '2026-10-22', toDay: '2026-11-20' };
    const countries = tableRecords(
      table(
        ['country', 'views', 'estimatedMinutesWatched'],
        [
          ['US', 10, 20],
          ['ZZ', 1, 2],
          ['US', 5, 5],
        ],
      ),
    );
    expect(
      snapshotRows(countries, target, SNAPSHOT_PICKS.country, fetchedAt).map((r) => [r.key, r.value]),
    ).toEqual([
      ['US', 10],
      ['ZZ', 1],
    ]);
    const ages = tableRecords(
      table(['ageGroup', 'gender', 'viewerPercentage'], [['age25-34', 'female', 12.5]]),
    );
    expect(
      snapshotRows(ages, { ...target, kind: 'age_gender' }, SNAPSHOT_PICKS.ageGender, fetchedAt)[0],
    ).toMatchObject({
      key: 'age25-34|female',
      value: 12.5,
      minutesWatched: null,
    });
    const sites = tableRecords(table(['insightTrafficSourceDetail', 'views'], [['Creator.Example', 4]]));
    expect(
      snapshotRows(sites, { ...target, kind: 'ext_url' }, SNAPSHOT_PICKS.externalSite, fetchedAt)[0].key,
    ).toBe('creator.example');
    const curve = tableRecords(table(['elapsedVideoTimeRatio', 'audienceWatchRatio'], [[0.01, 1.3]]));
    expect(
      snapshotRows(curve, { ...target, kind: 'retention' }, SNAPSHOT_PICKS.retention, fetchedAt)[0],
    ).toMatchObject({
      key: '0.01',
      value: 1.3,
    });
  });
});
