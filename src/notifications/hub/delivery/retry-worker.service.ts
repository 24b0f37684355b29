import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { OnDomainEvent } from '../../../platform/common/events/domain-events';
import { ApplicationStoppingEvent } from '../../../platform/common/lifecycle/application-stopping.event';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelMessage } from '../notification.types';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryRunner } from './delivery-runner.service';

const BATCH = 20;

/**
 * Background retries: every poll interval, claims the due pending deliveries (FOR UPDATE SKIP LOCKED,
 * so several processes can share the database) and runs one attempt each. State lives only in the
 * database, so a restart loses nothing: the next process picks the rows up.
 */
@Injectable()
export class RetryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetryWorker.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly env: EnvService,
    private readonly repository: DeliveryRepository,
    private readonly runner: DeliveryRunner,
  ) {}

  onApplicationBootstrap() {
    this.schedule();
  }

  /** A stop has begun: no new retry round starts (a running one finishes its batch). */
  @OnDomainEvent(ApplicationStoppingEvent.NAME)
  onStopping(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error(`retry worker tick failed: ${(error as Error).message}`))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.env.get('HUB_RETRY_POLL_INTERVAL_MS'));
    this.timer.unref();
  }

  /** Runs every due delivery once; returns how many were attempted. */
  async tick(): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      const claimed = await this.repository.claimDue(BATCH, this.runner.leaseMs());
      if (claimed.length === 0) break;
      const notifications = await this.repository.findNotificationsByIds([
        ...new Set(claimed.map((d) => d.notificationId)),
      ]);
      await Promise.all(
        claimed.map((delivery) => {
          const notification = notifications.get(delivery.notificationId)!;
          const message: ChannelMessage = {
            title: notification.title,
            body: notification.body,
            priority: notification.priority,
            sourceAgent: notification.sourceAgent,
            metadata: notification.metadata,
          };
          return this.runner.attempt(delivery, message);
        }),
      );
      total += claimed.length;
      if (claimed.length < BATCH) break;
    }
    return total;
  }
}
