import type { IntegrationCheck, SyncRun, SyncStatus } from '@app/contracts';
import { syncRun } from '../../../../test/sync-run';
import { youtubeStatus } from './youtube-state';

const run = (outcome: SyncRun['outcome'], finishedAt: string, error: string | null = null): SyncRun =>
  syncRun({ startedAt: finishedAt, finishedAt, outcome, durationMs: 10, error });
const status = (setup: SyncStatus['setup'], lastRun: SyncRun | null = null): SyncStatus => ({
  lastRun,
  lastSuccess: null,
  lastPush: null,
  setup,
});
const check = (ok: boolean, checkedAt: string): IntegrationCheck => ({
  id: 'youtube',
  ok,
  scope: 'connection',
  message: ok ? 'fine' : 'YouTube API error (keyInvalid, HTTP 400): API key not valid',
  checkedAt,
  durationMs: 5,
});

describe('the YouTube state (issue 45)', () => {
  it('is not set up without a channel, whatever the key', () => {
    expect(youtubeStatus(status({ channel: false, apiKey: true }), null).state).toBe('not-set-up');
    expect(youtubeStatus(status({ channel: false, apiKey: false }), null).state).toBe('not-set-up');
  });

  it('is feed mode with a channel and no key, connected with both', () => {
    expect(youtubeStatus(status({ channel: true, apiKey: false }), null).state).toBe('feed');
    expect(youtubeStatus(status({ channel: true, apiKey: true }), null).state).toBe('connected');
  });

  it('is in error when the latest of the last test and the last sync failed, with its message', () => {
    const keyed = { channel: true, apiKey: true };
    expect(youtubeStatus(status(keyed), check(false, '2026-11-26T12:00:00Z'))).toEqual({
      state: 'error',
      error: 'YouTube API error (keyInvalid, HTTP 400): API key not valid',
    });
    const failedSync = run('failed', '2026-11-26T13:00:00Z', 'YouTube API quota exceeded');
    expect(youtubeStatus(status(keyed, failedSync), check(true, '2026-11-26T12:00:00Z'))).toEqual({
      state: 'error',
      error: 'YouTube API quota exceeded',
    });
    // A passing test after the failed sync clears it; so does a successful sync after a failed test.
    expect(youtubeStatus(status(keyed, failedSync), check(true, '2026-11-26T14:00:00Z')).state).toBe(
      'connected',
    );
    const synced = run('success', '2026-11-26T15:00:00Z');
    expect(youtubeStatus(status(keyed, synced), check(false, '2026-11-26T14:00:00Z')).state).toBe(
      'connected',
    );
  });
});
