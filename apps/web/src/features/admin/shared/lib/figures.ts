import type { AnalyticsRangeId, TrafficSource } from '@app/contracts';

/** Formatting and goals of the Analytics and Monetization tabs (their figures come from the API). */

/** Goal targets of the Analytics tab. */
export const NEWSLETTER_GOAL = 100;
export const MONTHLY_VIEWS_GOAL = 500_000;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Amounts are in USD. */
export const formatUsd = (amount: number) => usd.format(amount);

const integer = new Intl.NumberFormat('en-US');
export const formatInteger = (value: number) => integer.format(Math.round(value));

export const rangeLabels: Record<AnalyticsRangeId, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

export const sourceLabels: Record<TrafficSource, string> = {
  search: 'Search engines',
  youtube: 'YouTube',
  social: 'Social networks',
  discord: 'Discord',
  direct: 'Direct or unknown',
  other: 'Other sites',
};

export const sourceColors: Record<TrafficSource, string> = {
  search: 'blue.5',
  youtube: 'red.6',
  social: 'grape.5',
  discord: 'indigo.4',
  direct: 'gray.5',
  other: 'teal.5',
};

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A report's day `YYYY-MM-DD` (UTC) as `Mar 5`. */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** Share of `part` in `whole` in percent, one decimal (`12.5%`); `0%` when `whole` is 0. */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** `p = 0.012`, or `p < 0.001`. */
export const formatPValue = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** Today in the admin's time zone, `YYYY-MM-DD` (the revenue card's "this month" is the admin's month). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
