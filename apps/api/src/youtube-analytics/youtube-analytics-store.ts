import { Injectable } from '@nestjs/common';
import type { YoutubeImportErrorKind, YoutubeRevenueState } from '@app/contracts';
import { Between, DataSource, type EntityManager } from 'typeorm';
import { deleteAll, insertChunked, upsertChunked } from '../database/bulk-writes';
import { JOB_STATE_ID as STATE_ID, NEW_JOB_STATE, troubleColumns } from '../youtube/job-state';
import type { DayRange } from './import-plan';
import { type RevenueOfDay, withRevenue } from './report-rows';
import { YoutubeBreakdownDayEntity } from './youtube-breakdown-day.entity';
import { YoutubeChannelDayEntity } from './youtube-channel-day.entity';
import { YoutubeImportStateEntity } from './youtube-import-state.entity';
import { YoutubeSnapshotEntity } from './youtube-snapshot.entity';
import { YoutubeVideoDayEntity } from './youtube-video-day.entity';

type Columns<T> = readonly (keyof T & string)[];
const REVENUE_COLUMNS: Columns<YoutubeChannelDayEntity> = [
  'estimatedRevenue',
  'estimatedAdRevenue',
  'cpm',
  'monetizedPlaybacks',
];
const CHANNEL_COLUMNS: Columns<YoutubeChannelDayEntity> = [
  'views',
  'minutesWatched',
  'averageViewDuration',
  'averageViewPercentage',
  'subscribersGained',
  'subscribersLost',
  'likes',
  'comments',
  'shares',
  ...REVENUE_COLUMNS,
  'fetchedAt',
];
const VIDEO_COLUMNS: Columns<YoutubeVideoDayEntity> = [
  'views',
  'minutesWatched',
  'averageViewPercentage',
  'averageViewDuration',
  'fetchedAt',
];
const BREAKDOWN_COLUMNS: Columns<YoutubeBreakdownDayEntity> = ['views', 'minutesWatched', 'fetchedAt'];

export type ImportState = YoutubeImportStateEntity;
export type ImportStatePatch = Partial<Omit<YoutubeImportStateEntity, 'id'>>;

/**
 * The YouTube Analytics tables' writes (this module owns them): the import's state row, upserts of the daily rows
 * (a day read again replaces its figures: YouTube revises recent days), snapshots replaced whole, and the count
 * of queries per UTC day.
 */
@Injectable()
export class YoutubeAnalyticsStore {
  constructor(private readonly dataSource: DataSource) {}

  state(): Promise<ImportState | null> {
    return this.dataSource.getRepository(YoutubeImportStateEntity).findOneBy({ id: STATE_ID });
  }

  /** Starts over for `channelId`: every stored row goes, a new first import is planned over `window`. */
  async start(
    channelId: string,
    window: DayRange,
    revenue: YoutubeRevenueState,
    today: string,
  ): Promise<ImportState> {
    const state: ImportState = {
      ...NEW_JOB_STATE,
      channelId,
      firstFrom: window.from,
      firstTo: window.to,
      firstNext: window.to,
      revenueFrom: null,
      revenueTo: null,
      revenueNext: null,
      dataTo: null,
      revenue,
      queriesDay: today,
      queries: 0,
      lastFetchedAt: null,
      snapshotsAt: null,
    };
    await this.dataSource.transaction(async (manager) => {
      const previous = await manager.findOneBy(YoutubeImportStateEntity, { id: STATE_ID });
      await this.deleteRows(manager);
      // Today's queries still count against today's budget.
      if (previous?.queriesDay === today) state.queries = previous.queries;
      await manager.insert(YoutubeImportStateEntity, state);
    });
    return state;
  }

  async update(patch: ImportStatePatch): Promise<void> {
    await this.dataSource.getRepository(YoutubeImportStateEntity).update({ id: STATE_ID }, patch);
  }

  async recordError(kind: YoutubeImportErrorKind, message: string, at: Date): Promise<void> {
    await this.update(troubleColumns(kind, message, at));
  }

  /** Counts one reports.query call on `day` (UTC). */
  async countQuery(day: string): Promise<void> {
    await this.dataSource.query(
      // MySQL assigns left to right: `queries` reads the old queriesDay, as SQLite's UPDATE does.
      'UPDATE youtube_import_state SET queries = CASE WHEN queriesDay = ? THEN queries + 1 ELSE 1 END, ' +
        'queriesDay = ? WHERE id = ?',
      [day, day, STATE_ID],
    );
  }

  /** reports.query calls counted on `day`. */
  async queriesOn(day: string): Promise<number> {
    const state = await this.state();
    return state?.queriesDay === day ? state.queries : 0;
  }

  async saveChannelDays(rows: YoutubeChannelDayEntity[]): Promise<void> {
    await upsertChunked(this.dataSource.manager, YoutubeChannelDayEntity, rows, CHANNEL_COLUMNS, ['day']);
  }

  /** The oldest and newest stored day whose revenue was not read (null: every stored day has it). */
  async daysWithoutRevenue(): Promise<DayRange | null> {
    const [row] = await this.dataSource.query<{ first: string | null; last: string | null }[]>(
      'SELECT MIN(day) AS first, MAX(day) AS last FROM youtube_channel_day WHERE estimatedRevenue IS NULL',
    );
    return row?.first && row.last ? { from: row.first, to: row.last } : null;
  }

  /** Sets the revenue of the stored days of `range` (a day without a revenue row had none: 0); the rest stays. */
  async saveRevenue(range: DayRange, revenue: Map<string, RevenueOfDay>): Promise<void> {
    const stored = await this.dataSource
      .getRepository(YoutubeChannelDayEntity)
      .findBy({ day: Between(range.from, range.to) });
    const rows = stored.map((row) => withRevenue(row, revenue));
    await upsertChunked(this.dataSource.manager, YoutubeChannelDayEntity, rows, REVENUE_COLUMNS, ['day']);
  }

  async saveVideoDays(rows: YoutubeVideoDayEntity[]): Promise<void> {
    await upsertChunked(this.dataSource.manager, YoutubeVideoDayEntity, rows, VIDEO_COLUMNS, [
      'videoId',
      'day',
    ]);
  }

  async saveBreakdowns(rows: YoutubeBreakdownDayEntity[]): Promise<void> {
    await upsertChunked(this.dataSource.manager, YoutubeBreakdownDayEntity, rows, BREAKDOWN_COLUMNS, [
      'kind',
      'value',
      'day',
    ]);
  }

  /** Replaces the snapshot rows of (scope, kind) by `rows`, in one transaction. */
  async replaceSnapshot(scope: string, kind: string, rows: YoutubeSnapshotEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(YoutubeSnapshotEntity, { scope, kind });
      await insertChunked(manager, YoutubeSnapshotEntity, rows);
    });
  }

  /** Deletes every stored figure and the import's state (a disconnection). */
  async wipe(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.deleteRows(manager);
      await deleteAll(manager, YoutubeImportStateEntity);
    });
  }

  private async deleteRows(manager: EntityManager): Promise<void> {
    for (const entity of [
      YoutubeChannelDayEntity,
      YoutubeVideoDayEntity,
      YoutubeBreakdownDayEntity,
      YoutubeSnapshotEntity,
    ]) {
      await deleteAll(manager, entity);
    }
  }
}
