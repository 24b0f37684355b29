import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings-like library tables: quality definitions and profiles, metadata, delay profiles,
 * custom formats and filters, tags, root folders, import-list exclusions. Defaults are seeded at
 * start-up (ProfileSeeder), not here, so an emptied table is seeded again like in Readarr.
 */
export class LibraryProfiles1763880300000 implements MigrationInterface {
  name = 'LibraryProfiles1763880300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE quality_definition (
        id serial PRIMARY KEY,
        quality_id integer NOT NULL,
        title varchar(100) NOT NULL,
        weight integer NOT NULL,
        min_size double precision,
        max_size double precision,
        CONSTRAINT uq_quality_definition_quality_id UNIQUE (quality_id)
      )`);
    await queryRunner.query(`CREATE INDEX ix_quality_definition_weight ON quality_definition (weight)`);

    await queryRunner.query(`
      CREATE TABLE quality_profile (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        upgrade_allowed boolean NOT NULL DEFAULT false,
        cutoff integer NOT NULL,
        items jsonb NOT NULL,
        min_format_score integer NOT NULL DEFAULT 0,
        cutoff_format_score integer NOT NULL DEFAULT 0,
        format_items jsonb NOT NULL DEFAULT '[]'
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_quality_profile_name ON quality_profile (lower(name))`);

    await queryRunner.query(`
      CREATE TABLE metadata_profile (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        min_popularity double precision NOT NULL DEFAULT 0,
        skip_missing_date boolean NOT NULL DEFAULT false,
        skip_missing_isbn boolean NOT NULL DEFAULT false,
        skip_parts_and_sets boolean NOT NULL DEFAULT false,
        skip_series_secondary boolean NOT NULL DEFAULT false,
        allowed_languages text,
        min_pages integer NOT NULL DEFAULT 0,
        ignored text[] NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_metadata_profile_name ON metadata_profile (lower(name))`);

    await queryRunner.query(`
      CREATE TABLE delay_profile (
        id serial PRIMARY KEY,
        enable_usenet boolean NOT NULL DEFAULT true,
        enable_torrent boolean NOT NULL DEFAULT true,
        preferred_protocol varchar(20) NOT NULL DEFAULT 'usenet',
        usenet_delay integer NOT NULL DEFAULT 0,
        torrent_delay integer NOT NULL DEFAULT 0,
        bypass_if_highest_quality boolean NOT NULL DEFAULT false,
        bypass_if_above_custom_format_score boolean NOT NULL DEFAULT false,
        minimum_custom_format_score integer NOT NULL DEFAULT 0,
        "order" integer NOT NULL,
        tags integer[] NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query(`CREATE INDEX ix_delay_profile_order ON delay_profile ("order")`);
    await queryRunner.query(`CREATE INDEX ix_delay_profile_tags ON delay_profile USING gin (tags)`);

    await queryRunner.query(`
      CREATE TABLE custom_format (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        include_custom_format_when_renaming boolean NOT NULL DEFAULT false,
        specifications jsonb NOT NULL DEFAULT '[]'
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_custom_format_name ON custom_format (lower(name))`);

    await queryRunner.query(`
      CREATE TABLE custom_filter (
        id serial PRIMARY KEY,
        type varchar(100) NOT NULL,
        label varchar(200) NOT NULL,
        filters jsonb NOT NULL DEFAULT '[]'
      )`);
    await queryRunner.query(`CREATE INDEX ix_custom_filter_type ON custom_filter (type)`);

    await queryRunner.query(`
      CREATE TABLE tag (
        id serial PRIMARY KEY,
        label varchar(100) NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_tag_label ON tag (lower(label))`);

    await queryRunner.query(`
      CREATE TABLE root_folder (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        path text NOT NULL,
        default_metadata_profile_id integer NOT NULL REFERENCES metadata_profile (id) ON DELETE RESTRICT,
        default_quality_profile_id integer NOT NULL REFERENCES quality_profile (id) ON DELETE RESTRICT,
        default_monitor_option varchar(20) NOT NULL DEFAULT 'all',
        default_new_item_monitor_option varchar(20) NOT NULL DEFAULT 'all',
        default_tags integer[] NOT NULL DEFAULT '{}',
        is_calibre_library boolean NOT NULL DEFAULT false,
        host varchar(255),
        port integer,
        url_base varchar(255),
        username varchar(255),
        password varchar(255),
        library varchar(255),
        output_format varchar(255),
        output_profile varchar(100),
        use_ssl boolean NOT NULL DEFAULT false,
        CONSTRAINT uq_root_folder_path UNIQUE (path)
      )`);
    await queryRunner.query(
      `CREATE INDEX ix_root_folder_default_metadata_profile_id ON root_folder (default_metadata_profile_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX ix_root_folder_default_quality_profile_id ON root_folder (default_quality_profile_id)`,
    );

    await queryRunner.query(`
      CREATE TABLE import_list_exclusion (
        id serial PRIMARY KEY,
        foreign_id varchar(200) NOT NULL,
        author_name varchar(500) NOT NULL DEFAULT '',
        CONSTRAINT uq_import_list_exclusion_foreign_id UNIQUE (foreign_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'import_list_exclusion',
      'root_folder',
      'tag',
      'custom_filter',
      'custom_format',
      'delay_profile',
      'metadata_profile',
      'quality_profile',
      'quality_definition',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
