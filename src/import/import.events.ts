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
    },
  ) {}
}
