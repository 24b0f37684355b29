import { Injectable } from '@nestjs/common';

/** What a book file says of its book: names from its tags or its path, an ISBN when its tags carry one. */
export interface BookNames {
  author?: string;
  title?: string;
  isbn?: string;
}

/**
 * Names the author the metadata source gives a book (an ISBN match first, else title and author agreeing), for
 * the rescan that adds authors found in files. Implementations throw `ServiceUnavailableError` when the source
 * cannot be reached.
 */
export interface AuthorIdentification {
  identifyAuthor(book: BookNames): Promise<{ foreignAuthorId: string; name: string } | undefined>;
}

/**
 * The hook the file scan calls; the metadata-source module plugs its lookup in at start-up (`use`), so files
 * need not depend on a metadata source. Without one, no author is identified.
 */
@Injectable()
export class AuthorIdentificationHook implements AuthorIdentification {
  private identification: AuthorIdentification | undefined;

  use(identification: AuthorIdentification): void {
    this.identification = identification;
  }

  async identifyAuthor(book: BookNames): Promise<{ foreignAuthorId: string; name: string } | undefined> {
    return this.identification?.identifyAuthor(book);
  }
}
