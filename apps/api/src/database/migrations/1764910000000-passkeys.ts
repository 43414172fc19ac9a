import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** The admin's passkeys (WebAuthn credentials, issue 25): a second factor and a passwordless sign-in. */
export class Passkeys1764910000000 implements MigrationInterface {
  name = 'Passkeys1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const precision = isMysql ? 6 : undefined;
    await queryRunner.createTable(
      new Table({
        name: 'passkey',
        columns: [
          // MySQL's utf8mb4 index key is at most 3072 bytes: the id is ASCII, so it is stored as such.
          {
            name: 'id',
            type: 'varchar',
            length: '1400',
            isPrimary: true,
            ...(isMysql ? { charset: 'ascii', collation: 'ascii_bin' } : {}),
          },
          { name: 'userId', type: 'int' },
          { name: 'name', type: 'varchar', length: '64' },
          { name: 'publicKey', type: 'text' },
          { name: 'counter', type: 'bigint' },
          { name: 'transports', type: 'varchar', length: '255', default: "'[]'" },
          {
            name: 'createdAt',
            type: 'datetime',
            precision,
            default: isMysql ? 'CURRENT_TIMESTAMP(6)' : "(datetime('now'))",
          },
          { name: 'lastUsedAt', type: 'datetime', precision, isNullable: true },
        ],
        indices: [{ name: 'idx_passkey_user', columnNames: ['userId'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('passkey');
  }
}
