import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification connections (Email, Ntfy, HomeAssistant, Webhook under /api/v1/notification) deliver through the
 * hub's durable dispatcher: a hub_delivery row may name a provider connection (`connection_id`) instead of an
 * environment-configured channel. Only the id is stored; the runner reads the connection's settings at attempt
 * time, so secrets never land in hub rows and a corrected setting applies to the pending retries.
 *
 * A connection may need several deliveries (an ntfy connection with two topics): `connection_part` numbers them,
 * so a retry resends only the part that failed. One notification may have several deliveries of one channel kind,
 * so the unique key (notification_id, channel) holds for hub channels only, and (notification_id, connection_id,
 * connection_part) for connections.
 * No foreign key to provider_definition: the history outlives a deleted connection (its retries then fail).
 */
export class HubConnectionDeliveries1763881100000 implements MigrationInterface {
  name = 'HubConnectionDeliveries1763881100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE hub_delivery ADD COLUMN connection_id integer, ADD COLUMN connection_part smallint`,
    );
    await queryRunner.query(`ALTER TABLE hub_delivery DROP CONSTRAINT uq_hub_delivery_notification_channel`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_hub_delivery_notification_channel ON hub_delivery (notification_id, channel)
       WHERE connection_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_hub_delivery_notification_connection ON hub_delivery (notification_id, connection_id, connection_part)
       WHERE connection_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_hub_delivery_connection_id ON hub_delivery (connection_id) WHERE connection_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM hub_delivery WHERE connection_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX idx_hub_delivery_connection_id`);
    await queryRunner.query(`DROP INDEX uq_hub_delivery_notification_connection`);
    await queryRunner.query(`DROP INDEX uq_hub_delivery_notification_channel`);
    await queryRunner.query(`ALTER TABLE hub_delivery DROP COLUMN connection_part, DROP COLUMN connection_id`);
    await queryRunner.query(
      `ALTER TABLE hub_delivery ADD CONSTRAINT uq_hub_delivery_notification_channel UNIQUE (notification_id, channel)`,
    );
  }
}
