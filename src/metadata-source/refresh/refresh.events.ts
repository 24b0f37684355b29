/** An author's record and books were refreshed from the metadata source and something changed. */
export class AuthorRefreshedEvent {
  static readonly NAME = 'author.refreshed';
  constructor(
    readonly authorId: number,
    readonly addedBookIds: number[],
    readonly updatedBookIds: number[],
  ) {}
}
