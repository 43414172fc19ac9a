import {
  chunksNewestFirst,
  dueFetch,
  dayCount,
  daysNewestFirst,
  firstImportWindow,
  importProgress,
  nextChunk,
  nextNightly,
  nightlyDue,
  recentWindow,
  revenueUnfinished,
} from './import-plan';

const at = (iso: string) => Date.parse(iso);

describe('import plan', () => {
  it('counts days, both ends included', () => {
    expect(dayCount('2026-03-01', '2026-03-01')).toBe(1);
    expect(dayCount('2026-02-27', '2026-03-02')).toBe(4);
    expect(dayCount('2026-03-02', '2026-03-01')).toBe(0);
  });

  it('plans the first import over the 365 days ending yesterday (UTC)', () => {
    expect(firstImportWindow(at('2026-11-24T00:30:00Z'))).toEqual({ from: '2025-11-24', to: '2026-11-23' });
    expect(dayCount('2025-11-24', '2026-11-23')).toBe(365);
  });

  it('cuts a range into chunks of 30 days, newest first, the oldest one shorter', () => {
    const chunks = chunksNewestFirst({ from: '2025-11-24', to: '2026-11-23' });
    expect(chunks[0]).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(chunks).toHaveLength(13);
    expect(chunks.at(-1)).toEqual({ from: '2025-11-24', to: '2025-11-28' });
    expect(chunks.reduce((sum, c) => sum + dayCount(c.from, c.to), 0)).toBe(365);
    expect(chunksNewestFirst({ from: '2026-01-02', to: '2026-01-01' })).toEqual([]);
    expect(daysNewestFirst({ from: '2026-02-27', to: '2026-03-01' })).toEqual([
      '2026-03-01',
      '2026-02-28',
      '2026-02-27',
    ]);
  });

  it('reads the 3 newest days with data again, and every day after them up to yesterday', () => {
    const now = at('2026-11-24T10:00:00Z');
    expect(recentWindow('2026-11-21', now)).toEqual({ from: '2026-11-19', to: '2026-11-23' });
    // Not run for two years: only the history kept.
    expect(recentWindow('2024-01-01', now)).toEqual({ from: '2025-11-24', to: '2026-11-23' });
    // A newest day after yesterday (a clock set back) leaves nothing to ask.
    expect(recentWindow('2026-11-30', now)).toBeNull();
  });

  it('tells an import’s progress and next chunk from the next day it has to read', () => {
    const window = { from: '2025-11-24', to: '2026-11-23' };
    expect(importProgress({ ...window, next: '2026-11-23' })).toEqual({ done: 0, total: 365 });
    expect(importProgress({ ...window, next: '2026-10-24' })).toEqual({ done: 30, total: 365 });
    expect(importProgress({ ...window, next: '2025-11-23' })).toEqual({ done: 365, total: 365 });
    expect(nextChunk({ ...window, next: '2026-11-23' })).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(nextChunk({ ...window, next: '2025-11-30' })).toEqual({ from: '2025-11-24', to: '2025-11-30' });
    expect(nextChunk({ ...window, next: '2025-11-23' })).toBeNull();
  });

  it('reads the revenue import’s window while revenue is granted, until its days are read', () => {
    const window = { revenueFrom: '2026-01-01', revenueTo: '2026-03-01', revenueNext: '2026-01-30' };
    expect(revenueUnfinished({ ...window, revenue: 'granted' })).toBe(true);
    expect(revenueUnfinished({ ...window, revenue: 'refused' })).toBe(false);
    expect(revenueUnfinished({ ...window, revenue: 'not-granted' })).toBe(false);
    expect(revenueUnfinished({ ...window, revenueNext: '2025-12-31', revenue: 'granted' })).toBe(false);
    const none = { revenueFrom: null, revenueTo: null, revenueNext: null };
    expect(revenueUnfinished({ ...none, revenue: 'granted' })).toBe(false);
  });

  it('runs the nightly fetch once per UTC day, from 09:00 UTC', () => {
    expect(nightlyDue(null, at('2026-11-24T08:59:00Z'))).toBe(false);
    expect(nightlyDue(null, at('2026-11-24T09:00:00Z'))).toBe(true);
    expect(nightlyDue('2026-11-23', at('2026-11-24T23:00:00Z'))).toBe(true);
    expect(nightlyDue('2026-11-24', at('2026-11-24T23:00:00Z'))).toBe(false);
    expect(new Date(nextNightly('2026-11-23', at('2026-11-24T03:00:00Z'))).toISOString()).toBe(
      '2026-11-24T09:00:00.000Z',
    );
    expect(new Date(nextNightly('2026-11-24', at('2026-11-24T10:00:00Z'))).toISOString()).toBe(
      '2026-11-25T09:00:00.000Z',
    );
    // Due and not run yet (another process holds the lock, or the tick is coming): now.
    expect(nextNightly(null, at('2026-11-24T10:00:00Z'))).toBe(at('2026-11-24T10:00:00Z'));
  });

  it('finds due at a tick: the nightly fetch, else a first import to go on with, unless a quota or a refusal stopped it', () => {
    const morning = at('2026-11-24T03:00:00Z');
    const noRevenueImport = { revenueFrom: null, revenueTo: null, revenueNext: null, revenue: 'granted' };
    const importing = {
      firstFrom: '2025-11-24',
      firstNext: '2026-06-01',
      nightlyDay: '2026-11-23',
      ...noRevenueImport,
    };
    expect(dueFetch(null, morning)).toBe('resume');
    expect(dueFetch({ ...importing, errorKind: null }, morning)).toBe('resume');
    expect(dueFetch({ ...importing, errorKind: 'unreachable' }, morning)).toBe('resume');
    for (const errorKind of ['quota', 'reconnect-needed', 'refused']) {
      expect(dueFetch({ ...importing, errorKind }, morning)).toBeNull();
      expect(dueFetch({ ...importing, errorKind }, at('2026-11-24T09:10:00Z'))).toBe('nightly');
    }
    const imported = { ...importing, firstNext: '2025-11-23', errorKind: null };
    expect(dueFetch(imported, morning)).toBeNull();
    expect(dueFetch({ ...imported, nightlyDay: '2026-11-24' }, at('2026-11-24T20:00:00Z'))).toBeNull();
    // A revenue import left half-done goes on too, while revenue is granted and nothing stopped it.
    const revenue = { revenueFrom: '2026-01-01', revenueTo: '2026-11-21', revenueNext: '2026-06-01' };
    expect(dueFetch({ ...imported, ...revenue }, morning)).toBe('resume');
    expect(dueFetch({ ...imported, ...revenue, errorKind: 'quota' }, morning)).toBeNull();
    expect(dueFetch({ ...imported, ...revenue, revenue: 'refused' }, morning)).toBeNull();
  });
});
