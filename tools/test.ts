/**
 * `npm test`: every check CI makes, in order, stopping at the first failure.
 *
 *   npm test                          the whole run (what .ci/run does)
 *   npm test -- --list                the steps
 *   npm test -- --only lint,e2e       a subset while working (the summary says it was partial)
 *
 * Nx caching is off for every step, so each check really runs.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startMariaDb } from './mariadb';
import { parseOptions } from './lib/args';
import { bin, repoRoot } from './lib/paths';
import { API_RUNTIME_PACKAGES, missingProductionDependencies } from './lib/prod-deps';
import { formatDuration, run } from './lib/process';
import { ensureSystemDeps } from './system-deps';
import { checkWebImage } from './web-image';

export interface Step {
  id: string;
  title: string;
  /** The command(s) shown in the header, for reproducing a failure by hand. */
  shows: string;
  /**
   * Steps next to each other with the same group run at the same time (each mostly waits on one core or on a
   * database); their output is shown whole as each ends.
   */
  group?: string;
  /**
   * The Nx projects this step checks: under `--affected` it runs only when one of them is affected by the
   * change (steps without a list always run; `nx run-many` steps become `nx affected`).
   */
  projects?: string[];
  run: (ctx: StepContext) => Promise<void>;
}

export interface StepContext {
  env: NodeJS.ProcessEnv;
  /** `--affected`: the base the change is compared with. */
  affectedBase?: string;
  /** Runs a command of the step (its output streamed, or kept for later when steps run side by side). */
  exec: (command: string, args: string[], env?: NodeJS.ProcessEnv) => Promise<void>;
  /** A line of the step's own output. */
  log: (line: string) => void;
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
/**
 * Jest workers of each API integration leg: a suite mostly waits (on the database, sockets, timeouts), so two at
 * a time finish in about half the time on two cores (measured, the SQLite leg alone: 3m07s with one worker, 1m30s with two).
 */
const INTEGRATION_WORKERS = 2;
/** Running commands, so a SIGTERM sent to this process alone (a CI timeout) stops them too. */
const children = new Set<ChildProcess>();

/** Runs a command for a step: output inherited, or appended to `captured` when given. */
function execFor(env: NodeJS.ProcessEnv, captured?: string[]): StepContext['exec'] {
  return (command, args, stepEnvOverride = env) =>
    run(command, args, {
      env: stepEnvOverride,
      ...(captured ? { stdio: ['ignore', 'pipe', 'pipe'] as const } : {}),
      onSpawn: (child) => {
        children.add(child);
        child.once('exit', () => children.delete(child));
        child.stdout?.on('data', (chunk: Buffer) => captured?.push(chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => captured?.push(chunk.toString()));
      },
    });
}

const nx = (ctx: StepContext, args: string[], env = ctx.env) =>
  ctx.exec(bin('nx'), [...args, ...NX_FLAGS], env);
/** `nx run-many -t target`, or under `--affected` only the projects the change affects. */
const nxTarget = (ctx: StepContext, target: string) =>
  nx(
    ctx,
    ctx.affectedBase ? ['affected', '-t', target, `--base=${ctx.affectedBase}`] : ['run-many', '-t', target],
  );

function banner(text: string): void {
  console.log(`\n${'─'.repeat(4)} ${text} ${'─'.repeat(Math.max(4, 76 - text.length))}`);
}

export const STEPS: Step[] = [
  {
    id: 'system-deps',
    title: 'System packages',
    shows: 'tsx tools/system-deps.ts (mariadb-server, chromium, docker-compose, nginx, wrk, radosgw)',
    run: async () => void ensureSystemDeps(),
  },
  {
    id: 'prettier',
    title: 'Prettier',
    // Beside ESLint: Prettier keeps one core busy, ESLint about 1.8 of the two (measured with /usr/bin/time).
    group: 'static',
    shows: 'prettier --check .',
    run: (ctx) => ctx.exec(bin('prettier'), ['--check', '.']),
  },
  {
    id: 'lint',
    title: 'ESLint',
    group: 'static',
    shows: 'nx run-many -t lint',
    run: (ctx) => nxTarget(ctx, 'lint'),
  },
  {
    id: 'typecheck',
    title: 'Typecheck',
    shows: 'nx run-many -t typecheck',
    run: (ctx) => nxTarget(ctx, 'typecheck'),
  },
  {
    id: 'unit',
    title: 'Unit tests (Jest)',
    shows: 'nx run-many -t test',
    run: (ctx) => nxTarget(ctx, 'test'),
  },
  {
    id: 'build',
    title: 'Build api and web',
    shows: 'nx run-many -t build -p api web',
    // Everything after it runs on the build.
    projects: ['api', 'web', 'web-e2e', 'tools'],
    run: (ctx) => nx(ctx, ['run-many', '-t', 'build', '-p', 'api', 'web']),
  },
  {
    id: 'prod-deps',
    title: 'API build needs only production deps',
    projects: ['api'],
    shows:
      'every package dist/apps/api requires is in package.json "dependencies" (the Docker image has no others)',
    run: async (ctx) => {
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
      ctx.log('All packages the API requires are production dependencies.');
    },
  },
  {
    id: 'web-image',
    title: 'Web image holds only the bundled server and the build',
    projects: ['web'],
    shows:
      'tsx tools/web-image.ts (Node built-ins only; a copy of dist/apps/web-server and dist/apps/web alone serves the site; computed size ≤ 250 MB)',
    run: (ctx) => checkWebImage(ctx.log),
  },
  {
    id: 'integration-sqlite',
    title: 'API integration tests on SQLite',
    group: 'integration',
    projects: ['api'],
    shows: 'nx run api:integration (DATABASE_URL unset: a temporary SQLite file)',
    run: async (ctx) => {
      ctx.log('Database: SQLite (temporary file, DATABASE_URL unset)');
      await nx(ctx, ['run', 'api:integration', `--maxWorkers=${INTEGRATION_WORKERS}`]);
    },
  },
  {
    id: 'integration-mariadb',
    title: 'API integration tests on MariaDB',
    group: 'integration',
    projects: ['api'],
    shows: 'tsx tools/mariadb.ts, then DATABASE_URL=mysql://… nx run api:integration',
    run: async (ctx) => {
      // A database for each Jest worker (test/support/test-app.ts picks its worker's).
      const db = await startMariaDb({ log: ctx.log, workers: INTEGRATION_WORKERS });
      const forget = ctx.onCleanup(() => db.stop());
      try {
        ctx.log(`Database: MariaDB at ${db.url}`);
        await nx(ctx, ['run', 'api:integration', `--maxWorkers=${INTEGRATION_WORKERS}`], {
          ...ctx.env,
          DATABASE_URL: db.url,
        });
      } finally {
        forget();
        await db.stop();
        ctx.log('MariaDB stopped and its data directory deleted.');
      }
    },
  },
  {
    id: 'e2e',
    title: 'Browser tests (Playwright, Chromium)',
    shows: 'nx run web-e2e:e2e (on the build of the build step)',
    projects: ['web-e2e'],
    // The build step just built both apps; building them again here would only cost time.
    run: (ctx) => nx(ctx, ['run', 'web-e2e:e2e', '--excludeTaskDependencies']),
  },
  {
    id: 'reliability',
    title: 'Reliability (restarts, two processes, SIGTERM, outage, 30 s load)',
    // Beside the benchmark smoke: each keeps about one core busy (measured), mostly waiting on its loads.
    group: 'built-processes',
    projects: ['api', 'tools'],
    shows: 'nx run tools:reliability (built API processes on SQLite and a throwaway MariaDB; loopback only)',
    run: (ctx) => nx(ctx, ['run', 'tools:reliability']),
  },
  {
    id: 'bench-smoke',
    title: 'Benchmark smoke (npm run bench, seconds)',
    group: 'built-processes',
    projects: ['api', 'web', 'tools'],
    shows: 'tsx tools/bench/run.ts --smoke --no-build (every benchmark briefly, nothing written)',
    run: (ctx) => ctx.exec(bin('tsx'), ['tools/bench/run.ts', '--smoke', '--no-build']),
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
        ctx.log('No .env: using a copy of .env.example for this check.');
      }
      const forget = ctx.onCleanup(() => {
        if (created) rmSync(envFile, { force: true });
      });
      try {
        // Required secrets get dummy values when the shell and .env have none (validation only).
        const dummies = { MYSQL_PASSWORD: 'check-only', MYSQL_ROOT_PASSWORD: 'check-only' };
        const env = { ...dummies, ...ctx.env };
        await ctx.exec('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], env);
        ctx.log('docker-compose.yml: valid');
      } finally {
        forget();
        if (created) rmSync(envFile, { force: true });
      }
    },
  },
];

interface Outcome {
  step: Step;
  status: 'passed' | 'failed' | 'not run' | 'not selected' | 'not affected';
  ms?: number;
  error?: string;
}

const USAGE = 'Usage: npm test [-- --list | --only <step>,<step>… | --affected [--base <ref>]]';

interface CommandLine {
  only?: string[];
  list: boolean;
  /** `--affected`: the base to compare with (default main). */
  affectedBase?: string;
}

function parseCommandLine(argv: string[]): CommandLine {
  const values = parseOptions(
    argv,
    {
      list: { type: 'boolean', default: false },
      only: { type: 'string' },
      affected: { type: 'boolean', default: false },
      base: { type: 'string' },
    },
    USAGE,
  );
  if (values.base && !values.affected) throw new Error(`--base goes with --affected\n\n${USAGE}`);
  const only = values.only?.split(',').filter(Boolean);
  const unknown = (only ?? []).filter((id) => !STEPS.some((s) => s.id === id));
  if (unknown.length)
    throw new Error(`Unknown step ${unknown.join(', ')}; steps: ${STEPS.map((s) => s.id).join(', ')}`);
  return { only, list: values.list, affectedBase: values.affected ? (values.base ?? 'main') : undefined };
}

/** The Nx projects a change since `base` affects (committed or not), as `nx show projects --affected` says. */
export function affectedProjects(base: string, env: NodeJS.ProcessEnv): Set<string> {
  const out = execFileSync(bin('nx'), ['show', 'projects', '--affected', `--base=${base}`, '--json'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  return new Set(JSON.parse(out) as string[]);
}

/** Whether a step runs when only `affected` projects changed (steps without projects always run). */
export function runsWhenAffected(step: Step, affected: Set<string>): boolean {
  return !step.projects || step.projects.some((project) => affected.has(project));
}

function summary(outcomes: Outcome[], totalMs: number, partial: boolean): string {
  const width = Math.max(...outcomes.map((o) => o.step.title.length));
  const mark = {
    passed: '✔',
    failed: '✘',
    'not run': '·',
    'not selected': '-',
    'not affected': '-',
  } as const;
  const lines = outcomes.map((o) => {
    const detail = o.ms !== undefined ? formatDuration(o.ms) : o.status;
    return `  ${mark[o.status]} ${o.step.title.padEnd(width)}  ${detail}${o.error ? `  (${o.error})` : ''}`;
  });
  const failed = outcomes.find((o) => o.status === 'failed');
  const ran = outcomes.filter((o) => o.status === 'passed').length;
  const verdict = failed
    ? `npm test FAILED at "${failed.step.title}" after ${formatDuration(totalMs)}`
    : partial
      ? `npm test PARTIAL: ${ran} selected or affected step(s) passed in ${formatDuration(totalMs)}; the others did not run`
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

/** Consecutive selected steps of one group form a batch that runs at once; every other step is a batch alone. */
export function batches<T extends { step: Step }>(selected: T[]): T[][] {
  const out: T[][] = [];
  for (const item of selected) {
    const last = out.at(-1);
    if (last && item.step.group && last[0].step.group === item.step.group) last.push(item);
    else out.push([item]);
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args.list) {
    const affected = args.affectedBase
      ? affectedProjects(args.affectedBase, stepEnv(process.env))
      : undefined;
    if (affected)
      console.log(`Affected since ${args.affectedBase}: ${[...affected].sort().join(', ') || 'no project'}`);
    for (const step of STEPS) {
      const skip = affected && !runsWhenAffected(step, affected) ? ' (not affected: does not run)' : '';
      console.log(`${step.id.padEnd(20)} ${step.title}: ${step.shows}${skip}`);
    }
    return 0;
  }
  const cleanups = new Set<() => Promise<void> | void>();
  const env = stepEnv(process.env);
  const contextFor = (captured?: string[]): StepContext => ({
    env,
    affectedBase: args.affectedBase,
    exec: execFor(env, captured),
    log: (line) => (captured ? captured.push(`${line}\n`) : console.log(line)),
    onCleanup: (fn) => {
      cleanups.add(fn);
      return () => cleanups.delete(fn);
    },
  });
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

  const affected = args.affectedBase ? affectedProjects(args.affectedBase, env) : undefined;
  if (affected) {
    console.log(
      `Affected since ${args.affectedBase}: ${[...affected].sort().join(', ') || 'no project'} (steps of other projects do not run)`,
    );
  }
  const outcomes: Outcome[] = STEPS.map((step) => ({
    step,
    status:
      args.only && !args.only.includes(step.id)
        ? 'not selected'
        : affected && !runsWhenAffected(step, affected)
          ? 'not affected'
          : 'not run',
  }));
  const selected = outcomes.filter((o) => o.status === 'not run');
  if (args.only) {
    console.log(`Running ONLY: ${selected.map((o) => o.step.id).join(', ')} (partial run, not what CI runs)`);
  }
  const started = Date.now();
  let number = 0;
  for (const batch of batches(selected)) {
    const together = batch.length > 1;
    const results = await Promise.all(
      batch.map(async (outcome) => {
        const { step } = outcome;
        const header = `[${++number}/${selected.length}] ${step.title}: ${step.shows}`;
        const captured = together ? [] : undefined;
        if (together)
          console.log(
            `▶ ${header} (at the same time as the step${batch.length > 2 ? 's' : ''} beside it; its output follows when it ends)`,
          );
        else banner(header);
        const t0 = Date.now();
        try {
          await step.run(contextFor(captured));
          outcome.status = 'passed';
        } catch (error) {
          outcome.status = 'failed';
          outcome.error = (error as Error).message;
          // The other steps of the batch stop: a failed run ends as soon as it can.
          if (together) for (const child of children) child.kill('SIGTERM');
        }
        outcome.ms = Date.now() - t0;
        if (captured) {
          banner(header);
          process.stdout.write(captured.join(''));
        }
        return outcome;
      }),
    );
    for (const outcome of results) {
      const { step } = outcome;
      if (outcome.status === 'passed') {
        console.log(`✔ ${step.title} passed in ${formatDuration(outcome.ms!)}`);
      } else {
        console.error(`\n✘ ${step.title} failed after ${formatDuration(outcome.ms!)}:\n${outcome.error}`);
        outcome.error = outcome.error?.split('\n')[0];
      }
    }
    if (results.some((o) => o.status === 'failed')) break;
  }
  const failed = outcomes.some((o) => o.status === 'failed');
  console.log(summary(outcomes, Date.now() - started, Boolean(args.only || args.affectedBase)));
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
