import { type QueryRunner, Table } from 'typeorm';

/**
 * The table a migration alters, for TypeORM's Table API, without reading its definition back on MySQL.
 *
 * Given a table's name, TypeORM on MySQL first loads the table from INFORMATION_SCHEMA (columns, indices and a join of
 * KEY_COLUMN_USAGE with REFERENTIAL_CONSTRAINTS for its foreign keys). MariaDB 10.11.19 segfaulted under that join
 * while an API ran the migrations of a database it had just created (docs/testing.md, reliability), and a crash of
 * the database at start-up is not a thing a creator's site may risk. Adding a plain column (not primary, not
 * generated), changing one whose old definition the migration states, and adding an index need only the table's
 * name there, so MySQL gets a Table that is just its name. SQLite rebuilds the table for most of these changes and
 * needs its whole definition: it gets the name and reads it (from its own file, not INFORMATION_SCHEMA).
 */
export function alteredTable(queryRunner: QueryRunner, name: string): Table | string {
  return queryRunner.connection.options.type === 'mysql' ? new Table({ name }) : name;
}
