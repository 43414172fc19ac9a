/**
 * Why the site search's MySQL/MariaDB index is posting lists and not InnoDB FULLTEXT (docs/search.md), measured: the
 * channel of tools/bench/search.ts indexed by the built API (its `search_posting`), the same documents under an
 * InnoDB FULLTEXT index in the same MariaDB (search-fulltext-index.ts), and the same query mix asked of both at the
 * SQL level, one query at a time, each side first in turn: the videos that match every word (the last one a prefix),
 * ranked as the site ranks them, its first page of 20 and the total (`SearchIndexStore.ranked` for both). First with
 * the buffer pool tools/mariadb.ts starts the server with, then with one that holds every table, after a pass of the
 * same queries.
 *
 *   npx tsx tools/bench/search-fulltext.ts            10,000 videos, printed
 *   npx tsx tools/bench/search-fulltext.ts --write    …and recorded in docs/benchmarks.md
 *   npx tsx tools/bench/search-fulltext.ts --smoke    40 videos
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BENCH_API_ENV } from '../lib/api-process';
import { parseOptions, wholeNumber } from '../lib/args';
import { type RunningMariaDb, startMariaDb } from '../mariadb';
import { requireCommand } from '../system-deps';
import { writeDocSection, writeRawJson } from './doc';
import { queries } from './search-corpus';
import {
  askBoth,
  type Asked,
  type FulltextBenchResult,
  type FulltextPhase,
  figures,
  type Ranked,
  type Side,
  timeIdsAlone,
} from './search-fulltext-ask';
import { fulltextMarkdown } from './search-fulltext-doc';
import { buildFulltext, FULLTEXT_TABLE, fulltextMatch } from './search-fulltext-index';
import { distApp, loadDist, seed } from './search-index';
import { ensureApiBuild } from './sync';

const FULL = { videos: 10_000, perKind: 40, probeTimes: 5 };
const SMOKE = { videos: 40, perKind: 2, probeTimes: 1 };
const WARM_UP = 2;
const PAGE = { withoutShorts: false, limit: 20, offset: 0 };
/** Named queries beside the mix, each asked `probeTimes` times: a word every video says, as-you-type's first letters. */
const PROBES = ['the', 't', 'th', 'the of and'];
/** Those also asked of FULLTEXT for the matching ids alone (no join, no ranking). */
const IDS_ALONE = ['the', 't'];

/** Bytes of the .ibd files of the app's database whose names pass `test`. */
function fileBytes(datadir: string, test: (file: string) => boolean): number {
  const dir = join(datadir, 'app');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ibd') && test(f))
    .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
}

/** A statement only the server's root may run (the app's user may not set globals). */
function asRoot(mariadb: RunningMariaDb, sql: string): void {
  const client = spawnSync(
    requireCommand('mariadb'),
    ['--no-defaults', `--socket=${mariadb.socket}`, '-uroot', '-e', sql],
    { encoding: 'utf8' },
  );
  if (client.status !== 0) throw new Error(`${sql}: ${client.stderr}`);
}

export async function runFulltextBench(
  options: { smoke?: boolean; videos?: number; log?: (line: string) => void } = {},
): Promise<FulltextBenchResult> {
  const log = options.log ?? (() => undefined);
  const size = options.smoke ? SMOKE : FULL;
  const before = loadavg();
  await ensureApiBuild();
  const mariadb = await startMariaDb({ log });
  try {
    const app = await distApp({ ADMIN_PASSWORD: BENCH_API_ENV.ADMIN_PASSWORD, DATABASE_URL: mariadb.url });
    try {
      const db = app.get(DataSource);
      const { SearchIndexer } = loadDist('search/search-indexer.service.js');
      const { SearchIndexStore } = loadDist('search/search-index.store.js');
      const { queryTerms } = loadDist('search/search-query.js');
      const store = app.get(SearchIndexStore);
      await app.get(SearchIndexer).checkAll();
      const seeded = await seed(db, options.videos ?? size.videos);
      log(`seeded ${options.videos ?? size.videos} videos, ${seeded.cues} cues`);
      await app.get(SearchIndexer).checkAll();
      const build = await buildFulltext(db);
      log(
        `FULLTEXT: ${build.documents} documents filled in ${build.fillMs} ms, indexed in ${build.indexMs} ms`,
      );
      const sizes = {
        fulltextTable: fileBytes(mariadb.datadir, (f) => f === `${FULLTEXT_TABLE}.ibd`),
        fulltextIndex: fileBytes(mariadb.datadir, (f) => f.startsWith('FTS_')),
        postings: fileBytes(mariadb.datadir, (f) => f === 'search_posting.ibd'),
      };

      const ask: Record<Side, (q: string) => Promise<Ranked>> = {
        fulltext: (q) => store.ranked(fulltextMatch(queryTerms(q)), PAGE),
        postings: async (q) => store.ranked(await store.match(queryTerms(q)), PAGE),
      };
      const all = queries(size.perKind + WARM_UP);
      const warm = all.filter((q, i) => all.findIndex((o) => o.kind === q.kind) + WARM_UP > i);
      const mix: Asked[] = all.filter((q) => !warm.includes(q));
      const probes = PROBES.flatMap((q) =>
        Array.from({ length: size.probeTimes }, () => ({ kind: `\`${q}\``, q })),
      );
      const mismatches: string[] = [];
      const phase = async (warmed: boolean): Promise<FulltextPhase> => {
        await askBoth(db, ask, warmed ? [...mix, ...probes] : warm, mismatches);
        const timed = await askBoth(db, ask, [...mix, ...probes], mismatches);
        const poolBytes = Number((await db.query('SELECT @@innodb_buffer_pool_size AS b'))[0].b);
        const sides = {
          fulltext: figures(timed.fulltext, mix.length),
          postings: figures(timed.postings, mix.length),
        };
        log(
          `pool ${poolBytes / 2 ** 20} MB: FULLTEXT p95 ${sides.fulltext.all.p95} ms, postings ${sides.postings.all.p95} ms`,
        );
        const idsAlone = await timeIdsAlone(
          db,
          probes.filter((p) => IDS_ALONE.includes(p.q)),
          queryTerms,
        );
        return { poolBytes, warmed, sides, idsAlone };
      };
      const phases = [await phase(false)];
      // A pool that holds every table of the database, with room to spare.
      const everything = fileBytes(mariadb.datadir, () => true);
      asRoot(
        mariadb,
        `SET GLOBAL innodb_buffer_pool_size = ${Math.ceil((everything * 1.5) / 2 ** 27) * 2 ** 27}`,
      );
      phases.push(await phase(true));
      return {
        videos: options.videos ?? size.videos,
        server: String((await db.query('SELECT VERSION() AS v'))[0].v),
        queries: mix.length,
        warmUp: WARM_UP,
        probeTimes: size.probeTimes,
        build,
        sizes,
        phases,
        mismatches,
        load: { before, after: loadavg() },
      };
    } finally {
      await app.close();
    }
  } finally {
    await mariadb.stop();
  }
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    {
      write: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      videos: { type: 'string' },
    },
    'Usage: npx tsx tools/bench/search-fulltext.ts [--write] [--smoke] [--videos N]',
  );
  const started = Date.now();
  const result = await runFulltextBench({
    smoke: options.smoke,
    videos: wholeNumber('videos', options.videos),
    log: (line) => console.log(`  ${line}`),
  });
  const markdown = fulltextMarkdown(result, new Date());
  console.log(`${markdown}\n\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (options.write && !options.smoke) {
    console.log(`Wrote ${await writeDocSection('search-fulltext', markdown)}`);
    writeRawJson('search-fulltext', result);
  }
  if (result.mismatches.length)
    throw new Error(`FULLTEXT and the posting lists differ:\n${result.mismatches.join('\n')}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
