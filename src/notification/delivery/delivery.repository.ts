import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { PagingSpec } from '../../common/paging/paging';
import { PreparedStatements } from '../../database/prepared-statements';
import { rowsOf } from '../../database/rows';
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

const INSERT_NOTIFICATION_SQL = `
  WITH notification AS (
    INSERT INTO hub_notification (id, source_agent, title, body, priority, metadata, requested_channels, channels,
                                  resolution, status, channels_dispatched, idempotency_key, request_hash, completed_at)
    VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11::jsonb, $12, $13, $14)
    RETURNING id
  )
  INSERT INTO hub_delivery (notification_id, channel, connection_id, connection_part, state, attempts,
                            next_attempt_at, claim_token)
  SELECT notification.id, target.channel, target.connection_id, target.connection_part, 'pending', 0, $15::timestamptz, target.claim_token
    FROM notification,
         unnest($16::varchar[], $17::int[], $18::smallint[], $19::uuid[])
           AS target (channel, connection_id, connection_part, claim_token)
  RETURNING id, claim_token`;

const ATTEMPT_CTE = `
  attempt AS (
    INSERT INTO hub_delivery_attempt (delivery_id, number, outcome, transient, status_code, error, detail,
                                      started_at, duration_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  )`;

const UPDATE_CLAIMED_DELIVERY = `
  UPDATE hub_delivery
     SET state = $11, attempts = $2, next_attempt_at = $12, claim_token = NULL, last_error = $6,
         delivered_at = $13, updated_at = now()
   WHERE id = $1 AND claim_token = $10
  RETURNING id`;

const RECORD_ATTEMPT_SQL = `WITH ${ATTEMPT_CTE} ${UPDATE_CLAIMED_DELIVERY}`;

// The notification's result is written even when the claim was lost, as the separate update did.
const RECORD_ATTEMPT_WITH_RESULT_SQL = `
  WITH ${ATTEMPT_CTE},
  notification AS (
    UPDATE hub_notification SET status = $15, channels_dispatched = $16::jsonb, completed_at = $17 WHERE id = $14
  )
  ${UPDATE_CLAIMED_DELIVERY}`;

/** The hub's tables. Transactions stay short and use only their own manager (see design.md). */
@Injectable()
export class DeliveryRepository {
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
    // One statement (one round trip, one commit) for the notification and its deliveries: this runs on
    // every POST /notify before the first attempt.
    const rows = await this.prepared.query<{ id: number; claim_token: string }>(INSERT_NOTIFICATION_SQL, [
      notification.id,
      notification.sourceAgent,
      notification.title,
      notification.body,
      notification.priority,
      JSON.stringify(notification.metadata),
      JSON.stringify(notification.requestedChannels),
      JSON.stringify(notification.channels),
      notification.resolution,
      notification.status,
      notification.channelsDispatched === null ? null : JSON.stringify(notification.channelsDispatched),
      notification.idempotencyKey,
      notification.requestHash,
      notification.completedAt,
      new Date(Date.now() + leaseMs),
      targets.map((target) => target.channel),
      targets.map((target) => target.connectionId),
      targets.map((target) => target.connectionPart),
      claimTokens,
    ]);
    // RETURNING does not promise the VALUES order: match the rows by their claim token.
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
  async recordAttempt(delivery: ClaimedDelivery, record: AttemptRecord, firstResult?: FirstResult): Promise<boolean> {
    const { attempt } = record;
    const parameters: unknown[] = [
      delivery.id,
      attempt.number,
      attempt.outcome,
      attempt.transient,
      attempt.statusCode,
      attempt.error,
      attempt.detail,
      attempt.startedAt,
      attempt.durationMs,
      delivery.claimToken,
      record.state,
      record.nextAttemptAt,
      record.state === 'delivered' ? new Date() : null,
    ];
    // One statement: the attempt row, the claimed delivery's new state and (for a notification's only
    // delivery) the notification's first result commit together.
    const rows = firstResult
      ? await this.prepared.query(RECORD_ATTEMPT_WITH_RESULT_SQL, [
          ...parameters,
          delivery.notificationId,
          firstResult.status,
          JSON.stringify(firstResult.dispatched),
          new Date(),
        ])
      : await this.prepared.query(RECORD_ATTEMPT_SQL, parameters);
    return rows.length > 0;
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
