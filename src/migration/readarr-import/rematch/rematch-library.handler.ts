import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../../platform/common/events/domain-events';
import {
  CommandHandler,
  CommandQueueService,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../../platform/command';
import { MetadataSourceChangedEvent } from '../../../platform/settings/development/metadata-source-changed.event';
import { LibraryRematchService } from './library-rematch.service';
import { RematchRepository } from './rematch.repository';

export const REMATCH_LIBRARY = 'RematchLibrary';

export interface RematchLibraryBody {
  from?: string;
  to?: string;
}

/**
 * Re-matches the library through the metadata source now configured; the report is kept under the command's id
 * (`GET /api/v1/migration/rematch/{id}`). Exclusive: no refresh writes the ids while they are being rewritten.
 */
@Injectable()
@CommandHandler(REMATCH_LIBRARY, { exclusive: true, sendUpdatesToClient: true })
export class RematchLibraryHandler implements CommandHandlerInstance<RematchLibraryBody> {
  constructor(
    private readonly rematcher: LibraryRematchService,
    private readonly reports: RematchRepository,
  ) {}

  async execute(body: RematchLibraryBody, context: CommandContext): Promise<string> {
    const report = await this.rematcher.rematch(body.from ?? 'unknown', body.to ?? 'current', (message) =>
      context.progress(message),
    );
    await this.reports.saveReport(context.commandId, report);
    const { authors, books } = report.counts;
    return (
      `Re-matched through ${report.to}: ${authors.matched} of ${authors.total} authors and ${books.matched} of ` +
      `${books.total} books got new ids, ${authors.unmatched + books.unmatched} kept their old ids`
    );
  }
}

/** A change of metadata source queues a re-match of the library. */
@Injectable()
export class MetadataSourceChangedListener {
  private readonly logger = new Logger(MetadataSourceChangedListener.name);

  constructor(private readonly commands: CommandQueueService) {}

  @OnDomainEvent(MetadataSourceChangedEvent.NAME)
  async queueRematch(event: MetadataSourceChangedEvent): Promise<void> {
    await this.commands
      .enqueue(REMATCH_LIBRARY, { from: event.previous, to: event.current }, { trigger: 'unspecified' })
      .catch((error: unknown) => this.logger.warn(`RematchLibrary not queued: ${(error as Error).message}`));
  }
}
