import { formatCount, formatRelativeDate } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [125_400, '125K'],
    [999_999, '999K'],
    [1_000_000, '1.0M'],
    [1_250_000, '1.2M'],
    [12_345_678, '12.3M'],
  ])('%d reads %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });
});

describe('formatRelativeDate', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it.each([
    [1, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [14, '2 weeks ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [365, '12 months ago'],
  ])('%d days reads %s', (days, expected) => {
    expect(formatRelativeDate(daysAgo(days), now)).toBe(expected);
  });

  it('reads today under one day, and for a date in the future', () => {
    expect(formatRelativeDate(daysAgo(0.5), now)).toBe('today');
    expect(formatRelativeDate(daysAgo(-2), now)).toBe('today');
  });

  it('accepts an ISO string as the API sends it', () => {
    expect(formatRelativeDate(daysAgo(3).toISOString(), now)).toBe('3 days ago');
  });
});
