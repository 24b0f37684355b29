import { MigrationInterface, QueryRunner } from 'typeorm';

/** A book that wanted/missing counts once its release date has passed (its author's monitoring aside). */
const MISSING_CANDIDATE = 'monitored AND file_count = 0 AND release_date IS NOT NULL';

/**
 * Per-author counts of missing-candidate books for wanted/missing's totalRecords (issue 11): counting
 * 50,000 index entries per request took 10–40 ms. Statement-level triggers on `book` append signed deltas
 * (one row per author a statement changed), so writers never update a shared row — no lock waits and no
 * deadlocks between transactions touching books of one author. Readers take the whole sum, less the few
 * unmonitored authors' deltas and the candidates whose release date is still ahead; Housekeeping (and a
 * reader finding many rows) folds the deltas back to one row per author.
 */
export class MissingBookCounts1763881200000 implements MigrationInterface {
  name = 'MissingBookCounts1763881200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE missing_book_count (author_id integer NOT NULL, delta integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX idx_missing_book_count_author ON missing_book_count (author_id)`);
    // The few unmonitored authors, whose deltas a reader subtracts from the whole sum.
    await queryRunner.query(`CREATE INDEX idx_author_unmonitored ON author (id) WHERE NOT monitored`);
    await queryRunner.query(`
      CREATE FUNCTION missing_book_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO missing_book_count (author_id, delta)
            SELECT author_id, count(*) FROM book_new WHERE ${MISSING_CANDIDATE} GROUP BY author_id;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO missing_book_count (author_id, delta)
            SELECT author_id, -count(*) FROM book_old WHERE ${MISSING_CANDIDATE} GROUP BY author_id;
        ELSE
          INSERT INTO missing_book_count (author_id, delta)
            SELECT author_id, sum(delta) FROM (
              SELECT author_id, 1 AS delta FROM book_new WHERE ${MISSING_CANDIDATE}
              UNION ALL
              SELECT author_id, -1 FROM book_old WHERE ${MISSING_CANDIDATE}) changed
            GROUP BY author_id HAVING sum(delta) <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION missing_book_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM missing_book_count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER missing_book_count_insert AFTER INSERT ON book
        REFERENCING NEW TABLE AS book_new FOR EACH STATEMENT EXECUTE FUNCTION missing_book_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER missing_book_count_delete AFTER DELETE ON book
        REFERENCING OLD TABLE AS book_old FOR EACH STATEMENT EXECUTE FUNCTION missing_book_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER missing_book_count_update AFTER UPDATE ON book
        REFERENCING OLD TABLE AS book_old NEW TABLE AS book_new
        FOR EACH STATEMENT EXECUTE FUNCTION missing_book_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER missing_book_count_truncate AFTER TRUNCATE ON book
        FOR EACH STATEMENT EXECUTE FUNCTION missing_book_count_reset()`);
    await queryRunner.query(
      `INSERT INTO missing_book_count (author_id, delta)
         SELECT author_id, count(*) FROM book WHERE ${MISSING_CANDIDATE} GROUP BY author_id`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER missing_book_count_truncate ON book`);
    await queryRunner.query(`DROP TRIGGER missing_book_count_update ON book`);
    await queryRunner.query(`DROP TRIGGER missing_book_count_delete ON book`);
    await queryRunner.query(`DROP TRIGGER missing_book_count_insert ON book`);
    await queryRunner.query(`DROP FUNCTION missing_book_count_reset()`);
    await queryRunner.query(`DROP FUNCTION missing_book_count_change()`);
    await queryRunner.query(`DROP INDEX idx_author_unmonitored`);
    await queryRunner.query(`DROP TABLE missing_book_count`);
  }
}
