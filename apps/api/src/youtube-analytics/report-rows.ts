import type { ReportRow } from './reports-query';
import type { BreakdownKind } from './youtube-breakdown-day.entity';
import type { YoutubeBreakdownDayEntity } from './youtube-breakdown-day.entity';
import type { YoutubeChannelDayEntity } from './youtube-channel-day.entity';
import type { SnapshotKind, YoutubeSnapshotEntity } from './youtube-snapshot.entity';
import type { YoutubeVideoDayEntity } from './youtube-video-day.entity';

/** Result-table records (reports-query.ts) as the rows stored: pure, unit-tested in report-rows.spec.ts. */

/** A metric as a finite number (YouTube sends numbers; a missing or odd one counts 0). */
export function num(value: string | number | undefined): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}
const whole = (value: string | number | undefined) => Math.max(0, Math.round(num(value)));
const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

export interface RevenueOfDay {
  estimatedRevenue: number;
  estimatedAdRevenue: number;
  cpm: number;
  monetizedPlaybacks: number;
}

/** Revenue records by day. */
export function revenueByDay(records: ReportRow[]): Map<string, RevenueOfDay> {
  return new Map(
    records.map((r) => [
      text(r.day),
      {
        estimatedRevenue: num(r.estimatedRevenue),
        estimatedAdRevenue: num(r.estimatedAdRevenue),
        cpm: num(r.playbackBasedCpm),
        monetizedPlaybacks: whole(r.monetizedPlaybacks),
      },
    ]),
  );
}

/**
 * The channel's days. `revenue` is the same range's revenue when it was read (null: not read, so null columns); a
 * day with figures but no revenue row had none (0).
 */
export function channelDayRows(
  records: ReportRow[],
  revenue: Map<string, RevenueOfDay> | null,
  fetchedAt: Date,
): YoutubeChannelDayEntity[] {
  return records.map((r) => {
    const day = text(r.day);
    const money = revenue ? revenueOf(revenue, day) : null;
    return {
      day,
      views: whole(r.views),
      minutesWatched: whole(r.estimatedMinutesWatched),
      averageViewDuration: num(r.averageViewDuration),
      averageViewPercentage: num(r.averageViewPercentage),
      subscribersGained: whole(r.subscribersGained),
      subscribersLost: whole(r.subscribersLost),
      likes: whole(r.likes),
      comments: whole(r.comments),
      shares: whole(r.shares),
      estimatedRevenue: money?.estimatedRevenue ?? null,
      estimatedAdRevenue: money?.estimatedAdRevenue ?? null,
      cpm: money?.cpm ?? null,
      monetizedPlaybacks: money?.monetizedPlaybacks ?? null,
      fetchedAt,
    };
  });
}
const ZERO_REVENUE: RevenueOfDay = {
  estimatedRevenue: 0,
  estimatedAdRevenue: 0,
  cpm: 0,
  monetizedPlaybacks: 0,
};
const revenueOf = (revenue: Map<string, RevenueOfDay>, day: string) => revenue.get(day) ?? ZERO_REVENUE;

/** A stored day with its revenue read now (the revenue import): a day without a revenue row had none (0). */
export function withRevenue(
  row: YoutubeChannelDayEntity,
  revenue: Map<string, RevenueOfDay>,
): YoutubeChannelDayEntity {
  return { ...row, ...revenueOf(revenue, row.day) };
}

/** Video records of one day (`dimensions=video`) or of one video (`dimensions=day`, `videoId` given). */
export function videoDayRows(
  records: ReportRow[],
  at: { day: string } | { videoId: string },
  fetchedAt: Date,
): YoutubeVideoDayEntity[] {
  return records
    .map((r) => ({
      videoId: 'videoId' in at ? at.videoId : text(r.video),
      day: 'day' in at ? at.day : text(r.day),
      views: whole(r.views),
      minutesWatched: whole(r.estimatedMinutesWatched),
      averageViewPercentage: num(r.averageViewPercentage),
      averageViewDuration: num(r.averageViewDuration),
      fetchedAt,
    }))
    .filter((row) => row.videoId && row.day);
}

/** `dimensions=<dimension>,day` records as breakdown rows of `kind`. */
export function breakdownRows(
  records: ReportRow[],
  kind: BreakdownKind,
  dimension: string,
  fetchedAt: Date,
): YoutubeBreakdownDayEntity[] {
  return records
    .map((r) => ({
      kind,
      value: text(r[dimension]).slice(0, 64),
      day: text(r.day),
      views: whole(r.views),
      minutesWatched: whole(r.estimatedMinutesWatched),
      fetchedAt,
    }))
    .filter((row) => row.value && row.day);
}

/** Records of a range's breakdown as snapshot rows: `key` names the row, `value` is its figure. */
export function snapshotRows(
  records: ReportRow[],
  target: { scope: string; kind: SnapshotKind; fromDay: string; toDay: string },
  pick: { key: (r: ReportRow) => string; value: (r: ReportRow) => number; minutes?: boolean },
  fetchedAt: Date,
): YoutubeSnapshotEntity[] {
  const rows = new Map<string, YoutubeSnapshotEntity>();
  for (const r of records) {
    const key = pick.key(r).slice(0, 128);
    if (!key || rows.has(key)) continue;
    rows.set(key, {
      ...target,
      key,
      value: pick.value(r),
      minutesWatched: pick.minutes ? whole(r.estimatedMinutesWatched) : null,
      fetchedAt,
    });
  }
  return [...rows.values()];
}

/** How each snapshot kind reads its records. */
export const SNAPSHOT_PICKS = {
  country: { key: (r: ReportRow) => text(r.country), value: (r: ReportRow) => whole(r.views), minutes: true },
  ageGender: {
    key: (r: ReportRow) => `${text(r.ageGroup)}|${text(r.gender)}`,
    value: (r: ReportRow) => num(r.viewerPercentage),
  },
  externalSite: {
    key: (r: ReportRow) => text(r.insightTrafficSourceDetail).toLowerCase(),
    value: (r: ReportRow) => whole(r.views),
    minutes: true,
  },
  retention: {
    key: (r: ReportRow) => num(r.elapsedVideoTimeRatio).toFixed(2),
    value: (r: ReportRow) => num(r.audienceWatchRatio),
  },
} as const;
