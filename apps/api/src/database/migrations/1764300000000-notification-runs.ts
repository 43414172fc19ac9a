import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * Scheduled e-mails (`email/`, issue 14): one row per weekly summary. The unique (kind, period) is the
 * persisted "sent for week W" record: a restart or a second API process never sends the same week twice.
 */
export class NotificationRuns1764300000000 implements MigrationInterface {
  name = 'NotificationRuns1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const precision = isMysql ? 6 : undefined;
    await queryRunner.createTable(
      new Table({
        name: 'notification_run',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'period', type: 'varchar', length: '32' },
          { name: 'periodStart', type: 'datetime', precision },
          { name: 'periodEnd', type: 'datetime', precision },
          { name: 'startedAt', type: 'datetime', precision },
          { name: 'finishedAt', type: 'datetime', precision, isNullable: true },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'recipient', type: 'varchar', length: '254', default: "''" },
          { name: 'videos', type: 'int', default: 0 },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'status', type: 'int', isNullable: true },
          { name: 'error', type: 'text', isNullable: true },
        ],
        indices: [{ name: 'uq_notification_run_period', columnNames: ['kind', 'period'], isUnique: true }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notification_run');
  }
}
