import { Module } from '@nestjs/common';
import { NotificationModule } from '../hub/notification.module';
import { NotificationConnectionModule } from '../connections/notification.module';
import { LibraryEventListener } from './library-event.listener';
import { WebhookPayloadRepository } from './webhook-payload.repository';
import { WebhookPayloads } from './webhook-payloads';

/**
 * Domain events → notifications (hub routing and notification connections). Its own folder because it listens to
 * the features above the hub and the provider framework; nothing imports it but the app module.
 */
@Module({
  imports: [NotificationModule, NotificationConnectionModule],
  providers: [LibraryEventListener, WebhookPayloads, WebhookPayloadRepository],
  exports: [LibraryEventListener],
})
export class NotifierModule {}
