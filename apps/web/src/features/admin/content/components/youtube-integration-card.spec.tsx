import { syncRun } from '../../../../test/sync-run';
import { progressText, pushText } from './youtube-integration-card';

const run = syncRun;
const at = (seconds: number) => Date.parse('2026-11-26T12:00:00.000Z') + seconds * 1000;

describe('the running sync’s progress (issue 24)', () => {
  it('says pages, videos of the total, units and the time left', () => {
    expect(progressText(run({ pages: 9, videos: 200, expectedVideos: 5000, apiUnits: 11 }), at(8))).toBe(
      'Syncing: 9 pages fetched, 200 of 5,000 videos, 11 API units, about 3 min left',
    );
    expect(progressText(run({ pages: 3, videos: 100, expectedVideos: 120, apiUnits: 4 }), at(5))).toBe(
      'Syncing: 3 pages fetched, 100 of 120 videos, 4 API units, about 1 s left',
    );
  });

  it('leaves out what is not known yet', () => {
    expect(progressText(run({ pages: 1, apiUnits: 1 }), at(1))).toBe(
      'Syncing: 1 page fetched, 0 videos, 1 API unit',
    );
  });
});

describe('a push in the sync history (issue 24)', () => {
  it('names the video it fetched, whether it was added or updated, and the units', () => {
    const push = { kind: 'push' as const, videoId: 'abc123def45', outcome: 'success' as const, videos: 1 };
    expect(pushText(run({ ...push, added: 1, apiUnits: 1 }))).toBe('video abc123def45 added (1 API unit)');
    expect(pushText(run({ ...push, updated: 1 }))).toBe('video abc123def45 updated (0 API units)');
  });
});
