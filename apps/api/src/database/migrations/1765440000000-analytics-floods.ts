import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Floods of fake visitors (issue 44): each visitor row keeps a salted hash of its network (an IPv4 /24 or IPv6 /48,
 * with the day's salt, gone with the row), so a day whose visitors come mostly from one network is flagged; and the
 * days that looked like a flood or that the owner left out of the reports.
 */
export class AnalyticsFloods1765440000000 implements MigrationInterface {
  name = 'AnalyticsFloods1765440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'analytics_visitor'),
      new TableColumn({ name: 'network', type: 'varchar', length: '16', default: "''", isNullable: false }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_day',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'excluded', type: 'boolean', default: false },
          { name: 'visitors', type: 'int', default: 0 },
          { name: 'networkVisitors', type: 'int', default: 0 },
          { name: 'capped', type: 'boolean', default: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_day');
    await queryRunner.dropColumn('analytics_visitor', 'network');
  }
}
