import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * The site search's index (apps/api/src/search, docs/search.md).
 * - `search_video`: a row per indexed video: its number, what its entries were made from, and what the ranking and the
 *   public lists need of it (its date, whether it is a Short), so a search is ranked without reading the videos.
 * - `search_entry`: its title, chapters, description and transcript passages (a passage's track and cue positions:
 *   its text is the cues', never copied), and their terms, where the moments of a page of results are looked for
 *   (with LIKE, within the rows of those videos).
 * - The videos' documents (every term of a video, and those of its title, chapters and description marked as such):
 *   on SQLite `search_fts`, a contentless FTS5 table (`rowid` = the video's number; no copy of the terms, no
 *   positions: `detail=none`) with prefix indexes (a mark and 1 to 4 characters) for as-you-type queries; on MySQL
 *   `search_posting`, posting lists by term and chunk of video numbers (search/posting-list.ts).
 * The tables by the Table API; FTS5 by the raw SQL only SQLite reads.
 */
export class SiteSearch1766000000000 implements MigrationInterface {
  name = 'SiteSearch1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    // The terms are normalized already: compared byte for byte, as SQLite does (the site's unicode_ci collation would
    // also take hiragana for katakana, and `é` for `e`).
    const exact = isMysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'search_video',
        columns: [
          {
            name: 'videoNo',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'videoId', type: 'varchar', length: '32' },
          { name: 'source', type: 'varchar', length: '64' },
          { name: 'transcripts', type: 'varchar', length: '64' },
          { name: 'publishedAt', type: 'datetime', precision: isMysql ? 6 : undefined },
          { name: 'short', type: 'boolean', default: false },
        ],
        indices: [{ name: 'uq_search_video_video', columnNames: ['videoId'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'search_entry',
        columns: [
          // SQLite: INTEGER PRIMARY KEY is the rowid itself (no second index); MySQL needs 64 bits.
          { name: 'id', type: isMysql ? 'bigint' : 'integer', isPrimary: true },
          { name: 'track', type: 'integer', isNullable: true },
          { name: 'firstCue', type: 'integer', isNullable: true },
          { name: 'lastCue', type: 'integer', isNullable: true },
          { name: 'terms', type: isMysql ? 'mediumtext' : 'text', ...exact },
        ],
      }),
    );
    if (isMysql) {
      await queryRunner.createTable(
        new Table({
          name: 'search_posting',
          columns: [
            { name: 'term', type: 'varchar', length: '48', isPrimary: true, ...exact },
            { name: 'chunk', type: 'integer', isPrimary: true },
            { name: 'postings', type: 'blob' },
          ],
        }),
      );
    } else {
      await queryRunner.query(
        "CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='', contentless_delete=1, detail=none, " +
          "prefix='3 4 5 6', tokenize='unicode61 remove_diacritics 2')",
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') await queryRunner.dropTable('search_posting');
    else await queryRunner.query('DROP TABLE search_fts');
    await queryRunner.dropTable('search_entry');
    await queryRunner.dropTable('search_video');
  }
}
