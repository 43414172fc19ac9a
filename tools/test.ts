/**
 * `npm test`: every check CI makes, in order, stopping at the first failure.
 *
 *   npm test                          the whole run (what .ci/run does)
 *   npm test -- --list                the steps
 *   npm test -- --only lint,e2e       a subset while working (the summary says it was partial)
 *
 * Nx caching is off for every step, so each check really runs.
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startMariaDb } from './mariadb';
import { parseOptions } from './lib/args';
import { bin, repoRoot } from './lib/paths';
import { API_RUNTIME_PACKAGES, missingProductionDependencies } from './lib/prod-deps';
import { formatDuration, run } from './lib/process';
import { ensureSystemDeps } from './system-deps';

export interface Step {
  id: string;
  title: string;
  /** The command(s) shown in the header, for reproducing a failure by hand. */
  shows: string;
  run: (ctx: StepContext) => Promise<void>;
}

export interface StepContext {
  env: NodeJS.ProcessEnv;
  /** Registers clean-up that must also happen on Ctrl-C (run in reverse order). */
  onCleanup: (fn: () => Promise<void> | void) => () => void;
}

/** The environment of every step: no Nx cache/daemon/cloud, no browser download, no DATABASE_URL. */
export function stepEnv(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...source,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_SKIP_NX_CACHE: 'true',
    NX_TUI: 'false',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  };
  // The SQLite legs must not silently run on a database configured in the caller's shell.
  delete env.DATABASE_URL;
  return env;
}

const NX_FLAGS = ['--skipNxCache', '--outputStyle=static'];
/** Running commands, so a SIGTERM sent to this process alone (a CI timeout) stops them too. */
const children = new Set<ChildProcess>();
const exec: typeof run = (command, args, options = {}) =>
  run(command, args, {
    ...options,
    onSpawn: (child) => {
      children.add(child);
      child.once('exit', () => children.delete(child));
    },
  });

const nx = (ctx: StepContext, args: string[], env = ctx.env) =>
  exec(bin('nx'), [...args, ...NX_FLAGS], { env });

function banner(text: string): void {
  console.log(`\n${'─'.repeat(4)} ${text} ${'─'.repeat(Math.max(4, 76 - text.length))}`);
}

export const STEPS: Step[] = [
  {
    id: 'system-deps',
    title: 'System packages',
    shows: 'tsx tools/system-deps.ts (mariadb-server, chromium, docker-compose, nginx, wrk)',
    run: async () => void ensureSystemDeps(),
  },
  {
    id: 'prettier',
    title: 'Prettier',
    shows: 'prettier --check .',
    run: (ctx) => exec(bin('prettier'), ['--check', '.'], { env: ctx.env }),
  },
  {
    id: 'lint',
    title: 'ESLint',
    shows: 'nx run-many -t lint',
    run: (ctx) => nx(ctx, ['run-many', '-t', 'lint']),
  },
  {
    id: 'typecheck',
    title: 'Typecheck',
    shows: 'nx run-many -t typecheck',
    run: (ctx) => nx(ctx, ['run-many', '-t', 'typecheck']),
  },
  {
    id: 'unit',
    title: 'Unit tests (Jest)',
    shows: 'nx run-many -t test',
    run: (ctx) => nx(ctx, ['run-many', '-t', 'test']),
  },
  {
    id: 'build',
    title: 'Build api and web',
    shows: 'nx run-many -t build -p api web',
    run: (ctx) => nx(ctx, ['run-many', '-t', 'build', '-p', 'api', 'web']),
  },
  {
    id: 'prod-deps',
    title: 'API build needs only production deps',
    shows:
      'every package dist/apps/api requires is in package.json "dependencies" (the Docker image has no others)',
    run: async () => {
      const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      const dist = join(repoRoot, 'dist/apps/api');
      if (!existsSync(dist)) throw new Error(`${dist} is missing (the build step makes it)`);
      const missing = missingProductionDependencies(dist, pkg.dependencies ?? {}, API_RUNTIME_PACKAGES);
      if (missing.size > 0) {
        const lines = [...missing].map(([name, where]) => `  ${name} (required by ${where})`);
        throw new Error(`Not in "dependencies" of package.json:\n${lines.join('\n')}`);
      }
      console.log('All packages the API requires are production dependencies.');
    },
  },
  {
    id: 'integration-sqlite',
    title: 'API integration tests on SQLite',
    shows: 'nx run api:integration (DATABASE_URL unset: a temporary SQLite file)',
    run: async (ctx) => {
      banner('Database: SQLite (temporary file, DATABASE_URL unset)');
      await nx(ctx, ['run', 'api:integration']);
    },
  },
  {
    id: 'integration-mariadb',
    title: 'API integration tests on MariaDB',
    shows: 'tsx tools/mariadb.ts, then DATABASE_URL=mysql://… nx run api:integration',
    run: async (ctx) => {
      const db = await startMariaDb({ log: (line) => console.log(line) });
      const forget = ctx.onCleanup(() => db.stop());
      try {
        banner(`Database: MariaDB at ${db.url}`);
        await nx(ctx, ['run', 'api:integration'], { ...ctx.env, DATABASE_URL: db.url });
      } finally {
        forget();
        await db.stop();
        console.log('MariaDB stopped and its data directory deleted.');
      }
    },
  },
  {
    id: 'e2e',
    title: 'Browser tests (Playwright, Chromium)',
    shows: 'nx run web-e2e:e2e (on the build of the build step)',
    // The build step just built both apps; building them again here would only cost time.
    run: (ctx) => nx(ctx, ['run', 'web-e2e:e2e', '--excludeTaskDependencies']),
  },
  {
    id: 'reliability',
    title: 'Reliability (restarts, two processes, SIGTERM, outage, 30 s load)',
    shows: 'nx run tools:reliability (built API processes on SQLite and a throwaway MariaDB; loopback only)',
    run: (ctx) => nx(ctx, ['run', 'tools:reliability']),
  },
  {
    id: 'bench-smoke',
    title: 'Benchmark smoke (npm run bench, seconds)',
    shows: 'tsx tools/bench/run.ts --smoke --no-build (every benchmark briefly, nothing written)',
    run: (ctx) => exec(bin('tsx'), ['tools/bench/run.ts', '--smoke', '--no-build'], { env: ctx.env }),
  },
  {
    id: 'compose',
    title: 'docker-compose.yml is valid',
    shows: 'docker-compose -f docker-compose.yml config -q',
    run: async (ctx) => {
      // The file reads `.env` (env_file); a fresh clone has none, so the example stands in.
      const envFile = join(repoRoot, '.env');
      let created = false;
      if (!existsSync(envFile)) {
        copyFileSync(join(repoRoot, '.env.example'), envFile);
        created = true;
        console.log('No .env: using a copy of .env.example for this check.');
      }
      const forget = ctx.onCleanup(() => {
        if (created) rmSync(envFile, { force: true });
      });
      try {
        // Required secrets get dummy values when the shell and .env have none (validation only).
        const dummies = { MYSQL_PASSWORD: 'check-only', MYSQL_ROOT_PASSWORD: 'check-only' };
        const env = { ...dummies, ...ctx.env };
        await exec('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { env });
        console.log('docker-compose.yml: valid');
      } finally {
        forget();
        if (created) rmSync(envFile, { force: true });
      }
    },
  },
];

interface Outcome {
  step: Step;
  status: 'passed' | 'failed' | 'not run' | 'not selected';
  ms?: number;
  error?: string;
}

const USAGE = 'Usage: npm test [-- --list | --only <step>,<step>…]';

function parseCommandLine(argv: string[]): { only?: string[]; list: boolean } {
  const values = parseOptions(
    argv,
    { list: { type: 'boolean', default: false }, only: { type: 'string' } },
    USAGE,
  );
  const only = values.only?.split(',').filter(Boolean);
  const unknown = (only ?? []).filter((id) => !STEPS.some((s) => s.id === id));
  if (unknown.length)
    throw new Error(`Unknown step ${unknown.join(', ')}; steps: ${STEPS.map((s) => s.id).join(', ')}`);
  return { only, list: values.list };
}

function summary(outcomes: Outcome[], totalMs: number, partial: boolean): string {
  const width = Math.max(...outcomes.map((o) => o.step.title.length));
  const mark = { passed: '✔', failed: '✘', 'not run': '·', 'not selected': '-' } as const;
  const lines = outcomes.map((o) => {
    const detail = o.ms !== undefined ? formatDuration(o.ms) : o.status;
    return `  ${mark[o.status]} ${o.step.title.padEnd(width)}  ${detail}${o.error ? `  (${o.error})` : ''}`;
  });
  const failed = outcomes.find((o) => o.status === 'failed');
  const ran = outcomes.filter((o) => o.status === 'passed').length;
  const verdict = failed
    ? `npm test FAILED at "${failed.step.title}" after ${formatDuration(totalMs)}`
    : partial
      ? `npm test PARTIAL: ${ran} selected step(s) passed in ${formatDuration(totalMs)}; the others did not run`
      : `npm test PASSED: all ${ran} steps in ${formatDuration(totalMs)}`;
  const failedCount = outcomes.filter((o) => o.status === 'failed' || o.status === 'not run').length;
  // The plain closing line CI reads ("N passed, N failed"), counting steps.
  return [
    '',
    '═'.repeat(80),
    'Summary',
    ...lines,
    '',
    verdict,
    `steps: ${ran} passed, ${failedCount} failed`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args.list) {
    for (const step of STEPS) console.log(`${step.id.padEnd(20)} ${step.title}: ${step.shows}`);
    return 0;
  }
  const cleanups = new Set<() => Promise<void> | void>();
  const ctx: StepContext = {
    env: stepEnv(process.env),
    onCleanup: (fn) => {
      cleanups.add(fn);
      return () => cleanups.delete(fn);
    },
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nnpm test interrupted by ${signal}; cleaning up…`);
    for (const child of children) child.kill('SIGTERM');
    void (async () => {
      for (const fn of [...cleanups].reverse()) await Promise.resolve(fn()).catch(() => undefined);
      process.exit(130);
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const outcomes: Outcome[] = STEPS.map((step) => ({
    step,
    status: args.only && !args.only.includes(step.id) ? 'not selected' : 'not run',
  }));
  const selected = outcomes.filter((o) => o.status === 'not run');
  if (args.only) {
    console.log(`Running ONLY: ${selected.map((o) => o.step.id).join(', ')} (partial run, not what CI runs)`);
  }
  const started = Date.now();
  for (const [index, outcome] of selected.entries()) {
    const { step } = outcome;
    banner(`[${index + 1}/${selected.length}] ${step.title}: ${step.shows}`);
    const t0 = Date.now();
    try {
      await step.run(ctx);
      outcome.status = 'passed';
      outcome.ms = Date.now() - t0;
      console.log(`✔ ${step.title} passed in ${formatDuration(outcome.ms)}`);
    } catch (error) {
      outcome.status = 'failed';
      outcome.ms = Date.now() - t0;
      outcome.error = (error as Error).message.split('\n')[0];
      console.error(
        `\n✘ ${step.title} failed after ${formatDuration(outcome.ms)}:\n${(error as Error).message}`,
      );
      break;
    }
  }
  const failed = outcomes.some((o) => o.status === 'failed');
  console.log(summary(outcomes, Date.now() - started, Boolean(args.only)));
  return failed ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
