/** `nx run api:migrate`: apply pending migrations to the configured database and exit. */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadEnv } from '../config/env';
import { buildDataSourceOptions, databaseKind } from './data-source-options';
import { runMigrations } from './migrations';

async function main(): Promise<void> {
  const env = loadEnv();
  const dataSource = await new DataSource(buildDataSourceOptions(env)).initialize();
  try {
    const applied = await runMigrations(dataSource);
    process.stdout.write(
      `Migrations on ${databaseKind(env)}: ${applied.length ? applied.join(', ') : 'already up to date'}\n`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
