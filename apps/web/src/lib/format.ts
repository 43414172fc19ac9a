const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Compact count (SPEC §9): from one million one decimal and `M`, from one thousand whole
 * thousands and `K`, else the plain number. Digits are cut, not rounded, so 999,999 reads
 * `999K` rather than `1000K`, the way video platforms show counts.
 */
export function formatCount(count: number): string {
  if (count >= 1_000_000) return `${(Math.floor(count / 100_000) / 10).toFixed(1)}M`;
  if (count >= 1_000) return `${Math.floor(count / 1_000)}K`;
  return String(count);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Relative age of a date (SPEC §9): `1 day ago` for exactly one day, `N days ago` under a
 * week, `N weeks ago` under 30 days, else `N months ago` counting 30-day months. Less than a
 * day (or a date in the future, from clock skew) reads `today`.
 */
export function formatRelativeDate(date: Date | string | number, now: Date | number = Date.now()): string {
  const days = Math.floor((new Date(now).getTime() - new Date(date).getTime()) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}
