import { Module } from '@nestjs/common';
import { DecisionModule } from '../decision/decision.module';
import { ParserModule } from '../parser/parser.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { DownloadClientModule } from '../../integrations/download-client/download-client.module';
import { BlocklistModule } from '../blocklist/blocklist.module';
import { IndexerModule } from '../../integrations/indexer/indexer.module';
import { QueueModule } from '../queue/queue.module';
import { BookSearchRunner } from './book-search-runner.service';
import { GrabService } from './grab.service';
import { ProcessDecisionsService } from './process-decisions.service';
import { ReleaseCache } from './release-cache.service';
import { QueueGrabController, ReleaseController } from './release.controller';
import { ReleaseSearchService } from './release-search.service';
import { InteractiveGrabService } from './interactive-grab.service';
import { InteractiveSearchService } from './interactive-search.service';
import { PendingReleaseGrabService } from './pending-release-grab.service';
import { ReleasePushService } from './release-push.service';
import { ReleaseResources } from './release-resources';
import {
  AuthorSearchHandler,
  BookSearchHandler,
  CutoffUnmetBookSearchHandler,
  MissingBookSearchHandler,
  RssSyncHandler,
} from './search.handlers';
import { SearchRepository } from './search.repository';

/** Searching indexers, grabbing releases: `/api/v1/release*`, `/queue/grab*`, the search commands and RssSync. */
@Module({
  imports: [
    DecisionModule,
    ParserModule,
    ProfileModule,
    QueueModule,
    IndexerModule,
    DownloadClientModule,
    BlocklistModule,
  ],
  controllers: [ReleaseController, QueueGrabController],
  providers: [
    ReleaseCache,
    ReleaseSearchService,
    GrabService,
    ProcessDecisionsService,
    ReleaseResources,
    InteractiveSearchService,
    InteractiveGrabService,
    ReleasePushService,
    PendingReleaseGrabService,
    SearchRepository,
    BookSearchRunner,
    BookSearchHandler,
    AuthorSearchHandler,
    MissingBookSearchHandler,
    CutoffUnmetBookSearchHandler,
    RssSyncHandler,
  ],
})
export class SearchModule {}
