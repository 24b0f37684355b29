import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { NotificationDispatcher } from './dispatcher.service';
import { LibraryNotificationEvent } from './library-notification.event';

export const LIBRARY_SOURCE_AGENT = 'quire';

/** Library events go through the same dispatcher as POST /notify, as source agent "quire". */
@Injectable()
export class LibraryNotificationListener {
  private readonly logger = new Logger('NotificationHub');

  constructor(private readonly dispatcher: NotificationDispatcher) {}

  @OnEvent(LibraryNotificationEvent.NAME)
  async onLibraryNotification(event: LibraryNotificationEvent): Promise<void> {
    try {
      await this.dispatcher.dispatch({
        sourceAgent: LIBRARY_SOURCE_AGENT,
        title: event.title,
        body: event.body,
        priority: event.priority ?? 'normal',
        channels: [],
        metadata: { ...event.metadata, event_type: event.eventType },
      });
    } catch (error) {
      // A listener must not throw into the emitter (and so into the feature that emitted).
      this.logger.error({
        event: 'notify.received',
        source_agent: LIBRARY_SOURCE_AGENT,
        error: `library notification not dispatched: ${(error as Error).message}`,
      });
    }
  }
}
