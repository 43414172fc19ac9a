import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/** Two-factor sign-in of the admin: the sealed TOTP secret on `user`, the hashed recovery codes in their own table. */
export class AdminTwoFactor1763900000000 implements MigrationInterface {
  name = 'AdminTwoFactor1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.addColumns(alteredTable(queryRunner, 'user'), [
      new TableColumn({ name: 'twoFactorSecret', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'twoFactorPendingSecret', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'twoFactorLastStep', type: 'bigint', isNullable: true }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'recovery_code',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'userId', type: 'int' },
          { name: 'codeHash', type: 'varchar', length: '64' },
          { name: 'usedAt', type: 'datetime', precision: isMysql ? 6 : undefined, isNullable: true },
        ],
        indices: [
          { name: 'idx_recovery_code_user_id', columnNames: ['userId'] },
          { name: 'idx_recovery_code_hash', columnNames: ['codeHash'], isUnique: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('recovery_code');
    await queryRunner.dropColumns('user', ['twoFactorSecret', 'twoFactorPendingSecret', 'twoFactorLastStep']);
  }
}
