import { randomUUID } from 'node:crypto';
import {
  type AttemptRecord,
  DeliveryRepository,
  type DeliveryTarget,
} from '../../../../../src/notifications/hub/delivery/delivery.repository';
import { HubDeliveryAttempt } from '../../../../../src/notifications/hub/entities/hub-delivery-attempt.entity';
import { HubDelivery } from '../../../../../src/notifications/hub/entities/hub-delivery.entity';
import { HubNotification } from '../../../../../src/notifications/hub/entities/hub-notification.entity';
import type { ChannelName } from '../../../../../src/notifications/hub/notification.types';
import { DatabaseServer } from '../../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../../src/platform/database/prepared-statements';
import { Medium, newMediumService } from '../../../medium';

const LEASE_MS = 60_000;

function notification(overrides: Partial<HubNotification> = {}): Omit<HubNotification, 'createdAt' | 'deliveries'> {
  const channels: ChannelName[] = overrides.channels ?? ['email'];
  return {
    id: randomUUID(),
    sourceAgent: 'agent',
    title: 'Title',
    body: 'Body',
    priority: 'normal',
    metadata: {},
    requestedChannels: [],
    channels,
    resolution: 'route',
    status: null,
    channelsDispatched: null,
    idempotencyKey: null,
    requestHash: null,
    completedAt: null,
    ...overrides,
  };
}

function attempt(number: number, state: AttemptRecord['state'], error: string | null = null): AttemptRecord {
  return {
    attempt: {
      number,
      outcome: state === 'delivered' ? 'sent' : 'failed',
      transient: state === 'pending',
      statusCode: null,
      error,
      detail: null,
      startedAt: new Date(),
      durationMs: 5,
    },
    state,
    nextAttemptAt: state === 'pending' ? new Date(Date.now() + 1_000) : null,
  };
}

/**
 * The notification hub's store on PostgreSQL: notifications with their deliveries written by concurrent requests
 * in one statement (group commit), attempts recorded only by the holder of a delivery's claim, due deliveries
 * claimed with SKIP LOCKED by concurrent runners, and the pages of GET /notifications.
 */
describe('hub delivery repository (medium)', () => {
  let medium: Medium;
  let deliveries: DeliveryRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [HubNotification, HubDelivery, HubDeliveryAttempt],
      providers: [DeliveryRepository, PreparedStatements, DatabaseServer],
      tables: ['hub_notification', 'hub_delivery', 'hub_delivery_attempt'],
    });
    deliveries = medium.get(DeliveryRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  /** Makes every pending delivery due now (as if its lease or back-off had run out). */
  const makeDue = () => medium.sql(`UPDATE hub_delivery SET next_attempt_at = now() - interval '1 second'`);

  it('concurrent notifications are stored together, each caller answered with its own claimed deliveries', async () => {
    const inputs = Array.from({ length: 12 }, (_, index) =>
      notification({
        title: `n${index}`,
        channels: (['email', 'ntfy', 'ha_tts'] as ChannelName[]).slice(0, 1 + (index % 3)),
      }),
    );
    const answers = await Promise.all(inputs.map((input) => deliveries.insert(input, LEASE_MS)));

    const rows = await medium.sql<{ id: number; notification_id: string; channel: string; claim_token: string }>(
      `SELECT id, notification_id, channel, claim_token FROM hub_delivery`,
    );
    expect(rows).toHaveLength(inputs.reduce((sum, input) => sum + input.channels.length, 0));
    const byId = new Map(rows.map((row) => [row.id, row]));
    answers.forEach((claimed, index) => {
      expect(claimed.map((delivery) => delivery.channel)).toEqual(inputs[index].channels);
      for (const delivery of claimed)
        expect(byId.get(delivery.id)).toEqual({
          id: delivery.id,
          notification_id: inputs[index].id,
          channel: delivery.channel,
          claim_token: delivery.claimToken,
        });
    });
    // Claimed for the first attempt: not due for the retry worker while the lease runs.
    expect(await deliveries.claimDue(100, LEASE_MS)).toEqual([]);
  });

  it('a reused idempotency key fails only its own request, even when it shares a statement with others', async () => {
    const first = notification({ idempotencyKey: 'key-1' });
    await deliveries.insert(first, LEASE_MS);
    const results = await Promise.allSettled([
      deliveries.insert(notification({ title: 'a' }), LEASE_MS),
      deliveries.insert(notification({ idempotencyKey: 'key-1', title: 'dup' }), LEASE_MS),
      deliveries.insert(notification({ title: 'b' }), LEASE_MS),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect(
      (await medium.sql<{ title: string }>(`SELECT title FROM hub_notification ORDER BY title`)).map((r) => r.title),
    ).toEqual(['Title', 'a', 'b']);
    expect((await deliveries.findByIdempotencyKey('key-1'))?.id).toBe(first.id);
  });

  it('only the holder of the claim writes the delivery; a lost claim still logs the attempt and the first result', async () => {
    const input = notification();
    const [delivery] = await deliveries.insert(input, LEASE_MS);
    await makeDue();
    // The lease ran out: another runner claims the delivery, and the first runner's token is stale.
    const [taken] = await deliveries.claimDue(10, LEASE_MS);
    expect(taken).toMatchObject({ id: delivery.id, attempts: 0 });
    expect(taken.claimToken).not.toBe(delivery.claimToken);

    const kept = await deliveries.recordAttempt(delivery, attempt(1, 'failed', 'too late'), {
      status: 'failed',
      dispatched: [],
    });
    expect(kept).toBe(false);
    const [row] = await medium.sql<{ state: string; attempts: number; claim_token: string }>(
      `SELECT state, attempts, claim_token FROM hub_delivery`,
    );
    expect(row).toEqual({ state: 'pending', attempts: 0, claim_token: taken.claimToken });
    expect(await deliveries.findNotification(input.id)).toMatchObject({ status: 'failed', channelsDispatched: [] });

    expect(await deliveries.recordAttempt(taken, attempt(1, 'delivered'))).toBe(true);
    const [done] = await medium.sql<{
      state: string;
      attempts: number;
      claim_token: string | null;
      delivered: boolean;
    }>(`SELECT state, attempts, claim_token, delivered_at IS NOT NULL AS delivered FROM hub_delivery`);
    expect(done).toEqual({ state: 'delivered', attempts: 1, claim_token: null, delivered: true });
    expect((await medium.sql(`SELECT error FROM hub_delivery_attempt ORDER BY id`)).map((r) => r.error)).toEqual([
      'too late',
      null,
    ]);
  });

  it('concurrent runners claim each due delivery exactly once, the earliest due first, never a final one', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 10; index++) {
      const [delivery] = await deliveries.insert(notification(), LEASE_MS);
      ids.push(delivery.id);
    }
    // Due one after the other, the last inserted first; two are final and never claimed.
    await medium.sql(`UPDATE hub_delivery SET next_attempt_at = now() - (id || ' seconds')::interval`);
    await medium.sql(`UPDATE hub_delivery SET state = 'delivered' WHERE id = ANY($1::int[])`, [ids.slice(0, 2)]);

    const claims = await Promise.all([1, 2, 3, 4].map(() => deliveries.claimDue(3, LEASE_MS)));
    const claimed = claims.flat().map((delivery) => delivery.id);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids.slice(2));
    expect(new Set(claims.flat().map((delivery) => delivery.claimToken)).size).toBe(8);
    // Claimed: pushed ahead by the lease.
    expect(await deliveries.claimDue(10, LEASE_MS)).toEqual([]);

    await makeDue();
    await medium.sql(`UPDATE hub_delivery SET next_attempt_at = next_attempt_at - (id || ' seconds')::interval`);
    // The two most overdue (RETURNING promises no order, so compared as a set).
    const earliest = (await deliveries.claimDue(2, LEASE_MS)).map((delivery) => delivery.id);
    expect(earliest.sort((a, b) => a - b)).toEqual([ids[8], ids[9]]);
  });

  it('pages filter by agent, status and channel, sort, and carry each delivery with its attempts in order', async () => {
    const targets = (channel: DeliveryTarget['channel'], connectionId: number | null = null): DeliveryTarget => ({
      channel,
      connectionId,
      connectionPart: connectionId === null ? null : 0,
    });
    const a = notification({ sourceAgent: 'alpha', channels: ['email', 'ntfy'] });
    const b = notification({ sourceAgent: 'beta', channels: ['ntfy'] });
    const c = notification({ sourceAgent: 'alpha', resolution: 'connection', channels: [] });
    const [aEmail] = await deliveries.insert(a, LEASE_MS);
    await deliveries.insert(b, LEASE_MS);
    await deliveries.insert(c, LEASE_MS, [targets('webhook', 7), targets('email', 8)]);
    await deliveries.recordAttempt(aEmail, attempt(1, 'pending', 'first'));
    await makeDue();
    const retry = (await deliveries.claimDue(10, LEASE_MS)).find((delivery) => delivery.id === aEmail.id)!;
    await deliveries.recordAttempt(retry, attempt(2, 'delivered'));
    await deliveries.setFirstResult(a.id, 'partial', ['email']);
    await deliveries.setFirstResult(b.id, 'ok', ['ntfy']);
    await medium.sql(`UPDATE hub_notification SET created_at = now() - interval '1 minute' WHERE id = $1`, [a.id]);

    const spec = {
      page: 1,
      pageSize: 10,
      sortKey: 'createdAt',
      sortColumn: 'n.createdAt',
      sortDirection: 'descending' as const,
      offset: 0,
    };
    const ids = async (filter: Parameters<DeliveryRepository['page']>[1], overrides = {}) => {
      const { total, records } = await deliveries.page({ ...spec, ...overrides }, filter);
      return [total, records.map((record) => record.id)];
    };
    expect(await ids({})).toEqual([3, [c.id, b.id, a.id]]);
    expect(await ids({ sourceAgent: 'alpha' })).toEqual([2, [c.id, a.id]]);
    expect(await ids({ channel: 'ntfy' })).toEqual([2, [b.id, a.id]]);
    expect(await ids({ channel: 'webhook' })).toEqual([1, [c.id]]);
    expect(await ids({ status: 'ok' })).toEqual([1, [b.id]]);
    expect(await ids({}, { pageSize: 1, offset: 1 })).toEqual([3, [b.id]]);

    const found = await deliveries.findWithDeliveries(a.id);
    expect(found?.deliveries?.map((delivery) => [delivery.channel, delivery.state, delivery.attempts])).toEqual([
      ['email', 'delivered', 2],
      ['ntfy', 'pending', 0],
    ]);
    expect(found?.deliveries?.[0].attemptLog?.map((logged) => [logged.number, logged.error])).toEqual([
      [1, 'first'],
      [2, null],
    ]);
    expect(await deliveries.findWithDeliveries(randomUUID())).toBeNull();
    expect((await deliveries.findNotificationsByIds([a.id, b.id])).size).toBe(2);
  });

  it('deleting a notification takes its deliveries and their attempts', async () => {
    const input = notification({ channels: ['email', 'ntfy'] });
    const [email] = await deliveries.insert(input, LEASE_MS);
    await deliveries.recordAttempt(email, attempt(1, 'failed', 'x'));
    await medium.sql(`DELETE FROM hub_notification WHERE id = $1`, [input.id]);
    expect(await medium.sql(`SELECT id FROM hub_delivery UNION ALL SELECT id FROM hub_delivery_attempt`)).toEqual([]);
  });
});
