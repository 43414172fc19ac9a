import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VideoKind, VideoSort } from '@app/contracts';
import { type EntityManager, In, Not, type Repository } from 'typeorm';
import { chunks, deleteAll, insertChunked, replaceByDiff, type RowChanges } from '../database/bulk-writes';
import { SearchMatcher } from '../search/search-matcher';
import { matchedVideos, type VideoOrder } from './matched-videos';
import { VideoEntity } from './video.entity';

/** What a sync writes for a video; `featured` is the site's own and is never taken from YouTube. */
export type VideoRow = Omit<VideoEntity, 'featured'>;

/** Columns YouTube owns, updated on every sync (never `featured`). */
export const VIDEO_DATA_COLUMNS = [
  'title',
  'description',
  'thumbnail',
  'duration',
  'durationSeconds',
  'viewCount',
  'publishedAt',
  'kind',
] as const satisfies readonly (keyof VideoRow)[];

/** What the channel feed knows of a video it lists (issue 24): no length, so no duration and no kind. */
export const VIDEO_FEED_COLUMNS = [
  'title',
  'description',
  'thumbnail',
  'viewCount',
  'publishedAt',
] as const satisfies readonly (keyof VideoRow)[];

export interface VideoPage {
  items: VideoEntity[];
  total: number;
}

const ORDER: Record<VideoSort, VideoOrder> = {
  recent: [
    ['video.publishedAt', 'DESC'],
    ['video.id', 'ASC'],
  ],
  popular: [
    ['video.viewCount', 'DESC'],
    ['video.publishedAt', 'DESC'],
    ['video.id', 'ASC'],
  ],
  oldest: [
    ['video.publishedAt', 'ASC'],
    ['video.id', 'ASC'],
  ],
};

/** What the site search indexes of a video (search/search-indexer.service.ts). */
export type VideoSearchSource = Pick<VideoEntity, 'id' | 'title' | 'description' | 'publishedAt' | 'kind'>;

@Injectable()
export class VideosService {
  constructor(
    @InjectRepository(VideoEntity) private readonly videos: Repository<VideoEntity>,
    private readonly search: SearchMatcher,
  ) {}

  /**
   * A page of videos and how many there are. `q` keeps those the site search finds (docs/search.md: every word in the
   * title, a chapter, the description or a transcript, the last word a prefix).
   */
  async list(options: {
    q?: string;
    sort: VideoSort;
    kind?: VideoKind[];
    limit?: number;
    offset: number;
  }): Promise<VideoPage> {
    const match = options.q ? await this.search.videoMatch(options.q) : undefined;
    if (match === null) return { items: [], total: 0 };
    if (match) return matchedVideos(this.videos, match, { ...options, order: ORDER[options.sort] });
    const query = this.videos.createQueryBuilder('video');
    if (options.kind) query.andWhere('video.kind IN (:...kinds)', { kinds: options.kind });
    ORDER[options.sort].forEach(([column, direction], i) =>
      i === 0 ? query.orderBy(column, direction) : query.addOrderBy(column, direction),
    );
    if (options.limit !== undefined) query.take(options.limit);
    if (options.offset) query.skip(options.offset);
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  /** Newest first (the `recent` order), without a count: for feeds and backups. */
  recent(limit?: number): Promise<VideoEntity[]> {
    return this.videos.find({ order: { publishedAt: 'DESC', id: 'ASC' }, take: limit });
  }

  /** Every video's id and publishing time, leaving out the kinds in `without` (the caption import's round). */
  async publishingTimes(without: VideoKind[] = []): Promise<{ id: string; publishedAt: Date }[]> {
    return this.videos.find({
      select: { id: true, publishedAt: true },
      where: without.length ? { kind: Not(In(without)) } : {},
    });
  }

  /** Videos published in [from, to), oldest first: the weekly summary's new videos. */
  publishedBetween(from: Date, to: Date): Promise<VideoEntity[]> {
    return this.videos
      .createQueryBuilder('video')
      .where('video.publishedAt >= :from AND video.publishedAt < :to', { from, to })
      .orderBy('video.publishedAt', 'ASC')
      .addOrderBy('video.id', 'ASC')
      .getMany();
  }

  findById(id: string): Promise<VideoEntity | null> {
    return this.videos.findOneBy({ id });
  }

  /** The stored videos among `ids` (a sponsorship's), by id. */
  async findByIds(ids: string[]): Promise<Map<string, VideoEntity>> {
    if (ids.length === 0) return new Map();
    const rows = await this.videos.findBy({ id: In(ids) });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Up to `limit` videos to watch next (issue 15): those of `sameList` (the ids its playlists hold, in their
   * order) first, then the newest of the same kind; never the video itself, nor a kind in `without`.
   */
  async related(
    video: Pick<VideoEntity, 'id' | 'kind'>,
    sameList: string[],
    limit: number,
    without: VideoKind[] = [],
  ): Promise<VideoEntity[]> {
    const allowed = (v: Pick<VideoEntity, 'id' | 'kind'>) => v.id !== video.id && !without.includes(v.kind);
    const ids = sameList.filter((id) => id !== video.id);
    const listed = ids.length
      ? new Map((await this.videos.findBy({ id: In(ids) })).map((v) => [v.id, v]))
      : new Map<string, VideoEntity>();
    const picked = ids.flatMap((id) => {
      const v = listed.get(id);
      return v && allowed(v) ? [v] : [];
    });
    if (picked.length < limit && !without.includes(video.kind)) {
      const taken = new Set([video.id, ...picked.map((v) => v.id)]);
      const newest = await this.videos.find({
        where: { kind: video.kind },
        order: { publishedAt: 'DESC', id: 'ASC' },
        take: limit + taken.size,
      });
      picked.push(...newest.filter((v) => !taken.has(v.id)));
    }
    return picked.slice(0, limit);
  }

  /**
   * The video the home page features: the one the owner chose, else (until they choose, as after the first sync,
   * which removes the demo's) the newest long video: kind `video` (not a Short, a stream or a replay), one whose
   * length is known first (not an upload YouTube still processes). Its `featured` stays false: nobody chose it.
   * Null when there is neither.
   */
  async featured(): Promise<VideoEntity | null> {
    const chosen = await this.videos.findOne({ where: { featured: true }, order: { publishedAt: 'DESC' } });
    if (chosen) return chosen;
    return this.videos
      .createQueryBuilder('video')
      .where('video.kind = :kind', { kind: 'video' satisfies VideoKind })
      .orderBy('CASE WHEN video.durationSeconds > 0 THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('video.publishedAt', 'DESC')
      .addOrderBy('video.id', 'ASC')
      .getOne();
  }

  /** Makes exactly one video featured. */
  async feature(id: string): Promise<VideoEntity> {
    return this.videos.manager.transaction(async (manager) => {
      const repo = manager.getRepository(VideoEntity);
      const video = await repo.findOneBy({ id });
      if (!video) throw new NotFoundException(`Video ${id} not found`);
      await repo.update({ featured: true }, { featured: false });
      await repo.update({ id }, { featured: true });
      return { ...video, featured: true };
    });
  }

  /**
   * A sync's rows, through its transaction: new videos are added (not featured), changed ones updated in the
   * columns YouTube owns, missing ones deleted. `featured` survives; a removed featured video takes it along.
   */
  replaceFromSync(manager: EntityManager, rows: VideoRow[]): Promise<RowChanges<VideoRow>> {
    return replaceByDiff(manager, VideoEntity, rows, VIDEO_DATA_COLUMNS, { featured: false });
  }

  /**
   * The feed's newest videos (issue 24), through the caller's transaction: new ones are added, listed ones get
   * the feed's columns (a duration a keyed sync found stays), and every other stored video stays.
   */
  mergeFromFeed(manager: EntityManager, rows: VideoRow[]): Promise<RowChanges<VideoRow>> {
    return replaceByDiff(
      manager,
      VideoEntity,
      rows,
      VIDEO_FEED_COLUMNS,
      { featured: false },
      { keepMissing: true },
    );
  }

  /**
   * The live check's word on videos a sync already stored, through the caller's transaction: a stream that
   * went live or ended changes kind and length (`LIVE` → `1:02:03`, `live` → `replay`). Only those columns, and
   * only when they differ, so views moving between syncs write nothing. New ids wait for the next sync.
   * Returns how many rows changed.
   */
  async updateStreamKinds(
    manager: EntityManager,
    rows: Pick<VideoRow, 'id' | 'kind' | 'duration' | 'durationSeconds'>[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const repo = manager.getRepository(VideoEntity);
    const stored = new Map(
      (
        await repo.find({
          select: { id: true, kind: true, duration: true, durationSeconds: true },
          where: { id: In(rows.map((row) => row.id)) },
        })
      ).map((video) => [video.id, video]),
    );
    let changed = 0;
    for (const { id, kind, duration, durationSeconds } of rows) {
      const old = stored.get(id);
      if (!old) continue;
      if (old.kind === kind && old.duration === duration && old.durationSeconds === durationSeconds) continue;
      await repo.update({ id }, { kind, duration, durationSeconds });
      changed++;
    }
    return changed;
  }

  /** Titles of the stored videos among `ids` (the analytics report's top videos, the missing images). */
  async titles(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.videos.find({ select: { id: true, title: true }, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** Every video's id and thumbnail URL: what the site's own images are made from (images/image-refresh.service.ts). */
  imageSources(): Promise<Pick<VideoEntity, 'id' | 'thumbnail'>[]> {
    return this.videos.find({ select: { id: true, thumbnail: true } });
  }

  /** Adds rows through the caller's transaction (a backup import, the demo seed). */
  insert(manager: EntityManager, rows: VideoEntity[]): Promise<void> {
    return insertChunked(manager, VideoEntity, rows);
  }

  deleteAll(manager: EntityManager): Promise<void> {
    return deleteAll(manager, VideoEntity);
  }

  /** Every video's id, through the caller's manager. */
  async ids(manager: EntityManager): Promise<string[]> {
    const rows = await manager.getRepository(VideoEntity).find({ select: { id: true } });
    return rows.map((row) => row.id);
  }

  /** What the site search indexes of these videos (those that exist), through the caller's manager. */
  async searchSources(manager: EntityManager, ids: string[]): Promise<VideoSearchSource[]> {
    const rows: VideoSearchSource[] = [];
    for (const chunk of chunks(ids, 500)) {
      rows.push(
        ...(await manager.getRepository(VideoEntity).find({
          select: { id: true, title: true, description: true, publishedAt: true, kind: true },
          where: { id: In(chunk) },
        })),
      );
    }
    return rows;
  }
}
