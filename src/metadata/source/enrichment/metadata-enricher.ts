import { Injectable, Logger } from '@nestjs/common';
import { BookInfoSource } from '../book-info/book-info.source';
import { MetadataHttpClient } from '../http/metadata-http.client';
import type { MetadataSource, RemoteBook, RemoteEdition } from '../metadata-source';
import { MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { OpenLibrarySource } from '../open-library/open-library.source';

/** Works looked up in the secondary source per refresh (two requests each): a large author is not a flood. */
const MAX_LOOKUPS = 50;

/**
 * Fills what the primary source lacks from the secondary one (`config/development` `metadataEnrichmentSource`,
 * a server of the other protocol): the same book is found there by ISBN, then its series membership (first) and
 * its description are taken when the primary has none, and `provenance` names where they came from. Best effort:
 * a secondary source that fails or does not know the book changes nothing.
 */
@Injectable()
export class MetadataEnricher {
  private readonly logger = new Logger(MetadataEnricher.name);

  constructor(
    private readonly http: MetadataHttpClient,
    private readonly settings: MetadataSourceSettingsService,
  ) {}

  async enrich(planned: { book: RemoteBook; editions: RemoteEdition[] }[]): Promise<void> {
    const secondary = await this.secondary();
    if (!secondary) return;
    let lookups = 0;
    for (const { book, editions } of planned) {
      if (book.series?.length && book.overview) continue;
      const isbn = editions.map((edition) => edition.isbn13).find((value): value is string => !!value);
      if (!isbn) continue;
      if (++lookups > MAX_LOOKUPS) break;
      try {
        const edition = await secondary.getEditionByIsbn(isbn);
        if (!edition?.foreignBookId) continue;
        fill(book, await secondary.getWork(edition.foreignBookId), secondary.name);
      } catch (error) {
        this.logger.debug(`Enrichment of '${book.title}' from ${secondary.name} skipped: ${(error as Error).message}`);
      }
    }
  }

  /** The other protocol's source, pointed at the enrichment URL. */
  private async secondary(): Promise<MetadataSource | undefined> {
    const apiBase = await this.settings.enrichmentBase();
    if (!apiBase) return undefined;
    const located = {
      resolve: async () => ({ ...(await this.settings.resolve()), apiBase }),
    } as MetadataSourceSettingsService;
    return (await this.settings.type()) === 'bookInfo'
      ? new OpenLibrarySource(this.http, located)
      : new BookInfoSource(this.http, located);
  }
}

function fill(book: RemoteBook, other: RemoteBook, sourceName: string): void {
  if (!book.series?.length && other.series?.length) {
    book.series = other.series.map((link) => ({ ...link }));
    book.provenance = { ...book.provenance, series: sourceName };
  }
  if (!book.overview && other.overview) {
    book.overview = other.overview;
    book.provenance = { ...book.provenance, overview: sourceName };
  }
}
