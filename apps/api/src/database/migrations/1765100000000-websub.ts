import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * YouTube push (WebSub, issue 24): the one shared subscription with its secret and lease, and the videos a
 * notification already announced (so repeats announce nothing).
 */
export class Websub1765100000000 implements MigrationInterface {
  name = 'Websub1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'websub_subscription',
        columns: [
          { name: 'id', type: 'varchar', length: '16', isPrimary: true },
          { name: 'topic', type: 'varchar', length: '255' },
          { name: 'callback', type: 'varchar', length: '512' },
          { name: 'secret', type: 'varchar', length: '128' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'requestedAt', type: 'datetime' },
          { name: 'leaseSeconds', type: 'int', isNullable: true },
          { name: 'verifiedAt', type: 'datetime', isNullable: true },
          { name: 'expiresAt', type: 'datetime', isNullable: true },
          { name: 'lastNotificationAt', type: 'datetime', isNullable: true },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'websub_announced_video',
        columns: [
          { name: 'videoId', type: 'varchar', length: '32', isPrimary: true },
          { name: 'claimedBy', type: 'varchar', length: '64' },
          { name: 'announcedAt', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('websub_announced_video');
    await queryRunner.dropTable('websub_subscription');
  }
}
