import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Unknown is not 0, for the channel's totals (issue 24): feed mode (no API key) reads only the public Atom feed,
 * which states no video count and no view count for the channel, so they are stored as NULL like a hidden
 * subscriber count (UnknownCounts1764905000000). Rows stored before keep their numbers; the next sync with a
 * key writes the real ones.
 */
export class UnknownChannelTotals1765200000000 implements MigrationInterface {
  name = 'UnknownChannelTotals1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.nullable(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('UPDATE channel SET videoCount = 0 WHERE videoCount IS NULL');
    await queryRunner.query('UPDATE channel SET viewCount = 0 WHERE viewCount IS NULL');
    await this.nullable(queryRunner, false);
  }

  private async nullable(queryRunner: QueryRunner, isNullable: boolean): Promise<void> {
    for (const [column, type] of [
      ['videoCount', 'int'],
      ['viewCount', 'bigint'],
    ] as const) {
      // Both definitions stated: MySQL is not asked for the old one (../migration-tables.ts).
      const definition = (nullable: boolean) =>
        new TableColumn({ name: column, type, isNullable: nullable, default: nullable ? null : 0 });
      await queryRunner.changeColumn(
        alteredTable(queryRunner, 'channel'),
        definition(!isNullable),
        definition(isNullable),
      );
    }
  }
}
