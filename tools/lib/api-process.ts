/** Starts the built API (dist/) as a real child process, for the reliability tests and the browser tests' stacks. */
import { SERVER_PROCESS_ENV } from '@app/node-server/malloc-arenas';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForHttp } from './net';
import { repoRoot } from './paths';

export const API_MAIN = join(repoRoot, 'dist/apps/api/apps/api/src/main.js');

/**
 * The API as the benchmarks run it: production mode with a secret made for this run (every process started from
 * here shares it) and a fixed admin password (loopback only).
 */
export const BENCH_API_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'bench-password-1',
} as const;

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resident memory of the process in bytes (from /proc). */
  rss(): number;
  /** The highest resident memory of the process since it started, in bytes (the kernel's VmHWM). */
  peakRss(): number;
  /** Sends a signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export async function startApi(
  /** Over the defaults; a variable set to undefined is left out (`MALLOC_ARENA_MAX`: glibc's default). */
  env: Record<string, string | undefined>,
  /** `main`: another build of the API than dist/'s (a benchmark comparing two builds in one run). */
  options: { timeoutMs?: number; main?: string } = {},
): Promise<ApiProcess> {
  const main = options.main ?? API_MAIN;
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npx nx run api:build\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...SERVER_PROCESS_ENV,
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, {
    timeoutMs: options.timeoutMs ?? 30_000,
    abort: () => (child.exitCode !== null ? `the API exited:\n${output}` : undefined),
  });
  return {
    url,
    child,
    exited,
    output: () => output,
    rss: () => statusBytes(child.pid!, 'VmRSS'),
    peakRss: () => statusBytes(child.pid!, 'VmHWM'),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A memory figure of a process from /proc, in bytes. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
}

/** A tiny cookie-keeping client for the API. */
export class ApiClient {
  private cookie = '';

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('sid=')) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  login(username = 'admin', password = 'admin123') {
    return this.request('POST', '/api/auth/login', { username, password });
  }

  /** The same session cookie against another API process. */
  against(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }
}
