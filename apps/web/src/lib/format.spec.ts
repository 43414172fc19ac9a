import { formatCount, formatFullCount, formatRelativeDate } from './format';

describe('formatCount (SPEC §9)', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1K'],
    [1_499, '1K'],
    [1_500, '2K'],
    [125_400, '125K'],
    [999_499, '999K'],
    [999_999, '1000K'],
    [1_000_000, '1.0M'],
    [1_049_999, '1.0M'],
    [1_050_000, '1.1M'],
    [1_250_000, '1.3M'],
    [12_345_678, '12.3M'],
    [2_000_000_000, '2000.0M'],
  ])('%d reads %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });
});

describe('formatFullCount', () => {
  it('groups thousands', () => {
    expect(formatFullCount(1234567)).toBe('1,234,567');
  });
});

describe('formatRelativeDate (SPEC §9)', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it.each([
    [1, '1 day ago'],
    [1.99, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [6.99, '6 days ago'],
    [7, '1 week ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [29, '4 weeks ago'],
    [29.99, '4 weeks ago'],
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
