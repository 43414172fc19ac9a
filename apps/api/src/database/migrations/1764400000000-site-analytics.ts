import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * First-party site analytics (`analytics/`, docs/analytics.md): daily rollups, today's and yesterday's
 * visitor hashes, the daily salt. On MySQL the text keys compare byte for byte (`/A` is not `/a`).
 */
export class SiteAnalytics1764400000000 implements MigrationInterface {
  name = 'SiteAnalytics1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const key = (name: string, length: number) => ({
      name,
      type: 'varchar',
      length: String(length),
      isPrimary: true,
      ...(isMysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
    });
    await queryRunner.createTable(
      new Table({
        name: 'analytics_rollup',
        // Key order (kind, dim, day), clustered: a range's sums per dim are read in key order, no sorting.
        columns: [
          key('kind', 24),
          key('dim', 512),
          key('day', 10),
          { name: 'total', type: 'bigint', default: 0 },
        ],
        withoutRowid: !isMysql,
        indices: [new TableIndex({ name: 'idx_analytics_rollup_kind_day', columnNames: ['kind', 'day'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_visitor',
        columns: [
          key('day', 10),
          key('hash', 32),
          { name: 'source', type: 'varchar', length: '16' },
          { name: 'referrer', type: 'varchar', length: '255', default: "''" },
          { name: 'campaign', type: 'varchar', length: '320', default: "''" },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_salt',
        columns: [key('day', 10), { name: 'salt', type: 'varchar', length: '64' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_salt');
    await queryRunner.dropTable('analytics_visitor');
    await queryRunner.dropTable('analytics_rollup');
  }
}
