import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Sponsor reports (docs/sponsor-reports.md): the videos a deal sponsors (`sponsorship.videoIds`, a JSON list of at
 * most 10 ids, `[]` for the deals before it) and the deal's report links (`sponsor_report_link`: the random nonce
 * each link's signature covers, and when it was revoked). Portable: the Table API only.
 */
export class SponsorReports1765800000000 implements MigrationInterface {
  name = 'SponsorReports1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'sponsorship'),
      new TableColumn({ name: 'videoIds', type: 'varchar', length: '512', default: "'[]'" }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sponsor_report_link',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'sponsorshipId', type: 'integer' },
          { name: 'nonce', type: 'varchar', length: '32' },
          {
            name: 'createdAt',
            type: 'datetime',
            precision: isMysql ? 6 : undefined,
            default: isMysql ? 'CURRENT_TIMESTAMP(6)' : "(datetime('now'))",
          },
          { name: 'revokedAt', type: 'datetime', precision: isMysql ? 6 : undefined, isNullable: true },
        ],
        indices: [{ name: 'idx_sponsor_report_link_deal', columnNames: ['sponsorshipId'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sponsor_report_link');
    await queryRunner.dropColumn('sponsorship', 'videoIds');
  }
}
