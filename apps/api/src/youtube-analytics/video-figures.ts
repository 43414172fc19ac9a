import { type YoutubeVideoFigures } from '@app/contracts';
import { addDays } from '../analytics/analytics-math';
import { dayCount } from './import-plan';
import { hours, newestRead, weighted } from './report-frame';
import { snapshotFigures } from './snapshot-figures';
import type { YoutubeSnapshotEntity } from './youtube-snapshot.entity';
import type { YoutubeVideoDayEntity } from './youtube-video-day.entity';

/** The days after publishing a sponsor report names. */
const MILESTONES = { day7: 7, day14: 14, day30: 30 } as const;

/**
 * One video's figures from its stored days and snapshots (pure: video-figures.spec.ts). `dataTo` is the newest day
 * YouTube had data for: a milestone after it has no figure yet.
 */
export function videoFigures(input: {
  videoId: string;
  publishedOn: string;
  days: YoutubeVideoDayEntity[];
  snapshots: YoutubeSnapshotEntity[];
  dataTo: string | null;
  /** When the video's own figures were read (its `read` snapshot), else the newest row's time. */
  readAt: Date;
  /** Its `read` snapshot's time: null while its own figures were never read. */
  ownRead: Date | null;
}): YoutubeVideoFigures {
  const { days, snapshots, publishedOn, readAt } = input;
  const since = days.filter((d) => d.day >= publishedOn);
  const snapshot = snapshotFigures(snapshots, readAt);
  const at = (rows: { fetchedAt: Date }[]) =>
    newestRead(
      rows.map((r) => r.fetchedAt),
      readAt,
    );
  const viewsAt = (age: number) => {
    const day = addDays(publishedOn, age);
    if (!input.dataTo || input.dataTo < day) return null;
    const upTo = since.filter((d) => d.day <= day);
    return { value: upTo.reduce((sum, d) => sum + d.views, 0), readAt: at(upTo) };
  };
  const views = since.reduce((sum, d) => sum + d.views, 0);
  const lifetime = at(since);
  return {
    videoId: input.videoId,
    publishedOn,
    daily: since.map((d) => ({
      day: d.day,
      age: dayCount(publishedOn, d.day) - 1,
      views: d.views,
      readAt: d.fetchedAt.toISOString(),
    })),
    viewsAt: {
      day7: viewsAt(MILESTONES.day7),
      day14: viewsAt(MILESTONES.day14),
      day30: viewsAt(MILESTONES.day30),
    },
    views: { value: views, readAt: lifetime },
    watchHours: { value: hours(since.reduce((sum, d) => sum + d.minutesWatched, 0)), readAt: lifetime },
    averageViewPercentage: {
      value: weighted(since.map((d) => ({ value: d.averageViewPercentage, weight: d.views }))),
      readAt: lifetime,
    },
    averageViewDuration: {
      value: weighted(since.map((d) => ({ value: d.averageViewDuration, weight: d.views }))),
      readAt: lifetime,
    },
    retention: snapshot.retention,
    topCountries: snapshot.topCountries,
    ownFiguresReadAt: input.ownRead?.toISOString() ?? null,
  };
}
