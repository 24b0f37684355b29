import { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed per-book deltas of the files a statement added (`book_file_new`) or removed (`book_file_old`). */
const DELTAS = {
  INSERT: `SELECT edition_id, 1 AS n, size FROM book_file_new`,
  DELETE: `SELECT edition_id, -1 AS n, -size AS size FROM book_file_old`,
  UPDATE: `SELECT edition_id, 1 AS n, size FROM book_file_new
           UNION ALL SELECT edition_id, -1 AS n, -size AS size FROM book_file_old`,
};

function applyDeltas(rows: string): string {
  return `
    PERFORM 1 FROM book WHERE id IN (
      SELECT e.book_id FROM (${rows}) d JOIN edition e ON e.id = d.edition_id) ORDER BY id FOR NO KEY UPDATE;
    UPDATE book b SET file_count = b.file_count + s.n, file_size = b.file_size + s.size
    FROM (SELECT e.book_id, sum(d.n)::int AS n, sum(d.size)::bigint AS size
          FROM (${rows}) d JOIN edition e ON e.id = d.edition_id
          GROUP BY e.book_id HAVING sum(d.n) <> 0 OR sum(d.size) <> 0) s
    WHERE b.id = s.book_id;`;
}

/**
 * The per-book file totals of migration 1763881050000, kept per statement instead of per row: inserting 50,000
 * files (a Readarr migration, a large import) ran one `UPDATE book` per file, and each of those fired the
 * statement triggers on book (author counts, library version) again — three statements per file. Now a
 * statement on book_file makes one `UPDATE book` for all the books it touched (their rows locked in id order,
 * so two writers cannot deadlock on them). An update that changes no edition or size finds no delta and
 * writes nothing (a statement-level trigger cannot be limited to columns when it has transition tables).
 */
export class BookFileCountersPerStatement1763882500000 implements MigrationInterface {
  name = 'BookFileCountersPerStatement1763882500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER book_file_counter ON book_file`);
    await queryRunner.query(`
      CREATE FUNCTION book_file_counter_statement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${applyDeltas(DELTAS.INSERT)}
        ELSIF TG_OP = 'DELETE' THEN ${applyDeltas(DELTAS.DELETE)}
        ELSE ${applyDeltas(DELTAS.UPDATE)}
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter_insert AFTER INSERT ON book_file
        REFERENCING NEW TABLE AS book_file_new FOR EACH STATEMENT EXECUTE FUNCTION book_file_counter_statement()`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter_delete AFTER DELETE ON book_file
        REFERENCING OLD TABLE AS book_file_old FOR EACH STATEMENT EXECUTE FUNCTION book_file_counter_statement()`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter_update AFTER UPDATE ON book_file
        REFERENCING OLD TABLE AS book_file_old NEW TABLE AS book_file_new
        FOR EACH STATEMENT EXECUTE FUNCTION book_file_counter_statement()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER book_file_counter_update ON book_file`);
    await queryRunner.query(`DROP TRIGGER book_file_counter_delete ON book_file`);
    await queryRunner.query(`DROP TRIGGER book_file_counter_insert ON book_file`);
    await queryRunner.query(`DROP FUNCTION book_file_counter_statement()`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter AFTER INSERT OR DELETE OR UPDATE OF edition_id, size ON book_file
        FOR EACH ROW EXECUTE FUNCTION book_file_counter_row()`);
  }
}
