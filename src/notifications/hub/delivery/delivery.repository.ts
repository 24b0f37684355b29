import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { PagingSpec } from '../../../platform/common/paging/paging';
import { GroupCommit } from '../../../platform/database/group-commit';
import { PreparedStatements } from '../../../platform/database/prepared-statements';
import { rowsOf } from '../../../platform/database/rows';
import { HubDeliveryAttempt } from '../entities/hub-delivery-attempt.entity';
import { DeliveryState, HubDelivery } from '../entities/hub-delivery.entity';
import { HubNotification } from '../entities/hub-notification.entity';
import type { ChannelName, DeliveryChannel, NotificationStatus } from '../notification.types';
import type { NotificationFilter } from '../notifications.query';

/** A delivery held by one runner: only the holder of `claimToken` writes its result. */
export interface ClaimedDelivery {
  id: number;
  notificationId: string;
  channel: DeliveryChannel;
  /** A notification connection's id: the attempt uses that connection's stored settings. */
  connectionId: number | null;
  /** Which of the connection's targets (e.g. the n-th ntfy topic). */
  connectionPart: number | null;
  attempts: number;
  claimToken: string;
}

/** One delivery to create: a hub channel, or a channel kind with the connection whose settings it uses. */
export interface DeliveryTarget {
  channel: DeliveryChannel;
  connectionId: number | null;
  connectionPart: number | null;
}

export interface AttemptRecord {
  attempt: Omit<HubDeliveryAttempt, 'id' | 'deliveryId' | 'delivery'>;
  state: DeliveryState;
  nextAttemptAt: Date | null;
}

/** The notification's answer from the first attempt of each channel (stored with the last of them). */
export interface FirstResult {
  status: NotificationStatus;
  dispatched: ChannelName[];
}

// Notifications of concurrent requests in one statement (group commit): one row per notification, one per
// delivery with its notification's id. The join on `notification` orders each delivery after its notification.
const INSERT_NOTIFICATIONS_SQL = `
  WITH notification AS (
    INSERT INTO hub_notification (id, source_agent, title, body, priority, metadata, requested_channels, channels,
                                  resolution, status, channels_dispatched, idempotency_key, request_hash, completed_at)
    SELECT n.id, n.source_agent, n.title, n.body, n.priority, n.metadata::jsonb, n.requested_channels::jsonb,
           n.channels::jsonb, n.resolution, n.status, n.channels_dispatched::jsonb, n.idempotency_key, n.request_hash,
           n.completed_at
      FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::varchar[], $6::text[], $7::text[], $8::text[],
                  $9::varchar[], $10::varchar[], $11::text[], $12::varchar[], $13::varchar[], $14::timestamptz[])
        AS n (id, source_agent, title, body, priority, metadata, requested_channels, channels, resolution, status,
              channels_dispatched, idempotency_key, request_hash, completed_at)
    RETURNING id
  )
  INSERT INTO hub_delivery (notification_id, channel, connection_id, connection_part, state, attempts,
                            next_attempt_at, claim_token)
  SELECT notification.id, target.channel, target.connection_id, target.connection_part, 'pending', 0,
         target.next_attempt_at, target.claim_token
    FROM unnest($15::uuid[], $16::varchar[], $17::int[], $18::smallint[], $19::uuid[], $20::timestamptz[])
           AS target (notification_id, channel, connection_id, connection_part, claim_token, next_attempt_at)
    JOIN notification ON notification.id = target.notification_id
  RETURNING id, claim_token`;

// Attempts of concurrent runners in one statement: each attempt row, its claimed delivery's new state and
// (for a notification's only delivery, where notification_id is set) the notification's first result. The
// result is written even when the claim was lost; the delivery only by the holder of its claim.
const RECORD_ATTEMPTS_SQL = `
  WITH input AS MATERIALIZED (
    SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::bool[], $5::int[], $6::text[], $7::text[],
                         $8::timestamptz[], $9::int[], $10::uuid[], $11::varchar[], $12::timestamptz[],
                         $13::timestamptz[], $14::uuid[], $15::varchar[], $16::text[], $17::timestamptz[])
      AS i (delivery_id, number, outcome, transient, status_code, error, detail, started_at, duration_ms,
            claim_token, state, next_attempt_at, delivered_at, notification_id, status, channels_dispatched,
            completed_at)
  ),
  attempt AS (
    INSERT INTO hub_delivery_attempt (delivery_id, number, outcome, transient, status_code, error, detail,
                                      started_at, duration_ms)
    SELECT delivery_id, number, outcome, transient, status_code, error, detail, started_at, duration_ms FROM input
  ),
  notification AS (
    UPDATE hub_notification n
       SET status = i.status, channels_dispatched = i.channels_dispatched::jsonb, completed_at = i.completed_at
      FROM input i
     WHERE i.notification_id IS NOT NULL AND n.id = i.notification_id
  )
  UPDATE hub_delivery d
     SET state = i.state, attempts = i.number, next_attempt_at = i.next_attempt_at, claim_token = NULL,
         last_error = i.error, delivered_at = i.delivered_at, updated_at = now()
    FROM input i
   WHERE d.id = i.delivery_id AND d.claim_token = i.claim_token
  RETURNING d.id`;

interface NewNotification {
  notification: Omit<HubNotification, 'createdAt' | 'deliveries'>;
  targets: DeliveryTarget[];
  claimTokens: string[];
  leaseUntil: Date;
}

interface AttemptToRecord {
  delivery: ClaimedDelivery;
  record: AttemptRecord;
  firstResult?: FirstResult;
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The hub's tables. Transactions stay short (never around a send) and use only their own manager. */
@Injectable()
export class DeliveryRepository {
  /**
   * The rows POST /notify writes before answering, grouped across concurrent requests: one commit for a
   * group instead of one per request, and each request still answers only once its rows are committed.
   */
  private readonly notificationGroups = new GroupCommit<NewNotification, { id: number; claim_token: string }[]>(
    (items) => this.insertNotifications(items),
  );
  private readonly attemptGroups = new GroupCommit<AttemptToRecord, boolean>((items) => this.recordAttempts(items));

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prepared: PreparedStatements,
  ) {}

  /**
   * Stores the notification and one pending delivery per channel, already claimed by the caller for
   * `leaseMs` (if the process dies during the first attempt, the retry worker takes over afterwards).
   * `targets` replaces the notification's channels (notification connections).
   */
  async insert(
    notification: Omit<HubNotification, 'createdAt' | 'deliveries'>,
    leaseMs: number,
    targets: DeliveryTarget[] = notification.channels.map((channel) => ({
      channel,
      connectionId: null,
      connectionPart: null,
    })),
  ): Promise<ClaimedDelivery[]> {
    const claimTokens = targets.map(() => randomUUID());
    const leaseUntil = new Date(Date.now() + leaseMs);
    const rows = await this.notificationGroups.add({ notification, targets, claimTokens, leaseUntil });
    // RETURNING does not promise the input order: match the rows by their claim token.
    const ids = new Map(rows.map((row) => [row.claim_token, row.id]));
    return targets.map((target, index) => ({
      id: ids.get(claimTokens[index]) ?? missingRow(claimTokens[index]),
      notificationId: notification.id,
      channel: target.channel,
      connectionId: target.connectionId,
      connectionPart: target.connectionPart,
      attempts: 0,
      claimToken: claimTokens[index],
    }));
  }

  findByIdempotencyKey(key: string): Promise<HubNotification | null> {
    return this.dataSource.getRepository(HubNotification).findOneBy({ idempotencyKey: key });
  }

  findNotification(id: string): Promise<HubNotification | null> {
    return this.dataSource.getRepository(HubNotification).findOneBy({ id });
  }

  async setFirstResult(id: string, status: NotificationStatus, dispatched: ChannelName[]): Promise<void> {
    await this.dataSource
      .getRepository(HubNotification)
      .update({ id }, { status, channelsDispatched: dispatched, completedAt: new Date() });
  }

  /**
   * Writes an attempt and the delivery's new state. Returns false when the claim was lost (another
   * runner took the delivery over after the lease ran out); the attempt is logged all the same.
   */
  recordAttempt(delivery: ClaimedDelivery, record: AttemptRecord, firstResult?: FirstResult): Promise<boolean> {
    return this.attemptGroups.add({ delivery, record, firstResult });
  }

  /** One statement for a group of notifications and their deliveries: each item's rows, matched by claim token. */
  private async insertNotifications(items: NewNotification[]): Promise<{ id: number; claim_token: string }[][]> {
    const notifications = items.map((item) => item.notification);
    const targets = items.flatMap((item) =>
      item.targets.map((target, index) => ({ ...target, item, claimToken: item.claimTokens[index] })),
    );
    const rows = await this.prepared.query<{ id: number; claim_token: string }>(INSERT_NOTIFICATIONS_SQL, [
      notifications.map((n) => n.id),
      notifications.map((n) => n.sourceAgent),
      notifications.map((n) => n.title),
      notifications.map((n) => n.body),
      notifications.map((n) => n.priority),
      notifications.map((n) => JSON.stringify(n.metadata)),
      notifications.map((n) => JSON.stringify(n.requestedChannels)),
      notifications.map((n) => JSON.stringify(n.channels)),
      notifications.map((n) => n.resolution),
      notifications.map((n) => n.status),
      notifications.map((n) => jsonOrNull(n.channelsDispatched)),
      notifications.map((n) => n.idempotencyKey),
      notifications.map((n) => n.requestHash),
      notifications.map((n) => n.completedAt),
      targets.map((target) => target.item.notification.id),
      targets.map((target) => target.channel),
      targets.map((target) => target.connectionId),
      targets.map((target) => target.connectionPart),
      targets.map((target) => target.claimToken),
      targets.map((target) => target.item.leaseUntil),
    ]);
    const byToken = new Map(rows.map((row) => [row.claim_token, row]));
    return items.map((item) => item.claimTokens.flatMap((token) => byToken.get(token) ?? []));
  }

  /** One statement for a group of attempts; per attempt, whether its runner still held the delivery's claim. */
  private async recordAttempts(items: AttemptToRecord[]): Promise<boolean[]> {
    const attempts = items.map((item) => item.record.attempt);
    const rows = await this.prepared.query<{ id: number }>(RECORD_ATTEMPTS_SQL, [
      items.map((item) => item.delivery.id),
      attempts.map((attempt) => attempt.number),
      attempts.map((attempt) => attempt.outcome),
      attempts.map((attempt) => attempt.transient),
      attempts.map((attempt) => attempt.statusCode),
      attempts.map((attempt) => attempt.error),
      attempts.map((attempt) => attempt.detail),
      attempts.map((attempt) => attempt.startedAt),
      attempts.map((attempt) => attempt.durationMs),
      items.map((item) => item.delivery.claimToken),
      items.map((item) => item.record.state),
      items.map((item) => item.record.nextAttemptAt),
      items.map((item) => (item.record.state === 'delivered' ? new Date() : null)),
      items.map((item) => (item.firstResult ? item.delivery.notificationId : null)),
      items.map((item) => item.firstResult?.status ?? null),
      items.map((item) => jsonOrNull(item.firstResult?.dispatched)),
      items.map((item) => (item.firstResult ? new Date() : null)),
    ]);
    const kept = new Set(rows.map((row) => row.id));
    return items.map((item) => kept.has(item.delivery.id));
  }

  /**
   * Claims up to `limit` due pending deliveries for this runner, pushing their due time `leaseMs`
   * ahead as a lease. SKIP LOCKED lets several Quire processes share the table without taking the
   * same row.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    type Row = {
      id: number;
      notification_id: string;
      channel: DeliveryChannel;
      connection_id: number | null;
      connection_part: number | null;
      attempts: number;
      claim_token: string;
    };
    const result: unknown = await this.dataSource.query(
      `UPDATE hub_delivery SET claim_token = gen_random_uuid(),
                next_attempt_at = now() + $2 * interval '1 millisecond', updated_at = now()
          WHERE id IN (SELECT id FROM hub_delivery
                        WHERE state = 'pending' AND next_attempt_at <= now()
                        ORDER BY next_attempt_at
                        LIMIT $1
                        FOR UPDATE SKIP LOCKED)
          RETURNING id, notification_id, channel, connection_id, connection_part, attempts, claim_token`,
      [limit, leaseMs],
    );
    return rowsOf<Row>(result).map((row) => ({
      id: row.id,
      notificationId: row.notification_id,
      channel: row.channel,
      connectionId: row.connection_id,
      connectionPart: row.connection_part,
      attempts: row.attempts,
      claimToken: row.claim_token,
    }));
  }

  async findNotificationsByIds(ids: string[]): Promise<Map<string, HubNotification>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(HubNotification).findBy({ id: In(ids) });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A page of notifications, each with its deliveries and their attempts. */
  async page(
    spec: PagingSpec,
    filter: NotificationFilter = {},
  ): Promise<{ total: number; records: HubNotification[] }> {
    const query = this.dataSource.getRepository(HubNotification).createQueryBuilder('n');
    if (filter.sourceAgent !== undefined) query.andWhere('n.sourceAgent = :sourceAgent', filter);
    if (filter.status !== undefined) query.andWhere('n.status = :status', filter);
    if (filter.channel !== undefined)
      query.andWhere(
        'EXISTS (SELECT 1 FROM hub_delivery d WHERE d.notification_id = n.id AND d.channel = :channel)',
        filter,
      );
    query
      .orderBy(spec.sortColumn, spec.sortDirection === 'ascending' ? 'ASC' : 'DESC')
      .addOrderBy('n.id', 'ASC')
      .offset(spec.offset)
      .limit(spec.pageSize);
    const [records, total] = await query.getManyAndCount();
    await this.attachDeliveries(records);
    return { total, records };
  }

  async findWithDeliveries(id: string): Promise<HubNotification | null> {
    const notification = await this.findNotification(id);
    if (notification) await this.attachDeliveries([notification]);
    return notification;
  }

  private async attachDeliveries(notifications: HubNotification[]): Promise<void> {
    if (notifications.length === 0) return;
    const deliveries = await this.dataSource.getRepository(HubDelivery).find({
      where: { notificationId: In(notifications.map((n) => n.id)) },
      relations: { attemptLog: true },
      order: { id: 'ASC', attemptLog: { number: 'ASC', id: 'ASC' } },
    });
    for (const notification of notifications) {
      notification.deliveries = deliveries.filter((delivery) => delivery.notificationId === notification.id);
    }
  }
}

function missingRow(claimToken: string): never {
  throw new Error(`hub_delivery insert returned no row for claim ${claimToken}`);
}
