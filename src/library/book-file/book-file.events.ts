/**
 * Why a file left the library (Readarr's DeleteMediaFileReason, the cases Quire has): deleted through Quire,
 * replaced by an upgrade, or found missing by a rescan.
 */
export type BookFileDeleteReason = 'manual' | 'upgrade' | 'missingFromDisk';

export class BookFileDeletedEvent {
  static readonly NAME = 'bookfile.deleted';
  constructor(
    readonly bookFileId: number,
    readonly bookId: number | null,
    readonly authorId: number | null,
    readonly path: string,
    readonly reason: BookFileDeleteReason = 'manual',
  ) {}
}

/**
 * A file already in the library (found by a rescan, not imported from a download) was matched to a book: Readarr
 * writes its tags then when `writeAudioTags` is `allFiles` or `sync` (an import of an existing file).
 */
export class BookFileMatchedEvent {
  static readonly NAME = 'bookfile.matched';
  constructor(readonly bookFileId: number) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookFileDeletedEvent.NAME]: BookFileDeletedEvent;
    [BookFileMatchedEvent.NAME]: BookFileMatchedEvent;
  }
}
