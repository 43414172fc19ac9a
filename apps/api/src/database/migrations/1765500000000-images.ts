import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * The site's own images (issue 47): one row per video, playlist, channel avatar and banner, with the source URL,
 * the validators for a conditional re-fetch, and the stored copy's hash, widths, size and colour.
 */
export class Images1765500000000 implements MigrationInterface {
  name = 'Images1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'image',
        columns: [
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          { name: 'ref', type: 'varchar', length: '64', isPrimary: true },
          { name: 'sourceUrl', type: 'varchar', length: '2048' },
          { name: 'fetchedUrl', type: 'varchar', length: '2048', isNullable: true },
          { name: 'etag', type: 'varchar', length: '255', isNullable: true },
          { name: 'lastModified', type: 'varchar', length: '64', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'hash', type: 'varchar', length: '20', isNullable: true },
          { name: 'width', type: 'int', isNullable: true },
          { name: 'height', type: 'int', isNullable: true },
          { name: 'widths', type: 'varchar', length: '64', isNullable: true },
          { name: 'bytes', type: 'int', isNullable: true },
          { name: 'color', type: 'varchar', length: '7', isNullable: true },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
          { name: 'checkedAt', type: 'datetime', isNullable: true },
        ],
      }),
    );
    // The table by name only: MySQL is not asked to read it back (../migration-tables.ts).
    await queryRunner.createIndex(
      alteredTable(queryRunner, 'image'),
      new TableIndex({ name: 'idx_image_status', columnNames: ['status'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('image');
  }
}
