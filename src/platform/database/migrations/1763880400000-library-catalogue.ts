import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue: authors (+ their metadata), books, editions, book files, series.
 * Books hang off the author row (author_id) as well as its metadata; exactly one edition per book is
 * monitored (partial unique index), so the book list joins its edition 1:1.
 * Book files reach their book and author through the edition; edition_id NULL = unmapped file.
 */
export class LibraryCatalogue1763880400000 implements MigrationInterface {
  name = 'LibraryCatalogue1763880400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE author_metadata (
        id serial PRIMARY KEY,
        foreign_author_id varchar(100) NOT NULL,
        title_slug varchar(200),
        name text NOT NULL,
        sort_name text NOT NULL,
        name_last_first text,
        sort_name_last_first text,
        aliases text[] NOT NULL DEFAULT '{}',
        overview text,
        disambiguation text,
        gender text,
        hometown text,
        born timestamptz,
        died timestamptz,
        status varchar(20) NOT NULL DEFAULT 'continuing',
        images jsonb NOT NULL DEFAULT '[]',
        links jsonb NOT NULL DEFAULT '[]',
        genres text[] NOT NULL DEFAULT '{}',
        ratings jsonb NOT NULL DEFAULT '{"votes":0,"value":0,"popularity":0}',
        CONSTRAINT uq_author_metadata_foreign_author_id UNIQUE (foreign_author_id)
      )`);
    await queryRunner.query(`CREATE INDEX idx_author_metadata_sort_name ON author_metadata (sort_name)`);
    await queryRunner.query(
      `CREATE INDEX idx_author_metadata_sort_name_last_first ON author_metadata (sort_name_last_first)`,
    );
    await queryRunner.query(`CREATE INDEX idx_author_metadata_name ON author_metadata (name)`);

    await queryRunner.query(`
      CREATE TABLE author (
        id serial PRIMARY KEY,
        author_metadata_id integer NOT NULL REFERENCES author_metadata(id) ON DELETE CASCADE,
        clean_name text NOT NULL,
        monitored boolean NOT NULL DEFAULT true,
        monitor_new_items varchar(10) NOT NULL DEFAULT 'all',
        path text NOT NULL,
        root_folder_path text,
        quality_profile_id integer NOT NULL REFERENCES quality_profile(id),
        metadata_profile_id integer NOT NULL REFERENCES metadata_profile(id),
        tags integer[] NOT NULL DEFAULT '{}',
        added timestamptz NOT NULL DEFAULT now(),
        last_info_sync timestamptz,
        add_options jsonb,
        CONSTRAINT uq_author_author_metadata_id UNIQUE (author_metadata_id),
        CONSTRAINT uq_author_path UNIQUE (path)
      )`);
    await queryRunner.query(`CREATE INDEX idx_author_clean_name ON author (clean_name)`);
    await queryRunner.query(`CREATE INDEX idx_author_quality_profile_id ON author (quality_profile_id)`);
    await queryRunner.query(`CREATE INDEX idx_author_metadata_profile_id ON author (metadata_profile_id)`);
    await queryRunner.query(`CREATE INDEX idx_author_added ON author (added)`);
    await queryRunner.query(`CREATE INDEX idx_author_tags ON author USING gin (tags)`);

    await queryRunner.query(`
      CREATE TABLE book (
        id serial PRIMARY KEY,
        author_id integer NOT NULL REFERENCES author(id) ON DELETE CASCADE,
        author_metadata_id integer NOT NULL REFERENCES author_metadata(id) ON DELETE CASCADE,
        foreign_book_id varchar(100) NOT NULL,
        title_slug varchar(200),
        title text NOT NULL,
        clean_title text NOT NULL,
        release_date timestamptz,
        links jsonb NOT NULL DEFAULT '[]',
        genres text[] NOT NULL DEFAULT '{}',
        related_books integer[] NOT NULL DEFAULT '{}',
        ratings jsonb NOT NULL DEFAULT '{"votes":0,"value":0,"popularity":0}',
        monitored boolean NOT NULL DEFAULT true,
        any_edition_ok boolean NOT NULL DEFAULT true,
        last_search_time timestamptz,
        last_info_sync timestamptz,
        added timestamptz NOT NULL DEFAULT now(),
        add_options jsonb,
        CONSTRAINT uq_book_foreign_book_id UNIQUE (foreign_book_id)
      )`);
    await queryRunner.query(`CREATE INDEX idx_book_author_id_release_date ON book (author_id, release_date)`);
    await queryRunner.query(`CREATE INDEX idx_book_author_metadata_id ON book (author_metadata_id)`);
    await queryRunner.query(`CREATE INDEX idx_book_title_slug ON book (title_slug)`);
    await queryRunner.query(`CREATE INDEX idx_book_release_date ON book (release_date)`);
    await queryRunner.query(`CREATE INDEX idx_book_title ON book (title)`);
    await queryRunner.query(`CREATE INDEX idx_book_added ON book (added)`);
    await queryRunner.query(`CREATE INDEX idx_book_last_search_time ON book (last_search_time)`);

    await queryRunner.query(`
      CREATE TABLE edition (
        id serial PRIMARY KEY,
        book_id integer NOT NULL REFERENCES book(id) ON DELETE CASCADE,
        foreign_edition_id varchar(100) NOT NULL,
        title_slug varchar(200),
        isbn13 varchar(20),
        asin varchar(20),
        title text NOT NULL,
        language text,
        overview text,
        format text,
        is_ebook boolean NOT NULL DEFAULT false,
        disambiguation text,
        publisher text,
        page_count integer NOT NULL DEFAULT 0,
        release_date timestamptz,
        images jsonb NOT NULL DEFAULT '[]',
        links jsonb NOT NULL DEFAULT '[]',
        ratings jsonb NOT NULL DEFAULT '{"votes":0,"value":0,"popularity":0}',
        monitored boolean NOT NULL DEFAULT false,
        manual_add boolean NOT NULL DEFAULT false,
        CONSTRAINT uq_edition_foreign_edition_id UNIQUE (foreign_edition_id)
      )`);
    await queryRunner.query(`CREATE INDEX idx_edition_book_id ON edition (book_id)`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_edition_monitored_per_book ON edition (book_id) WHERE monitored`);
    await queryRunner.query(`CREATE INDEX idx_edition_isbn13 ON edition (isbn13)`);
    await queryRunner.query(`CREATE INDEX idx_edition_asin ON edition (asin)`);

    await queryRunner.query(`
      CREATE TABLE book_file (
        id serial PRIMARY KEY,
        edition_id integer REFERENCES edition(id) ON DELETE SET NULL,
        path text NOT NULL,
        size bigint NOT NULL DEFAULT 0,
        modified timestamptz NOT NULL DEFAULT now(),
        date_added timestamptz NOT NULL DEFAULT now(),
        original_file_path text,
        scene_name text,
        release_group text,
        quality_id integer NOT NULL DEFAULT 0,
        quality_revision jsonb NOT NULL DEFAULT '{"version":1,"real":0,"isRepack":false}',
        media_kind varchar(10) NOT NULL DEFAULT 'ebook' CHECK (media_kind IN ('ebook', 'audio')),
        indexer_flags integer NOT NULL DEFAULT 0,
        media_info jsonb,
        calibre_id integer NOT NULL DEFAULT 0,
        part integer NOT NULL DEFAULT 1,
        part_count integer NOT NULL DEFAULT 1,
        CONSTRAINT uq_book_file_path UNIQUE (path)
      )`);
    await queryRunner.query(`CREATE INDEX idx_book_file_edition_id ON book_file (edition_id)`);
    await queryRunner.query(`CREATE INDEX idx_book_file_unmapped ON book_file (id) WHERE edition_id IS NULL`);
    await queryRunner.query(`CREATE INDEX idx_book_file_date_added ON book_file (date_added)`);
    await queryRunner.query(`CREATE INDEX idx_book_file_quality_id ON book_file (quality_id)`);

    await queryRunner.query(`
      CREATE TABLE series (
        id serial PRIMARY KEY,
        foreign_series_id varchar(100) NOT NULL,
        title text NOT NULL,
        description text,
        numbered boolean NOT NULL DEFAULT false,
        work_count integer NOT NULL DEFAULT 0,
        primary_work_count integer NOT NULL DEFAULT 0,
        CONSTRAINT uq_series_foreign_series_id UNIQUE (foreign_series_id)
      )`);
    await queryRunner.query(`CREATE INDEX idx_series_title ON series (title)`);
    await queryRunner.query(`
      CREATE TABLE series_book_link (
        id serial PRIMARY KEY,
        series_id integer NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        book_id integer NOT NULL REFERENCES book(id) ON DELETE CASCADE,
        position varchar(50),
        series_position integer NOT NULL DEFAULT 0,
        is_primary boolean NOT NULL DEFAULT false,
        CONSTRAINT uq_series_book_link UNIQUE (series_id, book_id)
      )`);
    await queryRunner.query(`CREATE INDEX idx_series_book_link_book_id ON series_book_link (book_id)`);
    await queryRunner.query(`CREATE INDEX idx_series_book_link_series_position ON series_book_link (series_position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['series_book_link', 'series', 'book_file', 'edition', 'book', 'author', 'author_metadata']) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
