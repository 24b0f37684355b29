import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search, decide, grab, track: history, blocklist, release profiles, tracked downloads and pending
 * (delayed) releases. Tracked downloads and pending releases share one id sequence so a queue item id
 * names exactly one of them (`DELETE /queue/{id}`, `POST /queue/grab/{id}`).
 */
export class SearchAndQueue1763880800000 implements MigrationInterface {
  name = 'SearchAndQueue1763880800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE history (
        id serial PRIMARY KEY,
        book_id integer REFERENCES book (id) ON DELETE CASCADE,
        author_id integer NOT NULL REFERENCES author (id) ON DELETE CASCADE,
        source_title text NOT NULL DEFAULT '',
        quality jsonb NOT NULL,
        custom_format_ids integer[] NOT NULL DEFAULT '{}',
        custom_format_score integer NOT NULL DEFAULT 0,
        date timestamptz NOT NULL DEFAULT now(),
        download_id varchar(200),
        event_type smallint NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query(`CREATE INDEX idx_history_date ON history (date)`);
    await queryRunner.query(`CREATE INDEX idx_history_book_id ON history (book_id)`);
    await queryRunner.query(`CREATE INDEX idx_history_author_id ON history (author_id)`);
    await queryRunner.query(`CREATE INDEX idx_history_download_id ON history (download_id)`);
    await queryRunner.query(`CREATE INDEX idx_history_event_type_date ON history (event_type, date)`);

    await queryRunner.query(`
      CREATE TABLE blocklist (
        id serial PRIMARY KEY,
        author_id integer NOT NULL REFERENCES author (id) ON DELETE CASCADE,
        book_ids integer[] NOT NULL DEFAULT '{}',
        source_title text NOT NULL,
        quality jsonb NOT NULL,
        custom_format_ids integer[] NOT NULL DEFAULT '{}',
        date timestamptz NOT NULL DEFAULT now(),
        published_date timestamptz,
        size bigint,
        protocol varchar(20) NOT NULL DEFAULT 'unknown',
        indexer varchar(200),
        indexer_flags integer NOT NULL DEFAULT 0,
        message text,
        torrent_info_hash varchar(100),
        download_id varchar(200)
      )`);
    await queryRunner.query(`CREATE INDEX idx_blocklist_author_id ON blocklist (author_id)`);
    await queryRunner.query(`CREATE INDEX idx_blocklist_date ON blocklist (date)`);
    await queryRunner.query(`CREATE INDEX idx_blocklist_source_title ON blocklist (source_title)`);
    await queryRunner.query(`CREATE INDEX idx_blocklist_indexer ON blocklist (indexer)`);

    await queryRunner.query(`
      CREATE TABLE release_profile (
        id serial PRIMARY KEY,
        enabled boolean NOT NULL DEFAULT true,
        required text[] NOT NULL DEFAULT '{}',
        ignored text[] NOT NULL DEFAULT '{}',
        indexer_id integer NOT NULL DEFAULT 0,
        tags integer[] NOT NULL DEFAULT '{}'
      )`);

    await queryRunner.query(`CREATE SEQUENCE queue_item_id_seq`);
    await queryRunner.query(`
      CREATE TABLE tracked_download (
        id integer PRIMARY KEY DEFAULT nextval('queue_item_id_seq'),
        download_client_id integer NOT NULL REFERENCES provider_definition (id) ON DELETE CASCADE,
        download_id varchar(200) NOT NULL,
        author_id integer REFERENCES author (id) ON DELETE SET NULL,
        book_ids integer[] NOT NULL DEFAULT '{}',
        title text NOT NULL,
        indexer varchar(200),
        protocol varchar(20) NOT NULL DEFAULT 'unknown',
        quality jsonb NOT NULL,
        custom_format_ids integer[] NOT NULL DEFAULT '{}',
        custom_format_score integer NOT NULL DEFAULT 0,
        release jsonb,
        state varchar(30) NOT NULL DEFAULT 'downloading',
        status varchar(20) NOT NULL DEFAULT 'ok',
        status_messages jsonb NOT NULL DEFAULT '[]',
        client_status varchar(30) NOT NULL DEFAULT 'queued',
        size bigint NOT NULL DEFAULT 0,
        size_left bigint NOT NULL DEFAULT 0,
        time_left integer,
        output_path text,
        error_message text,
        download_forced boolean NOT NULL DEFAULT false,
        added timestamptz NOT NULL DEFAULT now(),
        updated timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_tracked_download_client_download ON tracked_download (download_client_id, upper(download_id))`,
    );
    await queryRunner.query(`CREATE INDEX idx_tracked_download_author_id ON tracked_download (author_id)`);
    await queryRunner.query(`CREATE INDEX idx_tracked_download_state ON tracked_download (state)`);
    await queryRunner.query(`CREATE INDEX idx_tracked_download_book_ids ON tracked_download USING gin (book_ids)`);

    await queryRunner.query(`
      CREATE TABLE pending_release (
        id integer PRIMARY KEY DEFAULT nextval('queue_item_id_seq'),
        author_id integer NOT NULL REFERENCES author (id) ON DELETE CASCADE,
        book_ids integer[] NOT NULL DEFAULT '{}',
        title text NOT NULL,
        release jsonb NOT NULL,
        quality jsonb NOT NULL,
        custom_format_ids integer[] NOT NULL DEFAULT '{}',
        custom_format_score integer NOT NULL DEFAULT 0,
        reason varchar(40) NOT NULL DEFAULT 'delay',
        release_at timestamptz NOT NULL,
        added timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX idx_pending_release_author_id ON pending_release (author_id)`);
    await queryRunner.query(`CREATE INDEX idx_pending_release_release_at ON pending_release (release_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE pending_release`);
    await queryRunner.query(`DROP TABLE tracked_download`);
    await queryRunner.query(`DROP SEQUENCE queue_item_id_seq`);
    await queryRunner.query(`DROP TABLE release_profile`);
    await queryRunner.query(`DROP TABLE blocklist`);
    await queryRunner.query(`DROP TABLE history`);
  }
}
