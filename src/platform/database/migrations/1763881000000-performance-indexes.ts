import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes and an exact row counter for the large-library paths:
 * - edition (book_id, id): index-only probes/hash builds for "has this book a file" (wanted/missing, cutoff).
 * - book (release_date) INCLUDE (id, author_id) WHERE monitored: wanted/missing page walk and count.
 * - history (date, id): the default history sort (date, id) as one index walk.
 * - history_event_count: rows of history per event type, kept exact by statement-level triggers, so a
 *   history page does not count 500,000 rows (Readarr's totalRecords stays exact).
 */
export class PerformanceIndexes1763881000000 implements MigrationInterface {
  name = 'PerformanceIndexes1763881000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX idx_edition_book_id_id ON edition (book_id, id)`);
    await queryRunner.query(
      `CREATE INDEX idx_book_monitored_release_date ON book (release_date) INCLUDE (id, author_id) WHERE monitored`,
    );
    await queryRunner.query(`CREATE INDEX idx_history_date_id ON history (date, id)`);

    await queryRunner.query(`
      CREATE TABLE history_event_count (
        event_type smallint PRIMARY KEY,
        count bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE FUNCTION history_event_count_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO history_event_count (event_type, count)
          SELECT event_type, count(*) FROM history_inserted GROUP BY event_type ORDER BY event_type
        ON CONFLICT (event_type) DO UPDATE SET count = history_event_count.count + excluded.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION history_event_count_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE history_event_count c SET count = c.count - d.n
          FROM (SELECT event_type, count(*) AS n FROM history_deleted GROUP BY event_type) d
          WHERE c.event_type = d.event_type;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION history_event_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE history_event_count c SET count = c.count - d.n
          FROM (SELECT event_type, count(*) AS n FROM history_deleted GROUP BY event_type) d
          WHERE c.event_type = d.event_type;
        INSERT INTO history_event_count (event_type, count)
          SELECT event_type, count(*) FROM history_inserted GROUP BY event_type ORDER BY event_type
        ON CONFLICT (event_type) DO UPDATE SET count = history_event_count.count + excluded.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION history_event_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM history_event_count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER history_event_count_insert AFTER INSERT ON history
        REFERENCING NEW TABLE AS history_inserted FOR EACH STATEMENT EXECUTE FUNCTION history_event_count_add()`);
    await queryRunner.query(`
      CREATE TRIGGER history_event_count_delete AFTER DELETE ON history
        REFERENCING OLD TABLE AS history_deleted FOR EACH STATEMENT EXECUTE FUNCTION history_event_count_remove()`);
    await queryRunner.query(`
      CREATE TRIGGER history_event_count_update AFTER UPDATE ON history
        REFERENCING OLD TABLE AS history_deleted NEW TABLE AS history_inserted
        FOR EACH STATEMENT EXECUTE FUNCTION history_event_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER history_event_count_truncate AFTER TRUNCATE ON history
        FOR EACH STATEMENT EXECUTE FUNCTION history_event_count_reset()`);
    await queryRunner.query(
      `INSERT INTO history_event_count (event_type, count) SELECT event_type, count(*) FROM history GROUP BY event_type`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER history_event_count_truncate ON history`);
    await queryRunner.query(`DROP TRIGGER history_event_count_update ON history`);
    await queryRunner.query(`DROP TRIGGER history_event_count_delete ON history`);
    await queryRunner.query(`DROP TRIGGER history_event_count_insert ON history`);
    await queryRunner.query(`DROP FUNCTION history_event_count_reset()`);
    await queryRunner.query(`DROP FUNCTION history_event_count_change()`);
    await queryRunner.query(`DROP FUNCTION history_event_count_remove()`);
    await queryRunner.query(`DROP FUNCTION history_event_count_add()`);
    await queryRunner.query(`DROP TABLE history_event_count`);
    await queryRunner.query(`DROP INDEX idx_history_date_id`);
    await queryRunner.query(`DROP INDEX idx_book_monitored_release_date`);
    await queryRunner.query(`DROP INDEX idx_edition_book_id_id`);
  }
}
