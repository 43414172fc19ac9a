import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * The YouTube caption import (apps/api/src/transcripts/youtube-captions-*.ts): its state (units spent per quota day,
 * the round through the site's videos) and the videos it listed, with the tracks it did not store. The tracks
 * themselves are in `video_transcript`. Portable: the Table API only.
 */
export class YoutubeCaptions1765960000000 implements MigrationInterface {
  name = 'YoutubeCaptions1765960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const datetime = (name: string, isNullable = true) =>
      ({ name, type: 'datetime', precision: isMysql ? 6 : undefined, isNullable }) as const;
    await queryRunner.createTable(
      new Table({
        name: 'youtube_caption_state',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'unitsDay', type: 'varchar', length: '10' },
          { name: 'units', type: 'int', default: 0 },
          datetime('roundStartedAt'),
          datetime('roundDoneAt'),
          datetime('roundCursorAt'),
          { name: 'roundCursorId', type: 'varchar', length: '32', isNullable: true },
          datetime('runningSince'),
          datetime('lastRunAt'),
          { name: 'nightlyDay', type: 'varchar', length: '10', isNullable: true },
          { name: 'errorKind', type: 'varchar', length: '24', isNullable: true },
          { name: 'errorMessage', type: 'text', isNullable: true },
          datetime('errorAt'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'youtube_caption_video',
        columns: [
          { name: 'videoId', type: 'varchar', length: '32', isPrimary: true },
          datetime('checkedAt', false),
          { name: 'skipped', type: 'text', isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('youtube_caption_video');
    await queryRunner.dropTable('youtube_caption_state');
  }
}
