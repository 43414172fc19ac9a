import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * The channel's banner (`brandingSettings.image.bannerExternalUrl`), which the site brings home beside the avatar
 * (docs/images.md). NULL until a sync with a key reads it, and for a channel without a banner.
 */
export class ChannelBanner1765550000000 implements MigrationInterface {
  name = 'ChannelBanner1765550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'channel'),
      new TableColumn({ name: 'banner', type: 'varchar', length: '2048', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('channel', 'banner');
  }
}
