import {
  type IRateLimiterStoreOptions,
  RateLimiterMySQL,
  type RateLimiterAbstract,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

/**
 * A rate-limiter-flexible limiter whose counters live in a table of the site's own database (MySQL's pool or
 * SQLite's connection, whichever TypeORM opened), so every API process sees the same count; its `consume` is
 * one atomic upsert. The table is created by a migration (`tableCreated`), never by the library.
 */
export function databaseRateLimiter(
  dataSource: DataSource,
  options: Pick<IRateLimiterStoreOptions, 'tableName' | 'keyPrefix' | 'points' | 'duration'>,
): RateLimiterAbstract {
  const common = { ...options, tableCreated: true, clearExpiredByTimeout: false };
  const driver = dataSource.driver as unknown as { databaseConnection?: unknown; pool?: unknown };
  return dataSource.options.type === 'mysql'
    ? new RateLimiterMySQL({
        ...common,
        storeClient: driver.pool,
        storeType: 'pool',
        dbName: dataSource.driver.database!,
      })
    : new RateLimiterSQLite({
        ...common,
        storeClient: driver.databaseConnection,
        storeType: 'better-sqlite3',
      });
}
