import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import { BookFileService } from '../book-file/book-file.service';
import { ImportListExclusionService } from '../import-list-exclusion/import-list-exclusion.service';
import { Book } from './book.entity';
import { BookDeletedEvent, BookEditedEvent } from './book.events';
import { BookRecordRepository } from './book-record.repository';
import { BookRepository } from './book.repository';
import type { EditionResource } from './edition.resource';

export interface BookUpdateInput {
  monitored?: boolean;
  anyEditionOk?: boolean;
  editions?: EditionResource[];
}

/** Changing books: PUT /book (monitoring, the monitored edition), bulk monitor, delete (with files). */
@Injectable()
export class BookCommandService {
  constructor(
    private readonly repository: BookRepository,
    private readonly records: BookRecordRepository,
    private readonly bookFiles: BookFileService,
    private readonly exclusions: ImportListExclusionService,
    private readonly events: DomainEvents,
  ) {}

  /** PUT /book: monitored, anyEditionOk and which edition is monitored (exactly one). */
  async update(id: number, input: BookUpdateInput): Promise<void> {
    const book = await this.require(id);
    if (!input.editions) {
      throw ValidationError.of('editions', "'Editions' must not be empty.", input.editions, 'NotEmptyValidator');
    }
    const editions = await this.records.findEditionsOfBook(id);
    const wanted = input.editions.find((edition) => edition.monitored && editions.some((e) => e.id === edition.id));
    if (input.monitored !== undefined) book.monitored = input.monitored;
    if (input.anyEditionOk !== undefined) book.anyEditionOk = input.anyEditionOk;
    await this.repository.saveMonitoringEdition(book, wanted?.id);
    this.events.emit(BookEditedEvent.NAME, new BookEditedEvent([id]));
  }

  async setMonitored(ids: number[], monitored: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.records.setMonitored(ids, monitored);
    this.events.emit(BookEditedEvent.NAME, new BookEditedEvent(ids));
  }

  async delete(id: number, options: { deleteFiles?: boolean; addImportListExclusion?: boolean }): Promise<void> {
    const book = await this.require(id);
    // the files go first: when the recycle bin cannot take one, the book stays with the files not yet deleted
    if (options.deleteFiles) {
      await this.bookFiles.deleteFilesOfBook(id);
      await this.repository.deleteWithFiles(id);
    } else {
      // Readarr keeps the files on disk and their rows, unlinked: they reappear in the unmapped files list
      await this.repository.deleteKeepingFiles(id);
    }
    if (options.addImportListExclusion) {
      await this.exclusions.add({ foreignId: book.foreignBookId, authorName: book.title });
    }
    this.events.emit(
      BookDeletedEvent.NAME,
      new BookDeletedEvent(id, book.authorId, book.foreignBookId, book.title, !!options.deleteFiles),
    );
  }

  async deleteMany(ids: number[], options: { deleteFiles?: boolean; addImportListExclusion?: boolean }) {
    const existing = await this.records.findByIds([...new Set(ids)]);
    for (const book of existing) await this.delete(book.id, options);
  }

  private async require(id: number): Promise<Book> {
    const book = await this.records.findById(id);
    if (!book) throw new NotFoundError(`Book with ID ${id} does not exist`);
    return book;
  }
}
