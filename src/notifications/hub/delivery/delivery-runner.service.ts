import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Counter, Histogram } from 'prom-client';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelSendError } from '../channels/channel';
import { ChannelRegistry } from '../channels/channel-registry';
import { EMAIL_ATTACHMENT_TIMEOUT_MS } from '../channels/email.channel';
import { AttemptOutcome } from '../entities/hub-delivery-attempt.entity';
import { DeliveryState } from '../entities/hub-delivery.entity';
import { METRIC_DELIVERIES, METRIC_DELIVERY_DURATION } from '../hub-metrics';
import { ChannelMessage, ChannelName } from '../notification.types';
import { retryDelayMs } from './backoff';
import { CircuitBreakerRegistry } from './circuit-breaker.registry';
import { CONNECTION_TARGETS, type ConnectionTargetResolver } from './connection-targets';
import { AttemptRecord, ClaimedDelivery, DeliveryRepository, FirstResult } from './delivery.repository';

export interface AttemptResult {
  outcome: AttemptOutcome;
  state: DeliveryState;
}

/**
 * Runs one attempt of one channel delivery: skip when unconfigured, hold back while the circuit is
 * open, send with the channel's deadline, then store the attempt and the delivery's next state
 * (retry later with exponential backoff for transient failures, until the attempt limit).
 */
@Injectable()
export class DeliveryRunner {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly env: EnvService,
    private readonly channels: ChannelRegistry,
    private readonly breakers: CircuitBreakerRegistry,
    private readonly repository: DeliveryRepository,
    @Inject(CONNECTION_TARGETS) private readonly connections: ConnectionTargetResolver,
    @InjectMetric(METRIC_DELIVERIES) private readonly deliveries: Counter<string>,
    @InjectMetric(METRIC_DELIVERY_DURATION) private readonly duration: Histogram<string>,
  ) {}

  /** The lease a runner holds on a delivery: longer than any send can take. */
  leaseMs(): number {
    const longest = Math.max(
      this.env.get('HUB_EMAIL_TIMEOUT_MS'),
      this.env.get('HUB_NTFY_TIMEOUT_MS'),
      this.env.get('HUB_HA_TTS_TIMEOUT_MS'),
      // A connection may send a book as an attachment (SendToEReader), with a longer deadline.
      EMAIL_ATTACHMENT_TIMEOUT_MS,
    );
    return longest + 30_000;
  }

  /**
   * `firstResult`, for a notification's only delivery: the notification's result from this attempt's
   * outcome, stored in the same statement as the attempt.
   */
  async attempt(
    delivery: ClaimedDelivery,
    message: ChannelMessage,
    firstResult?: (outcome: AttemptOutcome) => FirstResult,
  ): Promise<AttemptResult> {
    const finish = (record: AttemptRecord) => this.finish(delivery, record, firstResult?.(record.attempt.outcome));
    const name = delivery.channel;
    const number = delivery.attempts + 1;
    const base = {
      notification_id: delivery.notificationId,
      channel: name,
      connection_id: delivery.connectionId ?? undefined,
      attempt: number,
    };
    const startedAt = new Date();
    const record = (
      outcome: AttemptOutcome,
      state: DeliveryState,
      fields: Partial<AttemptRecord['attempt']> = {},
      nextAttemptAt: Date | null = null,
    ): AttemptRecord => ({
      attempt: {
        number,
        outcome,
        transient: false,
        statusCode: null,
        error: null,
        detail: null,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        ...fields,
      },
      state,
      nextAttemptAt,
    });

    // A connection delivery reads the connection's settings now (never stored in hub rows), so a fixed
    // setting applies to the retries; a hub channel uses its environment settings.
    let settings: object;
    let breaker;
    let label: string = name;
    if (delivery.connectionId !== null) {
      label = `connection_${name}`;
      let target;
      try {
        target = await this.connections.resolve(delivery.connectionId, delivery.connectionPart ?? 0, message);
      } catch (caught) {
        const error = `connection settings unreadable: ${(caught as Error)?.message ?? String(caught)}`;
        const next = this.nextAttempt(number);
        this.logger.warn({ event: `${name}.failed`, ...base, error, next_attempt_at: next ?? undefined });
        this.deliveries.inc({ channel: label, result: 'failed' });
        return finish(record('failed', next ? 'pending' : 'failed', { transient: true, error }, next));
      }
      if (!target || target.channel !== name) {
        const error = `notification connection ${delivery.connectionId} (part ${delivery.connectionPart ?? 0}) no longer exists or changed kind`;
        this.logger.warn({ event: `${name}.failed`, ...base, error });
        this.deliveries.inc({ channel: label, result: 'failed' });
        return finish(record('failed', 'failed', { error }));
      }
      settings = target.settings;
      if (target.message) message = { ...message, ...target.message };
      const missing = this.channels.get(name).missingSetting(settings);
      if (missing !== undefined) {
        const detail = `connection setting ${String(missing)} is empty`;
        this.logger.log({ event: `${name}.skipped`, ...base, reason: detail });
        this.deliveries.inc({ channel: label, result: 'skipped' });
        return finish(record('skipped', 'skipped', { detail }));
      }
      breaker = this.breakers.forConnection(delivery.connectionId);
    } else {
      const hubChannel = name as ChannelName;
      const missing = this.channels.missingEnv(hubChannel);
      if (missing) {
        this.logger.log({ event: `${name}.skipped`, ...base, reason: `${missing} is empty` });
        this.deliveries.inc({ channel: name, result: 'skipped' });
        return finish(record('skipped', 'skipped', { detail: `${missing} is empty` }));
      }
      settings = this.channels.get(name).defaultSettings();
      breaker = this.breakers.get(hubChannel);
    }

    if (!breaker.tryAcquire()) {
      this.breakers.report();
      const error = 'circuit breaker open: not sent';
      const next = this.nextAttempt(number, breaker.retryAt());
      this.logger.warn({ event: `${name}.failed`, ...base, error, circuit: breaker.state, next_attempt_at: next });
      this.deliveries.inc({ channel: label, result: 'blocked' });
      return finish(record('blocked', next ? 'pending' : 'failed', { transient: true, error }, next));
    }

    const channel = this.channels.get(name);
    const stopTimer = this.duration.startTimer({ channel: label });
    try {
      const outcome = await channel.send({ ...message, wireId: wireIdOf(delivery) }, settings);
      const seconds = stopTimer();
      breaker.onSuccess();
      this.breakers.report();
      this.logger.log({
        event: `${name}.sent`,
        ...base,
        duration_ms: Math.round(seconds * 1000),
        status_code: outcome.statusCode,
        detail: outcome.detail,
      });
      this.deliveries.inc({ channel: label, result: 'sent' });
      return finish(
        record('sent', 'delivered', { statusCode: outcome.statusCode ?? null, detail: outcome.detail ?? null }),
      );
    } catch (caught) {
      const seconds = stopTimer();
      const error =
        caught instanceof ChannelSendError
          ? caught
          : new ChannelSendError((caught as Error)?.message ?? String(caught), false);
      if (error.transient) breaker.onFailure();
      else breaker.onNeutral();
      this.breakers.report();
      const next = error.transient
        ? this.nextAttempt(number, breaker.state === 'closed' ? undefined : breaker.retryAt())
        : null;
      this.logger.warn({
        event: `${name}.failed`,
        ...base,
        error: error.message,
        status_code: error.statusCode,
        transient: error.transient,
        duration_ms: Math.round(seconds * 1000),
        next_attempt_at: next ?? undefined,
        circuit: breaker.state,
      });
      this.deliveries.inc({ channel: label, result: 'failed' });
      return finish(
        record(
          'failed',
          next ? 'pending' : 'failed',
          { transient: error.transient, statusCode: error.statusCode ?? null, error: error.message },
          next,
        ),
      );
    }
  }

  /** When to try again after attempt `number`, or null when the attempts are used up. */
  private nextAttempt(number: number, notBefore?: Date): Date | null {
    if (number >= this.env.get('HUB_RETRY_MAX_ATTEMPTS')) return null;
    const delay = retryDelayMs(number, this.env.get('HUB_RETRY_BASE_DELAY_MS'), this.env.get('HUB_RETRY_MAX_DELAY_MS'));
    return new Date(Math.max(Date.now() + delay, notBefore?.getTime() ?? 0));
  }

  private async finish(
    delivery: ClaimedDelivery,
    record: AttemptRecord,
    firstResult: FirstResult | undefined,
  ): Promise<AttemptResult> {
    const kept = await this.repository.recordAttempt(delivery, record, firstResult);
    if (!kept) {
      // Not a delivery event: the attempt is recorded, but another runner has taken the delivery over.
      this.logger.warn(
        `delivery ${delivery.id} (${delivery.channel}) of ${delivery.notificationId}: lease expired during the attempt`,
      );
    }
    return { outcome: record.attempt.outcome, state: record.state };
  }
}

/** A delivery's stable identity on the wire: `quire-<notification uuid>-<delivery id>` (ntfy allows [-_A-Za-z0-9]{1,64}). */
export function wireIdOf(delivery: Pick<ClaimedDelivery, 'notificationId' | 'id'>): string {
  return `quire-${delivery.notificationId}-${delivery.id}`.replace(/[^-_A-Za-z0-9]/g, '').slice(0, 64);
}
