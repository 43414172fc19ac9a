import { seededRandom } from '@app/contracts/random';
import type { AnalyticsRange } from './admin-location';

/**
 * Hard-coded sample figures (SPEC §2: revenue, analytics, traffic and top videos are sample data).
 * They are generated from a fixed seed, so every visit shows the same numbers for a range.
 */

/** Goal targets of SPEC §9. */
export const NEWSLETTER_GOAL = 100;
export const MONTHLY_VIEWS_GOAL = 500_000;

export interface RevenueCard {
  id: 'total' | 'adsense' | 'affiliate' | 'sponsorships';
  label: string;
  /** USD this month. */
  amount: number;
  /** Change against last month, in percent. */
  change: number;
}

export const sampleRevenue: readonly RevenueCard[] = [
  { id: 'total', label: 'Total Revenue', amount: 2847.5, change: 12.4 },
  { id: 'adsense', label: 'AdSense', amount: 1923.4, change: 8.1 },
  { id: 'affiliate', label: 'Affiliate', amount: 624.1, change: 23.7 },
  { id: 'sponsorships', label: 'Sponsorships', amount: 300, change: -5.2 },
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Amounts are in USD (SPEC §9). */
export const formatUsd = (amount: number) => usd.format(amount);

const integer = new Intl.NumberFormat('en-US');
export const formatInteger = (value: number) => integer.format(Math.round(value));

interface RangeShape {
  points: number;
  /** Days each point stands for. */
  daysPerPoint: number;
  seed: number;
}

const rangeShapes: Record<AnalyticsRange, RangeShape> = {
  '7d': { points: 7, daysPerPoint: 1, seed: 7 },
  '30d': { points: 30, daysPerPoint: 1, seed: 30 },
  '90d': { points: 13, daysPerPoint: 7, seed: 90 },
  '1y': { points: 12, daysPerPoint: 30.4, seed: 365 },
};

export const rangeLabels: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

export interface PerformancePoint {
  date: string;
  views: number;
  watchHours: number;
  subscribers: number;
}

export interface PerformanceSummary {
  views: number;
  watchHours: number;
  subscribers: number;
  averageViewSeconds: number;
}

/** Views, watch time and new subscribers per day (7d, 30d), week (90d) or month (1y). */
export function samplePerformance(range: AnalyticsRange, now: Date = new Date()): PerformancePoint[] {
  const { points, daysPerPoint, seed } = rangeShapes[range];
  const next = seededRandom(seed);
  const perDayViews = 11_000;
  return Array.from({ length: points }, (_, index) => {
    const age = (points - 1 - index) * daysPerPoint;
    const date = new Date(now.getTime() - age * DAY_MS);
    const trend = 0.8 + (0.4 * index) / Math.max(1, points - 1);
    const views = Math.round(perDayViews * daysPerPoint * trend * (0.85 + next() * 0.3));
    return {
      date: range === '1y' ? monthLabel.format(date) : dayLabel.format(date),
      views,
      watchHours: Math.round(views * (0.07 + next() * 0.02)),
      subscribers: Math.round(views * (0.003 + next() * 0.002)),
    };
  });
}

export function summarisePerformance(points: readonly PerformancePoint[]): PerformanceSummary {
  const views = points.reduce((sum, p) => sum + p.views, 0);
  const watchHours = points.reduce((sum, p) => sum + p.watchHours, 0);
  return {
    views,
    watchHours,
    subscribers: points.reduce((sum, p) => sum + p.subscribers, 0),
    averageViewSeconds: views ? Math.round((watchHours * 3600) / views) : 0,
  };
}

export interface TrafficSource {
  name: string;
  share: number;
  color: string;
}

/** Shares in percent; they add up to 100. */
export const sampleTrafficSources: readonly TrafficSource[] = [
  { name: 'YouTube search', share: 38, color: 'red.6' },
  { name: 'Suggested videos', share: 27, color: 'blue.5' },
  { name: 'External', share: 14, color: 'teal.5' },
  { name: 'Browse features', share: 11, color: 'yellow.5' },
  { name: 'Direct or unknown', share: 6, color: 'grape.5' },
  { name: 'Playlists', share: 4, color: 'orange.5' },
];

export interface TopVideo {
  title: string;
  views: number;
  /** Average share of the video watched, in percent. */
  retention: number;
}

const topVideoTitles = [
  'React Server Components Explained',
  'TypeScript Generics in 12 Minutes',
  'Build a REST API with NestJS',
  'CSS Grid: the Complete Guide',
  'Docker for Web Developers',
];

/** The five most viewed videos of the range (sample titles and figures). */
export function sampleTopVideos(range: AnalyticsRange): TopVideo[] {
  const { points, daysPerPoint, seed } = rangeShapes[range];
  const next = seededRandom(seed * 31);
  const total = 11_000 * points * daysPerPoint;
  return topVideoTitles.map((title, index) => ({
    title,
    views: Math.round(total * (0.16 - index * 0.025) * (0.9 + next() * 0.2)),
    retention: Math.round(38 + next() * 24),
  }));
}

export interface ConversionPoint {
  date: string;
  signups: number;
  affiliateClicks: number;
}

export interface ConversionSummary {
  newsletterSubscribers: number;
  monthlyViews: number;
  affiliateClicks: number;
  /** Affiliate clicks that became a sale, in percent. */
  conversionRate: number;
}

export function sampleConversions(range: AnalyticsRange, now: Date = new Date()): ConversionPoint[] {
  const next = seededRandom(rangeShapes[range].seed * 17);
  return samplePerformance(range, now).map(({ date, views }) => ({
    date,
    signups: Math.max(0, Math.round(views * 0.0002 * (0.6 + next() * 0.8))),
    affiliateClicks: Math.round(views * 0.004 * (0.7 + next() * 0.6)),
  }));
}

/** Progress towards the SPEC's goals: newsletter subscribers and monthly views. */
export const sampleGoals: ConversionSummary = {
  newsletterSubscribers: 68,
  monthlyViews: 342_000,
  affiliateClicks: 1_284,
  conversionRate: 3.2,
};
