import { MigrationInterface, QueryRunner } from 'typeorm';

export class Commands1763880200000 implements MigrationInterface {
  name = 'Commands1763880200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE command_worker (
        id uuid PRIMARY KEY,
        hostname varchar(255) NOT NULL,
        pid integer NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX idx_command_worker_last_seen ON command_worker (last_seen)`);
    await queryRunner.query(`
      CREATE TABLE command (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        body jsonb NOT NULL,
        dedup_key text NOT NULL,
        priority smallint NOT NULL DEFAULT 0,
        status varchar(20) NOT NULL DEFAULT 'queued',
        result varchar(20) NOT NULL DEFAULT 'unknown',
        trigger varchar(20) NOT NULL DEFAULT 'unspecified',
        message text,
        exception text,
        client_user_agent varchar(500),
        exclusive boolean NOT NULL DEFAULT false,
        type_exclusive boolean NOT NULL DEFAULT false,
        disk_access boolean NOT NULL DEFAULT false,
        long_running boolean NOT NULL DEFAULT false,
        queued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        started_at timestamptz,
        ended_at timestamptz,
        worker_id uuid
      )`);
    // At most one pending (queued or started) command per name and body: dedup holds across processes.
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_command_pending ON command (name, dedup_key) WHERE status IN ('queued', 'started')`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_command_queue ON command (priority DESC, queued_at, id) WHERE status = 'queued'`,
    );
    await queryRunner.query(`CREATE INDEX idx_command_started ON command (worker_id) WHERE status = 'started'`);
    await queryRunner.query(`CREATE INDEX idx_command_status ON command (status)`);
    await queryRunner.query(`CREATE INDEX idx_command_ended_at ON command (ended_at)`);
    await queryRunner.query(`
      CREATE TABLE scheduled_task (
        id serial PRIMARY KEY,
        task_name varchar(100) NOT NULL UNIQUE,
        interval_minutes integer NOT NULL,
        priority smallint NOT NULL DEFAULT 0,
        last_execution timestamptz,
        last_start_time timestamptz,
        last_duration_ms integer,
        last_queued_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE scheduled_task`);
    await queryRunner.query(`DROP TABLE command`);
    await queryRunner.query(`DROP TABLE command_worker`);
  }
}
