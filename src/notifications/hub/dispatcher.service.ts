import { Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { createHash, randomUUID } from 'node:crypto';
import type { Counter } from 'prom-client';
import { ConflictError } from '../../platform/common/errors/domain-errors';
import { ClaimedDelivery, DeliveryRepository, DeliveryTarget, FirstResult } from './delivery/delivery.repository';
import { DeliveryRunner } from './delivery/delivery-runner.service';
import { AttemptOutcome } from './entities/hub-delivery-attempt.entity';
import { HubNotification } from './entities/hub-notification.entity';
import { METRIC_NOTIFICATIONS } from './hub-metrics';
import {
  ChannelMessage,
  ChannelName,
  DeliveryChannel,
  NotificationRequest,
  NotifyResult,
  overallStatus,
} from './notification.types';
import { RoutingService } from './routing/routing.service';

export interface DispatchOptions {
  /** A caller's Idempotency-Key: a repeated key returns the stored result and sends nothing. */
  idempotencyKey?: string;
}

export interface DispatchResult extends NotifyResult {
  /** True when the result is the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

const PG_UNIQUE_VIOLATION = '23505';

/**
 * The hub's one entry point (POST /notify and library events): resolves the channels, stores the
 * notification and its deliveries, runs the first attempt of every channel in parallel and answers
 * with the status of those first attempts. Transient failures are left pending for the retry worker.
 */
@Injectable()
export class NotificationDispatcher {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly routing: RoutingService,
    private readonly repository: DeliveryRepository,
    private readonly runner: DeliveryRunner,
    @InjectMetric(METRIC_NOTIFICATIONS) private readonly notifications: Counter<string>,
  ) {}

  async dispatch(request: NotificationRequest, options: DispatchOptions = {}): Promise<DispatchResult> {
    const message: ChannelMessage = {
      title: request.title,
      body: request.body,
      priority: request.priority ?? 'normal',
      sourceAgent: request.sourceAgent,
      metadata: request.metadata ?? {},
    };
    const requested = request.channels ?? [];
    const key = options.idempotencyKey;
    const requestHash = key ? fingerprint(request.sourceAgent, message, requested) : null;
    if (key) {
      const stored = await this.repository.findByIdempotencyKey(key);
      if (stored) return this.replay(stored, requestHash);
    }

    const id = randomUUID();
    this.logger.log({
      event: 'notify.received',
      notification_id: id,
      source_agent: request.sourceAgent,
      priority: message.priority,
      channels_requested: requested,
      idempotency_key: key,
    });
    const { channels, rule } = this.routing.resolve(request.sourceAgent, requested);

    let deliveries: ClaimedDelivery[];
    try {
      deliveries = await this.repository.insert(
        {
          id,
          sourceAgent: request.sourceAgent,
          title: message.title,
          body: message.body,
          priority: message.priority,
          metadata: message.metadata,
          requestedChannels: requested,
          channels,
          resolution: rule,
          status: null,
          channelsDispatched: null,
          idempotencyKey: key ?? null,
          requestHash,
          completedAt: null,
        },
        this.runner.leaseMs(),
      );
    } catch (error) {
      // Two requests with one key at the same moment: the second sees the first's row.
      if (key && (error as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        const stored = await this.repository.findByIdempotencyKey(key);
        if (stored) return this.replay(stored, requestHash);
      }
      throw error;
    }

    this.logger.log({
      event: 'router.dispatching',
      notification_id: id,
      source_agent: request.sourceAgent,
      channels,
      resolved_by: rule,
    });
    const { status, dispatched } = await this.firstAttempts(id, channels, deliveries, message);
    this.notifications.inc({ status });
    return { notification_id: id, channels_dispatched: dispatched, status, replayed: false };
  }

  /**
   * Explicit-target dispatch for notification connections: one delivery per connection (no routing table),
   * each attempt with that connection's settings read at attempt time. Same storage, first attempt, retries,
   * circuit breaking and history as POST /notify; `resolvedBy` is `connection`.
   */
  async dispatchToConnections(
    request: Omit<NotificationRequest, 'channels'>,
    targets: { connectionId: number; connectionPart: number; channel: DeliveryChannel }[],
  ): Promise<NotifyResult> {
    const message: ChannelMessage = {
      title: request.title,
      body: request.body,
      priority: request.priority ?? 'normal',
      sourceAgent: request.sourceAgent,
      metadata: request.metadata ?? {},
    };
    const id = randomUUID();
    // Channel kinds of the connections; `webhook` is not a hub channel, hence the widened type in these rows.
    const channels = targets.map((target) => target.channel) as ChannelName[];
    this.logger.log({
      event: 'notify.received',
      notification_id: id,
      source_agent: request.sourceAgent,
      priority: message.priority,
      connections: targets.map((target) => target.connectionId),
    });
    const rows: DeliveryTarget[] = targets.map((target) => ({
      channel: target.channel,
      connectionId: target.connectionId,
      connectionPart: target.connectionPart,
    }));
    const deliveries = await this.repository.insert(
      {
        id,
        sourceAgent: request.sourceAgent,
        title: message.title,
        body: message.body,
        priority: message.priority,
        metadata: message.metadata,
        requestedChannels: [],
        channels,
        resolution: 'connection',
        status: null,
        channelsDispatched: null,
        idempotencyKey: null,
        requestHash: null,
        completedAt: null,
      },
      this.runner.leaseMs(),
      rows,
    );
    this.logger.log({ event: 'router.dispatching', notification_id: id, channels, resolved_by: 'connection' });
    const { status, dispatched } = await this.firstAttempts(id, channels, deliveries, message);
    this.notifications.inc({ status });
    return { notification_id: id, channels_dispatched: dispatched, status };
  }

  /**
   * Runs the first attempt of every delivery in parallel and stores the notification's result. A single
   * delivery stores it with its attempt (one statement); several store it once all have answered.
   */
  private async firstAttempts(
    id: string,
    channels: ChannelName[],
    deliveries: ClaimedDelivery[],
    message: ChannelMessage,
  ): Promise<FirstResult> {
    if (deliveries.length === 1) {
      const { outcome } = await this.runner.attempt(deliveries[0], message, (first) => firstResult(channels, [first]));
      return firstResult(channels, [outcome]);
    }
    const results = await Promise.all(deliveries.map((delivery) => this.runner.attempt(delivery, message)));
    const result = firstResult(
      channels,
      results.map((attempt) => attempt.outcome),
    );
    await this.repository.setFirstResult(id, result.status, result.dispatched);
    return result;
  }

  private replay(stored: HubNotification, requestHash: string | null): DispatchResult {
    if (stored.requestHash !== requestHash) {
      throw new ConflictError('Idempotency-Key was already used for a different notification');
    }
    if (!stored.status) {
      throw new ConflictError('A notification with this Idempotency-Key is still being dispatched; retry shortly');
    }
    return {
      notification_id: stored.id,
      channels_dispatched: stored.channelsDispatched ?? [],
      status: stored.status,
      replayed: true,
    };
  }
}

/** The notification's status from the first attempt of each channel (`outcomes` in the order of `channels`). */
function firstResult(channels: ChannelName[], outcomes: AttemptOutcome[]): FirstResult {
  const dispatched = channels.filter((_channel, index) => outcomes[index] === 'sent');
  return { status: overallStatus(channels.length, dispatched.length), dispatched };
}

function fingerprint(sourceAgent: string, message: ChannelMessage, channels: readonly string[]): string {
  const canonical = JSON.stringify([
    sourceAgent,
    message.title,
    message.body,
    message.priority,
    channels,
    sortKeys(message.metadata),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
