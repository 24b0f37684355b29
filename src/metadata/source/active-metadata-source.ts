import { Injectable } from '@nestjs/common';
import { BookInfoSource } from './book-info/book-info.source';
import {
  BookSearchQuery,
  ChangedAuthors,
  FetchOptions,
  IdentifiedWork,
  IdentifierKind,
  MetadataNotFoundError,
  MetadataSource,
  RemoteAuthor,
  RemoteBook,
  RemoteEdition,
  RemoteSeries,
} from './metadata-source';
import { MetadataSourceSettingsService, MetadataSourceType } from './metadata-source-settings.service';
import { OpenLibrarySource } from './open-library/open-library.source';

/**
 * What METADATA_SOURCE resolves to: each call goes to the source `config/development` names at that moment
 * (`metadataSourceType`), so a change of setting takes effect without a restart.
 */
@Injectable()
export class ActiveMetadataSource implements MetadataSource {
  private lastType: MetadataSourceType = 'openLibrary';

  constructor(
    private readonly settings: MetadataSourceSettingsService,
    private readonly openLibrary: OpenLibrarySource,
    private readonly bookInfo: BookInfoSource,
  ) {}

  /** The name of the source used by the latest call (messages are written after a call). */
  get name(): string {
    return this.byType(this.lastType).name;
  }

  /** The source calls go to now. */
  async current(): Promise<MetadataSource> {
    this.lastType = await this.settings.type();
    return this.byType(this.lastType);
  }

  async currentType(): Promise<MetadataSourceType> {
    await this.current();
    return this.lastType;
  }

  async searchAuthors(query: string, limit?: number): Promise<RemoteAuthor[]> {
    return (await this.current()).searchAuthors(query, limit);
  }

  async searchBooks(query: BookSearchQuery, limit?: number): Promise<RemoteBook[]> {
    return (await this.current()).searchBooks(query, limit);
  }

  async getAuthor(foreignAuthorId: string, options?: FetchOptions): Promise<RemoteAuthor> {
    return (await this.current()).getAuthor(foreignAuthorId, options);
  }

  async getAuthorWorks(foreignAuthorId: string, options?: FetchOptions): Promise<RemoteBook[]> {
    return (await this.current()).getAuthorWorks(foreignAuthorId, options);
  }

  async getWork(foreignBookId: string, options?: FetchOptions): Promise<RemoteBook> {
    return (await this.current()).getWork(foreignBookId, options);
  }

  async getEditions(foreignBookId: string, options?: FetchOptions): Promise<RemoteEdition[]> {
    return (await this.current()).getEditions(foreignBookId, options);
  }

  async getEdition(foreignEditionId: string, options?: FetchOptions): Promise<RemoteEdition> {
    return (await this.current()).getEdition(foreignEditionId, options);
  }

  async getEditionByIsbn(isbn: string, options?: FetchOptions): Promise<RemoteEdition | undefined> {
    return (await this.current()).getEditionByIsbn(isbn, options);
  }

  async findWorksByIdentifiers(kind: IdentifierKind, values: string[]): Promise<IdentifiedWork[]> {
    const source = await this.current();
    return source.findWorksByIdentifiers ? source.findWorksByIdentifiers(kind, values) : [];
  }

  /** Series by id; a source without series data knows none (MetadataNotFoundError). */
  async getSeries(foreignSeriesId: string, options?: FetchOptions): Promise<RemoteSeries> {
    const source = await this.current();
    if (!source.getSeries) throw new MetadataNotFoundError('series', foreignSeriesId);
    return source.getSeries(foreignSeriesId, options);
  }

  async getChangedAuthors(since: Date): Promise<ChangedAuthors> {
    const source = await this.current();
    return source.getChangedAuthors ? source.getChangedAuthors(since) : { limited: true, ids: [] };
  }

  async ping(): Promise<void> {
    return (await this.current()).ping();
  }

  /** A source by protocol, whatever the setting says (enrichment asks the other one). */
  byType(type: MetadataSourceType): MetadataSource {
    switch (type) {
      case 'bookInfo':
        return this.bookInfo;
      case 'openLibrary':
        return this.openLibrary;
    }
  }
}
