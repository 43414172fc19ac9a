import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * The resets made from the server (ADMIN_PASSWORD_RESET, ADMIN_RESET_2FA), remembered so that a variable left
 * set acts once (issue 12).
 */
export class ServerResets1764700000000 implements MigrationInterface {
  name = 'ServerResets1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'server_reset',
        columns: [
          { name: 'name', type: 'varchar', length: '32', isPrimary: true },
          { name: 'passwordHash', type: 'varchar', length: '255', isNullable: true },
          { name: 'appliedAt', type: 'datetime', precision: isMysql ? 6 : undefined },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('server_reset');
  }
}
