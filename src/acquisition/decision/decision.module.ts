import { Module } from '@nestjs/common';
import { BlocklistModule } from '../blocklist/blocklist.module';
import { IndexerModule } from '../../integrations/indexer/indexer.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { QueueModule } from '../queue/queue.module';
import { ReleaseProfileModule } from '../release-profile/release-profile.module';
import { Clock } from './clock';
import { AuthorDecisionStateLoader, DecisionSettingsLoader } from './decision-context.loader';
import { DecisionRepository } from './decision.repository';
import { DecisionService } from './decision.service';

/** The decision engine: one specification per rule (`specifications/`), context loading, ranking. */
@Module({
  imports: [ProfileModule, ReleaseProfileModule, BlocklistModule, QueueModule, IndexerModule],
  providers: [Clock, DecisionRepository, DecisionSettingsLoader, AuthorDecisionStateLoader, DecisionService],
  exports: [Clock, DecisionService],
})
export class DecisionModule {}
