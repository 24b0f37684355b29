import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports of `RematchLibrary` commands: after a change of metadata source, which authors and books
 * were matched to the new source's ids, how, and which kept their old ids. Read by
 * `GET /api/v1/migration/rematch/{commandId}`.
 */
export class MetadataRematchReport1763882700000 implements MigrationInterface {
  name = 'MetadataRematchReport1763882700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE metadata_rematch_report (
        command_id integer PRIMARY KEY,
        report jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE metadata_rematch_report`);
  }
}
