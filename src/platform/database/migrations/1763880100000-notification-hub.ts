import { MigrationInterface, QueryRunner } from 'typeorm';

/** Notification hub: accepted notifications, one delivery per channel, and every attempt. */
export class NotificationHub1763880100000 implements MigrationInterface {
  name = 'NotificationHub1763880100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE hub_notification (
        id uuid PRIMARY KEY,
        source_agent text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        priority varchar(10) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        requested_channels jsonb NOT NULL DEFAULT '[]',
        channels jsonb NOT NULL,
        resolution varchar(10) NOT NULL,
        status varchar(10),
        channels_dispatched jsonb,
        idempotency_key varchar(255),
        request_hash varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX idx_hub_notification_created_at ON hub_notification (created_at)`);
    await queryRunner.query(`CREATE INDEX idx_hub_notification_source_agent ON hub_notification (source_agent)`);
    await queryRunner.query(`CREATE INDEX idx_hub_notification_status ON hub_notification (status)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_hub_notification_idempotency_key ON hub_notification (idempotency_key)
       WHERE idempotency_key IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE hub_delivery (
        id serial PRIMARY KEY,
        notification_id uuid NOT NULL REFERENCES hub_notification (id) ON DELETE CASCADE,
        channel varchar(20) NOT NULL,
        state varchar(12) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        claim_token uuid,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_hub_delivery_notification_channel UNIQUE (notification_id, channel)
      )`);
    await queryRunner.query(`CREATE INDEX idx_hub_delivery_notification_id ON hub_delivery (notification_id)`);
    // The retry worker's claim query: due pending deliveries, oldest first.
    await queryRunner.query(
      `CREATE INDEX idx_hub_delivery_due ON hub_delivery (next_attempt_at) WHERE state = 'pending'`,
    );
    await queryRunner.query(`
      CREATE TABLE hub_delivery_attempt (
        id serial PRIMARY KEY,
        delivery_id integer NOT NULL REFERENCES hub_delivery (id) ON DELETE CASCADE,
        number integer NOT NULL,
        outcome varchar(10) NOT NULL,
        transient boolean NOT NULL DEFAULT false,
        status_code integer,
        error text,
        detail text,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX idx_hub_delivery_attempt_delivery_id ON hub_delivery_attempt (delivery_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE hub_delivery_attempt`);
    await queryRunner.query(`DROP TABLE hub_delivery`);
    await queryRunner.query(`DROP TABLE hub_notification`);
  }
}
