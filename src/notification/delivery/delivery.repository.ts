import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { PagingSpec } from '../../common/paging/paging';
import { HubDeliveryAttempt } from '../entities/hub-delivery-attempt.entity';
import { DeliveryState, HubDelivery } from '../entities/hub-delivery.entity';
import { HubNotification } from '../entities/hub-notification.entity';
import type { ChannelName, DeliveryChannel, NotificationStatus } from '../notification.types';

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

/** The hub's tables. Transactions stay short and use only their own manager (see design.md). */
@Injectable()
export class DeliveryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
    return this.dataSource.transaction(async (manager) => {
      await manager.save(manager.create(HubNotification, notification));
      const leaseUntil = new Date(Date.now() + leaseMs);
      const rows = targets.map(({ channel, connectionId, connectionPart }) => ({
        notificationId: notification.id,
        channel,
        connectionId,
        connectionPart,
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: leaseUntil,
        claimToken: randomUUID(),
      }));
      const result = await manager.insert(HubDelivery, rows);
      return rows.map((row, index) => ({
        id: (result.identifiers[index] as { id: number }).id,
        notificationId: row.notificationId,
        channel: row.channel,
        connectionId: row.connectionId,
        connectionPart: row.connectionPart,
        attempts: 0,
        claimToken: row.claimToken,
      }));
    });
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
  async recordAttempt(delivery: ClaimedDelivery, record: AttemptRecord): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.insert(HubDeliveryAttempt, { ...record.attempt, deliveryId: delivery.id });
      const result = await manager.update(
        HubDelivery,
        { id: delivery.id, claimToken: delivery.claimToken },
        {
          state: record.state,
          attempts: record.attempt.number,
          nextAttemptAt: record.nextAttemptAt,
          claimToken: null,
          lastError: record.attempt.error ?? null,
          deliveredAt: record.state === 'delivered' ? new Date() : null,
        },
      );
      return (result.affected ?? 0) > 0;
    });
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
    const result: [Row[], number] | Row[] = await this.dataSource.query(
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
    // TypeORM's postgres driver answers an UPDATE … RETURNING with [rows, affectedCount].
    const rows = (Array.isArray(result[0]) ? result[0] : result) as Row[];
    return rows.map((row) => ({
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
  async page(spec: PagingSpec): Promise<{ total: number; records: HubNotification[] }> {
    const query = this.dataSource
      .getRepository(HubNotification)
      .createQueryBuilder('n')
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
