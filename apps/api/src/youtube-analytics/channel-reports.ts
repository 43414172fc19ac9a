import { Injectable } from '@nestjs/common';
import {
  type AnalyticsRangeId,
  type YoutubeOverviewFigures,
  type YoutubeOverviewReport,
  type YoutubeRevenueFigures,
  type YoutubeRevenueReport,
} from '@app/contracts';
import { addDays, bucketOf, type RangeDays } from '../analytics/analytics-math';
import { hours, ReportFrames, reportHead, round, weighted } from './report-frame';
import { YOUTUBE_ANALYTICS_MESSAGES } from './youtube-analytics-messages';
import { YoutubeAnalyticsRows } from './youtube-analytics-rows';
import { revenueState } from './youtube-analytics-status';
import type { YoutubeChannelDayEntity } from './youtube-channel-day.entity';

/** The channel's days of a range, grouped by bucket (a day, or a week's Monday), every bucket present. */
function byBucket(range: RangeDays, days: YoutubeChannelDayEntity[]): Map<string, YoutubeChannelDayEntity[]> {
  const groups = new Map(range.buckets.map((date) => [date, [] as YoutubeChannelDayEntity[]]));
  for (const day of days) groups.get(bucketOf(day.day, range.bucket))?.push(day);
  return groups;
}

const sum = (days: YoutubeChannelDayEntity[], pick: (d: YoutubeChannelDayEntity) => number) =>
  days.reduce((total, d) => total + pick(d), 0);

export function overviewFigures(days: YoutubeChannelDayEntity[]): YoutubeOverviewFigures {
  return {
    views: sum(days, (d) => d.views),
    watchHours: hours(sum(days, (d) => d.minutesWatched)),
    averageViewDuration: weighted(days.map((d) => ({ value: d.averageViewDuration, weight: d.views }))),
    averageViewPercentage: weighted(days.map((d) => ({ value: d.averageViewPercentage, weight: d.views }))),
    subscribersGained: sum(days, (d) => d.subscribersGained),
    subscribersLost: sum(days, (d) => d.subscribersLost),
    likes: sum(days, (d) => d.likes),
    comments: sum(days, (d) => d.comments),
    shares: sum(days, (d) => d.shares),
  };
}

/** Revenue of days that have it (a day read without the scope has none). */
export function revenueFigures(days: YoutubeChannelDayEntity[]): YoutubeRevenueFigures {
  const paid = days.filter((d) => d.estimatedRevenue !== null);
  const revenue = sum(paid, (d) => d.estimatedRevenue ?? 0);
  const views = sum(paid, (d) => d.views);
  return {
    estimatedRevenue: round(revenue, 2),
    estimatedAdRevenue: round(
      sum(paid, (d) => d.estimatedAdRevenue ?? 0),
      2,
    ),
    cpm: weighted(
      paid.map((d) => ({ value: d.cpm ?? 0, weight: d.monetizedPlaybacks ?? 0 })),
      2,
    ),
    rpm: views ? round((revenue / views) * 1000, 2) : 0,
  };
}

/**
 * The first day of `range` from which every stored day has its revenue read: the day after the newest one without
 * (the revenue import reads newest first), the range's first day when none lacks it, null when its newest lacks it.
 */
export function revenueKnownFrom(range: { from: string; to: string }, days: YoutubeChannelDayEntity[]) {
  const unknown = days.reduce<string | null>(
    (newest, d) => (d.estimatedRevenue === null && (!newest || d.day > newest) ? d.day : newest),
    null,
  );
  if (!unknown) return range.from;
  return unknown >= range.to ? null : addDays(unknown, 1);
}

/** The Revenue report's figures over a range's days: only days from `revenueFrom` on count, and say so. */
export function grantedRevenue(range: RangeDays, days: YoutubeChannelDayEntity[]) {
  const revenueFrom = revenueKnownFrom(range, days);
  const known = (group: YoutubeChannelDayEntity[]) =>
    revenueFrom ? group.filter((d) => d.day >= revenueFrom) : [];
  return {
    state: 'granted' as const,
    currency: 'USD' as const,
    revenueFrom,
    totals: revenueFigures(known(days)),
    series: [...byBucket(range, days)].map(([date, group]) => {
      const counted = known(group);
      return { date, missing: !group.length || counted.length < group.length, ...revenueFigures(counted) };
    }),
  };
}

/** Overview and Revenue: the channel's daily rows over a range. */
@Injectable()
export class ChannelReports {
  constructor(
    private readonly frames: ReportFrames,
    private readonly rows: YoutubeAnalyticsRows,
  ) {}

  async overview(range: AnalyticsRangeId): Promise<YoutubeOverviewReport> {
    const frame = await this.frames.frame(range);
    if (!('days' in frame)) return frame;
    const days = await this.rows.channelDays(frame.days.from, frame.days.to);
    return {
      ...reportHead(
        frame,
        days.map((d) => d.fetchedAt),
      ),
      totals: overviewFigures(days),
      series: [...byBucket(frame.days, days)].map(([date, group]) => ({
        date,
        missing: group.length === 0,
        ...overviewFigures(group),
      })),
    };
  }

  async revenue(range: AnalyticsRangeId): Promise<YoutubeRevenueReport> {
    const frame = await this.frames.frame(range);
    if (!('days' in frame)) return frame;
    const days = await this.rows.channelDays(frame.days.from, frame.days.to);
    const head = reportHead(
      frame,
      days.map((d) => d.fetchedAt),
    );
    const state = revenueState(frame.account, frame.state);
    if (state !== 'granted') {
      const message =
        state === 'refused'
          ? YOUTUBE_ANALYTICS_MESSAGES.revenueRefused
          : YOUTUBE_ANALYTICS_MESSAGES.revenueNotGranted;
      return { ...head, revenue: { state, message } };
    }
    return { ...head, revenue: grantedRevenue(frame.days, days) };
  }
}
