import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { runMigrations } from '../../src/database/migrations';
import { type Env, loadEnv } from '../../src/config/env';

export interface TestApp {
  app: INestApplication;
  env: Env;
  dataSource: DataSource;
  /** The Node HTTP server, for supertest. */
  server: ReturnType<INestApplication['getHttpServer']>;
  close(): Promise<void>;
}

export const usingMysql = (): boolean => Boolean(process.env.DATABASE_URL);

/**
 * The MySQL database of this Jest worker: DATABASE_URL's for the first (and with --runInBand), `<name>_<n>` for
 * worker n, so suites running at once never drop each other's tables (npm test makes the copies:
 * tools/mariadb.ts `workers`).
 */
export function mysqlUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  if (worker > 1) url.pathname = `${url.pathname}_${worker}`;
  return url.toString();
}

/**
 * Drops every table of the MySQL test database, so the next start migrates an empty schema (the migrations spec).
 */
export async function resetMysql(url: string): Promise<void> {
  const ds = await new DataSource({ type: 'mysql', url }).initialize();
  const runner = ds.createQueryRunner();
  try {
    await runner.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const name of await tableNames(runner)) await runner.query(`DROP TABLE \`${name}\``);
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

async function tableNames(runner: QueryRunner): Promise<string[]> {
  const tables: { name: string }[] = await runner.query(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
  );
  return tables.map(({ name }) => name);
}

/**
 * The rows the migrations themselves write (content_version's counter): what a table holds on a database no app
 * has started on yet. freshMysql checks this list against the migrations whenever it runs them.
 */
const MIGRATION_ROWS: Record<string, Record<string, unknown>[]> = {
  content_version: [{ id: 1, version: '0' }],
};

/** The tables that have rows, or whose AUTO_INCREMENT moved (rows inserted, then deleted). */
async function usedTables(runner: QueryRunner, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const withRows: { name: string }[] = await runner.query(
    names.map((name) => `(SELECT '${name}' AS name FROM \`${name}\` LIMIT 1)`).join(' UNION ALL '),
  );
  const moved: { name: string }[] = await runner.query(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND auto_increment > 1',
  );
  return [...new Set([...withRows, ...moved].map(({ name }) => name))].filter((name) => names.includes(name));
}

/**
 * Puts the MySQL test database in the state of a first start: the current schema with only the migrations' own rows.
 * When its `migrations` table lists exactly the code's migrations, the tables an earlier suite used are emptied
 * (TRUNCATE also resets AUTO_INCREMENT) and the migrations' rows written back: about 0.1 s, where dropping every
 * table and migrating again took 1–3.5 s a start on a loaded 2-core machine, for each of the leg's app starts.
 * Otherwise (a new worker database, a changed migration list, the migrations spec's bare schema) it drops every
 * table and migrates.
 */
export async function freshMysql(url: string): Promise<void> {
  const ds = await new DataSource(
    buildDataSourceOptions({ DATABASE_URL: url, SQLITE_PATH: '' }),
  ).initialize();
  const runner = ds.createQueryRunner();
  try {
    const names = await tableNames(runner);
    const expected = ds.migrations.map((migration) => migration.name).sort();
    const applied: { name: string }[] = names.includes('migrations')
      ? await runner.query('SELECT name FROM migrations ORDER BY name')
      : [];
    const current = JSON.stringify(applied.map(({ name }) => name).sort()) === JSON.stringify(expected);
    await runner.query('SET FOREIGN_KEY_CHECKS = 0');
    if (current) {
      for (const name of await usedTables(
        runner,
        names.filter((name) => name !== 'migrations'),
      )) {
        await runner.query(`TRUNCATE TABLE \`${name}\``);
      }
      for (const [table, rows] of Object.entries(MIGRATION_ROWS)) {
        await runner.manager.insert(table, rows);
      }
      return;
    }
    for (const name of names) await runner.query(`DROP TABLE \`${name}\``);
    await runner.query('SET FOREIGN_KEY_CHECKS = 1');
    await runMigrations(ds);
    const seeded = (await usedTables(runner, await tableNames(runner))).filter(
      (name) => name !== 'migrations',
    );
    const rows = Object.fromEntries(
      await Promise.all(seeded.map(async (name) => [name, await runner.query(`SELECT * FROM \`${name}\``)])),
    );
    if (JSON.stringify(rows) !== JSON.stringify(MIGRATION_ROWS)) {
      throw new Error(
        `The migrations write ${JSON.stringify(rows)}; MIGRATION_ROWS in test/support/test-app.ts must say the same`,
      );
    }
  } finally {
    await runner.query('SET FOREIGN_KEY_CHECKS = 1').catch(() => undefined);
    await runner.release();
    await ds.destroy();
  }
}

/** An image host that never answers (nothing listens on port 1): a sync's images stay pending. */
export const NO_IMAGE_HOST = 'http://127.0.0.1:1';

export interface StartOptions {
  env?: Record<string, string>;
  /** Keep the database of a previous app (restart tests). */
  reuse?: { sqlitePath?: string };
  resetDatabase?: boolean;
}

/** Starts the real application on a fresh database: a temp SQLite file, or the MySQL database of DATABASE_URL. */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp & { sqlitePath?: string }> {
  let tempDir: string | undefined;
  let sqlitePath = options.reuse?.sqlitePath;
  if (!sqlitePath || usingMysql()) tempDir = mkdtempSync(join(tmpdir(), 'api-it-'));
  if (!usingMysql() && !sqlitePath) sqlitePath = join(tempDir!, 'test.sqlite');
  if (usingMysql() && options.resetDatabase !== false && !options.reuse) {
    await freshMysql(mysqlUrl());
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    ...(usingMysql() ? { DATABASE_URL: mysqlUrl() } : { SQLITE_PATH: sqlitePath }),
    // No test reaches YouTube's image hosts: a port nothing listens on, unless a spec points it at a fake.
    YOUTUBE_IMAGES_BASE_URL: NO_IMAGE_HOST,
    // The images beside the database (a restart keeps both); on MySQL in the test's own directory.
    ...(usingMysql() ? { IMAGES_DIR: join(tempDir!, 'images') } : {}),
    ...options.env,
  });
  const app = await createApp(env, { logger: ['error'] });
  try {
    await app.init();
  } catch (error) {
    // A start refused at bootstrap: close the database it opened (the caller expects the error).
    await app.close().catch(() => undefined);
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    env,
    sqlitePath,
    dataSource: app.get(DataSource),
    server: app.getHttpServer(),
    close: async () => {
      await app.close();
      if (tempDir && (!options.reuse || usingMysql())) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
