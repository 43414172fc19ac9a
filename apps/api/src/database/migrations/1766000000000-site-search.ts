import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * The site search's index (apps/api/src/search, docs/search.md): `search_video` numbers each indexed video and says
 * what its entries were made from; `search_entry` holds the entries (title, chapters, description, transcript
 * passages), each with the text its snippet is cut from. The full-text index differs by database:
 * - SQLite: `search_fts`, a contentless FTS5 table over the entries' terms (`rowid` = the entry's id), with a prefix
 *   index for as-you-type queries; it keeps no copy of the text, nor positions (`detail=none`: no phrase queries).
 * - MySQL/MariaDB: an InnoDB FULLTEXT index on `search_entry.terms`, the terms as words for the default parser.
 * The tables by the Table API; FTS5 by the raw SQL only SQLite reads.
 */
export class SiteSearch1766000000000 implements MigrationInterface {
  name = 'SiteSearch1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
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
          { name: 'text', type: 'text' },
          { name: 'marks', type: 'text', isNullable: true },
          ...(isMysql ? [{ name: 'terms', type: 'mediumtext' }] : []),
        ],
        indices: isMysql ? [{ name: 'ft_search_entry_terms', columnNames: ['terms'], isFulltext: true }] : [],
      }),
    );
    if (!isMysql) {
      await queryRunner.query(
        "CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='', contentless_delete=1, detail=none, " +
          "prefix='3 4', tokenize='unicode61 remove_diacritics 2')",
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') await queryRunner.query('DROP TABLE search_fts');
    await queryRunner.dropTable('search_entry');
    await queryRunner.dropTable('search_video');
  }
}
