import type { RevisionValue } from '../../library/book-file/book-file.entity';

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

/** One tag of a file that was rewritten; '' stands for a tag the file did not have (or no longer has). */
export interface RetaggedTagChange {
  field: string;
  oldValue: string;
  newValue: string;
}

/**
 * The tags of one book file were written (RetagFiles / RetagAuthor, or an import that writes tags; Readarr's
 * onBookRetag). It carries the facts listeners need (author, book, the file as it is now, what changed) so none
 * has to query them again; one event per file, as a retag of many files is many changes.
 */
export class BookFileRetaggedEvent {
  static readonly NAME = 'bookfile.retagged';
  constructor(
    readonly init: {
      author: { id: number; name: string; path: string; foreignAuthorId: string };
      book: { id: number; title: string; foreignBookId: string };
      bookFile: {
        id: number;
        path: string;
        qualityId: number;
        qualityRevision: RevisionValue | null;
        releaseGroup: string | null;
        sceneName: string | null;
        size: number;
        dateAdded: Date | null;
      };
      changes: RetaggedTagChange[];
      /** Every existing tag was removed before the new ones were written. */
      scrubbed: boolean;
    },
  ) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookFilesRenamedEvent.NAME]: BookFilesRenamedEvent;
    [BookFileRetaggedEvent.NAME]: BookFileRetaggedEvent;
  }
}
