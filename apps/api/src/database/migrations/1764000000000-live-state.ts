import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** The streams the light live check last saw live or scheduled (issue 17); the public page's banner reads it. */
export class LiveState1764000000000 implements MigrationInterface {
  name = 'LiveState1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const datetime = (name: string) => ({
      name,
      type: 'datetime',
      precision: isMysql ? 6 : undefined,
      isNullable: true,
    });
    await queryRunner.createTable(
      new Table({
        name: 'live_stream',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'thumbnail', type: 'varchar', length: '2048', isNullable: true },
          { name: 'state', type: 'varchar', length: '16' },
          datetime('scheduledStartTime'),
          datetime('actualStartTime'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('live_stream');
  }
}
