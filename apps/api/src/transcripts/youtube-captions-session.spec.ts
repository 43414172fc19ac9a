import { GoogleApiError } from '../google-account/google-api';
import type { GoogleAccess, GoogleAccountService } from '../google-account/google-account.service';
import { downloadCaption, listCaptions } from './youtube-captions-api';
import { CaptionRunCancelledError, UnitBudgetSpentError } from './youtube-captions-errors';
import { quotaDay } from './youtube-captions-plan';
import { CaptionSession } from './youtube-captions-session';
import type { YoutubeCaptionsStore } from './youtube-captions-store';

jest.mock('./youtube-captions-api', () => ({
  listCaptions: jest.fn(async () => []),
  downloadCaption: jest.fn(async () => 'WEBVTT\n'),
}));
const list = jest.mocked(listCaptions);
const download = jest.mocked(downloadCaption);

const access = (token: string): GoogleAccess => ({
  accessToken: token,
  scopes: [],
  channelId: 'UC1',
  revenue: false,
  expiresAt: Date.now() + 3_600_000,
});

/** The state row's two columns the session reads and writes, in memory. */
function memoryStore() {
  const row = { unitsDay: '', units: 0 };
  const store = {
    unitsOn: async (day: string) => (row.unitsDay === day ? row.units : 0),
    countUnits: async (day: string, units: number) => {
      row.units = row.unitsDay === day ? row.units + units : units;
      row.unitsDay = day;
    },
  };
  return { row, store: store as unknown as YoutubeCaptionsStore };
}

describe('CaptionSession', () => {
  let now = Date.parse('2026-11-24T20:00:00Z');
  const clock = { now: () => now };
  const google = {
    endpoints: {},
    policy: {},
    access: jest.fn(async () => access('fresh')),
  } as unknown as GoogleAccountService;

  beforeEach(() => {
    jest.clearAllMocks();
    now = Date.parse('2026-11-24T20:00:00Z');
  });

  const session = (budget: number, store: YoutubeCaptionsStore, signal?: AbortSignal) =>
    new CaptionSession(access('first'), { google, store, clock, dailyBudget: budget, signal });

  it('counts 50 units a list and 200 a download on the quota day, before sending', async () => {
    const { row, store } = memoryStore();
    const calls = session(1000, store);
    await calls.list('v1');
    await calls.download('t1');
    expect(calls.units).toBe(250);
    expect(row).toEqual({ unitsDay: quotaDay(now), units: 250 });
  });

  it('never sends a call that would pass the budget: the run stops there', async () => {
    const { row, store } = memoryStore();
    const calls = session(280, store);
    await calls.list('v1');
    await expect(calls.download('t1')).resolves.toBe('WEBVTT\n');
    await expect(calls.list('v2')).rejects.toBeInstanceOf(UnitBudgetSpentError);
    expect(list).toHaveBeenCalledTimes(1);
    expect(row.units).toBe(250);
    // A list still fits where a download does not.
    const { store: nearlySpent } = memoryStore();
    await nearlySpent.countUnits(quotaDay(now), 5000 - 100);
    const late = session(5000, nearlySpent);
    await expect(late.download('t2')).rejects.toBeInstanceOf(UnitBudgetSpentError);
    await expect(late.list('v3')).resolves.toEqual([]);
  });

  it('starts afresh on the next quota day (midnight Pacific Time), not at midnight UTC', async () => {
    const { row, store } = memoryStore();
    const calls = session(100, store);
    await calls.list('v1');
    await calls.list('v2');
    now = Date.parse('2026-11-25T01:00:00Z'); // a new UTC day, the same day in California
    await expect(calls.list('v3')).rejects.toBeInstanceOf(UnitBudgetSpentError);
    now = Date.parse('2026-11-25T08:00:00Z');
    await calls.list('v3');
    expect(row).toEqual({ unitsDay: '2026-11-25', units: 50 });
  });

  it('counts a refused call, and sends again once with a fresh token after a 401', async () => {
    const { row, store } = memoryStore();
    const calls = session(10_000, store);
    list.mockRejectedValueOnce(new GoogleApiError(401, 'authError', 'expired'));
    await calls.list('v1');
    expect(list.mock.calls.map((call) => call[2])).toEqual(['first', 'fresh']);
    expect(row.units).toBe(100);
    download.mockRejectedValueOnce(new GoogleApiError(403, 'forbidden', 'no'));
    await expect(calls.download('t1')).rejects.toMatchObject({ reason: 'forbidden' });
    expect(row.units).toBe(300);
  });

  it('stops before its next call once cancelled', async () => {
    const { store } = memoryStore();
    const stop = new AbortController();
    const calls = session(10_000, store, stop.signal);
    await calls.list('v1');
    stop.abort();
    await expect(calls.list('v2')).rejects.toBeInstanceOf(CaptionRunCancelledError);
    expect(calls.units).toBe(50);
  });
});
