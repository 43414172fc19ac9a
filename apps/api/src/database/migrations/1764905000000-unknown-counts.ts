import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Unknown is not 0 (issue 27): a count YouTube withholds is stored as NULL, not as 0. The channel's subscriber
 * count (`hiddenSubscriberCount`) and a video's view count (a video answered without `statistics`). Rows stored
 * before keep their numbers; the next sync writes NULL where YouTube says nothing.
 */
export class UnknownCounts1764905000000 implements MigrationInterface {
  name = 'UnknownCounts1764905000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.nullable(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('UPDATE channel SET subscriberCount = 0 WHERE subscriberCount IS NULL');
    await queryRunner.query('UPDATE video SET viewCount = 0 WHERE viewCount IS NULL');
    await this.nullable(queryRunner, false);
  }

  private async nullable(queryRunner: QueryRunner, isNullable: boolean): Promise<void> {
    for (const [table, column] of [
      ['channel', 'subscriberCount'],
      ['video', 'viewCount'],
    ] as const) {
      // Both definitions stated: MySQL is not asked for the old one (../migration-tables.ts).
      const definition = (nullable: boolean) =>
        new TableColumn({ name: column, type: 'bigint', isNullable: nullable, default: nullable ? null : 0 });
      await queryRunner.changeColumn(
        alteredTable(queryRunner, table),
        definition(!isNullable),
        definition(isNullable),
      );
    }
  }
}
