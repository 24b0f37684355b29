import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { type CatalogueIdentityCheck, CatalogueIdentityCheckHook } from '../../library/author/catalogue-identity-check';
import { ServiceUnavailableError, ValidationError } from '../../platform/common/errors/domain-errors';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataSource,
  MetadataSourceUnavailableError,
} from './metadata-source';

/** Open Library's own keys; other ids (imports, tests, another source) are not ours to judge and pass. */
const AUTHOR_KEY = /^OL\d+A$/i;
const WORK_KEY = /^OL\d+W$/i;

/**
 * Plugs the metadata source into the catalogue's add paths (POST /author, POST /book): an id the source does
 * not know is Readarr's 400 (`ForeignAuthorId` "An author with this ID was not found", `ForeignBookId` "A book
 * with this ID was not found"); a source that cannot be reached is a 503. Either way nothing is written.
 */
@Injectable()
export class MetadataIdentityCheck implements CatalogueIdentityCheck, OnModuleInit {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly hook: CatalogueIdentityCheckHook,
  ) {}

  onModuleInit(): void {
    this.hook.use(this);
  }

  async assertAuthorExists(foreignAuthorId: string): Promise<void> {
    if (!AUTHOR_KEY.test(foreignAuthorId)) return;
    await this.confirm('author', () => this.source.getAuthor(foreignAuthorId), {
      property: 'ForeignAuthorId',
      message: 'An author with this ID was not found',
      id: foreignAuthorId,
    });
  }

  async assertBookExists(foreignBookId: string): Promise<void> {
    if (!WORK_KEY.test(foreignBookId)) return;
    await this.confirm('book', () => this.source.getWork(foreignBookId), {
      property: 'ForeignBookId',
      message: 'A book with this ID was not found',
      id: foreignBookId,
    });
  }

  private async confirm(
    kind: 'author' | 'book',
    fetch: () => Promise<unknown>,
    notFound: { property: string; message: string; id: string },
  ): Promise<void> {
    try {
      await fetch();
    } catch (error) {
      if (error instanceof MetadataNotFoundError)
        throw ValidationError.of(notFound.property, notFound.message, notFound.id);
      if (error instanceof MetadataSourceUnavailableError)
        throw new ServiceUnavailableError(
          `Unable to communicate with ${error.sourceName} to look up ${kind} ${notFound.id}; nothing was added.`,
        );
      throw error;
    }
  }
}
