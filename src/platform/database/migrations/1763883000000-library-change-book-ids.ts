import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which books a library write touched, so the cached `GET /book` answer is patched for those books instead of
 * rebuilt. Each `library_change` row (migration 1763881300000) now also carries `book_ids`: the ids of
 * the books whose wire form the statement may have changed, found from the statement's transition tables; `{}`
 * when none (an author's path, a root folder); NULL when unknown or too many to list (TRUNCATE, a bulk import,
 * a restore's own row, a fold past the cap), which means "rebuild". NULL is the column's default, so a writer
 * this migration does not know about is safe.
 *
 * What a book's wire form reads, and so which rows name which books:
 *   book → its id; edition, series_book_link → book_id; series → the books linked to it;
 *   author_metadata → the books of the authors it describes; author → its books.
 */
const BOOKS_OF: Record<string, string> = {
  book: 'SELECT id FROM $rows',
  edition: 'SELECT book_id FROM $rows',
  series_book_link: 'SELECT book_id FROM $rows',
  series: 'SELECT l.book_id FROM series_book_link l WHERE l.series_id IN (SELECT id FROM $rows)',
  author: 'SELECT b.id FROM book b WHERE b.author_id IN (SELECT id FROM $rows)',
  author_metadata:
    'SELECT b.id FROM book b JOIN author a ON a.id = b.author_id WHERE a.author_metadata_id IN (SELECT id FROM $rows)',
};

/** More books than this in one statement are recorded as "unknown" (rebuild): patching them would cost as much. */
const MAX_LISTED_BOOKS = 5_000;

export class LibraryChangeBookIds1763883000000 implements MigrationInterface {
  name = 'LibraryChangeBookIds1763883000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE library_change ADD COLUMN book_ids int[]`);
    // The query in TG_ARGV[0] names its transition table `$rows`; an UPDATE reads the old and the new rows.
    await queryRunner.query(`
      CREATE FUNCTION library_changed_books() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        touched text;
        ids int[];
      BEGIN
        touched := CASE TG_OP
          WHEN 'INSERT' THEN replace(TG_ARGV[0], '$rows', 'new_rows')
          WHEN 'DELETE' THEN replace(TG_ARGV[0], '$rows', 'old_rows')
          ELSE replace(TG_ARGV[0], '$rows', 'new_rows') || ' UNION ' || replace(TG_ARGV[0], '$rows', 'old_rows')
        END;
        EXECUTE 'SELECT CASE WHEN count(*) > ${MAX_LISTED_BOOKS} THEN NULL
                             ELSE coalesce(array_agg(id ORDER BY id), ''{}'') END
                 FROM (' || touched || ') touched(id) WHERE id IS NOT NULL' INTO ids;
        INSERT INTO library_change (book_ids) VALUES (ids);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION library_changed_no_books() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO library_change (book_ids) VALUES ('{}');
        RETURN NULL;
      END $$`);
    for (const [table, query] of Object.entries(BOOKS_OF)) {
      await queryRunner.query(`DROP TRIGGER ${table}_library_changed ON ${table}`);
      const argument = `'${query.replace(/'/g, "''")}'`;
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed_books(${argument})`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed_update AFTER UPDATE ON ${table}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed_books(${argument})`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed_books(${argument})`);
      // TRUNCATE has no transition table: the old function's row, book_ids NULL ("rebuild").
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed_truncate AFTER TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed()`);
    }
    await queryRunner.query(`DROP TRIGGER root_folder_library_changed ON root_folder`);
    await queryRunner.query(`
      CREATE TRIGGER root_folder_library_changed AFTER INSERT OR UPDATE OR DELETE ON root_folder
        FOR EACH STATEMENT EXECUTE FUNCTION library_changed_no_books()`);
    await queryRunner.query(`
      CREATE TRIGGER root_folder_library_changed_truncate AFTER TRUNCATE ON root_folder
        FOR EACH STATEMENT EXECUTE FUNCTION library_changed_no_books()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER root_folder_library_changed_truncate ON root_folder`);
    await queryRunner.query(`DROP TRIGGER root_folder_library_changed ON root_folder`);
    const tables = [...Object.keys(BOOKS_OF), 'root_folder'];
    for (const table of Object.keys(BOOKS_OF)) {
      for (const event of ['insert', 'update', 'delete', 'truncate'])
        await queryRunner.query(`DROP TRIGGER ${table}_library_changed_${event} ON ${table}`);
    }
    for (const table of tables) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed()`);
    }
    await queryRunner.query(`DROP FUNCTION library_changed_no_books()`);
    await queryRunner.query(`DROP FUNCTION library_changed_books()`);
    await queryRunner.query(`ALTER TABLE library_change DROP COLUMN book_ids`);
  }
}
