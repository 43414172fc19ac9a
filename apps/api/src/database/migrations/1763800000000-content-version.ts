import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** One row counting writes to public content; API processes key their response caches on it. */
export class ContentVersion1763800000000 implements MigrationInterface {
  name = 'ContentVersion1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'content_version',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO content_version (id, version) VALUES (1, 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('content_version');
  }
}
