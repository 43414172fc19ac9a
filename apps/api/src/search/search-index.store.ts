import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import { searchDialect, type SearchDialect, type StoredEntry } from './search-dialect';
import {
  type CueRange,
  ENTRIES_PER_VIDEO,
  entryKind,
  FIRST_PASSAGE_ENTRY,
  type SearchEntry,
} from './search-documents';
import { indexToken, type QueryTerm, type SearchField } from './search-query';
import { indexTerms } from './search-text';

/** What the index knows of a video: its number (its entries' ids) and what its entries were made from. */
export interface IndexedVideo {
  videoNo: number;
  /** Hash of the title, description and length the entries were made from (and the index's format). */
  source: string;
  /** Hash of the transcript tracks they were made from (`TranscriptStore.searchStamps`). */
  transcripts: string;
}

/** An entry of a video that holds words of the query. */
export interface MatchedEntry {
  /** Its number within its video (`SearchEntry.entry`). */
  entry: number;
  /** Which of the query's terms it holds: bit i for term i. */
  found: number;
  /** A passage's cues. */
  cues?: CueRange;
}

/** Ids per `IN (…)` list; rows per INSERT. */
const ID_CHUNK = 500;
const ROW_CHUNK = 200;

const rangeOf = (videoNo: number): [number, number] => [
  videoNo * ENTRIES_PER_VIDEO,
  (videoNo + 1) * ENTRIES_PER_VIDEO - 1,
];
const marks = (count: number) => Array(count).fill('?').join(', ');

/** The field an entry's words are also indexed under (the ranking's), if any. */
function fieldOf(entry: number): SearchField | null {
  const kind = entryKind(entry);
  return kind === 'transcript' ? null : kind;
}

/**
 * The search tables: `search_video` (a row per video: its number, what its entries were made from, and on MySQL its
 * document), `search_entry` (its title, chapters, description and passages: a passage's cues, and on MySQL the
 * terms) and SQLite's `search_fts` and `search_entry_fts`. Written only here, through the caller's manager (a
 * writer's transaction, or the indexer's own).
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
        rows.push(...(await manager.query(`${select} WHERE videoId IN (${marks(ids.length)})`, ids)));
      }
    }
    return new Map(rows.map(({ videoId, ...row }) => [videoId, { ...row, videoNo: Number(row.videoNo) }]));
  }

  /** Replaces the entries and documents of these videos (new ones get their number). */
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
    for (const batch of chunks(fresh, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_video (videoId, source, transcripts) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap((v) => [v.videoId, v.source, v.transcripts]),
      );
    }
    const numbers = fresh.length
      ? await this.indexed(
          manager,
          fresh.map((v) => v.videoId),
        )
      : new Map();
    const rows: StoredEntry[] = [];
    const documents: { videoNo: number; terms: string }[] = [];
    for (const video of videos) {
      const old = known.get(video.videoId);
      const videoNo: number = old?.videoNo ?? numbers.get(video.videoId).videoNo;
      if (old) {
        await this.dialect.removeEntries(manager, [rangeOf(videoNo)]);
        await manager.query('UPDATE search_video SET source = ?, transcripts = ? WHERE videoNo = ?', [
          video.source,
          video.transcripts,
          videoNo,
        ]);
      }
      const document = new Set<string>();
      for (const { entry, text, cues } of video.entries) {
        const words = indexTerms(text);
        const field = fieldOf(entry);
        for (const word of words) {
          document.add(indexToken(word));
          if (field) document.add(indexToken(word, field));
        }
        rows.push({
          id: videoNo * ENTRIES_PER_VIDEO + entry,
          track: cues?.track ?? null,
          firstCue: cues?.first ?? null,
          lastCue: cues?.last ?? null,
          terms: words.map((word) => indexToken(word)).join(' '),
        });
      }
      documents.push({ videoNo, terms: [...document].join(' ') });
    }
    await this.dialect.writeEntries(manager, rows);
    await this.dialect.writeDocuments(manager, documents);
  }

  /** Takes these videos out of the index. */
  async remove(manager: EntityManager, videoIds: string[]): Promise<void> {
    const indexed = [...(await this.indexed(manager, videoIds)).values()].map((v) => v.videoNo);
    await this.dialect.removeEntries(manager, indexed.map(rangeOf));
    await this.dialect.removeDocuments(manager, indexed);
    for (const numbers of chunks(indexed, ID_CHUNK)) {
      await manager.query(`DELETE FROM search_video WHERE videoNo IN (${marks(numbers.length)})`, numbers);
    }
  }

  /**
   * The entries of these videos (a page of results) that hold every word of the query, or for a video where none
   * does, those that hold some: by video, in entry order.
   */
  async matching(
    manager: EntityManager,
    terms: QueryTerm[],
    videoIds: string[],
  ): Promise<Map<string, MatchedEntry[]>> {
    const indexed = await this.indexed(manager, videoIds);
    const byNo = new Map([...indexed].map(([videoId, { videoNo }]) => [videoNo, videoId]));
    const out = new Map<string, MatchedEntry[]>();
    if (!byNo.size || !terms.length) return out;
    const found = await this.dialect.matchingEntries(manager, terms, [...byNo.keys()].map(rangeOf));
    const passages = found
      .filter(({ id }) => id % ENTRIES_PER_VIDEO >= FIRST_PASSAGE_ENTRY)
      .map(({ id }) => id);
    const cues = new Map<number, CueRange>();
    for (const ids of chunks(passages, ID_CHUNK)) {
      const rows: { id: number | string; track: number; firstCue: number; lastCue: number }[] =
        await manager.query(
          `SELECT id, track, firstCue, lastCue FROM search_entry WHERE id IN (${marks(ids.length)})`,
          ids,
        );
      for (const row of rows) {
        cues.set(Number(row.id), {
          track: Number(row.track),
          first: Number(row.firstCue),
          last: Number(row.lastCue),
        });
      }
    }
    for (const { id, found: mask } of found) {
      const videoId = byNo.get(Math.floor(id / ENTRIES_PER_VIDEO))!;
      const list = out.get(videoId) ?? [];
      list.push({ entry: id % ENTRIES_PER_VIDEO, found: mask, cues: cues.get(id) });
      out.set(videoId, list);
    }
    return out;
  }
}
