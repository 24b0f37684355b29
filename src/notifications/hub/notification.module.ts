import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HubChannelsModule } from './channels/hub-channels.module';
import { AttemptRecorder } from './delivery/attempt-recorder';
import { CircuitBreakerRegistry } from './delivery/circuit-breaker.registry';
import { DeliveryRepository } from './delivery/delivery.repository';
import { DeliveryRunner } from './delivery/delivery-runner.service';
import { DeliverySchedule } from './delivery/delivery-schedule';
import { RetryWorker } from './delivery/retry-worker.service';
import { NotificationDispatcher } from './dispatcher.service';
import { HubDeliveryAttempt } from './entities/hub-delivery-attempt.entity';
import { HubDelivery } from './entities/hub-delivery.entity';
import { HubNotification } from './entities/hub-notification.entity';
import { hubMetricProviders } from './hub-metrics';
import { HubStartupLogger } from './hub-startup.service';
import { HubTokenGuard } from './hub-token.guard';
import { NotificationQueryService } from './notification-query.service';
import { NotificationsController } from './notifications.controller';
import { NotifyController } from './notify.controller';
import { RoutingService } from './routing/routing.service';

/**
 * The notification hub: POST /notify, /health, GET /notifications, the email / ntfy / Home Assistant
 * channels, the routing table, durable deliveries with background retries and circuit breakers.
 * Exports the dispatcher (library events, connections) and the channel classes (notification connections).
 * Connection deliveries read their settings through `CONNECTION_TARGETS`, provided globally by the notification
 * connections (`notifications/connections/connection-targets.module.ts`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([HubNotification, HubDelivery, HubDeliveryAttempt]), HubChannelsModule],
  controllers: [NotifyController, NotificationsController],
  providers: [
    ...hubMetricProviders,
    RoutingService,
    CircuitBreakerRegistry,
    DeliveryRepository,
    DeliverySchedule,
    AttemptRecorder,
    DeliveryRunner,
    NotificationDispatcher,
    RetryWorker,
    NotificationQueryService,
    HubStartupLogger,
    HubTokenGuard,
  ],
  exports: [NotificationDispatcher, HubChannelsModule],
})
export class NotificationModule {}
