/** One file moved to its new name. */
export interface RenamedBookFile {
  bookFileId: number | null;
  authorId: number;
  bookId: number;
  previousPath: string;
  path: string;
}

/** Files were renamed to the naming scheme (RenameFiles / RenameAuthor; Readarr's onRename). */
export class BookFilesRenamedEvent {
  static readonly NAME = 'bookfiles.renamed';
  constructor(readonly files: RenamedBookFile[]) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookFilesRenamedEvent.NAME]: BookFilesRenamedEvent;
  }
}
