export class BookFileDeletedEvent {
  static readonly NAME = 'bookfile.deleted';
  constructor(
    readonly bookFileId: number,
    readonly bookId: number | null,
    readonly authorId: number | null,
    readonly path: string,
  ) {}
}
