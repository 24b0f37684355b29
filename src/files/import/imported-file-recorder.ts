import { Injectable } from '@nestjs/common';
import { basename } from 'node:path';
import { qualityModel } from '../../acquisition/parser/quality-model';
import { BookFileService } from '../../library/book-file/book-file.service';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { FileHistoryService } from '../organizer/file-history.service';
import type { ImportDecision } from './import-decision.types';
import type { ImportSource } from './import-source';
import { BookImportedEvent } from './import.events';

/** A file now in the library, where it went and what it was imported as. */
export interface PlacedFile {
  path: string;
  editionId: number;
  /** The title the book is announced with (its edition's, else the book's). */
  bookTitle: string;
  /** Whether it replaced files of the same kind. */
  isUpgrade: boolean;
}

/**
 * Records a file placed in the library: its book_file row, a `bookFileImported` history row, then
 * `book.imported`, awaited so its listeners have run when the import answers.
 */
@Injectable()
export class ImportedFileRecorder {
  constructor(
    private readonly bookFiles: BookFileService,
    private readonly history: FileHistoryService,
    private readonly events: DomainEvents,
  ) {}

  /** Answers the new book file's id. */
  async record(decision: ImportDecision, source: ImportSource, placed: PlacedFile): Promise<number> {
    const book = decision.book!;
    const file = await this.bookFiles.create({
      path: placed.path,
      size: decision.size,
      editionId: placed.editionId,
      qualityId: decision.qualityId,
      sceneName: source.title ?? null,
      releaseGroup: source.releaseGroup ?? null,
      originalFilePath: decision.path,
      mediaInfo: (decision.info.mediaInfo as Record<string, unknown> | undefined) ?? null,
      part: decision.part,
      partCount: decision.partCount,
    });
    await this.history.record({
      eventType: 'bookFileImported',
      authorId: book.authorId,
      bookId: book.bookId,
      sourceTitle: source.title ?? basename(decision.path),
      quality: qualityModel(decision.qualityId),
      downloadId: source.downloadId,
      data: {
        droppedPath: decision.path,
        importedPath: placed.path,
        fileId: String(file.id),
        downloadClient: source.downloadClient,
        downloadClientName: source.downloadClient,
        releaseGroup: source.releaseGroup ?? undefined,
        indexer: source.indexer ?? undefined,
        size: String(decision.size),
      },
    });
    await this.events.emitAsync(
      BookImportedEvent.NAME,
      new BookImportedEvent({
        authorId: book.authorId,
        bookId: book.bookId,
        bookFileId: file.id,
        path: placed.path,
        sourcePath: decision.path,
        qualityId: decision.qualityId,
        isUpgrade: placed.isUpgrade,
        downloadId: source.downloadId,
        authorName: book.authorName,
        bookTitle: placed.bookTitle,
      }),
    );
    return file.id;
  }
}
