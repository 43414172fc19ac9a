/** The section of docs/benchmarks.md that tools/bench/search-fulltext.ts writes, and its summary line. */
import { cpus } from 'node:os';
import { machine, type SummaryRow } from './doc';
import type { FulltextBenchResult, FulltextPhase, Side } from './search-fulltext-ask';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(', ');
const pool = (phase: FulltextPhase) =>
  `${mb(phase.poolBytes)} pool${phase.warmed ? ' (every table), warm' : ''}`;
const NAMES: Record<Side, string> = { fulltext: 'FULLTEXT', postings: 'Posting lists' };

export function fulltextMarkdown(r: FulltextBenchResult, when: Date): string {
  const columns = r.phases.flatMap((phase) =>
    (['fulltext', 'postings'] as Side[]).map((side) => ({ phase, side })),
  );
  const cell = (figures: { p50: number; p95: number; max: number }) =>
    `${figures.p50} / ${figures.p95} / ${figures.max}`;
  const kinds = Object.keys(r.phases[0].sides.postings.byKind);
  const [first] = r.phases;
  return [
    '## Site search: posting lists against InnoDB FULLTEXT',
    '',
    [
      '`npx tsx tools/bench/search-fulltext.ts --write` (after `npx nx run api:build`): the channel of the',
      `site-search benchmark (${r.videos.toLocaleString('en-US')} videos with 15-minute transcripts) indexed by the`,
      `built API on MariaDB ${r.server.replace(/-MariaDB.*/, '')}, and each video’s document (its marked terms, as`,
      'the posting lists and FTS5 get them) also in a plain InnoDB table under a `FULLTEXT` index, built after its',
      'rows, on the same server. Each query is asked of both at the SQL level, one at a time, each side first in',
      'turn: in boolean mode (`+zzword +zzprefix*`: every word required, the last one a prefix, the marks of the',
      'site’s query) and as the site asks its posting lists; then for both the site’s ranking, its first page of 20',
      `and the total (\`SearchIndexStore.ranked\`). The two answered ${r.mismatches.length ? `**${r.mismatches.length} queries differently**` : 'every query alike'}.`,
      `First with the buffer pool tools/mariadb.ts starts the server with (${mb(first.poolBytes)}), after`,
      `${r.warmUp} queries of each kind; then with a pool that holds every table, after one pass of the same queries.`,
    ].join(' '),
    '',
    `Measured ${when.toISOString().slice(0, 10)} on ${machine()}; load average ${load(r.load.before)} before the run, ${load(r.load.after)} after (1, 5, 15 min, ${cpus().length} cores).`,
    '',
    '| Index | Size | Built |',
    '| --- | --- | --- |',
    `| \`FULLTEXT\` | ${mb(r.sizes.fulltextIndex)} (its \`FTS_\` tables), and the documents’ table ${mb(r.sizes.fulltextTable)} (${mb(r.build.documentBytes)} of text) | ${s(r.build.fillMs)} filling the table, ${s(r.build.indexMs)} the index |`,
    `| Posting lists (\`search_posting\`) | ${mb(r.sizes.postings)} | as the site indexes (tools/bench/search.ts) |`,
    '',
    'Both beside `search_video` and `search_entry`, which the site keeps either way.',
    '',
    [
      `Milliseconds, p50 / p95 / max (found: the mean total): the ${r.queries} queries of the mix by kind, then a`,
      `word every video says and as-you-type’s first letters, each asked ${r.probeTimes} times. “Ids alone” is`,
      'FULLTEXT’s part of a query with nothing around it (`SELECT FTS_DOC_ID … WHERE MATCH`: no join, no',
      'ranking). The two share the pool: the posting lists’ pages read come from the FULLTEXT queries pushing',
      'them out.',
    ].join(' '),
    '',
    `| Query (found) | ${columns.map(({ phase, side }) => `${NAMES[side]}, ${pool(phase)}`).join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    `| **All ${r.queries}** | ${columns.map(({ phase, side }) => `**${cell(phase.sides[side].all)}**`).join(' | ')} |`,
    ...kinds.map(
      (kind) =>
        `| ${kind} (${first.sides.postings.byKind[kind].results.toLocaleString('en-US')}) | ${columns
          .map(({ phase, side }) => cell(phase.sides[side].byKind[kind]))
          .join(' | ')} |`,
    ),
    ...Object.keys(first.idsAlone).map(
      (kind) =>
        `| ${kind}: FULLTEXT’s ids alone (pages read a query) | ${columns
          .map(({ phase, side }) =>
            side === 'fulltext'
              ? `${cell(phase.idsAlone[kind])} (${phase.idsAlone[kind].pagesRead.toLocaleString('en-US')})`
              : '–',
          )
          .join(' | ')} |`,
    ),
    `| Pages read from disk | ${columns.map(({ phase, side }) => phase.sides[side].pagesRead.toLocaleString('en-US')).join(' | ')} |`,
  ].join('\n');
}

export function fulltextRows(r: FulltextBenchResult): SummaryRow[] {
  const [first] = r.phases;
  const the = (side: Side) => first.sides[side].byKind['`the`']?.p50;
  return [
    {
      what: `Site search on MariaDB, ${r.videos.toLocaleString('en-US')} videos: the posting lists against InnoDB \`FULLTEXT\` (${mb(first.poolBytes)} pool)`,
      figure: `p95 ${first.sides.postings.all.p95} ms against ${first.sides.fulltext.all.p95} ms; \`the\` ${the('postings')} ms against ${the('fulltext')} ms; ${mb(r.sizes.postings)} against ${mb(r.sizes.fulltextIndex + r.sizes.fulltextTable)}`,
      target: 'measured; the same answers',
      met: r.mismatches.length === 0,
    },
  ];
}
