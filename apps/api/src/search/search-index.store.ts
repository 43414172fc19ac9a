import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import { type EntryRow, searchDialect, type SearchDialect, type StoredEntry } from './search-dialect';
import { ENTRIES_PER_VIDEO, type SearchEntry } from './search-documents';
import { indexToken, type QueryTerm } from './search-query';
import { indexTerms } from './search-text';

/** What the index knows of a video: its number (its entries' ids) and what its entries were made from. */
export interface IndexedVideo {
  videoNo: number;
  /** Hash of the title, description and length the entries were made from (and the index's format). */
  source: string;
  /** The transcript tracks they were made from (`TranscriptStore.searchStamps`). */
  transcripts: string;
}

export interface MatchedEntry extends EntryRow {
  /** Its number within its video (`SearchEntry.entry`). */
  entry: number;
}

/** Ids per `IN (…)` list. */
const ID_CHUNK = 500;
const rangeOf = (videoNo: number): [number, number] => [
  videoNo * ENTRIES_PER_VIDEO,
  (videoNo + 1) * ENTRIES_PER_VIDEO - 1,
];

const marks = (list: string[]) => list.map(() => '?').join(', ');

/**
 * The search tables (`search_video`, `search_entry` and SQLite's `search_fts`): written only here, through the
 * caller's manager (a writer's transaction, or the indexer's own).
 */
@Injectable()
export class SearchIndexStore {
  readonly dialect: SearchDialect;

  constructor(@InjectDataSource() db: DataSource) {
    this.dialect = searchDialect(db);
  }

  /** The indexed videos among `videoIds`, or all of them. */
  async indexed(manager: EntityManager, videoIds?: string[]): Promise<Map<string, IndexedVideo>> {
    const select = 'SELECT videoNo, videoId, source, transcripts FROM search_video';
    const rows: (IndexedVideo & { videoId: string })[] = [];
    if (!videoIds) rows.push(...(await manager.query(select)));
    else {
      for (const ids of chunks(videoIds, ID_CHUNK)) {
        rows.push(...(await manager.query(`${select} WHERE videoId IN (${marks(ids)})`, ids)));
      }
    }
    return new Map(rows.map(({ videoId, ...row }) => [videoId, { ...row, videoNo: Number(row.videoNo) }]));
  }

  /** Replaces the entries of these videos (new ones get their number) and records what they were made from. */
  async write(
    manager: EntityManager,
    videos: { videoId: string; source: string; transcripts: string; entries: SearchEntry[] }[],
  ): Promise<void> {
    if (!videos.length) return;
    const known = await this.indexed(
      manager,
      videos.map((v) => v.videoId),
    );
    const fresh = videos.filter((v) => !known.has(v.videoId));
    for (const batch of chunks(fresh, 100)) {
      await manager.query(
        `INSERT INTO search_video (videoId, source, transcripts) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap((v) => [v.videoId, v.source, v.transcripts]),
      );
    }
    const numbers = fresh.length
      ? await this.indexed(
          manager,
          videos.map((v) => v.videoId),
        )
      : known;
    const rows: StoredEntry[] = [];
    for (const video of videos) {
      const { videoNo } = numbers.get(video.videoId)!;
      const old = known.get(video.videoId);
      if (old) {
        await this.dialect.remove(manager, [rangeOf(videoNo)]);
        await manager.query('UPDATE search_video SET source = ?, transcripts = ? WHERE videoNo = ?', [
          video.source,
          video.transcripts,
          videoNo,
        ]);
      }
      for (const entry of video.entries) {
        rows.push({
          id: videoNo * ENTRIES_PER_VIDEO + entry.entry,
          text: entry.text,
          marks: entry.marks ? JSON.stringify(entry.marks) : null,
          terms: indexTerms(entry.text).map(indexToken).join(' '),
        });
      }
    }
    await this.dialect.insert(manager, rows);
  }

  /** Takes these videos out of the index. */
  async remove(manager: EntityManager, videoIds: string[]): Promise<void> {
    const indexed = await this.indexed(manager, videoIds);
    await this.dialect.remove(
      manager,
      [...indexed.values()].map((v) => rangeOf(v.videoNo)),
    );
    for (const ids of chunks([...indexed.keys()], ID_CHUNK)) {
      await manager.query(`DELETE FROM search_video WHERE videoId IN (${marks(ids)})`, ids);
    }
  }

  /** The entries of these videos that match the query, by video, in entry order. */
  async matching(
    manager: EntityManager,
    terms: QueryTerm[],
    videoIds: string[],
  ): Promise<Map<string, MatchedEntry[]>> {
    const indexed = await this.indexed(manager, videoIds);
    const byNo = new Map([...indexed].map(([videoId, { videoNo }]) => [videoNo, videoId]));
    const rows = await this.dialect.matching(
      manager,
      this.dialect.matchExpression(terms),
      [...byNo.keys()].map(rangeOf),
    );
    const out = new Map<string, MatchedEntry[]>();
    for (const row of rows) {
      const videoId = byNo.get(Math.floor(row.id / ENTRIES_PER_VIDEO))!;
      const list = out.get(videoId) ?? [];
      list.push({ ...row, entry: row.id % ENTRIES_PER_VIDEO });
      out.set(videoId, list);
    }
    return out;
  }
}
