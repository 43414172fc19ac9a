import {
  addDays,
  bucketOf,
  heroTest,
  mondayOf,
  normalCdf,
  rangeDays,
  referrerHost,
  sourceOfHost,
  topEntries,
} from './analytics-math';

describe('analytics days and buckets', () => {
  it('counts days in UTC across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-03-09')).toBe('2026-03-09'); // a Monday
    expect(mondayOf('2026-03-15')).toBe('2026-03-09'); // the Sunday after
    expect(mondayOf('2026-03-01')).toBe('2026-02-23'); // a Sunday, across the month
    expect(bucketOf('2026-03-12', 'week')).toBe('2026-03-09');
    expect(bucketOf('2026-03-12', 'day')).toBe('2026-03-12');
  });

  it('has one bucket per day for 7d and 30d, both ends included', () => {
    const week = rangeDays('7d', '2026-03-11');
    expect(week).toMatchObject({ from: '2026-03-05', to: '2026-03-11', bucket: 'day' });
    expect(week.buckets).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(rangeDays('30d', '2026-03-11').buckets).toHaveLength(30);
  });

  it('has one bucket per Monday-started week for 90d and 1y, the first one holding the range start', () => {
    const quarter = rangeDays('90d', '2026-03-11'); // a Wednesday
    expect(quarter).toMatchObject({ from: '2025-12-12', to: '2026-03-11', bucket: 'week' });
    expect(quarter.buckets[0]).toBe('2025-12-08');
    expect(quarter.buckets.at(-1)).toBe('2026-03-09');
    expect(quarter.buckets).toHaveLength(14);
    const year = rangeDays('1y', '2026-03-11');
    expect(year.from).toBe('2025-03-12');
    expect(year.buckets).toHaveLength(53);
    expect(new Set(year.buckets.map((day) => new Date(`${day}T00:00:00Z`).getUTCDay()))).toEqual(
      new Set([1]),
    );
  });
});

describe('traffic sources', () => {
  it.each([
    ['google.com', 'search'],
    ['google.co.uk', 'search'],
    ['news.google.de', 'search'],
    ['bing.com', 'search'],
    ['duckduckgo.com', 'search'],
    ['youtube.com', 'youtube'],
    ['m.youtube.com', 'youtube'],
    ['youtu.be', 'youtube'],
    ['x.com', 'social'],
    ['t.co', 'social'],
    ['l.facebook.com', 'social'],
    ['old.reddit.com', 'social'],
    ['bsky.app', 'social'],
    ['discord.com', 'discord'],
    ['discord.gg', 'discord'],
    ['', 'direct'],
    ['example.org', 'other'],
    ['notgoogle.com', 'other'],
    ['box.com', 'other'],
  ])('%s is %s', (host, source) => {
    expect(sourceOfHost(host)).toBe(source);
  });

  it('keeps the referrer host only, without www, and none for the site itself or an unreadable one', () => {
    expect(referrerHost('https://www.Google.com/search?q=secret', [])).toBe('google.com');
    expect(referrerHost('https://site.example/videos', ['site.example'])).toBe('');
    expect(referrerHost('https://www.site.example/', ['site.example'])).toBe('');
    expect(referrerHost('not a url', [])).toBe('');
    expect(referrerHost(undefined, [])).toBe('');
  });
});

describe('hero A/B test', () => {
  it('knows the normal distribution', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 4);
  });

  it('says "not enough data" below 100 impressions per variant or 10 clicks in all', () => {
    const none = { enoughData: false, pValue: null, significant: false, leader: null };
    expect(heroTest({ impressions: 99, clicks: 30 }, { impressions: 500, clicks: 60 })).toEqual(none);
    expect(heroTest({ impressions: 500, clicks: 4 }, { impressions: 500, clicks: 5 })).toEqual(none);
    expect(heroTest({ impressions: 100, clicks: 5 }, { impressions: 100, clicks: 5 }).enoughData).toBe(true);
  });

  it('finds a real difference significant (two-proportion z-test, two-sided)', () => {
    // 10% vs 15% on 1000 impressions each: z ≈ 3.38, p ≈ 0.0007.
    const result = heroTest({ impressions: 1000, clicks: 100 }, { impressions: 1000, clicks: 150 });
    expect(result.enoughData).toBe(true);
    expect(result.pValue).toBeCloseTo(0.000722, 4);
    expect(result).toMatchObject({ significant: true, leader: 'B' });
  });

  it('does not call a small difference significant, and has no leader on a tie', () => {
    // 10% vs 11% on 1000 each: z ≈ 0.729, p ≈ 0.466.
    const close = heroTest({ impressions: 1000, clicks: 110 }, { impressions: 1000, clicks: 100 });
    expect(close.pValue).toBeCloseTo(0.4657, 3);
    expect(close).toMatchObject({ significant: false, leader: 'A' });
    expect(heroTest({ impressions: 200, clicks: 10 }, { impressions: 200, clicks: 10 })).toEqual({
      enoughData: true,
      pValue: 1,
      significant: false,
      leader: null,
    });
  });

  it('stays within [0, 1] when clicks outnumber impressions (blocked beacons)', () => {
    const odd = heroTest({ impressions: 100, clicks: 150 }, { impressions: 100, clicks: 100 });
    expect(odd.pValue).toBeGreaterThanOrEqual(0);
    expect(odd.pValue).toBeLessThanOrEqual(1);
  });
});

describe('top entries', () => {
  it('sorts by count, then by key, drops zeros, and keeps at most the limit', () => {
    const rows = [
      { dim: 'b', n: 2 },
      { dim: 'a', n: 2 },
      { dim: 'c', n: 5 },
      { dim: 'z', n: 0 },
    ];
    expect(topEntries(rows, 'dim', 2)).toEqual([
      { dim: 'c', n: 5 },
      { dim: 'a', n: 2 },
    ]);
  });
});
