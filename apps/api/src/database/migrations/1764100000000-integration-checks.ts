import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** The last connection test of each integration (`integrations/`). Portable: the Table API only. */
export class IntegrationChecks1764100000000 implements MigrationInterface {
  name = 'IntegrationChecks1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'integration_check',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'ok', type: 'boolean' },
          { name: 'scope', type: 'varchar', length: '16' },
          { name: 'message', type: 'text' },
          { name: 'checkedAt', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'durationMs', type: 'int', default: 0 },
          { name: 'fingerprint', type: 'varchar', length: '64' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('integration_check');
  }
}
