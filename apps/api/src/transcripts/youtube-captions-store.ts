import { Injectable } from '@nestjs/common';
import type { YoutubeCaptionsErrorKind } from '@app/contracts';
import { DataSource, In, IsNull, MoreThanOrEqual, Not } from 'typeorm';
import { deleteAll } from '../database/bulk-writes';
import { JOB_STATE_ID as STATE_ID, NEW_JOB_STATE, NO_TROUBLE, troubleColumns } from '../youtube/job-state';
import { YoutubeCaptionStateEntity } from './youtube-caption-state.entity';
import { YoutubeCaptionVideoEntity } from './youtube-caption-video.entity';
import type { CaptionSkip } from './youtube-captions-plan';

export type CaptionState = YoutubeCaptionStateEntity;
export type CaptionStatePatch = Partial<Omit<YoutubeCaptionStateEntity, 'id'>>;

const parseSkips = (text: string | null): CaptionSkip[] => {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as CaptionSkip[]) : [];
  } catch {
    return [];
  }
};

/**
 * The caption import's own tables (`youtube_caption_state`, `youtube_caption_video`): the units spent per quota day,
 * the round through the site's videos, and each listed video with the tracks not stored. The tracks themselves go
 * through TranscriptStore.
 */
@Injectable()
export class YoutubeCaptionsStore {
  constructor(private readonly dataSource: DataSource) {}

  private get states() {
    return this.dataSource.getRepository(YoutubeCaptionStateEntity);
  }

  private get videos() {
    return this.dataSource.getRepository(YoutubeCaptionVideoEntity);
  }

  state(): Promise<CaptionState | null> {
    return this.states.findOneBy({ id: STATE_ID });
  }

  /** The state row, made on the first run. */
  async ensureState(day: string): Promise<CaptionState> {
    const existing = await this.state();
    if (existing) return existing;
    const state: CaptionState = {
      ...NEW_JOB_STATE,
      unitsDay: day,
      units: 0,
      roundStartedAt: null,
      roundDoneAt: null,
      roundCursorAt: null,
      roundCursorId: null,
      lastRunAt: null,
    };
    await this.states.insert(state);
    return state;
  }

  async update(patch: CaptionStatePatch): Promise<void> {
    await this.states.update({ id: STATE_ID }, patch);
  }

  async recordError(kind: YoutubeCaptionsErrorKind, message: string, at: Date): Promise<void> {
    await this.update(troubleColumns(kind, message, at));
  }

  /** Counts `units` spent on the quota day `day`. */
  async countUnits(day: string, units: number): Promise<void> {
    await this.dataSource.query(
      // MySQL assigns left to right: `units` reads the old unitsDay, as SQLite's UPDATE does.
      'UPDATE youtube_caption_state SET units = CASE WHEN unitsDay = ? THEN units + ? ELSE ? END, unitsDay = ? ' +
        'WHERE id = ?',
      [day, units, units, day, STATE_ID],
    );
  }

  /** Units counted on the quota day `day`. */
  async unitsOn(day: string): Promise<number> {
    const state = await this.state();
    return state?.unitsDay === day ? state.units : 0;
  }

  /** The ids of every video listed at least once. */
  async listedIds(): Promise<Set<string>> {
    const rows = await this.videos.find({ select: { videoId: true } });
    return new Set(rows.map((row) => row.videoId));
  }

  async skipsOf(videoId: string): Promise<CaptionSkip[]> {
    return parseSkips((await this.videos.findOneBy({ videoId }))?.skipped ?? null);
  }

  /** A video listed at `at`, with the tracks not stored and why. */
  async markListed(videoId: string, at: Date, skipped: CaptionSkip[]): Promise<void> {
    await this.videos.upsert(
      { videoId, checkedAt: at, skipped: skipped.length ? JSON.stringify(skipped) : null },
      ['videoId'],
    );
  }

  /** Videos listed since `since` (the round's progress). */
  listedSince(since: Date): Promise<number> {
    return this.videos.countBy({ checkedAt: MoreThanOrEqual(since) });
  }

  /** Every video's skipped tracks, newest listing first. */
  async skips(): Promise<{ videoId: string; skips: CaptionSkip[] }[]> {
    const rows = await this.videos.find({ where: { skipped: Not(IsNull()) }, order: { checkedAt: 'DESC' } });
    return rows
      .map((row) => ({ videoId: row.videoId, skips: parseSkips(row.skipped) }))
      .filter((row) => row.skips.length > 0);
  }

  /** Forgets the videos no longer on the site. */
  async forgetVideosBut(siteVideoIds: ReadonlySet<string>): Promise<void> {
    const gone = [...(await this.listedIds())].filter((id) => !siteVideoIds.has(id));
    for (let i = 0; i < gone.length; i += 500)
      await this.videos.delete({ videoId: In(gone.slice(i, i + 500)) });
  }

  /**
   * Forgets every listed video and the round (the switch turned off, the account disconnected). The units spent
   * today stay counted: Google's quota does not forget them either.
   */
  async forget(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await deleteAll(manager, YoutubeCaptionVideoEntity);
      await manager.update(
        YoutubeCaptionStateEntity,
        { id: STATE_ID },
        {
          roundStartedAt: null,
          roundDoneAt: null,
          roundCursorAt: null,
          roundCursorId: null,
          ...NO_TROUBLE,
        },
      );
    });
  }
}
