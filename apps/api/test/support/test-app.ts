import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
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
 * Drops every table of the MySQL test database so each suite starts from an empty schema.
 * (SQLite suites get a fresh temp file instead.)
 */
export async function resetMysql(url: string): Promise<void> {
  const ds = await new DataSource({ type: 'mysql', url }).initialize();
  try {
    const tables: { name: string }[] = await ds.query(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
    );
    await ds.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of tables) await ds.query(`DROP TABLE \`${name}\``);
    await ds.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await ds.destroy();
  }
}

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
  if (!usingMysql() && !sqlitePath) {
    tempDir = mkdtempSync(join(tmpdir(), 'api-it-'));
    sqlitePath = join(tempDir, 'test.sqlite');
  }
  if (usingMysql() && options.resetDatabase !== false && !options.reuse) {
    await resetMysql(mysqlUrl());
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    ...(usingMysql() ? { DATABASE_URL: mysqlUrl() } : { SQLITE_PATH: sqlitePath }),
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
      if (tempDir && !options.reuse) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
