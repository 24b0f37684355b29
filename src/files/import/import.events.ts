/** A file was imported into the library (new or upgrade). */
export class BookImportedEvent {
  static readonly NAME = 'book.imported';

  constructor(
    readonly init: {
      authorId: number;
      bookId: number;
      bookFileId: number;
      path: string;
      sourcePath: string;
      qualityId: number;
      isUpgrade: boolean;
      downloadId?: string;
      /** Names at import time, for messages (notifications) that should not query them again. */
      authorName: string;
      /** The edition's title, else the book's. */
      bookTitle: string;
    },
  ) {}
}

/** A finished download could not be imported (Readarr's onImportFailure); its tracked state is `importFailed`. */
export class DownloadImportFailedEvent {
  static readonly NAME = 'download.importFailed';

  constructor(
    readonly init: {
      trackedDownloadId: number;
      downloadId: string;
      title: string;
      authorId: number | null;
      bookIds: number[];
      messages: string[];
    },
  ) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookImportedEvent.NAME]: BookImportedEvent;
    [DownloadImportFailedEvent.NAME]: DownloadImportFailedEvent;
  }
}
