import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * When a stream ended (issue 17): `live_stream` keeps ended streams (state `ended`) with their actual start and
 * end, which a replay's watch page publishes as its `BroadcastEvent`.
 */
export class LiveStreamEnd1764800000000 implements MigrationInterface {
  name = 'LiveStreamEnd1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'live_stream'),
      new TableColumn({
        name: 'actualEndTime',
        type: 'datetime',
        precision: isMysql ? 6 : undefined,
        isNullable: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM live_stream WHERE state = 'ended'");
    await queryRunner.dropColumn('live_stream', 'actualEndTime');
  }
}
