import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * A visible sync (issue 24): `sync_run` keeps the pages fetched and the videos the channel said it has, written
 * while the sync runs (the dashboard shows progress and time left) and kept in the history afterwards.
 */
export class SyncRunProgress1764924000000 implements MigrationInterface {
  name = 'SyncRunProgress1764924000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns(alteredTable(queryRunner, 'sync_run'), [
      new TableColumn({ name: 'pages', type: 'int', default: 0 }),
      new TableColumn({ name: 'expectedVideos', type: 'int', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sync_run', 'expectedVideos');
    await queryRunner.dropColumn('sync_run', 'pages');
  }
}
