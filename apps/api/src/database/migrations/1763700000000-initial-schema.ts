import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

/**
 * Portable schema (SQLite and MySQL): only the Table API, no raw DDL.
 * Long texts (settings with inline images up to 2 MB, session JSON) need MEDIUMTEXT on MySQL.
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    const longText = isMysql ? 'mediumtext' : 'text';
    const now = (name: string): TableColumnOptions => ({
      name,
      type: 'datetime',
      precision: isMysql ? 6 : undefined,
      default: isMysql ? 'CURRENT_TIMESTAMP(6)' : "(datetime('now'))",
    });
    if (isMysql) {
      // Tables take the database's default character set: make it utf8mb4 whatever the server default is.
      await queryRunner.query(
        `ALTER DATABASE \`${queryRunner.connection.driver.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
    }
    const id = (name: string, length: number): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isPrimary: true,
    });

    await queryRunner.createTable(
      new Table({
        name: 'channel',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'youtubeChannelId', type: 'varchar', length: '64', isNullable: true },
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'handle', type: 'varchar', length: '100', isNullable: true },
          { name: 'description', type: 'text', isNullable: true },
          { name: 'thumbnail', type: 'varchar', length: '2048', isNullable: true },
          { name: 'uploadsPlaylistId', type: 'varchar', length: '64', isNullable: true },
          { name: 'subscriberCount', type: 'bigint', default: 0 },
          { name: 'videoCount', type: 'int', default: 0 },
          { name: 'viewCount', type: 'bigint', default: 0 },
          { name: 'isDemo', type: 'boolean', default: false },
          now('updatedAt'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'video',
        columns: [
          id('id', 32),
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'description', type: 'text', isNullable: true },
          { name: 'thumbnail', type: 'varchar', length: '2048', isNullable: true },
          { name: 'duration', type: 'varchar', length: '16' },
          { name: 'durationSeconds', type: 'int', default: 0 },
          { name: 'viewCount', type: 'bigint', default: 0 },
          { name: 'publishedAt', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'featured', type: 'boolean', default: false },
          { name: 'kind', type: 'varchar', length: '16', default: "'video'" },
        ],
        indices: [
          { name: 'idx_video_published_at', columnNames: ['publishedAt'] },
          { name: 'idx_video_view_count', columnNames: ['viewCount'] },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'playlist',
        columns: [
          id('id', 64),
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'thumbnail', type: 'varchar', length: '2048', isNullable: true },
          { name: 'videoCount', type: 'int', default: 0 },
          { name: 'pinned', type: 'boolean', default: false },
          { name: 'position', type: 'int', default: 0 },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'setting',
        columns: [id('key', 64), { name: 'value', type: longText }, now('updatedAt')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'user',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'username', type: 'varchar', length: '64', isUnique: true },
          { name: 'passwordHash', type: 'varchar', length: '255' },
          now('createdAt'),
          now('updatedAt'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'session',
        columns: [
          id('id', 255),
          { name: 'expiredAt', type: 'bigint' },
          { name: 'json', type: longText },
          { name: 'destroyedAt', type: 'datetime', precision: isMysql ? 6 : undefined, isNullable: true },
        ],
        indices: [{ name: 'idx_session_expired_at', columnNames: ['expiredAt'] }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'sync_run',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'startedAt', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'finishedAt', type: 'datetime', precision: isMysql ? 6 : undefined, isNullable: true },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'videos', type: 'int', default: 0 },
          { name: 'playlists', type: 'int', default: 0 },
          { name: 'added', type: 'int', default: 0 },
          { name: 'updated', type: 'int', default: 0 },
          { name: 'removed', type: 'int', default: 0 },
          { name: 'apiUnits', type: 'int', default: 0 },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'notifications', type: 'text', isNullable: true },
        ],
        indices: [{ name: 'idx_sync_run_started_at', columnNames: ['startedAt'] }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'app_lock',
        columns: [
          id('name', 64),
          { name: 'owner', type: 'varchar', length: '64' },
          { name: 'acquiredAt', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'expiresAt', type: 'datetime', precision: isMysql ? 6 : undefined },
        ],
      }),
    );

    // Login throttling counters (rate-limiter-flexible's SQLite/MySQL stores use this table as is).
    await queryRunner.createTable(
      new Table({
        name: 'login_throttle',
        columns: [
          id('key', 255),
          { name: 'points', type: 'int', default: 0 },
          { name: 'expire', type: 'bigint', isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'app_lock',
      'sync_run',
      'session',
      'user',
      'setting',
      'playlist',
      'video',
      'channel',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
