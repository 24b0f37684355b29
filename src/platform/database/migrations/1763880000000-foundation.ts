import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763880000000 implements MigrationInterface {
  name = 'Foundation1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE config (
        key varchar(100) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE config`);
  }
}
