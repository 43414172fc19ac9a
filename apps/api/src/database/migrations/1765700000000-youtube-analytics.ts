import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * The channel's YouTube Analytics, imported through the connected Google account (docs/integrations/google-account.md,
 * "What the site imports"): daily rows of the channel, of its videos and of its device and traffic-source splits;
 * per-range breakdowns; and the import's bookkeeping.
 */
export class YoutubeAnalytics1765700000000 implements MigrationInterface {
  name = 'YoutubeAnalytics1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const day = (name: string, isPrimary = false) =>
      ({ name, type: 'varchar', length: '10', isPrimary }) as const;
    const int = (name: string, isNullable = false) => ({ name, type: 'int', isNullable }) as const;
    const double = (name: string, isNullable = false) => ({ name, type: 'double', isNullable }) as const;
    const fetchedAt = { name: 'fetchedAt', type: 'datetime' } as const;
    await queryRunner.createTable(
      new Table({
        name: 'youtube_channel_day',
        columns: [
          day('day', true),
          int('views'),
          int('minutesWatched'),
          double('averageViewDuration'),
          double('averageViewPercentage'),
          int('subscribersGained'),
          int('subscribersLost'),
          int('likes'),
          int('comments'),
          int('shares'),
          double('estimatedRevenue', true),
          double('estimatedAdRevenue', true),
          double('cpm', true),
          int('monetizedPlaybacks', true),
          fetchedAt,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'youtube_video_day',
        columns: [
          { name: 'videoId', type: 'varchar', length: '16', isPrimary: true },
          day('day', true),
          int('views'),
          int('minutesWatched'),
          double('averageViewPercentage'),
          double('averageViewDuration'),
          fetchedAt,
        ],
        // With the table: an index added afterwards makes TypeORM read the table back on MySQL (migration-tables.ts).
        indices: [{ name: 'idx_youtube_video_day_day', columnNames: ['day'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'youtube_breakdown_day',
        columns: [
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          { name: 'value', type: 'varchar', length: '64', isPrimary: true },
          day('day', true),
          int('views'),
          int('minutesWatched'),
          fetchedAt,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'youtube_snapshot',
        columns: [
          { name: 'scope', type: 'varchar', length: '32', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          { name: 'key', type: 'varchar', length: '128', isPrimary: true },
          double('value'),
          int('minutesWatched', true),
          day('fromDay'),
          day('toDay'),
          fetchedAt,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'youtube_import_state',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'channelId', type: 'varchar', length: '64' },
          day('firstFrom'),
          day('firstTo'),
          day('firstNext'),
          { ...day('revenueFrom'), isNullable: true },
          { ...day('revenueTo'), isNullable: true },
          { ...day('revenueNext'), isNullable: true },
          { ...day('dataTo'), isNullable: true },
          { name: 'revenue', type: 'varchar', length: '16' },
          day('queriesDay'),
          { name: 'queries', type: 'int', default: 0 },
          { name: 'runningSince', type: 'datetime', isNullable: true },
          { name: 'lastFetchedAt', type: 'datetime', isNullable: true },
          { ...day('nightlyDay'), isNullable: true },
          { name: 'snapshotsAt', type: 'datetime', isNullable: true },
          { name: 'errorKind', type: 'varchar', length: '24', isNullable: true },
          { name: 'errorMessage', type: 'text', isNullable: true },
          { name: 'errorAt', type: 'datetime', isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'youtube_import_state',
      'youtube_snapshot',
      'youtube_breakdown_day',
      'youtube_video_day',
      'youtube_channel_day',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
