import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for every provider kind (indexer, download client, import list, metadata, notification):
 * the five kinds share every column Readarr's ProviderDefinition has; what differs per kind (enable flags,
 * on* triggers, import-list defaults) lives in `options` jsonb, read and written only by that kind's service.
 */
export class Providers1763880600000 implements MigrationInterface {
  name = 'Providers1763880600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE provider_definition (
        id serial PRIMARY KEY,
        kind varchar(20) NOT NULL,
        name varchar(200) NOT NULL,
        implementation varchar(100) NOT NULL,
        config_contract varchar(100) NOT NULL,
        settings jsonb NOT NULL DEFAULT '{}',
        tags integer[] NOT NULL DEFAULT '{}',
        enable boolean NOT NULL DEFAULT false,
        priority integer NOT NULL DEFAULT 0,
        options jsonb NOT NULL DEFAULT '{}',
        added timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_provider_definition_kind_name ON provider_definition (kind, lower(name))`,
    );
    await queryRunner.query(`CREATE INDEX idx_provider_definition_kind_name ON provider_definition (kind, name)`);
    await queryRunner.query(`
      CREATE TABLE provider_status (
        provider_id integer PRIMARY KEY REFERENCES provider_definition (id) ON DELETE CASCADE,
        initial_failure timestamptz,
        most_recent_failure timestamptz,
        escalation_level integer NOT NULL DEFAULT 0,
        disabled_till timestamptz,
        last_error text
      )`);
    await queryRunner.query(`CREATE INDEX idx_provider_status_disabled_till ON provider_status (disabled_till)`);
    await queryRunner.query(`
      CREATE TABLE remote_path_mapping (
        id serial PRIMARY KEY,
        host varchar(500) NOT NULL,
        remote_path text NOT NULL,
        local_path text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX idx_remote_path_mapping_host ON remote_path_mapping (lower(host))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE remote_path_mapping`);
    await queryRunner.query(`DROP TABLE provider_status`);
    await queryRunner.query(`DROP TABLE provider_definition`);
  }
}
