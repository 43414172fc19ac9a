import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * Transcripts (apps/api/src/transcripts): a video's caption tracks (`video_transcript`, one per video, source,
 * language and kind) and their cues (`transcript_cue`, in order, times in ms). Portable: the Table API only.
 */
export class Transcripts1765900000000 implements MigrationInterface {
  name = 'Transcripts1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const datetime = { type: 'datetime', precision: isMysql ? 6 : undefined };
    await queryRunner.createTable(
      new Table({
        name: 'video_transcript',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'videoId', type: 'varchar', length: '32' },
          { name: 'source', type: 'varchar', length: '16' },
          { name: 'language', type: 'varchar', length: '35' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'name', type: 'varchar', length: '255', isNullable: true },
          { name: 'youtubeTrackId', type: 'varchar', length: '64', isNullable: true },
          { name: 'trackUpdatedAt', ...datetime, isNullable: true },
          { name: 'cueCount', type: 'integer', default: 0 },
          { name: 'storedAt', ...datetime },
        ],
        indices: [
          {
            name: 'uq_video_transcript_track',
            columnNames: ['videoId', 'source', 'language', 'kind'],
            isUnique: true,
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'transcript_cue',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'transcriptId', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'startMs', type: 'integer' },
          { name: 'endMs', type: 'integer' },
          { name: 'text', type: 'text' },
        ],
        indices: [{ name: 'idx_transcript_cue_track', columnNames: ['transcriptId', 'position'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('transcript_cue');
    await queryRunner.dropTable('video_transcript');
  }
}
