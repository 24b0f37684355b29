import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  type AuthorIdentification,
  AuthorIdentificationHook,
  type BookNames,
} from '../../library/author/author-identification';
import { ServiceUnavailableError } from '../../platform/common/errors/domain-errors';
import { similarity } from '../../platform/common/text/similarity';
import { METADATA_SOURCE, type MetadataSource, MetadataSourceUnavailableError } from './metadata-source';

/** How alike a title or a name must be to the metadata source's to count as the same. */
const SAME = 0.8;

/**
 * Plugs the metadata source into the scan that adds authors found in files: an ISBN the source knows names the
 * author outright; otherwise the source is searched by title and author, and both must agree closely.
 */
@Injectable()
export class MetadataAuthorIdentification implements AuthorIdentification, OnModuleInit {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly hook: AuthorIdentificationHook,
  ) {}

  onModuleInit(): void {
    this.hook.use(this);
  }

  async identifyAuthor(book: BookNames): Promise<{ foreignAuthorId: string; name: string } | undefined> {
    try {
      return await this.identify(book);
    } catch (error) {
      if (error instanceof MetadataSourceUnavailableError) throw new ServiceUnavailableError(error.message);
      throw error;
    }
  }

  private async identify(book: BookNames): Promise<{ foreignAuthorId: string; name: string } | undefined> {
    if (book.isbn) {
      const [byIsbn] = await this.source.searchBooks({ isbn: book.isbn }, 1);
      const author = byIsbn?.authors[0];
      const name = author?.name ?? book.author;
      if (author && name) return { foreignAuthorId: author.foreignAuthorId, name };
    }
    if (!book.author || !book.title) return undefined;
    const candidates = await this.source.searchBooks({ title: book.title, author: book.author }, 5);
    const match = candidates.find((candidate) => similarity(candidate.title, book.title!) >= SAME);
    const author = match?.authors.find((ref) => ref.name && similarity(ref.name, book.author!) >= SAME);
    return author?.name ? { foreignAuthorId: author.foreignAuthorId, name: author.name } : undefined;
  }
}
