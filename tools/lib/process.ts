import { spawn, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoRoot } from './paths';

export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(`\`${command}\` ${signal ? `was killed by ${signal}` : `exited with code ${exitCode}`}`);
  }
}

export interface RunOptions extends SpawnOptions {
  /** Called with the child once spawned, so a signal handler can stop it. */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
}

/** Runs a command with inherited output from the repo root; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<void> {
  const { onSpawn, ...spawnOptions } = options;
  const shown = [command.replace(`${repoRoot}/node_modules/.bin/`, ''), ...args].join(' ');
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...spawnOptions });
    onSpawn?.(child);
    child.once('error', (error) => reject(new Error(`\`${shown}\` could not start: ${error.message}`)));
    child.once('exit', (code, signal) =>
      code === 0 ? resolveRun() : reject(new CommandError(shown, code, signal)),
    );
  });
}

/** Human-friendly duration: 850 ms, 12.3 s, 4m05s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}

/**
 * The end of a server script's `main` (the fakes, the web server): Ctrl-C or SIGTERM closes what it
 * started and exits 0.
 */
export function closeOnSignal(server: { close(): Promise<void> }): void {
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** CPU time (user + system) a process has used so far, from /proc. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line (here 12 and 13, after the pid and name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
