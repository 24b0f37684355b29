import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whole-library answers (GET /author, GET /book) are built from. */
const LIBRARY_TABLES = ['author', 'author_metadata', 'book', 'edition', 'series', 'series_book_link', 'root_folder'];

/**
 * A library version that every process reads consistently with its own snapshot, so whole-library answers
 * can be served from a cache. Each statement that writes a library table appends a row of weight 1 to
 * `library_change`, in the writer's transaction; the version is the sum of the visible weights.
 *
 * Why a sum and not a sequence: a sequence number is taken before commit, so a later reader can see number
 * n while the transaction that took n−1 is still open, and would cache an answer without it. Visible rows,
 * in contrast, only grow (what one snapshot sees, every later one sees), every weight is positive, so two
 * snapshots with the same sum saw the same library writes. Folding the rows into one (same total, one
 * statement) keeps the table small without changing any reader's sum. Writers only insert: no shared row,
 * no lock waits, no deadlocks.
 */
export class LibraryVersion1763881300000 implements MigrationInterface {
  name = 'LibraryVersion1763881300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE library_change (id bigserial PRIMARY KEY, weight bigint NOT NULL DEFAULT 1 CHECK (weight > 0))`);
    await queryRunner.query(`
      CREATE FUNCTION library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO library_change DEFAULT VALUES;
        RETURN NULL;
      END $$`);
    for (const table of LIBRARY_TABLES) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_library_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION library_changed()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of LIBRARY_TABLES) await queryRunner.query(`DROP TRIGGER ${table}_library_changed ON ${table}`);
    await queryRunner.query(`DROP FUNCTION library_changed()`);
    await queryRunner.query(`DROP TABLE library_change`);
  }
}
