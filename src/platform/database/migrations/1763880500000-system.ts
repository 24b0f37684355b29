import { MigrationInterface, QueryRunner } from 'typeorm';

/** The application log table behind `GET /api/v1/log` (lines at info and above). */
export class System1763880500000 implements MigrationInterface {
  name = 'System1763880500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE log (
        id serial PRIMARY KEY,
        time timestamptz NOT NULL,
        level varchar(10) NOT NULL,
        logger varchar(200) NOT NULL,
        message text NOT NULL,
        exception text,
        exception_type varchar(200),
        method varchar(200)
      )`);
    await queryRunner.query(`CREATE INDEX idx_log_time ON log (time)`);
    await queryRunner.query(`CREATE INDEX idx_log_level ON log (level)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE log`);
  }
}
