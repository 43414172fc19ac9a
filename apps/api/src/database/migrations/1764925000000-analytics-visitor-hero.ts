import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * The hero variants each of today's visitors was shown (issue 25): a `hero_click` counts only after an impression
 * of its variant from the same visitor that day, so forged clicks cannot decide the A/B test.
 */
export class AnalyticsVisitorHero1764925000000 implements MigrationInterface {
  name = 'AnalyticsVisitorHero1764925000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'analytics_visitor'),
      new TableColumn({ name: 'hero', type: 'varchar', length: '8', default: "''", isNullable: false }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('analytics_visitor', 'hero');
  }
}
