import { formatDuration, parseIsoDuration } from './duration';

describe('ISO 8601 durations', () => {
  it.each([
    ['PT5S', 5],
    ['PT4M5S', 245],
    ['PT1H2M3S', 3723],
    ['PT1H', 3600],
    ['PT10M', 600],
    ['P1DT2H', 93_600],
    ['P1W', 604_800],
    ['PT1.5S', 1],
    ['P0D', 0],
    ['PT0S', 0],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseIsoDuration(text)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', '4:05', 'PT4M5', 'P1H', 'PT-5S'])('rejects %j', (text) => {
    expect(parseIsoDuration(text)).toBeNull();
  });

  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [245, '4:05'],
    [600, '10:00'],
    [3723, '1:02:03'],
    [93_600, '26:00:00'],
  ])('%i seconds display as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
