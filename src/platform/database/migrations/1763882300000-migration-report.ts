import { MigrationInterface, QueryRunner } from 'typeorm';

/** The reports of `MigrateFromReadarr` commands, read by `GET /api/v1/migration/{commandId}`. */
export class MigrationReport1763882300000 implements MigrationInterface {
  name = 'MigrationReport1763882300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE migration_report (
        command_id integer PRIMARY KEY,
        dry_run boolean NOT NULL,
        report jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE migration_report`);
  }
}
