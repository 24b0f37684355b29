import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Histogram } from 'prom-client';
import { ChannelSendError } from '../channels/channel';
import { ChannelRegistry } from '../channels/channel-registry';
import { AttemptOutcome } from '../entities/hub-delivery-attempt.entity';
import { DeliveryState } from '../entities/hub-delivery.entity';
import { METRIC_DELIVERY_DURATION } from '../hub-metrics';
import { ChannelMessage, ChannelName } from '../notification.types';
import { AttemptRecorder, type AttemptResult, type CountedResult } from './attempt-recorder';
import { CircuitBreakerRegistry } from './circuit-breaker.registry';
import { CONNECTION_TARGETS, type ConnectionTargetResolver } from './connection-targets';
import { DeliverySchedule } from './delivery-schedule';
import { AttemptRecord, ClaimedDelivery, FirstResult } from './delivery.repository';

/**
 * Runs one attempt of one channel delivery: skip when unconfigured, hold back while the circuit is
 * open, send with the channel's deadline, then store the attempt and the delivery's next state
 * (retry later with exponential backoff for transient failures, until the attempt limit).
 */
@Injectable()
export class DeliveryRunner {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly channels: ChannelRegistry,
    private readonly breakers: CircuitBreakerRegistry,
    @Inject(CONNECTION_TARGETS) private readonly connections: ConnectionTargetResolver,
    private readonly schedule: DeliverySchedule,
    private readonly recorder: AttemptRecorder,
    @InjectMetric(METRIC_DELIVERY_DURATION) private readonly duration: Histogram<string>,
  ) {}

  /** The lease a runner holds on a delivery: longer than any send can take. */
  leaseMs(): number {
    return this.schedule.leaseMs();
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
    const name = delivery.channel;
    let label: string = name;
    const finish = (result: CountedResult, record: AttemptRecord) =>
      this.recorder.record(delivery, record, firstResult?.(record.attempt.outcome), { channel: label, result });
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
    if (delivery.connectionId !== null) {
      label = `connection_${name}`;
      let target;
      try {
        target = await this.connections.resolve(delivery.connectionId, delivery.connectionPart ?? 0, message);
      } catch (caught) {
        const error = `connection settings unreadable: ${(caught as Error)?.message ?? String(caught)}`;
        const next = this.schedule.nextAttempt(number);
        this.logger.warn({ event: `${name}.failed`, ...base, error, next_attempt_at: next ?? undefined });
        return finish('failed', record('failed', next ? 'pending' : 'failed', { transient: true, error }, next));
      }
      if (!target || target.channel !== name) {
        const error = `notification connection ${delivery.connectionId} (part ${delivery.connectionPart ?? 0}) no longer exists or changed kind`;
        this.logger.warn({ event: `${name}.failed`, ...base, error });
        return finish('failed', record('failed', 'failed', { error }));
      }
      settings = target.settings;
      if (target.message) message = { ...message, ...target.message };
      const missing = this.channels.get(name).missingSetting(settings);
      if (missing !== undefined) {
        const detail = `connection setting ${String(missing)} is empty`;
        this.logger.log({ event: `${name}.skipped`, ...base, reason: detail });
        return finish('skipped', record('skipped', 'skipped', { detail }));
      }
      breaker = this.breakers.forConnection(delivery.connectionId);
    } else {
      const hubChannel = name as ChannelName;
      const missing = this.channels.missingEnv(hubChannel);
      if (missing) {
        this.logger.log({ event: `${name}.skipped`, ...base, reason: `${missing} is empty` });
        return finish('skipped', record('skipped', 'skipped', { detail: `${missing} is empty` }));
      }
      settings = this.channels.get(name).defaultSettings();
      breaker = this.breakers.get(hubChannel);
    }

    if (!breaker.tryAcquire()) {
      this.breakers.report();
      const error = 'circuit breaker open: not sent';
      const next = this.schedule.nextAttempt(number, breaker.retryAt());
      this.logger.warn({ event: `${name}.failed`, ...base, error, circuit: breaker.state, next_attempt_at: next });
      return finish('blocked', record('blocked', next ? 'pending' : 'failed', { transient: true, error }, next));
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
      return finish(
        'sent',
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
        ? this.schedule.nextAttempt(number, breaker.state === 'closed' ? undefined : breaker.retryAt())
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
      return finish(
        'failed',
        record(
          'failed',
          next ? 'pending' : 'failed',
          { transient: error.transient, statusCode: error.statusCode ?? null, error: error.message },
          next,
        ),
      );
    }
  }
}

/** A delivery's stable identity on the wire: `quire-<notification uuid>-<delivery id>` (ntfy allows [-_A-Za-z0-9]{1,64}). */
export function wireIdOf(delivery: Pick<ClaimedDelivery, 'notificationId' | 'id'>): string {
  return `quire-${delivery.notificationId}-${delivery.id}`.replace(/[^-_A-Za-z0-9]/g, '').slice(0, 64);
}
