/**
 * The indexing half of the search benchmark: the built API's own modules (dist/, loaded in this process, so the
 * times are the index's alone) on a database the benchmark fills with SQL, then the index built from nothing, a sync
 * that changes 1 % of the titles, and one video's transcript stored again. Sizes are what the search tables add.
 */
import type { INestApplication } from '@nestjs/common';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import { DataSource, type EntityManager } from 'typeorm';
import { repoRoot } from '../lib/paths';
import { type BenchVideo, videoId, videos } from './search-corpus';

const DIST = join(repoRoot, 'dist/apps/api/apps/api/src');
/** A module of the built API (dist/), by its path under apps/api/src. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadDist = (path: string) => require(join(DIST, path));

export interface IndexBenchResult {
  videos: number;
  cues: number;
  words: number;
  seedMs: number;
  /** Every video indexed from an empty index (a first start, a new index format). */
  fullIndexMs: number;
  entries: number;
  /** A sync's write of every video (views moved) with 1 % of the titles changed: with the index, and without. */
  syncMs: number;
  syncWithoutIndexMs: number;
  /** One video's transcript (~2,000 words) stored again: with the index, and without (medians of 5). */
  oneVideoMs: number;
  oneVideoWithoutIndexMs: number;
  /** What the search tables take, and the transcripts beside them. */
  indexBytes: number;
  transcriptBytes: number;
}

const withoutFeatured = ({ featured: _featured, ...row }: Record<string, unknown>) => row;
const sqlDate = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function insertRows(
  db: DataSource,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const quoted = columns.map((c) => (db.options.type === 'mysql' ? `\`${c}\`` : `"${c}"`)).join(', ');
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.query(
      `INSERT INTO ${table} (${quoted}) VALUES ${chunk.map((r) => `(${r.map(() => '?').join(', ')})`).join(', ')}`,
      chunk.flat(),
    );
  }
}

/** The channel, written with SQL (no index is made on the way): videos, one track each, its cues. */
export async function seed(db: DataSource, count: number): Promise<{ cues: number; words: number }> {
  let cues = 0;
  let words = 0;
  let batch: BenchVideo[] = [];
  const flush = async () => {
    await insertRows(
      db,
      'video',
      [
        'id',
        'title',
        'description',
        'thumbnail',
        'duration',
        'durationSeconds',
        'viewCount',
        'publishedAt',
        'featured',
        'kind',
      ],
      batch.map((v) => [
        v.id,
        v.title,
        v.description,
        null,
        '15:00',
        900,
        1000,
        sqlDate(v.publishedAt),
        0,
        'video',
      ]),
    );
    const first = Number(batch[0].id.slice(5)) + 1;
    await insertRows(
      db,
      'video_transcript',
      ['id', 'videoId', 'source', 'language', 'kind', 'cueCount', 'storedAt'],
      batch.map((v, i) => [
        first + i,
        v.id,
        'upload',
        v.language,
        'standard',
        v.cues.length,
        sqlDate(new Date()),
      ]),
    );
    await insertRows(
      db,
      'transcript_cue',
      ['transcriptId', 'position', 'startMs', 'endMs', 'text'],
      batch.flatMap((v, i) => v.cues.map((c, position) => [first + i, position, c.startMs, c.endMs, c.text])),
    );
    batch = [];
  };
  for (const video of videos(count)) {
    cues += video.cues.length;
    words += video.cues.reduce((n, c) => n + (video.language === 'ja' ? 4 : c.text.split(' ').length), 0);
    batch.push(video);
    if (batch.length === 50) await flush();
  }
  if (batch.length) await flush();
  return { cues, words };
}

/**
 * Bytes of the search tables (SQLite: their pages, `dbstat`; MariaDB: their files, FULLTEXT's own included, as InnoDB
 * has allocated them).
 */
async function sizes(db: DataSource, datadir?: string): Promise<{ index: number; transcripts: number }> {
  if (!datadir) {
    const of = async (pattern: string) =>
      Number(
        (await db.query(`SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE '${pattern}'`))[0].bytes,
      );
    return { index: await of('search%'), transcripts: await of('%transcript%') };
  }
  const dir = join(datadir, 'app');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ibd'));
  const bytes = (test: (f: string) => boolean) =>
    files.filter(test).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  return {
    index: bytes((f) => f.startsWith('search_') || f.startsWith('FTS_')),
    transcripts: bytes((f) => f.includes('transcript')),
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

/** The built API's application on `env`'s database (migrated), not listening: its services, in this process. */
export async function distApp(env: Record<string, string>): Promise<INestApplication> {
  const { createApp } = loadDist('app.factory.js');
  const { loadEnv } = loadDist('config/env.js');
  const app: INestApplication = await createApp(
    loadEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', SEED_DEMO_CONTENT: 'false', ...env }),
    { logger: ['error', 'warn'] },
  );
  await app.init();
  return app;
}

/** Builds the index of `count` videos and times its writes; leaves the database filled and indexed. */
export async function benchIndexing(options: {
  count: number;
  env: Record<string, string>;
  /** MariaDB's data directory (for the files' sizes); none on SQLite. */
  datadir?: string;
  log: (line: string) => void;
}): Promise<IndexBenchResult> {
  const { SearchIndexer } = loadDist('search/search-indexer.service.js');
  const { TranscriptStore } = loadDist('transcripts/transcript-store.service.js');
  const { VideosService } = loadDist('videos/videos.service.js');
  const app = await distApp(options.env);
  try {
    const db: DataSource = app.get(DataSource);
    const indexer = app.get(SearchIndexer);
    const transcripts = app.get(TranscriptStore);
    const videoService = app.get(VideosService);
    await indexer.checkAll();

    let seeded = { cues: 0, words: 0 };
    const seedMs = await timed(async () => (seeded = await seed(db, options.count)));
    options.log(`seeded ${options.count} videos, ${seeded.cues} cues in ${seedMs} ms`);
    const fullIndexMs = await timed(() => indexer.checkAll());
    const entries = Number((await db.query('SELECT COUNT(*) AS n FROM search_entry'))[0].n);
    options.log(`indexed ${entries} entries in ${fullIndexMs} ms`);

    // The index's subscriber off and on again: the same writes without it are the baseline.
    const subscriber = db.subscribers.find((s) => s.constructor.name === 'SearchIndexSubscriber')!;
    const without = async <T>(work: () => Promise<T>) => {
      db.subscribers.splice(db.subscribers.indexOf(subscriber), 1);
      try {
        return await work();
      } finally {
        db.subscribers.push(subscriber);
      }
    };

    const rows = await db.query('SELECT * FROM video');
    const sync = (bump: number, titles: number) =>
      db.transaction((manager: EntityManager) =>
        videoService.replaceFromSync(
          manager,
          rows.map((row: Record<string, unknown>, i: number) => ({
            ...withoutFeatured(row),
            publishedAt:
              row.publishedAt instanceof Date
                ? row.publishedAt
                : new Date(`${String(row.publishedAt).replace(' ', 'T')}Z`),
            viewCount: 1000 + bump,
            title: i % 100 === 0 && titles ? `${row.title} renamed` : row.title,
          })),
        ),
      );
    const syncWithoutIndexMs = await without(() => timed(() => sync(1, 0)));
    const syncMs = await timed(() => sync(2, 1));
    options.log(`sync ${syncMs} ms (without the index ${syncWithoutIndexMs} ms)`);

    const key = { source: 'upload', language: 'en', kind: 'standard' };
    const cuesOf = (i: number) =>
      [...videos(i + 1)][i].cues.map((c) => ({
        start: c.startMs / 1000,
        end: c.endMs / 1000,
        text: `${c.text} again`,
      }));
    const one: number[] = [];
    const oneWithout: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = cuesOf(10 + i);
      const b = cuesOf(20 + i);
      oneWithout.push(await without(() => timed(() => transcripts.replace(videoId(20 + i), key, b))));
      one.push(await timed(() => transcripts.replace(videoId(10 + i), key, a)));
    }
    // The baseline's videos indexed again, so the index matches the content for what follows.
    await indexer.checkAll();
    const size = await sizes(db, options.datadir);
    return {
      videos: options.count,
      ...seeded,
      seedMs,
      fullIndexMs,
      entries,
      syncMs,
      syncWithoutIndexMs,
      oneVideoMs: median(one),
      oneVideoWithoutIndexMs: median(oneWithout),
      indexBytes: size.index,
      transcriptBytes: size.transcripts,
    };
  } finally {
    await app.close();
  }
}
