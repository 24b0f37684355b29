import { Injectable, Logger } from '@nestjs/common';
import { AuthorEditorService } from '../../library/author/author-editor.service';
import { AuthorRepository } from '../../library/author/author.repository';
import { BookCommandService } from '../../library/book/book-command.service';
import { BookRecordRepository } from '../../library/book/book-record.repository';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import type { ImportListItem } from './import-list';
import type { ImportListOptions } from './import-list.service';

/**
 * List items already in the library, and Readarr's `shouldMonitorExisting` for them: such an item monitors again
 * what the list asks for. An item naming a book of the library (and a list that monitors something) monitors that
 * book, with `entireAuthor` every book of the book's author, and that author; it searches as Readarr does: the book
 * when the list monitors specific books and the book was not monitored, the author's missing books when more was
 * monitored. Any other item of an author in the library monitors the author only, whatever the list monitors.
 */
@Injectable()
export class ImportListExistingMonitor {
  private readonly logger = new Logger(ImportListExistingMonitor.name);

  constructor(
    private readonly books: BookRecordRepository,
    private readonly authors: AuthorRepository,
    private readonly bookCommands: BookCommandService,
    private readonly authorEditor: AuthorEditorService,
    private readonly queue: CommandQueueService,
  ) {}

  /** Whether the item's book or author is in the library; when it is, monitors them as the list says. */
  async handle(item: ImportListItem, foreignAuthorId: string, options: ImportListOptions): Promise<boolean> {
    const apply = options.enableAutomaticAdd && options.shouldMonitorExisting;
    const [book] = item.foreignBookId ? await this.books.findByForeignIds([item.foreignBookId.trim()]) : [];
    if (book) {
      if (apply && options.shouldMonitor !== 'none') await this.monitorBook(book, options);
      return true;
    }
    const author = await this.authors.findByForeignAuthorId(foreignAuthorId);
    if (!author) return false;
    if (apply && !author.monitored) await this.monitorAuthor(author.id);
    return true;
  }

  private async monitorBook(book: { id: number; authorId: number; monitored: boolean }, options: ImportListOptions) {
    if (!book.monitored) {
      await this.bookCommands.setMonitored([book.id], true);
      if (options.shouldMonitor === 'specificBook') await this.queue.enqueue('BookSearch', { bookIds: [book.id] });
    }
    let search = false;
    if (options.shouldMonitor === 'entireAuthor') {
      const books = await this.books.findMonitoringOfAuthor(book.authorId);
      if (books.some((each) => !each.monitored)) {
        await this.bookCommands.setMonitored(
          books.map((each) => each.id),
          true,
        );
        search = true;
      }
    }
    const author = await this.authors.findById(book.authorId);
    if (author && !author.monitored) {
      await this.monitorAuthor(author.id);
      search = true;
    }
    if (search) await this.queue.enqueue('MissingBookSearch', { authorId: book.authorId });
  }

  private async monitorAuthor(authorId: number): Promise<void> {
    await this.authorEditor.update({ authorIds: [authorId], monitored: true });
    this.logger.log(`An import list monitored author ${authorId} again`);
  }
}
