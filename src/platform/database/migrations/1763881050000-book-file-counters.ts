import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-book file count and size kept on `book` by triggers, so wanted/missing counts and
 * author statistics read one narrow table instead of aggregating book_file ⋈ edition per request.
 * Changes are applied as deltas (concurrent writers serialise on the book row, no lost updates):
 * - book_file insert/delete/update (edition_id, size): ± the file on its edition's book;
 * - edition delete (BEFORE: its files are then unlinked by ON DELETE SET NULL, which finds no edition):
 *   subtract its files from its book; edition moved to another book: move its files' totals;
 * - TRUNCATE book_file: every book back to zero.
 */
export class BookFileCounters1763881050000 implements MigrationInterface {
  name = 'BookFileCounters1763881050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE book ADD COLUMN file_count integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE book ADD COLUMN file_size bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE book b SET file_count = s.n, file_size = s.size
      FROM (SELECT e.book_id, count(*) AS n, sum(f.size) AS size
            FROM book_file f JOIN edition e ON e.id = f.edition_id GROUP BY e.book_id) s
      WHERE b.id = s.book_id`);
    await queryRunner.query(`
      CREATE FUNCTION book_file_counter_apply(p_edition_id integer, p_count integer, p_size bigint) RETURNS void
      LANGUAGE sql AS $$
        UPDATE book SET file_count = file_count + p_count, file_size = file_size + p_size
        WHERE id = (SELECT book_id FROM edition WHERE id = p_edition_id)
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION book_file_counter_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.edition_id IS NOT NULL THEN
          PERFORM book_file_counter_apply(OLD.edition_id, -1, -OLD.size);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.edition_id IS NOT NULL THEN
          PERFORM book_file_counter_apply(NEW.edition_id, 1, NEW.size);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter AFTER INSERT OR DELETE OR UPDATE OF edition_id, size ON book_file
        FOR EACH ROW EXECUTE FUNCTION book_file_counter_row()`);
    await queryRunner.query(`
      CREATE FUNCTION book_file_counter_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE book SET file_count = 0, file_size = 0 WHERE file_count <> 0 OR file_size <> 0;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER book_file_counter_truncate AFTER TRUNCATE ON book_file
        FOR EACH STATEMENT EXECUTE FUNCTION book_file_counter_truncate()`);
    await queryRunner.query(`
      CREATE FUNCTION edition_file_counter() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE n integer; total bigint;
      BEGIN
        SELECT count(*), coalesce(sum(size), 0) INTO n, total FROM book_file WHERE edition_id = OLD.id;
        IF n = 0 THEN RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END; END IF;
        UPDATE book SET file_count = file_count - n, file_size = file_size - total WHERE id = OLD.book_id;
        IF TG_OP = 'UPDATE' THEN
          UPDATE book SET file_count = file_count + n, file_size = file_size + total WHERE id = NEW.book_id;
          RETURN NEW;
        END IF;
        RETURN OLD;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER edition_file_counter_delete BEFORE DELETE ON edition
        FOR EACH ROW EXECUTE FUNCTION edition_file_counter()`);
    await queryRunner.query(`
      CREATE TRIGGER edition_file_counter_move AFTER UPDATE OF book_id ON edition
        FOR EACH ROW WHEN (OLD.book_id IS DISTINCT FROM NEW.book_id) EXECUTE FUNCTION edition_file_counter()`);
    await queryRunner.query(
      `CREATE INDEX idx_book_missing_release_date ON book (release_date) INCLUDE (author_id) WHERE monitored AND file_count = 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_book_missing_release_date`);
    await queryRunner.query(`DROP TRIGGER edition_file_counter_move ON edition`);
    await queryRunner.query(`DROP TRIGGER edition_file_counter_delete ON edition`);
    await queryRunner.query(`DROP FUNCTION edition_file_counter()`);
    await queryRunner.query(`DROP TRIGGER book_file_counter_truncate ON book_file`);
    await queryRunner.query(`DROP FUNCTION book_file_counter_truncate()`);
    await queryRunner.query(`DROP TRIGGER book_file_counter ON book_file`);
    await queryRunner.query(`DROP FUNCTION book_file_counter_row()`);
    await queryRunner.query(`DROP FUNCTION book_file_counter_apply(integer, integer, bigint)`);
    await queryRunner.query(`ALTER TABLE book DROP COLUMN file_size`);
    await queryRunner.query(`ALTER TABLE book DROP COLUMN file_count`);
  }
}
