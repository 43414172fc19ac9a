/**
 * Two builds of the API under the analytics flood, alternately in one run (the machine's other work then weighs
 * on both alike): `runs` times each, then the median p99 of each phase (quiet, flood, trivial load at the flood's
 * rate) and of the beacons answered.
 *
 *   npx nx run api:build && cp -r dist/apps dist/ab-new/    (and the other build into dist/ab-base/)
 *   tsx tools/bench/analytics-flood-ab.ts --base dist/ab-base --candidate dist/ab-new [--runs 3] [--seconds 15]
 */
import { join, resolve } from 'node:path';
import { parseOptions, wholeNumber } from '../lib/args';
import { benchAnalyticsFlood, type FloodResult } from './analytics-flood';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summary(name: string, results: FloodResult[]): string {
  const p99 = (pick: (r: FloodResult) => { p99: number }[]) =>
    median(results.map((r) => Math.max(...pick(r).map((read) => read.p99))));
  return [
    `${name}: runs ${results.length}`,
    `worst read p99 (median of runs): quiet ${p99((r) => r.quiet)} ms, flood ${p99((r) => r.reads)} ms, trivial ${p99((r) => r.trivial.reads)} ms`,
    `beacons answered (median): ${median(results.map((r) => r.beaconsAnswered))}, API CPU per beacon (median): ${median(results.map((r) => r.apiCpuMsPerBeacon))} ms`,
    `each run (quiet/flood/trivial p99, beacons): ${results
      .map(
        (r) =>
          `${Math.max(...r.quiet.map((x) => x.p99))}/${Math.max(...r.reads.map((x) => x.p99))}/${Math.max(...r.trivial.reads.map((x) => x.p99))} ${r.beaconsAnswered} ${r.apiCpuMsPerBeacon} ms`,
      )
      .join('; ')}`,
  ].join('\n');
}

if (require.main === module) {
  const usage = 'tsx tools/bench/analytics-flood-ab.ts --base DIR --candidate DIR [--runs N] [--seconds N]';
  const options = parseOptions(
    process.argv.slice(2),
    {
      base: { type: 'string' },
      candidate: { type: 'string' },
      runs: { type: 'string' },
      seconds: { type: 'string' },
    },
    usage,
  );
  if (!options.base || !options.candidate) throw new Error(usage);
  const main = (dir: string) => join(resolve(dir), 'apps/api/apps/api/src/main.js');
  const runs = wholeNumber('runs', options.runs) ?? 3;
  const seconds = wholeNumber('seconds', options.seconds) ?? 15;
  void (async () => {
    const results: Record<'base' | 'candidate', FloodResult[]> = { base: [], candidate: [] };
    for (let i = 0; i < runs; i++) {
      for (const which of ['base', 'candidate'] as const) {
        const result = await benchAnalyticsFlood(seconds, 20, main(options[which]!));
        results[which].push(result);
        console.log(JSON.stringify({ which, run: i + 1, ...result }));
      }
    }
    console.log(summary('base', results.base));
    console.log(summary('candidate', results.candidate));
  })();
}
