import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Which videos each playlist holds, in its order (issue 15: a watch page lists the playlists that hold its
 * video and takes related videos from them). No foreign keys: a sync writes playlists and videos as diffs.
 */
export class PlaylistVideos1764600000000 implements MigrationInterface {
  name = 'PlaylistVideos1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'playlist_video',
        columns: [
          { name: 'playlistId', type: 'varchar', length: '64', isPrimary: true },
          { name: 'videoId', type: 'varchar', length: '32', isPrimary: true },
          { name: 'position', type: 'int', default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex(
      alteredTable(queryRunner, 'playlist_video'),
      new TableIndex({ name: 'idx_playlist_video_video_id', columnNames: ['videoId'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('playlist_video');
  }
}
