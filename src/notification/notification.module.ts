import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvService } from '../env/env.service';
import { ChannelRegistry } from './channels/channel-registry';
import { EmailChannel, smtpTransportOptions } from './channels/email.channel';
import { HaTtsChannel } from './channels/ha-tts.channel';
import { NtfyChannel } from './channels/ntfy.channel';
import { WebhookChannel } from './channels/webhook.channel';
import { ConnectionTargets } from './delivery/connection-targets';
import { CircuitBreakerRegistry } from './delivery/circuit-breaker.registry';
import { DeliveryRepository } from './delivery/delivery.repository';
import { DeliveryRunner } from './delivery/delivery-runner.service';
import { RetryWorker } from './delivery/retry-worker.service';
import { NotificationDispatcher } from './dispatcher.service';
import { HubDeliveryAttempt } from './entities/hub-delivery-attempt.entity';
import { HubDelivery } from './entities/hub-delivery.entity';
import { HubNotification } from './entities/hub-notification.entity';
import { hubMetricProviders } from './hub-metrics';
import { HubStartupLogger } from './hub-startup.service';
import { HubTokenGuard } from './hub-token.guard';
import { LibraryNotificationListener } from './library-notification.listener';
import { NotificationQueryService } from './notification-query.service';
import { NotificationsController } from './notifications.controller';
import { NotifyController } from './notify.controller';
import { RoutingService } from './routing/routing.service';

/**
 * The notification hub: POST /notify, /health, GET /notifications, the email / ntfy / Home Assistant
 * channels, the routing table, durable deliveries with background retries and circuit breakers.
 * Exports the dispatcher (library events) and the channel classes (notification connections).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([HubNotification, HubDelivery, HubDeliveryAttempt]),
    MailerModule.forRootAsync({
      inject: [EnvService],
      // The default transport is the hub's relay; EmailChannel adds one per distinct settings.
      useFactory: (env: EnvService) => ({
        transport: smtpTransportOptions({
          host: env.get('HUB_SMTP_HOST'),
          port: env.get('HUB_SMTP_PORT'),
          from: env.get('HUB_SMTP_FROM'),
          to: env.get('HUB_SMTP_TO'),
          timeoutMs: env.get('HUB_EMAIL_TIMEOUT_MS'),
        }),
        verifyTransporters: false,
      }),
    }),
  ],
  controllers: [NotifyController, NotificationsController],
  providers: [
    ...hubMetricProviders,
    RoutingService,
    EmailChannel,
    NtfyChannel,
    HaTtsChannel,
    WebhookChannel,
    ChannelRegistry,
    ConnectionTargets,
    CircuitBreakerRegistry,
    DeliveryRepository,
    DeliveryRunner,
    NotificationDispatcher,
    RetryWorker,
    NotificationQueryService,
    LibraryNotificationListener,
    HubStartupLogger,
    HubTokenGuard,
  ],
  exports: [NotificationDispatcher, ConnectionTargets, EmailChannel, NtfyChannel, HaTtsChannel, WebhookChannel],
})
export class NotificationModule {}
