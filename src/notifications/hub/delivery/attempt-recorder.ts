import { Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Counter } from 'prom-client';
import { AttemptOutcome } from '../entities/hub-delivery-attempt.entity';
import { DeliveryState } from '../entities/hub-delivery.entity';
import { METRIC_DELIVERIES } from '../hub-metrics';
import { AttemptRecord, ClaimedDelivery, DeliveryRepository, FirstResult } from './delivery.repository';

export interface AttemptResult {
  outcome: AttemptOutcome;
  state: DeliveryState;
}

/** The metric's `result` label: the outcome, as the deliveries counter names it. */
export type CountedResult = 'sent' | 'failed' | 'skipped' | 'blocked';

/** The end of one attempt: counted in the deliveries metric, then stored with the delivery's next state. */
@Injectable()
export class AttemptRecorder {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly repository: DeliveryRepository,
    @InjectMetric(METRIC_DELIVERIES) private readonly deliveries: Counter<string>,
  ) {}

  /** `channel`: the metric's channel label (`connection_<kind>` for a connection's delivery). */
  async record(
    delivery: ClaimedDelivery,
    record: AttemptRecord,
    firstResult: FirstResult | undefined,
    counted: { channel: string; result: CountedResult },
  ): Promise<AttemptResult> {
    this.deliveries.inc(counted);
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
