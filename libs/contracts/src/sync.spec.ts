import { syncSecondsLeft } from './sync';

describe('syncSecondsLeft (issue 24)', () => {
  const startedAt = '2026-11-26T12:00:00.000Z';
  const at = (seconds: number) => Date.parse(startedAt) + seconds * 1000;

  it('is the pace so far times the videos left', () => {
    // 100 videos in 10 s: 0.1 s each, 400 left.
    expect(syncSecondsLeft({ startedAt, videos: 100, expectedVideos: 500 }, at(10))).toBe(40);
    expect(syncSecondsLeft({ startedAt, videos: 500, expectedVideos: 500 }, at(50))).toBe(0);
  });

  it('is unknown before the first video or without a total', () => {
    expect(syncSecondsLeft({ startedAt, videos: 0, expectedVideos: 500 }, at(3))).toBeNull();
    expect(syncSecondsLeft({ startedAt, videos: 15, expectedVideos: null }, at(3))).toBeNull();
  });
});
