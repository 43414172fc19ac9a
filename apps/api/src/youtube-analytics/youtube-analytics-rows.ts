import { Injectable } from '@nestjs/common';
import { Between, DataSource, In } from 'typeorm';
import type { BreakdownKind } from './youtube-breakdown-day.entity';
import { YoutubeBreakdownDayEntity } from './youtube-breakdown-day.entity';
import { YoutubeChannelDayEntity } from './youtube-channel-day.entity';
import { YoutubeSnapshotEntity } from './youtube-snapshot.entity';
import { YoutubeVideoDayEntity } from './youtube-video-day.entity';

/** A video's sums over a range. */
export interface VideoTotals {
  videoId: string;
  views: number;
  minutesWatched: number;
  /** Σ views × averageViewPercentage, for the views-weighted average. */
  percentViews: number;
  /** Σ views × averageViewDuration. */
  durationViews: number;
  fetchedAt: Date;
}

export interface SplitTotals {
  value: string;
  views: number;
  minutesWatched: number;
  fetchedAt: Date;
}

const n = (value: unknown) => Number(value ?? 0);
/** MySQL answers a MAX() of a datetime as a Date, SQLite as text: both become a Date. */
const date = (value: unknown) =>
  value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`);

/** Reads of the YouTube Analytics tables for the reports and the reader. */
@Injectable()
export class YoutubeAnalyticsRows {
  constructor(private readonly dataSource: DataSource) {}

  channelDays(from: string, to: string): Promise<YoutubeChannelDayEntity[]> {
    return this.dataSource
      .getRepository(YoutubeChannelDayEntity)
      .find({ where: { day: Between(from, to) }, order: { day: 'ASC' } });
  }

  /** The oldest and newest day stored. */
  async storedDays(): Promise<{ from: string | null; to: string | null }> {
    const [row] = await this.dataSource.query<{ first: string | null; last: string | null }[]>(
      'SELECT MIN(day) AS first, MAX(day) AS last FROM youtube_channel_day',
    );
    return { from: row?.first ?? null, to: row?.last ?? null };
  }

  /** Each video's sums over [from, to], most views first, at most `limit`. */
  async videoTotals(from: string, to: string, limit: number): Promise<VideoTotals[]> {
    const rows = await this.dataSource
      .getRepository(YoutubeVideoDayEntity)
      .createQueryBuilder('v')
      .select('v.videoId', 'videoId')
      .addSelect('SUM(v.views)', 'views')
      .addSelect('SUM(v.minutesWatched)', 'minutesWatched')
      .addSelect('SUM(v.views * v.averageViewPercentage)', 'percentViews')
      .addSelect('SUM(v.views * v.averageViewDuration)', 'durationViews')
      .addSelect('MAX(v.fetchedAt)', 'fetchedAt')
      .where('v.day BETWEEN :from AND :to', { from, to })
      .groupBy('v.videoId')
      .orderBy('views', 'DESC')
      .addOrderBy('v.videoId', 'ASC')
      .limit(limit)
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({
      videoId: String(r.videoId),
      views: n(r.views),
      minutesWatched: n(r.minutesWatched),
      percentViews: n(r.percentViews),
      durationViews: n(r.durationViews),
      fetchedAt: date(r.fetchedAt),
    }));
  }

  /** Views per device type or traffic source over [from, to], most first. */
  async splitTotals(kind: BreakdownKind, from: string, to: string): Promise<SplitTotals[]> {
    const rows = await this.dataSource
      .getRepository(YoutubeBreakdownDayEntity)
      .createQueryBuilder('b')
      .select('b.value', 'value')
      .addSelect('SUM(b.views)', 'views')
      .addSelect('SUM(b.minutesWatched)', 'minutesWatched')
      .addSelect('MAX(b.fetchedAt)', 'fetchedAt')
      .where('b.kind = :kind AND b.day BETWEEN :from AND :to', { kind, from, to })
      .groupBy('b.value')
      .getRawMany<Record<string, unknown>>();
    return rows
      .map((r) => ({
        value: String(r.value),
        views: n(r.views),
        minutesWatched: n(r.minutesWatched),
        fetchedAt: date(r.fetchedAt),
      }))
      .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value));
  }

  /** The snapshot rows of `scope` (of `kinds` when given). */
  snapshots(scope: string, kinds?: string[]): Promise<YoutubeSnapshotEntity[]> {
    return this.dataSource.getRepository(YoutubeSnapshotEntity).find({
      where: { scope, ...(kinds ? { kind: In(kinds) } : {}) },
      order: { kind: 'ASC', value: 'DESC', key: 'ASC' },
    });
  }

  /** One video's stored days, oldest first. */
  videoDays(videoId: string, from: string): Promise<YoutubeVideoDayEntity[]> {
    return this.dataSource.getRepository(YoutubeVideoDayEntity).find({
      where: { videoId, day: Between(from, '9999-12-31') },
      order: { day: 'ASC' },
    });
  }
}
