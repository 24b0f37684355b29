import type { TagDifference } from './rename.resource';

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

/**
 * Tags were written into a book file (Readarr's BookFileRetaggedEvent, behind onBookRetag): by RetagFiles /
 * RetagAuthor or on import per `writeAudioTags`. `diff` holds the fields that changed; `scrubbed` whether every
 * earlier tag was removed first.
 */
export class BookFileRetaggedEvent {
  static readonly NAME = 'bookfile.retagged';
  constructor(
    readonly init: {
      authorId: number;
      bookId: number;
      bookFileId: number;
      path: string;
      diff: TagDifference[];
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
