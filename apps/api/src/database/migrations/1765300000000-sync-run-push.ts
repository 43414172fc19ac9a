import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Push in the sync history (issue 24): a WebSub notification that added or changed a video is recorded in
 * `sync_run` as a run of kind `push` with the video it fetched; every run before it is a `sync`.
 */
export class SyncRunPush1765300000000 implements MigrationInterface {
  name = 'SyncRunPush1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns(alteredTable(queryRunner, 'sync_run'), [
      new TableColumn({ name: 'kind', type: 'varchar', length: '8', default: "'sync'" }),
      new TableColumn({ name: 'videoId', type: 'varchar', length: '32', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM sync_run WHERE kind = 'push'");
    await queryRunner.dropColumn('sync_run', 'videoId');
    await queryRunner.dropColumn('sync_run', 'kind');
  }
}
