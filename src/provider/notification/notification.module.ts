import { Module } from '@nestjs/common';
import { NotificationModule as HubModule } from '../../notification/notification.module';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { NotificationEventListener } from './notification-event.listener';
import {
  EmailConnection,
  HomeAssistantConnection,
  NtfyConnection,
  QuireHubConnection,
  WebhookConnection,
} from './notification.connections';
import { NotificationController } from './notification.controller';
import { NOTIFICATION_REGISTRY, NotificationService } from './notification.service';
import { NotificationTargetResolver } from './notification-target.resolver';

const CONNECTIONS = [EmailConnection, HomeAssistantConnection, NtfyConnection, QuireHubConnection, WebhookConnection];

/**
 * `/api/v1/notification`: Readarr's notification connections. Library events reach them through the hub's durable
 * dispatcher (retries, history); `test` sends directly with the hub's channel classes.
 */
@Module({
  imports: [ProviderCoreModule, HubModule],
  controllers: [NotificationController],
  providers: [
    ...CONNECTIONS,
    {
      provide: NOTIFICATION_REGISTRY,
      inject: CONNECTIONS,
      useFactory: (...connections: InstanceType<(typeof CONNECTIONS)[number]>[]) => new ProviderRegistry(connections),
    },
    NotificationService,
    NotificationEventListener,
    NotificationTargetResolver,
  ],
  exports: [NotificationService],
})
export class NotificationConnectionModule {}
