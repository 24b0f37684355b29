import { Module } from '@nestjs/common';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { BookFileModule } from '../../library/book-file/book-file.module';
import { QueueModule } from '../../acquisition/queue/queue.module';
import { RootFolderModule } from '../../library/root-folder/root-folder.module';
import { CommandPushListener } from './command-push.listener';
import { LibraryPushListener } from './library-push.listener';
import { LongPollingService } from './long-polling.service';
import { PushAuthGuard } from './push-auth.guard';
import { PushAuthService } from './push-auth.service';
import { PushBusService } from './push-bus.service';
import { PushController } from './push.controller';
import { PushDeliveryService } from './push-delivery.service';
import { PushHubService } from './push-hub.service';
import { PushResourcesService } from './push-resources.service';
import { WebSocketTransportService } from './websocket-transport.service';

/**
 * Live push: Readarr's SignalR hub at /signalr/messages (negotiate, WebSockets, long polling, JSON hub
 * protocol), fed by domain events; PostgreSQL LISTEN/NOTIFY carries changes between Quire processes.
 */
@Module({
  imports: [AuthorModule, BookModule, BookFileModule, QueueModule, RootFolderModule],
  controllers: [PushController],
  providers: [
    PushAuthService,
    PushAuthGuard,
    PushHubService,
    WebSocketTransportService,
    LongPollingService,
    PushBusService,
    PushResourcesService,
    PushDeliveryService,
    CommandPushListener,
    LibraryPushListener,
  ],
  exports: [PushDeliveryService],
})
export class PushModule {}
