import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Gauge } from 'prom-client';
import { EnvService } from '../../../platform/env/env.service';
import { METRIC_CIRCUIT_STATE } from '../hub-metrics';
import { CHANNEL_NAMES, ChannelName } from '../notification.types';
import { CircuitBreaker, CircuitSnapshot, CircuitState } from './circuit-breaker';

const STATE_VALUE: Record<CircuitState, number> = { closed: 0, open: 1, half_open: 2 };

/** One circuit breaker per hub channel (per process), reported by /health/channels and /metrics. */
@Injectable()
export class CircuitBreakerRegistry {
  private readonly breakers = new Map<ChannelName, CircuitBreaker>();
  /** One breaker per notification connection, so a user's broken server never pauses the hub's own channels. */
  private readonly connections = new Map<number, CircuitBreaker>();
  private readonly options: ConstructorParameters<typeof CircuitBreaker>[0];

  constructor(
    env: EnvService,
    @InjectMetric(METRIC_CIRCUIT_STATE) private readonly gauge: Gauge<string>,
  ) {
    const options = {
      failureThreshold: env.get('HUB_BREAKER_FAILURE_THRESHOLD'),
      basePauseMs: env.get('HUB_BREAKER_BASE_PAUSE_MS'),
      maxPauseMs: env.get('HUB_BREAKER_MAX_PAUSE_MS'),
    };
    this.options = options;
    for (const channel of CHANNEL_NAMES) this.breakers.set(channel, new CircuitBreaker(options));
    this.report();
  }

  get(channel: ChannelName): CircuitBreaker {
    return this.breakers.get(channel)!;
  }

  forConnection(connectionId: number): CircuitBreaker {
    let breaker = this.connections.get(connectionId);
    if (!breaker) {
      breaker = new CircuitBreaker(this.options);
      this.connections.set(connectionId, breaker);
    }
    return breaker;
  }

  /** Publishes every breaker's state to the gauge; call after a change (and before reading). */
  report(): void {
    for (const [channel, breaker] of this.breakers) this.gauge.set({ channel }, STATE_VALUE[breaker.state]);
  }

  snapshot(): Record<ChannelName, CircuitSnapshot> {
    this.report();
    const result = {} as Record<ChannelName, CircuitSnapshot>;
    for (const [channel, breaker] of this.breakers) result[channel] = breaker.snapshot();
    return result;
  }
}
