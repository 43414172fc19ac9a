import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** The owner's connected Google account (docs/integrations/google-account.md): one row, its refresh token sealed. */
export class GoogleAccount1765600000000 implements MigrationInterface {
  name = 'GoogleAccount1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'google_account',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'channelId', type: 'varchar', length: '64' },
          { name: 'channelTitle', type: 'varchar', length: '255' },
          { name: 'scopes', type: 'text' },
          { name: 'refreshTokenSealed', type: 'text' },
          { name: 'state', type: 'varchar', length: '24' },
          { name: 'problem', type: 'text', isNullable: true },
          { name: 'connectedAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('google_account');
  }
}
