import { getToken } from '@willsoto/nestjs-prometheus';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChannelSendError } from '../../../../../src/notifications/hub/channels/channel';
import { ChannelRegistry } from '../../../../../src/notifications/hub/channels/channel-registry';
import { CircuitBreakerRegistry } from '../../../../../src/notifications/hub/delivery/circuit-breaker.registry';
import { CONNECTION_TARGETS } from '../../../../../src/notifications/hub/delivery/connection-targets';
import { AttemptRecorder } from '../../../../../src/notifications/hub/delivery/attempt-recorder';
import { DeliveryRepository } from '../../../../../src/notifications/hub/delivery/delivery.repository';
import { DeliverySchedule } from '../../../../../src/notifications/hub/delivery/delivery-schedule';
import { DeliveryRunner } from '../../../../../src/notifications/hub/delivery/delivery-runner.service';
import { RetryWorker } from '../../../../../src/notifications/hub/delivery/retry-worker.service';
import { NotificationDispatcher } from '../../../../../src/notifications/hub/dispatcher.service';
import { HubDeliveryAttempt } from '../../../../../src/notifications/hub/entities/hub-delivery-attempt.entity';
import { HubDelivery } from '../../../../../src/notifications/hub/entities/hub-delivery.entity';
import { HubNotification } from '../../../../../src/notifications/hub/entities/hub-notification.entity';
import {
  METRIC_CIRCUIT_STATE,
  METRIC_DELIVERIES,
  METRIC_DELIVERY_DURATION,
  METRIC_NOTIFICATIONS,
} from '../../../../../src/notifications/hub/hub-metrics';
import type { ChannelMessage, DeliveryChannel } from '../../../../../src/notifications/hub/notification.types';
import { RoutingService } from '../../../../../src/notifications/hub/routing/routing.service';
import { ConflictError } from '../../../../../src/platform/common/errors/domain-errors';
import { DatabaseServer } from '../../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../../src/platform/database/prepared-statements';
import { Medium, newMediumService } from '../../../medium';

/** What each fake channel does on its next sends (default: sent), and what it was given. */
type Behaviour = 'sent' | 'transient' | 'permanent';
const script = new Map<DeliveryChannel, Behaviour[]>();
const sent: { channel: DeliveryChannel; title: string }[] = [];
const unconfigured = new Set<string>();

const fakeChannel = (name: DeliveryChannel) => ({
  name,
  defaultSettings: () => ({}),
  missingSetting: () => undefined,
  describe: () => ({}),
  async send(message: ChannelMessage) {
    const behaviour = script.get(name)?.shift() ?? 'sent';
    if (behaviour === 'transient') throw new ChannelSendError('HTTP 503: busy', true, 503);
    if (behaviour === 'permanent') throw new ChannelSendError('HTTP 401: no', false, 401);
    sent.push({ channel: name, title: message.title });
    return { statusCode: 200 };
  },
});

const metric = { inc: () => undefined, set: () => undefined, startTimer: () => () => 0.01 };

/**
 * POST /notify's path below HTTP: the routing file read at start-up, the notification and its deliveries stored,
 * the first attempts, idempotency keys, and the retry worker taking over transient failures — with the real
 * repository, runner, routing and circuit breakers on PostgreSQL, and fake channels that follow a script.
 */
describe('hub dispatch and retries (medium)', () => {
  let medium: Medium;
  let dispatcher: NotificationDispatcher;
  const folder = mkdtempSync(join(tmpdir(), 'quire-medium-hub-'));
  const routes = join(folder, 'routes.yaml');
  writeFileSync(routes, 'routes:\n  backup-agent: [ntfy, email, ntfy]\n  quiet-agent: []\ndefault: [ha_tts]\n');

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [HubNotification, HubDelivery, HubDeliveryAttempt],
      providers: [
        DeliveryRepository,
        PreparedStatements,
        DatabaseServer,
        RoutingService,
        CircuitBreakerRegistry,
        DeliverySchedule,
        AttemptRecorder,
        DeliveryRunner,
        NotificationDispatcher,
        RetryWorker,
      ],
      env: { HUB_ROUTES_FILE: routes, HUB_RETRY_MAX_ATTEMPTS: '3', HUB_BREAKER_FAILURE_THRESHOLD: '50' },
      fakes: [
        [
          ChannelRegistry,
          {
            get: fakeChannel,
            missingEnv: (name: string) => (unconfigured.has(name) ? `${name.toUpperCase()}_URL` : undefined),
          },
        ],
        [CONNECTION_TARGETS, { resolve: async () => null }],
        ...[METRIC_NOTIFICATIONS, METRIC_DELIVERIES, METRIC_DELIVERY_DURATION, METRIC_CIRCUIT_STATE].map(
          (name) => [getToken(name), metric] as [unknown, unknown],
        ),
      ],
      tables: ['hub_notification', 'hub_delivery', 'hub_delivery_attempt'],
    });
    dispatcher = medium.get(NotificationDispatcher);
    expect(medium.get(RoutingService).state).toMatchObject({ loaded: true });
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    script.clear();
    sent.length = 0;
    unconfigured.clear();
  });

  const deliveryRows = () =>
    medium.sql<{ channel: string; state: string; attempts: number; due: boolean }>(
      `SELECT channel, state, attempts, next_attempt_at <= now() AS due FROM hub_delivery ORDER BY channel`,
    );
  /** Runs the retry worker as if every pending delivery's back-off had run out. */
  const retryAllDue = async () => {
    await medium.sql(`UPDATE hub_delivery SET next_attempt_at = now() - interval '1 second' WHERE state = 'pending'`);
    return medium.get(RetryWorker).tick();
  };

  it('the routing file picks the channels (duplicates once); a request’s own channels win; others get the default', async () => {
    const routed = await dispatcher.dispatch({ sourceAgent: 'backup-agent', title: 'Backup done', body: 'ok' });
    expect(routed).toMatchObject({ status: 'ok', channels_dispatched: ['ntfy', 'email'], replayed: false });
    const requested = await dispatcher.dispatch({
      sourceAgent: 'backup-agent',
      title: 'Asked',
      body: '',
      channels: ['email', 'email'],
    });
    expect(requested.channels_dispatched).toEqual(['email']);
    const other = await dispatcher.dispatch({ sourceAgent: 'someone', title: 'Other', body: '' });
    const quiet = await dispatcher.dispatch({ sourceAgent: 'quiet-agent', title: 'Quiet', body: '' });
    expect([other.channels_dispatched, quiet.channels_dispatched]).toEqual([['ha_tts'], ['ha_tts']]);

    const stored = await medium.sql<{ title: string; resolution: string; channels: string[]; status: string }>(
      `SELECT title, resolution, channels, status FROM hub_notification ORDER BY created_at, title`,
    );
    expect(stored).toEqual([
      { title: 'Backup done', resolution: 'route', channels: ['ntfy', 'email'], status: 'ok' },
      { title: 'Asked', resolution: 'request', channels: ['email'], status: 'ok' },
      { title: 'Other', resolution: 'default', channels: ['ha_tts'], status: 'ok' },
      { title: 'Quiet', resolution: 'default', channels: ['ha_tts'], status: 'ok' },
    ]);
  });

  it('a transient failure stays pending for the retry worker, which delivers it; a permanent one is final', async () => {
    script.set('ntfy', ['transient']);
    script.set('email', ['permanent']);
    const result = await dispatcher.dispatch({ sourceAgent: 'backup-agent', title: 'T', body: '' });
    expect(result).toMatchObject({ status: 'failed', channels_dispatched: [] });
    expect(await deliveryRows()).toEqual([
      { channel: 'email', state: 'failed', attempts: 1, due: null },
      { channel: 'ntfy', state: 'pending', attempts: 1, due: false },
    ]);
    // Not due yet: the worker leaves it.
    expect(await medium.get(RetryWorker).tick()).toBe(0);

    expect(await retryAllDue()).toBe(1);
    expect(await deliveryRows()).toEqual([
      { channel: 'email', state: 'failed', attempts: 1, due: null },
      { channel: 'ntfy', state: 'delivered', attempts: 2, due: null },
    ]);
    expect(sent).toEqual([{ channel: 'ntfy', title: 'T' }]);
    // The notification keeps the answer of its first attempts.
    expect((await medium.sql(`SELECT status FROM hub_notification`))[0]).toEqual({ status: 'failed' });
  });

  it('retries stop at HUB_RETRY_MAX_ATTEMPTS; an unconfigured channel is skipped, never retried', async () => {
    script.set('ha_tts', ['transient', 'transient', 'transient', 'transient']);
    unconfigured.add('email');
    await dispatcher.dispatch({ sourceAgent: 'x', title: 'T', body: '', channels: ['ha_tts', 'email'] });
    expect(await retryAllDue()).toBe(1);
    expect(await retryAllDue()).toBe(1);
    expect(await retryAllDue()).toBe(0);
    expect(await deliveryRows()).toEqual([
      { channel: 'email', state: 'skipped', attempts: 1, due: null },
      { channel: 'ha_tts', state: 'failed', attempts: 3, due: null },
    ]);
    const attempts = await medium.sql<{ outcome: string; error: string | null }>(
      `SELECT outcome, error FROM hub_delivery_attempt a JOIN hub_delivery d ON d.id = a.delivery_id
       WHERE d.channel = 'ha_tts' ORDER BY a.number`,
    );
    expect(attempts).toEqual([
      { outcome: 'failed', error: 'HTTP 503: busy' },
      { outcome: 'failed', error: 'HTTP 503: busy' },
      { outcome: 'failed', error: 'HTTP 503: busy' },
    ]);
  });

  it('an Idempotency-Key replays the stored answer (metadata key order aside); another request with it is a conflict', async () => {
    const request = {
      sourceAgent: 'x',
      title: 'Once',
      body: 'b',
      channels: ['email' as const],
      metadata: { a: 1, b: 2 },
    };
    const first = await dispatcher.dispatch(request, { idempotencyKey: 'k1' });
    const again = await dispatcher.dispatch({ ...request, metadata: { b: 2, a: 1 } }, { idempotencyKey: 'k1' });
    expect(again).toEqual({ ...first, replayed: true });
    await expect(dispatcher.dispatch({ ...request, body: 'changed' }, { idempotencyKey: 'k1' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(sent).toHaveLength(1);
  });

  it('concurrent requests with one Idempotency-Key send once; the others replay or are told to retry', async () => {
    const request = { sourceAgent: 'x', title: 'Race', body: '', channels: ['ntfy' as const] };
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => dispatcher.dispatch(request, { idempotencyKey: 'race' })),
    );
    expect(sent).toHaveLength(1);
    expect(await medium.sql(`SELECT id FROM hub_notification`)).toHaveLength(1);
    const fresh = results.filter((result) => result.status === 'fulfilled' && !result.value.replayed);
    expect(fresh).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError);
    }
  });

  it('a connection that no longer exists fails its delivery for good', async () => {
    const result = await dispatcher.dispatchToConnections({ sourceAgent: 'library', title: 'Grabbed', body: '' }, [
      { connectionId: 42, connectionPart: 0, channel: 'webhook' },
    ]);
    expect(result.status).toBe('failed');
    const [row] = await medium.sql<{ state: string; connection_id: number; last_error: string }>(
      `SELECT state, connection_id, last_error FROM hub_delivery`,
    );
    expect(row).toEqual({
      state: 'failed',
      connection_id: 42,
      last_error: 'notification connection 42 (part 0) no longer exists or changed kind',
    });
  });
});
