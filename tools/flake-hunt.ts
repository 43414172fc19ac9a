/**
 * Flake hunt: runs browser specs several times over while other work loads the CPU, the way a busy CI
 * machine runs them, with no retry. A spec that fails once here is a flake to fix at its cause.
 *
 *   npm run test:flake-hunt                       the specs changed since main, 5 times each, 1 core loaded
 *   npm run test:flake-hunt -- --all              the whole browser suite
 *   npm run test:flake-hunt -- --repeat 10 --load 2 apps/web-e2e/src/specs/home.spec.ts
 *
 * It uses the build in dist/ (`npx nx run-many -t build -p api web` first).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { wholeNumber } from './lib/args';
import { bin, repoRoot } from './lib/paths';
import { formatDuration, run } from './lib/process';

const SPEC_DIR = 'apps/web-e2e/src/';
const USAGE =
  'Usage: npm run test:flake-hunt -- [--all] [--repeat N] [--load CORES] [--base REF] [spec files or Playwright filters…]';

/** The browser specs a change touches: spec files changed since the merge base with `base`, or in the work tree. */
export function changedSpecs(changedFiles: string[]): string[] {
  return [
    ...new Set(changedFiles.filter((f) => f.startsWith(SPEC_DIR) && /\.(spec|setup)\.ts$/.test(f))),
  ].sort();
}

function gitChangedFiles(base: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
  const mergeBase = git('merge-base', base, 'HEAD')[0];
  return [
    ...git('diff', '--name-only', mergeBase),
    ...git('ls-files', '--others', '--exclude-standard', SPEC_DIR),
  ];
}

/** Busy loops in child processes: the parallel job that loads `cores` cores while the specs run. */
function loadCpu(cores: number): ChildProcess[] {
  return Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        all: { type: 'boolean', default: false },
        repeat: { type: 'string' },
        load: { type: 'string' },
        base: { type: 'string' },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const repeat = wholeNumber('repeat', values.repeat) ?? 5;
  const load = wholeNumber('load', values.load) ?? 1;
  const targets = values.all
    ? []
    : positionals.length
      ? positionals
      : changedSpecs(gitChangedFiles(values.base ?? 'main'));
  if (!values.all && targets.length === 0) {
    console.log(`No browser spec changed since ${values.base ?? 'main'}; name specs or pass --all.`);
    return 0;
  }
  console.log(
    `Flake hunt: ${values.all ? 'the whole browser suite' : targets.join(' ')}, ${repeat} times each, no retry, ` +
      `${load} core(s) kept busy by a parallel job.`,
  );
  const busy = loadCpu(load);
  const started = Date.now();
  try {
    await run(
      bin('playwright'),
      [
        'test',
        '-c',
        'apps/web-e2e/playwright.config.ts',
        `--repeat-each=${repeat}`,
        '--retries=0',
        ...targets,
      ],
      // Without the ordering between projects (playwright.config.ts), so --repeat-each repeats every test.
      { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_FLAKE_HUNT: '1' } },
    );
    console.log(`Flake hunt: no failure in ${formatDuration(Date.now() - started)}.`);
    return 0;
  } catch {
    console.error(
      `Flake hunt: a failure after ${formatDuration(Date.now() - started)}. Its trace is in dist/apps/web-e2e/test-results.`,
    );
    return 1;
  } finally {
    for (const child of busy) child.kill('SIGKILL');
  }
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
