import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { LibraryNotificationEvent } from '../../notification/library-notification.event';
import { NOTIFICATION_EVENTS, NotificationEventType } from './notification-connection';
import { NotificationService } from './notification.service';

/**
 * Library events (`library.notification`) → the configured connections. The hub's own listener already routes
 * these through its routing table as source_agent `quire`, so QuireHub connections are skipped here to avoid
 * sending each event twice.
 */
@Injectable()
export class NotificationEventListener {
  constructor(private readonly notifications: NotificationService) {}

  @OnEvent(LibraryNotificationEvent.NAME, { async: true, promisify: true })
  async handle(event: LibraryNotificationEvent): Promise<void> {
    if (!(event.eventType in NOTIFICATION_EVENTS)) return;
    const tags = Array.isArray(event.metadata?.tags) ? (event.metadata.tags as number[]) : undefined;
    await this.notifications.deliver(
      {
        eventType: event.eventType as NotificationEventType,
        title: event.title,
        body: event.body,
        priority: event.priority,
        data: event.metadata ?? {},
      },
      { skipImplementations: ['QuireHub'], tags },
    );
  }
}
