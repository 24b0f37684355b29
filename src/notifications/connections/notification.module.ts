import { Module } from '@nestjs/common';
import { NotificationModule as HubModule } from '../hub/notification.module';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderCoreModule } from '../../integrations/core/provider-core.module';
import { AuthorTagsRepository } from './author-tags.repository';
import { CHANNEL_CONNECTIONS, ConnectionTargetsModule } from './connection-targets.module';
import { LibraryEventDelivery } from './library-event-delivery.service';
import { QuireHubConnection } from './notification.connections';
import { NotificationController } from './notification.controller';
import { NOTIFICATION_REGISTRY, NotificationService } from './notification.service';
import { SendToEReaderHandler } from './send-to-ereader.handler';
import { SendToEReaderImportListener } from './send-to-ereader.import-listener';
import { SendToEReaderRepository } from './send-to-ereader.repository';
import { SendToEReaderService } from './send-to-ereader.service';

const CONNECTIONS = [...CHANNEL_CONNECTIONS, QuireHubConnection];

/** Send to E-Reader's own parts: file choice and sending, the command, the import hook. */
const SEND_TO_EREADER = [
  SendToEReaderRepository,
  SendToEReaderService,
  SendToEReaderHandler,
  SendToEReaderImportListener,
];

/**
 * `/api/v1/notification`: Readarr's notification connections. Library events reach them through the hub's durable
 * dispatcher (retries, history) through `LibraryEventDelivery`, called by `src/notifications/library-events/`; `test` sends directly with the
 * hub's channel classes.
 */
@Module({
  imports: [ProviderCoreModule, HubModule, ConnectionTargetsModule],
  controllers: [NotificationController],
  providers: [
    QuireHubConnection,
    {
      provide: NOTIFICATION_REGISTRY,
      inject: CONNECTIONS,
      useFactory: (...connections: InstanceType<(typeof CONNECTIONS)[number]>[]) => new ProviderRegistry(connections),
    },
    NotificationService,
    AuthorTagsRepository,
    LibraryEventDelivery,
    ...SEND_TO_EREADER,
  ],
  exports: [NotificationService, LibraryEventDelivery],
})
export class NotificationConnectionModule {}
