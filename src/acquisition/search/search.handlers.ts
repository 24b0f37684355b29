import { Injectable } from '@nestjs/common';
import {
  CommandHandler,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { Clock } from '../decision/clock';
import { QualityProfileService } from '../../library/profile/quality-profile/quality-profile.service';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { BookSearchRunner } from './book-search-runner.service';
import { ProcessDecisionsService } from './process-decisions.service';
import { ReleaseSearchService } from './release-search.service';
import { SearchRepository } from './search.repository';

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id) && id > 0) : [];
const optionalId = (value: unknown): number | undefined => (typeof value === 'number' && value > 0 ? value : undefined);

/** `BookSearch {bookIds}`: user-chosen books, searched whether monitored or not. */
@Injectable()
@CommandHandler('BookSearch', { sendUpdatesToClient: true })
export class BookSearchHandler implements CommandHandlerInstance {
  constructor(private readonly runner: BookSearchRunner) {}

  execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    return this.runner.run(ids(body.bookIds), false, context);
  }
}

/** `AuthorSearch {authorId}`: every monitored book of the author. */
@Injectable()
@CommandHandler('AuthorSearch', { sendUpdatesToClient: true })
export class AuthorSearchHandler implements CommandHandlerInstance {
  constructor(
    private readonly runner: BookSearchRunner,
    private readonly repository: SearchRepository,
  ) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const authorId = optionalId(body.authorId);
    if (!authorId) throw new Error('AuthorSearch needs an authorId');
    return this.runner.run(await this.repository.monitoredBookIds(authorId), true, context);
  }
}

/** `MissingBookSearch {authorId?}`: monitored released books without a file (wanted/missing). */
@Injectable()
@CommandHandler('MissingBookSearch', { sendUpdatesToClient: true })
export class MissingBookSearchHandler implements CommandHandlerInstance {
  constructor(
    private readonly runner: BookSearchRunner,
    private readonly repository: SearchRepository,
  ) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    return this.runner.run(await this.repository.missingBookIds(optionalId(body.authorId)), true, context);
  }
}

/** `CutoffUnmetBookSearch {authorId?}`: monitored books whose files are below the profile's cutoff. */
@Injectable()
@CommandHandler('CutoffUnmetBookSearch', { sendUpdatesToClient: true })
export class CutoffUnmetBookSearchHandler implements CommandHandlerInstance {
  constructor(
    private readonly runner: BookSearchRunner,
    private readonly repository: SearchRepository,
    private readonly profiles: QualityProfileService,
  ) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const bookIds = await this.repository.cutoffUnmetBookIds(await this.profiles.findAll(), optionalId(body.authorId));
    return this.runner.run(bookIds, true, context);
  }
}

/** `RssSync` (scheduled): the indexers' RSS feeds, then pending releases whose delay is over. */
@Injectable()
@CommandHandler('RssSync', { sendUpdatesToClient: true, longRunning: true })
export class RssSyncHandler implements CommandHandlerInstance {
  constructor(
    private readonly search: ReleaseSearchService,
    private readonly process: ProcessDecisionsService,
    private readonly tracked: TrackedDownloadService,
    private readonly clock: Clock,
  ) {}

  async execute(_body: Record<string, unknown>, context: CommandContext): Promise<string> {
    await context.progress('Starting RSS Sync');
    const decisions = await this.search.rss('rss');
    const result = await this.process.process(decisions, 'rss');
    const now = this.clock.now().getTime();
    const due = (await this.tracked.pendingReleases()).filter((pending) => pending.releaseAt.getTime() <= now);
    let fromPending = 0;
    if (due.length) {
      await this.tracked.removePending(due.map((pending) => pending.id));
      fromPending = (await this.process.process(await this.search.decidePending(due, 'rss'), 'rss')).grabbed.length;
    }
    return `RSS Sync Completed. Reports found: ${decisions.length}, Reports grabbed: ${result.grabbed.length + fromPending}`;
  }
}
