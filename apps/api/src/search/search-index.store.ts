import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { chunks } from '../database/bulk-writes';
import type { DialectMatch, DocumentChange, SearchDialect } from './search-dialect';
import { type CueRange, ENTRIES_PER_VIDEO, entryKind, type SearchEntry } from './search-documents';
import { sqliteDialect } from './search-fts5';
import { mysqlDialect } from './search-postings';
import { indexToken, type QueryTerm, type SearchField, termPattern } from './search-query';
import { indexTerms } from './search-text';

/** What the index knows of a video: its number (its entries' ids) and what its entries were made from. */
export interface IndexedVideo {
  videoNo: number;
  /** Hash of what the entries and facts were made from (and the index's format). */
  source: string;
  /** Hash of the transcript tracks they were made from (`TranscriptStore.searchStamps`). */
  transcripts: string;
}

/** A video of a page of results: its id, its number in the index, its score (`DialectMatch.scored`). */
export interface RankedVideo {
  videoId: string;
  videoNo: number;
  score: number;
}

/** What the ranking and the public lists need of an indexed video. */
export interface IndexedFacts {
  publishedAt: Date;
  short: boolean;
}

/** A date as both databases store a `datetime` (UTC, milliseconds; the MySQL connection's time zone is UTC). */
const sqlDate = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

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

/**
 * A video's document: every word of its entries once (`zz…`), and those of its title, chapters and description once
 * more, marked by field (what the ranking asks). What each dialect indexes (and tools/bench/search-fulltext.ts puts
 * under InnoDB FULLTEXT to compare).
 */
export function documentOf(entries: { entry: number; words: string[] }[]): Set<string> {
  const document = new Set<string>();
  for (const { entry, words } of entries) {
    const kind = entryKind(entry);
    const field: SearchField | null = kind === 'transcript' ? null : kind;
    for (const word of words) {
      document.add(indexToken(word));
      if (field) document.add(indexToken(word, field));
    }
  }
  return document;
}

const wordsOf = (terms: string) => terms.split(' ').filter(Boolean);

/**
 * The search tables: `search_video` (a row per video: its number, what its entries were made from), `search_entry`
 * (its title, chapters, description and passages: their terms, and a passage's cues) and the documents' index, which
 * differs by database (`SearchDialect`: SQLite's FTS5 `search_fts`, MySQL's `search_posting`). Written only here,
 * through the caller's manager (a writer's transaction, or the indexer's own).
 */
@Injectable()
export class SearchIndexStore {
  readonly dialect: SearchDialect;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.dialect = db.options.type === 'mysql' ? mysqlDialect : sqliteDialect;
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

  /** The documents these videos have now (read from their entries), by number. */
  private async documents(manager: EntityManager, videoNos: number[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    for (const videoNo of videoNos) {
      const rows: { id: number | string; terms: string }[] = await manager.query(
        'SELECT id, terms FROM search_entry WHERE id BETWEEN ? AND ?',
        rangeOf(videoNo),
      );
      out.set(
        videoNo,
        documentOf(
          rows.map((row) => ({ entry: Number(row.id) % ENTRIES_PER_VIDEO, words: wordsOf(row.terms) })),
        ),
      );
    }
    return out;
  }

  /** Replaces the entries and documents of these videos (new ones get their number). */
  async write(
    manager: EntityManager,
    videos: (IndexedFacts & {
      videoId: string;
      source: string;
      transcripts: string;
      entries: SearchEntry[];
    })[],
  ): Promise<void> {
    if (!videos.length) return;
    const known = await this.indexed(
      manager,
      videos.map((v) => v.videoId),
    );
    const fresh = videos.filter((v) => !known.has(v.videoId));
    for (const batch of chunks(fresh, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_video (videoId, source, transcripts, publishedAt, short) VALUES ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        batch.flatMap((v) => [v.videoId, v.source, v.transcripts, sqlDate(v.publishedAt), v.short ? 1 : 0]),
      );
    }
    const numbers = new Map([
      ...known,
      ...(fresh.length
        ? await this.indexed(
            manager,
            fresh.map((v) => v.videoId),
          )
        : []),
    ]);
    const before = await this.documents(
      manager,
      [...known.values()].map((v) => v.videoNo),
    );
    const rows: unknown[][] = [];
    const changes: DocumentChange[] = [];
    for (const video of videos) {
      const { videoNo } = numbers.get(video.videoId)!;
      if (known.has(video.videoId)) {
        await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', rangeOf(videoNo));
        await manager.query(
          'UPDATE search_video SET source = ?, transcripts = ?, publishedAt = ?, short = ? WHERE videoNo = ?',
          [video.source, video.transcripts, sqlDate(video.publishedAt), video.short ? 1 : 0, videoNo],
        );
      }
      const entries = video.entries.map(({ entry, text, cues }) => ({
        entry,
        cues,
        words: indexTerms(text),
      }));
      for (const { entry, cues, words } of entries) {
        rows.push([
          videoNo * ENTRIES_PER_VIDEO + entry,
          cues?.track ?? null,
          cues?.first ?? null,
          cues?.last ?? null,
          ` ${words.join(' ')} `,
        ]);
      }
      changes.push({ videoNo, before: before.get(videoNo) ?? null, after: documentOf(entries) });
    }
    for (const batch of chunks(rows, ROW_CHUNK)) {
      await manager.query(
        `INSERT INTO search_entry (id, track, firstCue, lastCue, terms) VALUES ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        batch.flat(),
      );
    }
    await this.dialect.write(manager, changes);
  }

  /** Takes these videos out of the index. */
  async remove(manager: EntityManager, videoIds: string[]): Promise<void> {
    const indexed = [...(await this.indexed(manager, videoIds)).values()].map((v) => v.videoNo);
    const before = await this.documents(manager, indexed);
    await this.dialect.write(
      manager,
      indexed.map((videoNo) => ({ videoNo, before: before.get(videoNo) ?? null, after: null })),
    );
    for (const videoNo of indexed) {
      await manager.query('DELETE FROM search_entry WHERE id BETWEEN ? AND ?', rangeOf(videoNo));
    }
    for (const numbers of chunks(indexed, ID_CHUNK)) {
      await manager.query(`DELETE FROM search_video WHERE videoNo IN (${marks(numbers.length)})`, numbers);
    }
  }

  /** The videos matching every term, as subqueries; null when none does. */
  match(terms: QueryTerm[]): Promise<DialectMatch | null> {
    return this.dialect.match(this.db.manager, terms);
  }

  /**
   * A page of the videos a match found, ranked (docs/search.md): the best kind of match first (`score`), then the
   * newest; read from the index alone. The total is counted only when the page does not tell it.
   */
  async ranked(
    found: DialectMatch | null,
    options: { withoutShorts: boolean; limit: number; offset: number },
  ): Promise<{ videos: RankedVideo[]; total: number }> {
    if (!found) return { videos: [], total: 0 };
    const query = () => {
      const q = this.db.createQueryBuilder().from(`(${found.scored})`, 'found').setParameters(found.params);
      if (options.withoutShorts) q.where('found.short = 0');
      return q;
    };
    const rows = await query()
      .select('found.videoId', 'videoId')
      .addSelect('found.videoNo', 'videoNo')
      .addSelect('found.score', 'score')
      .orderBy('found.score', 'DESC')
      .addOrderBy('found.publishedAt', 'DESC')
      .addOrderBy('found.videoId', 'ASC')
      .limit(options.limit)
      .offset(options.offset)
      .getRawMany<Record<keyof RankedVideo, string | number>>();
    const complete = rows.length > 0 ? rows.length < options.limit : options.offset === 0;
    const total = complete
      ? options.offset + rows.length
      : Number((await query().select('COUNT(*)', 'n').getRawOne<{ n: number | string }>())?.n ?? 0);
    const videos = rows.map((row) => ({
      videoId: String(row.videoId),
      videoNo: Number(row.videoNo),
      score: Number(row.score),
    }));
    return { videos, total };
  }

  /**
   * The entries of these videos (a page of results) that hold every word of the query, or for a video where none
   * does, those that hold some: by video, in entry order.
   */
  async matching(
    manager: EntityManager,
    terms: QueryTerm[],
    videos: Pick<RankedVideo, 'videoId' | 'videoNo'>[],
  ): Promise<Map<string, MatchedEntry[]>> {
    const byNo = new Map(videos.map(({ videoId, videoNo }) => [videoNo, videoId]));
    const out = new Map<string, MatchedEntry[]>();
    if (!byNo.size || !terms.length) return out;
    for (const row of await this.matchingEntries(manager, terms, [...byNo.keys()].map(rangeOf))) {
      const videoId = byNo.get(Math.floor(row.id / ENTRIES_PER_VIDEO))!;
      const list = out.get(videoId) ?? [];
      list.push({
        entry: row.id % ENTRIES_PER_VIDEO,
        found: row.found,
        cues: row.track === null ? undefined : { track: row.track, first: row.firstCue, last: row.lastCue },
      });
      out.set(videoId, list);
    }
    return out;
  }

  /**
   * The entries within these id ranges (each a video's) that hold every term, or where a video has none, those that
   * hold some, with which they hold (bit i for term i): a LIKE over the rows of a page of videos (a primary-key range
   * each), not a full-text query over every entry.
   */
  private async matchingEntries(manager: EntityManager, terms: QueryTerm[], ranges: [number, number][]) {
    const patterns = terms.map(termPattern);
    const rows: Record<'id' | 'found' | 'track' | 'firstCue' | 'lastCue', number | string | null>[] =
      await manager.query(
        `SELECT id, track, firstCue, lastCue, ${patterns.map((_, i) => `(terms LIKE ?) * ${2 ** i}`).join(' + ')} AS found ` +
          `FROM search_entry WHERE (${ranges.map(() => 'id BETWEEN ? AND ?').join(' OR ')}) ` +
          // No ORDER BY: SQLite would rather scan the whole table in id order than read the ranges and sort.
          `AND (${patterns.map(() => 'terms LIKE ?').join(' OR ')})`,
        [...patterns, ...ranges.flat(), ...patterns],
      );
    const all = 2 ** terms.length - 1;
    const found = rows
      .map((row) => ({
        id: Number(row.id),
        found: Number(row.found),
        track: row.track === null ? null : Number(row.track),
        firstCue: Number(row.firstCue),
        lastCue: Number(row.lastCue),
      }))
      .sort((a, b) => a.id - b.id);
    return ranges.flatMap(([from, to]) => {
      const own = found.filter((row) => row.id >= from && row.id <= to);
      const full = own.filter((row) => row.found === all);
      return full.length ? full : own;
    });
  }
}
