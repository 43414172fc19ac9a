import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * WebSub verifications only for what the site asked (issue 44): each subscribe or unsubscribe request is kept
 * with the token its callback URL carries until the hub verifies it, and the subscription remembers the token
 * of the callback the hub last verified (null for one made before: its callback had none).
 */
export class WebsubIntents1765410000000 implements MigrationInterface {
  name = 'WebsubIntents1765410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'websub_intent',
        columns: [
          { name: 'token', type: 'varchar', length: '64', isPrimary: true },
          { name: 'mode', type: 'varchar', length: '16', isPrimary: true },
          { name: 'topic', type: 'varchar', length: '255' },
          { name: 'leaseSeconds', type: 'int', isNullable: true },
          { name: 'requestedAt', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'websub_subscription'),
      new TableColumn({ name: 'callbackToken', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('websub_subscription', 'callbackToken');
    await queryRunner.dropTable('websub_intent');
  }
}
