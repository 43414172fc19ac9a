import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * The newsletter's local list (`newsletter/`) and its sign-up throttle (rate-limiter-flexible's SQLite/MySQL
 * stores use `newsletter_throttle` as is, like `login_throttle`). Portable: the Table API only.
 */
export class NewsletterSubscribers1764200000000 implements MigrationInterface {
  name = 'NewsletterSubscribers1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const precision = isMysql ? 6 : undefined;
    await queryRunner.createTable(
      new Table({
        name: 'newsletter_subscriber',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'createdAt', type: 'datetime', precision },
          { name: 'mailchimpStatus', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'lastError', type: 'text', isNullable: true },
          { name: 'nextAttemptAt', type: 'datetime', precision, isNullable: true },
          { name: 'syncedAt', type: 'datetime', precision, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      alteredTable(queryRunner, 'newsletter_subscriber'),
      new TableIndex({ name: 'UQ_newsletter_subscriber_email', columnNames: ['email'], isUnique: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'newsletter_throttle',
        columns: [
          { name: 'key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'points', type: 'int', default: 0 },
          { name: 'expire', type: 'bigint', isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('newsletter_throttle');
    await queryRunner.dropTable('newsletter_subscriber');
  }
}
