import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Issue 25: when each session was last seen (the admin's list of sessions), and the audit log (`audit/`): who
 * did what, when, and from which network.
 */
export class SessionsAndAudit1764900000000 implements MigrationInterface {
  name = 'SessionsAndAudit1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'session'),
      new TableColumn({ name: 'lastSeenAt', type: 'bigint', isNullable: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'audit_event',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'at', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'action', type: 'varchar', length: '32' },
          { name: 'actor', type: 'varchar', length: '64' },
          { name: 'ipPrefix', type: 'varchar', length: '64', default: "''" },
          { name: 'device', type: 'varchar', length: '128', default: "''" },
          { name: 'detail', type: 'varchar', length: '1000', default: "''" },
        ],
        indices: [
          { name: 'idx_audit_event_at', columnNames: ['at'] },
          { name: 'idx_audit_event_action', columnNames: ['action', 'id'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_event');
    await queryRunner.dropColumn('session', 'lastSeenAt');
  }
}
