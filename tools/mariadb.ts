/**
 * A throwaway MariaDB (MySQL-compatible) server for tests and by-hand runs, started without
 * systemd in a temporary data directory on a free port. Everything is deleted
 * on stop, on errors and when the process exits.
 *
 *   tsx tools/mariadb.ts          prints DATABASE_URL=mysql://… and stays up until Ctrl-C
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './lib/net';
import { requireCommand } from './system-deps';

export interface MariaDbOptions {
  database?: string;
  /**
   * Copies of the database for parallel test workers: 3 also makes `<database>_2` and `<database>_3`, the
   * databases of Jest workers 2 and 3 (apps/api/test/support/test-app.ts). Default 1.
   */
  workers?: number;
  user?: string;
  password?: string;
  /** Seconds to wait for the server to accept connections. */
  startTimeoutSeconds?: number;
  log?: (line: string) => void;
}

export interface RunningMariaDb {
  /** mysql://user:password@127.0.0.1:port/database */
  url: string;
  port: number;
  socket: string;
  datadir: string;
  /** Stops the server and deletes its files; safe to call more than once. */
  stop(): Promise<void>;
  /** Shuts the server down but keeps its data (a database outage, for reliability tests). */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port with the same data. */
  resume(): Promise<void>;
}

const IDENTIFIER = /^[A-Za-z0-9_]{1,32}$/;

/**
 * Server settings that make MariaDB 10.11 behave like the MySQL 8.4 of docker-compose where
 * it matters to the app: utf8mb4 text, UTC, MySQL 8's default SQL mode. Durability settings
 * are relaxed: the data is thrown away anyway.
 */
const SERVER_FLAGS = [
  '--bind-address=127.0.0.1',
  '--skip-name-resolve',
  '--character-set-server=utf8mb4',
  '--collation-server=utf8mb4_unicode_ci',
  '--default-time-zone=+00:00',
  '--sql-mode=ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION',
  '--innodb-buffer-pool-size=64M',
  '--innodb-flush-log-at-trx-commit=0',
  '--innodb-doublewrite=0',
  '--skip-log-bin',
];

function runQuiet(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

export async function startMariaDb(options: MariaDbOptions = {}): Promise<RunningMariaDb> {
  const {
    database = 'app',
    workers = 1,
    user = 'app',
    password = 'app',
    startTimeoutSeconds = 30,
    log = () => undefined,
  } = options;
  for (const [name, value] of Object.entries({ database, user, password })) {
    if (!IDENTIFIER.test(value)) throw new Error(`mariadb: ${name} must match ${IDENTIFIER}`);
  }
  const binaries = {
    installDb: requireCommand('mariadb-install-db'),
    server: requireCommand('mariadbd'),
    admin: requireCommand('mariadb-admin'),
    client: requireCommand('mariadb'),
  };
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(join(tmpdir(), 'mariadb-'));
  const datadir = join(base, 'db');
  const socket = join(base, 'db.sock');
  const errorLog = join(base, 'error.log');
  let server: ChildProcess | undefined;
  let stopped = false;
  /** Set while this code ends the server itself (stop, pause, a launch given up): any other exit is a crash. */
  let ending = false;

  const removeFiles = () => rmSync(base, { recursive: true, force: true });
  const killNow = () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    removeFiles();
  };
  // A crash or process.exit() in the caller must not leave a server or files behind.
  process.once('exit', killNow);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    ending = true;
    process.removeListener('exit', killNow);
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server?.kill('SIGKILL'), 10_000);
      await exitOf(server);
      clearTimeout(timer);
    }
    removeFiles();
  };

  const serverLog = (lines = 15) =>
    existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-lines).join('\n') : '';
  /** A crash report whole, from mariadbd's "got signal" line (its backtrace is at the top), else the log's end. */
  const crashReport = () => {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim() : '';
    const at = log.lastIndexOf('got signal');
    return at < 0 ? serverLog(60) : log.slice(log.lastIndexOf('\n', at) + 1);
  };

  try {
    const started = Date.now();
    const install = runQuiet(binaries.installDb, [
      '--no-defaults',
      ...(asRoot
        ? ['--user=root', '--auth-root-authentication-method=socket']
        : ['--auth-root-authentication-method=normal']),
      `--datadir=${datadir}`,
      '--skip-test-db',
    ]);
    if (!install.ok) throw new Error(`mariadb-install-db failed:\n${install.output}`);

    /** Starts mariadbd on `port`; resolves true once it answers, false if the port was taken. */
    const launch = async (port: number): Promise<boolean> => {
      const child = spawn(
        binaries.server,
        [
          '--no-defaults',
          ...(asRoot ? ['--user=root'] : []),
          `--datadir=${datadir}`,
          `--socket=${socket}`,
          `--port=${port}`,
          `--pid-file=${join(base, 'db.pid')}`,
          `--log-error=${errorLog}`,
          ...SERVER_FLAGS,
        ],
        { stdio: 'ignore' },
      );
      server = child;
      ending = false;
      // A server that dies by itself (a crash; mariadbd writes its backtrace to its log) says so before its files
      // are deleted: the client only sees "connection lost" (docs/testing.md, reliability).
      child.once('exit', (code, signal) => {
        if (!ending && !/Address already in use/.test(serverLog()))
          process.stderr.write(
            `mariadbd on port ${port} exited by itself (${signal ?? `code ${code}`}); its crash report:\n${crashReport()}\n`,
          );
      });
      const deadline = Date.now() + startTimeoutSeconds * 1000;
      let up = false;
      while (!up && child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
        up = runQuiet(binaries.admin, ['--no-defaults', `--socket=${socket}`, '-uroot', 'ping']).ok;
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      if (up) return true;
      const portTaken = /Address already in use/.test(serverLog());
      ending = true;
      child.kill('SIGKILL');
      await exitOf(child);
      if (portTaken) return false;
      throw new Error(`mariadbd did not start within ${startTimeoutSeconds} s. Its log:\n${serverLog()}`);
    };

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      if (await launch(port)) break;
      if (attempt >= 3) throw new Error(`mariadbd could not find a free port. Its log:\n${serverLog()}`);
    }

    const databases = [database, ...Array.from({ length: workers - 1 }, (_, i) => `${database}_${i + 2}`)];
    const sql = [
      ...databases.map(
        (name) => `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      ),
      `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}'`,
      ...databases.map((name) => `GRANT ALL ON \`${name}\`.* TO '${user}'@'127.0.0.1'`),
    ].join('; ');
    const created = runQuiet(binaries.client, ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', sql]);
    if (!created.ok) throw new Error(`Creating the database failed:\n${created.output}`);

    const url = `mysql://${user}:${password}@127.0.0.1:${port}/${database}`;
    log(`MariaDB ready in ${Date.now() - started} ms at ${url} (data in ${datadir})`);
    const pause = async () => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      ending = true;
      server.kill('SIGTERM');
      await exitOf(server);
    };
    const resume = async () => {
      if (stopped) throw new Error('mariadb: stopped for good, cannot resume');
      if (!(await launch(port))) throw new Error(`mariadb: port ${port} was taken while paused`);
    };
    return { url, port, socket, datadir, stop, pause, resume };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<void> {
  // Copies for the API integration tests' two Jest workers (`<database>_2`), so `nx run api:integration` works on it.
  const db = await startMariaDb({ log: (line) => console.log(line), workers: 2 });
  console.log(
    `\nDATABASE_URL=${db.url}\n\nFor example: DATABASE_URL=${db.url} npm start\nCtrl-C stops the server and deletes its data.`,
  );
  const shutdown = () => void db.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGHUP', shutdown);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
