import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Series as real objects: a series can be monitored (its existing books and the books that join it
 * on later refreshes get monitored), and a link's sort position is a number that keeps 2.5 between 2 and 3
 * (NULL = unnumbered, sorted last). Readarr's wire `seriesPosition` stays an integer, derived from it.
 */
export class SeriesMonitoringAndFractionalPositions1763882900000 implements MigrationInterface {
  name = 'SeriesMonitoringAndFractionalPositions1763882900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE series ADD COLUMN monitored boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      ALTER TABLE series_book_link
        ALTER COLUMN series_position DROP DEFAULT,
        ALTER COLUMN series_position DROP NOT NULL,
        ALTER COLUMN series_position TYPE double precision`);
    await queryRunner.query(`CREATE INDEX idx_series_monitored ON series (id) WHERE monitored`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_series_monitored`);
    await queryRunner.query(`
      ALTER TABLE series_book_link
        ALTER COLUMN series_position TYPE integer USING coalesce(floor(series_position), 0)::integer,
        ALTER COLUMN series_position SET NOT NULL,
        ALTER COLUMN series_position SET DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE series DROP COLUMN monitored`);
  }
}
