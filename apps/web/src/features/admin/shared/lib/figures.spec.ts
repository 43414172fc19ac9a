import {
  formatDay,
  formatInteger,
  formatPercent,
  formatPValue,
  formatUsd,
  localToday,
  plural,
} from './figures';

describe('figures', () => {
  it('formats money in USD and counts with separators', () => {
    expect(formatUsd(2847.5)).toBe('$2,847.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatInteger(1234567.4)).toBe('1,234,567');
  });

  it('formats a report day, a share and a p-value', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5');
    expect(formatPercent(1, 8)).toBe('12.5%');
    expect(formatPercent(3, 0)).toBe('0%');
    expect(formatPValue(0.01234)).toBe('p = 0.012');
    expect(formatPValue(0.0001)).toBe('p < 0.001');
  });

  it("names today in the admin's own calendar", () => {
    expect(localToday(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});

describe('plural', () => {
  it('adds an s except for one', () => {
    expect(plural(0, 'video')).toBe('0 videos');
    expect(plural(1, 'video')).toBe('1 video');
    expect(plural(2, 'playlist')).toBe('2 playlists');
  });
});
