import type { DataSource } from 'typeorm';

const MIGRATION_LOCK = 'channel_site_migrations';

/**
 * Runs pending migrations. On MySQL several API processes may start together, so the run
 * is serialised with a named lock held on a separate connection.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type !== 'mysql') {
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  }
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    const [row] = await lockRunner.query('SELECT GET_LOCK(?, 60) AS locked', [MIGRATION_LOCK]);
    if (Number(row.locked) !== 1) throw new Error('Timed out waiting for the migration lock');
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await lockRunner.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]).catch(() => undefined);
    await lockRunner.release();
  }
}
