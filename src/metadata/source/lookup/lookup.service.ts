import { Inject, Injectable } from '@nestjs/common';
import type { AuthorResource } from '../../../library/author/author.resource';
import { AuthorQueryService } from '../../../library/author/author-query.service';
import { ServiceUnavailableError } from '../../../platform/common/errors/domain-errors';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataNotReadyError,
  MetadataSource,
  MetadataSourceUnavailableError,
  RemoteAuthor,
  RemoteAuthorRef,
  RemoteBook,
  RemoteEdition,
} from '../metadata-source';
import { MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { OPEN_LIBRARY_SITE } from '../open-library/open-library.mapper';
import { LibraryIndexRepository } from './library-index.repository';
import {
  authorFromRef,
  LocalIds,
  LookupBookResource,
  toLookupAuthorResource,
  toLookupBookResource,
} from './lookup-resource.mapper';
import { parseSearchTerm, SearchTerm } from './search-term';

export interface SearchEntry {
  id: number;
  foreignId: string;
  author?: AuthorResource;
  book?: LookupBookResource;
}

const AUTHOR_LIMIT = 10;
const BOOK_LIMIT = 20;
/**
 * Works answered without any edition (Open Library names no cover edition for works without a cover) get their
 * editions fetched, one call each, for at most this many works per lookup; the others get one built from the work.
 */
const EDITION_FETCHES = 5;
/** Authors known only by id (a work record names no author) get their record fetched, at most this many. */
const AUTHOR_FETCHES = 5;

/**
 * `author/lookup`, `book/lookup` and `search`: the term parser, one or two calls to the metadata source,
 * and the local ids of what is already in the library.
 */
@Injectable()
export class LookupService {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly settings: MetadataSourceSettingsService,
    private readonly index: LibraryIndexRepository,
    private readonly authors: AuthorQueryService,
  ) {}

  async lookupAuthors(term: string | undefined): Promise<AuthorResource[]> {
    if (!term?.trim()) return [];
    return this.guard(term, async () => {
      const parsed = parseSearchTerm(term);
      const remote = await this.findAuthors(parsed);
      const local = await this.index.find({ authors: remote.map((a) => a.foreignAuthorId), books: [], editions: [] });
      const resources = await this.authorResources(remote, local);
      return remote.map((author) => resources.get(author.foreignAuthorId)!);
    });
  }

  async lookupBooks(term: string | undefined): Promise<LookupBookResource[]> {
    if (!term?.trim()) return [];
    return this.guard(term, async () => {
      const books = await this.findBooks(parseSearchTerm(term));
      return this.bookResources(books, []);
    });
  }

  async search(term: string | undefined): Promise<SearchEntry[]> {
    if (!term?.trim()) return [];
    return this.guard(term, async () => {
      const parsed = parseSearchTerm(term);
      const [authors, books] =
        parsed.kind === 'text'
          ? await Promise.all([
              this.source.searchAuthors(parsed.value, AUTHOR_LIMIT),
              this.source.searchBooks({ q: parsed.value }, BOOK_LIMIT),
            ])
          : await Promise.all([parsed.kind === 'author' ? this.findAuthors(parsed) : [], this.findBooks(parsed)]);
      const bookResources = await this.bookResources(books, authors);
      const local = await this.index.find({ authors: authors.map((a) => a.foreignAuthorId), books: [], editions: [] });
      const authorResources = await this.authorResources(authors, local);

      // Readarr's flat list: each author followed by its matching books, then the books of other authors.
      const entries: Omit<SearchEntry, 'id'>[] = [];
      const placed = new Set<LookupBookResource>();
      const placedAuthors = new Set<string>();
      const pushAuthor = (resource: AuthorResource) => {
        if (placedAuthors.has(resource.foreignAuthorId!)) return;
        placedAuthors.add(resource.foreignAuthorId!);
        entries.push({ foreignId: resource.foreignAuthorId!, author: resource });
        for (const book of bookResources) {
          if (placed.has(book) || book.author?.foreignAuthorId !== resource.foreignAuthorId) continue;
          placed.add(book);
          entries.push({ foreignId: book.foreignBookId, book });
        }
      };
      for (const author of authors) pushAuthor(authorResources.get(author.foreignAuthorId)!);
      for (const book of bookResources) {
        if (placed.has(book)) continue;
        if (parsed.kind !== 'text' && book.author) pushAuthor(book.author);
        if (placed.has(book)) continue;
        placed.add(book);
        entries.push({ foreignId: book.foreignBookId, book });
      }
      return entries.map((entry, index) => ({ id: index + 1, ...entry }));
    });
  }

  private async findAuthors(term: SearchTerm): Promise<RemoteAuthor[]> {
    switch (term.kind) {
      case 'author':
        return [await this.source.getAuthor(term.value)];
      case 'text':
        return this.source.searchAuthors(term.value, AUTHOR_LIMIT);
      case 'isbn':
      case 'asin':
      case 'edition':
      case 'work': {
        // Readarr: author lookup by a book id = the distinct authors of the matching books.
        const books = await this.findBooks(term);
        const ids = [...new Set(books.flatMap((book) => book.authors.slice(0, 1).map((a) => a.foreignAuthorId)))];
        return Promise.all(ids.slice(0, 5).map((id) => this.source.getAuthor(id)));
      }
    }
  }

  private async findBooks(term: SearchTerm): Promise<RemoteBook[]> {
    switch (term.kind) {
      case 'text':
        return this.source.searchBooks({ q: term.value }, BOOK_LIMIT);
      case 'author':
        return this.source.searchBooks({ q: `author_key:${term.value}` }, BOOK_LIMIT);
      case 'asin':
        return this.source.searchBooks({ identifier: { kind: 'asin', value: term.value } }, BOOK_LIMIT);
      case 'work':
        return [await this.source.getWork(term.value)];
      case 'edition':
      case 'isbn': {
        const edition =
          term.kind === 'edition'
            ? await this.source.getEdition(term.value)
            : await this.source.getEditionByIsbn(term.value);
        if (!edition) return this.source.searchBooks({ isbn: term.value }, BOOK_LIMIT);
        if (!edition.foreignBookId) return [];
        const work = await this.source.getWork(edition.foreignBookId);
        return [{ ...work, editions: [edition], coverEditionId: edition.foreignEditionId }];
      }
    }
  }

  private async bookResources(found: RemoteBook[], knownAuthors: RemoteAuthor[]): Promise<LookupBookResource[]> {
    const books = await this.withEditions(found);
    const authorIds = books.map((book) => book.authors[0]?.foreignAuthorId).filter((id): id is string => !!id);
    const local = await this.index.find({
      authors: authorIds,
      books: books.map((book) => book.foreignBookId),
      editions: books.flatMap((book) => [
        ...(book.editions ?? []).map((edition) => edition.foreignEditionId),
        ...(book.coverEditionId ? [book.coverEditionId] : []),
      ]),
    });
    const { coverBase } = await this.settings.resolve();
    const byId = new Map(knownAuthors.map((author) => [author.foreignAuthorId, author]));
    for (const author of await this.unnamedAuthors(books, byId)) byId.set(author.foreignAuthorId, author);
    const remoteAuthors = new Map<string, RemoteAuthor>();
    for (const book of books) {
      const ref = book.authors[0];
      if (ref && !remoteAuthors.has(ref.foreignAuthorId))
        remoteAuthors.set(
          ref.foreignAuthorId,
          byId.get(ref.foreignAuthorId) ?? authorFromRef(ref, coverBase, OPEN_LIBRARY_SITE),
        );
    }
    const authorResources = await this.authorResources([...remoteAuthors.values()], local);
    return books.map((book) =>
      toLookupBookResource(
        book,
        book.authors[0] ? authorResources.get(book.authors[0].foreignAuthorId) : undefined,
        local,
      ),
    );
  }

  /**
   * Readarr's lookups always carry a book's editions, and `POST /book` takes the monitored one: a work the source
   * answered without any gets the source's editions (or, past the budget or when it has none, one made from the work).
   */
  private async withEditions(books: RemoteBook[]): Promise<RemoteBook[]> {
    const bare = books.filter((book) => !book.editions?.length && !book.coverEditionId).slice(0, EDITION_FETCHES);
    const fetched = new Map(
      await Promise.all(bare.map(async (book) => [book.foreignBookId, await this.editionsOf(book)] as const)),
    );
    return books.map((book) => {
      const editions = fetched.get(book.foreignBookId);
      return editions?.length ? { ...book, editions } : book;
    });
  }

  private async editionsOf(book: RemoteBook): Promise<RemoteEdition[]> {
    try {
      return await this.source.getEditions(book.foreignBookId);
    } catch (error) {
      if (
        error instanceof MetadataNotFoundError ||
        error instanceof MetadataNotReadyError ||
        error instanceof MetadataSourceUnavailableError
      )
        return [];
      throw error;
    }
  }

  /**
   * The records of the books' first authors that the source named by id only (an Open Library work record carries
   * author keys, not names): a lookup must name the author, and adding the book names its folder after it.
   */
  private async unnamedAuthors(books: RemoteBook[], known: Map<string, RemoteAuthor>): Promise<RemoteAuthor[]> {
    const refs = books.map((book) => book.authors[0]).filter((ref): ref is RemoteAuthorRef => !!ref);
    const ids = [...new Set(refs.filter((ref) => !ref.name?.trim()).map((ref) => ref.foreignAuthorId))];
    const wanted = ids.filter((id) => !known.has(id)).slice(0, AUTHOR_FETCHES);
    const authors = await Promise.all(
      wanted.map((id) =>
        this.source.getAuthor(id).catch((error: unknown) => {
          if (
            error instanceof MetadataNotFoundError ||
            error instanceof MetadataNotReadyError ||
            error instanceof MetadataSourceUnavailableError
          )
            return undefined;
          throw error;
        }),
      ),
    );
    return authors.filter((author): author is RemoteAuthor => !!author);
  }

  /** Authors in the library are answered with their library resource (id, path, profiles), like Readarr. */
  private async authorResources(remote: RemoteAuthor[], local: LocalIds): Promise<Map<string, AuthorResource>> {
    const localIds = [...new Set(remote.map((a) => local.authors.get(a.foreignAuthorId)).filter((id) => !!id))];
    const libraryResources = localIds.length ? await this.authors.resources(localIds as number[]) : [];
    const byForeignId = new Map(libraryResources.map((resource) => [resource.foreignAuthorId!, resource]));
    const resources = new Map<string, AuthorResource>();
    for (const author of remote) {
      resources.set(author.foreignAuthorId, byForeignId.get(author.foreignAuthorId) ?? toLookupAuthorResource(author));
    }
    return resources;
  }

  private async guard<T>(term: string, work: () => Promise<T[]>): Promise<T[]> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MetadataNotFoundError) return [];
      if (error instanceof MetadataNotReadyError)
        throw new ServiceUnavailableError(`Search for '${term}' failed: ${error.message}, try again shortly.`);
      if (error instanceof MetadataSourceUnavailableError)
        throw new ServiceUnavailableError(
          `Search for '${term}' failed. Unable to communicate with ${this.source.name}.`,
        );
      throw error;
    }
  }
}
