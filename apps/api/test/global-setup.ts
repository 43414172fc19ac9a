import { DataSource } from 'typeorm';

/** Prints which database this integration leg runs on, and fails early when it cannot be reached. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\n[api integration] database: SQLite (better-sqlite3, a temp file per suite)\n');
    return;
  }
  const ds = await new DataSource({ type: 'mysql', url }).initialize();
  const [{ version }] = await ds.query('SELECT VERSION() AS version');
  await ds.destroy();
  const where = new URL(url);
  console.log(
    `\n[api integration] database: MySQL-compatible server ${version} at ${where.host}${where.pathname}\n`,
  );
}
