import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** Sponsorship deals (`sponsorships/`). Portable: the Table API only; dates are `YYYY-MM-DD` strings. */
export class Sponsorships1764500000000 implements MigrationInterface {
  name = 'Sponsorships1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const now = (name: string) => ({
      name,
      type: 'datetime',
      precision: isMysql ? 6 : undefined,
      default: isMysql ? 'CURRENT_TIMESTAMP(6)' : "(datetime('now'))",
    });
    await queryRunner.createTable(
      new Table({
        name: 'sponsorship',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'sponsorName', type: 'varchar', length: '100' },
          { name: 'url', type: 'varchar', length: '2048' },
          { name: 'message', type: 'text' },
          { name: 'amountCents', type: 'bigint' },
          { name: 'startDate', type: 'varchar', length: '10' },
          { name: 'endDate', type: 'varchar', length: '10' },
          now('createdAt'),
          now('updatedAt'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sponsorship');
  }
}
