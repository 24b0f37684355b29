import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The files metadata consumers wrote (Readarr's MetadataFiles): which consumer wrote which file for which book file,
 * with a hash of what it wrote, so a later write can be skipped when nothing changed, the file can follow its book
 * file when that is renamed, and it can be removed when the book file leaves the library. `book_file_id` has no
 * foreign key on purpose: the row must outlive the book_file row long enough for the deletion listener to find it.
 */
export class MetadataFiles1763883470000 implements MigrationInterface {
  name = 'MetadataFiles1763883470000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE metadata_file (
        id serial PRIMARY KEY,
        author_id integer NOT NULL REFERENCES author(id) ON DELETE CASCADE,
        book_id integer,
        book_file_id integer,
        consumer varchar NOT NULL,
        type varchar NOT NULL,
        path text NOT NULL,
        hash varchar NOT NULL,
        added timestamptz NOT NULL DEFAULT now(),
        last_updated timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX idx_metadata_file_author ON metadata_file (author_id)`);
    await queryRunner.query(`CREATE INDEX idx_metadata_file_book_file ON metadata_file (book_file_id)`);
    await queryRunner.query(`CREATE INDEX idx_metadata_file_path ON metadata_file (path)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_metadata_file_consumer ON metadata_file (book_file_id, consumer, type)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE metadata_file`);
  }
}
