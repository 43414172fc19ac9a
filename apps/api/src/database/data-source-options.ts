import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { Env } from '../config/env';
import { ContentVersionSubscriber } from '../content-cache/content-version.subscriber';
import { ENTITIES, MIGRATIONS } from './entities';

/** The part of better-sqlite3's Database the connection setup uses. */
interface SqliteDatabase {
  pragma(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

export type DatabaseKind = 'sqlite' | 'mysql';

export function databaseKind(env: Pick<Env, 'DATABASE_URL'>): DatabaseKind {
  return env.DATABASE_URL ? 'mysql' : 'sqlite';
}

/** One code path for both databases: SQLite (WAL, file under .data/) by default, MySQL when DATABASE_URL is set. */
export function buildDataSourceOptions(env: Pick<Env, 'DATABASE_URL' | 'SQLITE_PATH'>): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    subscribers: [ContentVersionSubscriber],
    migrationsRun: false,
    synchronize: false,
    logging: ['error', 'warn'] as ('error' | 'warn')[],
  };
  if (env.DATABASE_URL) {
    return {
      ...common,
      type: 'mysql',
      url: env.DATABASE_URL,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      connectTimeout: 5000,
      extra: { connectionLimit: 20, enableKeepAlive: true },
    };
  }
  const file = resolve(env.SQLITE_PATH);
  mkdirSync(dirname(file), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: file,
    prepareDatabase: (db: SqliteDatabase) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      // SQLite's own LOWER() folds ASCII only; searches lower both sides, so É finds é as on MySQL
      // (whose unicode_ci collation also ignores accents; SQLite keeps them apart).
      db.function('lower', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' ? text.toLowerCase() : text,
      );
    },
  };
}
