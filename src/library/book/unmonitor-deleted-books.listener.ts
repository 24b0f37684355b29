import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { BookFileDeletedEvent } from '../book-file/book-file.events';
import { BookCommandService } from './book-command.service';

/**
 * `autoUnmonitorPreviouslyDownloadedBooks` ("books deleted from disk are automatically unmonitored"): a book whose
 * file was deleted through Quire or found missing by a rescan stops being monitored, so it is not grabbed again. A
 * file replaced by an upgrade does not count: the book has its better file.
 */
@Injectable()
export class UnmonitorDeletedBooksListener {
  private readonly logger = new Logger(UnmonitorDeletedBooksListener.name);

  constructor(
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly books: BookCommandService,
  ) {}

  @OnDomainEvent(BookFileDeletedEvent.NAME, { async: true, promisify: true })
  async onBookFileDeleted(event: BookFileDeletedEvent): Promise<void> {
    if (event.reason === 'upgrade' || event.bookId === null) return;
    try {
      if (!(await this.mediaManagement.load()).autoUnmonitorPreviouslyDownloadedBooks) return;
      await this.books.setMonitored([event.bookId], false);
      this.logger.log(`Unmonitored book ${event.bookId}: its file '${event.path}' was deleted (${event.reason})`);
    } catch (error) {
      this.logger.warn(`Could not unmonitor book ${event.bookId}: ${String(error)}`);
    }
  }
}
