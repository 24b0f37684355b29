import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { type AddAuthorInput, AddAuthorService } from '../author/add-author.service';
import { cleanName } from '../../platform/common/text/clean-name';
import { notEmpty } from '../author/author-validation';
import type { Author } from '../author/author.entity';
import { AuthorRepository } from '../author/author.repository';
import { CatalogueIdentityCheckHook } from '../author/catalogue-identity-check';
import { toAddAuthorInput } from '../author/author-input.mapper';
import { EMPTY_RATINGS, type MediaCoverValue } from '../author/catalogue-values';
import { failure, ValidationError, type ValidationFailure } from '../../platform/common/errors/domain-errors';
import { type Transaction, TransactionRunner } from '../../platform/database/transaction';
import type { Book } from './book.entity';
import { BookAddedEvent } from './book.events';
import { BookRecordRepository } from './book-record.repository';
import type { BookResource } from './book.resource';
import type { EditionResource } from './edition.resource';

function toDate(value: Date | string | undefined | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function toImages(images: EditionResource['images']): MediaCoverValue[] {
  return (images ?? []).map((image) => ({
    url: image.remoteUrl ?? image.url,
    coverType: image.coverType ?? 'cover',
    extension: image.extension,
  }));
}

/**
 * POST /book: adds a book with its editions from the posted resource, adding its
 * author first when it is not in the library yet.
 */
@Injectable()
export class AddBookService {
  constructor(
    private readonly addAuthor: AddAuthorService,
    private readonly authors: AuthorRepository,
    private readonly events: DomainEvents,
    private readonly identity: CatalogueIdentityCheckHook,
    private readonly books: BookRecordRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async add(input: BookResource): Promise<Book> {
    const failures: ValidationFailure[] = [];
    const push = (f: ValidationFailure | undefined) => f && failures.push(f);
    push(notEmpty('foreignBookId', 'Foreign Book Id', input.foreignBookId));
    push(notEmpty('author', 'Author', input.author));
    if (input.author) push(notEmpty('author.foreignAuthorId', 'Foreign Author Id', input.author.foreignAuthorId));
    if (!input.editions?.length) push(notEmpty('editions', 'Editions', undefined));
    const foreignBookId = input.foreignBookId?.trim();
    if (foreignBookId) {
      const existing = await this.books.existsWithForeignId(foreignBookId);
      if (existing) failures.push(failure('foreignBookId', 'This book has already been added', foreignBookId));
    }
    const editions = input.editions ?? [];
    const title = input.title ?? editions.find((e) => e.monitored)?.title ?? editions[0]?.title;
    push(notEmpty('title', 'Title', title));
    if (failures.length > 0) throw new ValidationError(failures);

    const prepared = await this.prepareAuthor(input);
    await this.identity.assertBookExists(foreignBookId!);
    // A new author and the book are written in one transaction and announced only after the commit:
    // `author.added` queues a RefreshAuthor that adds the author's works, and it must find this book there.
    const { author, book } = await this.transactions.run(async (tx) => {
      const author =
        'existing' in prepared ? prepared.existing : await this.addAuthor.insert(tx, prepared.input, prepared.path);
      return { author, book: await this.insertBook(tx, input, author, foreignBookId!, title!) };
    });
    if (!('existing' in prepared)) this.addAuthor.announce(author, prepared.input);
    this.events.emit(BookAddedEvent.NAME, new BookAddedEvent(book.id, author.id));
    return book;
  }

  private insertBook(
    tx: Transaction,
    input: BookResource,
    author: Author,
    foreignBookId: string,
    title: string,
  ): Promise<Book> {
    const editions = input.editions ?? [];
    const monitoredIndex = Math.max(
      0,
      editions.findIndex((edition) => edition.monitored),
    );
    return this.books.insertWithEditions(
      tx,
      {
        authorId: author.id,
        authorMetadataId: author.authorMetadataId,
        foreignBookId,
        titleSlug: input.titleSlug ?? foreignBookId,
        title,
        cleanTitle: cleanName(title),
        releaseDate: toDate(input.releaseDate),
        links: input.links ?? [],
        genres: input.genres ?? [],
        ratings: { ...EMPTY_RATINGS, ...input.ratings },
        monitored: input.monitored ?? true,
        anyEditionOk: input.anyEditionOk ?? true,
        addOptions: input.addOptions ?? { addType: 'automatic', searchForNewBook: false },
      },
      editions.map((edition, index) => ({
        foreignEditionId: edition.foreignEditionId ?? `${foreignBookId}-${index + 1}`,
        titleSlug: edition.titleSlug ?? edition.foreignEditionId ?? null,
        isbn13: edition.isbn13 ?? null,
        asin: edition.asin ?? null,
        title: edition.title ?? title,
        language: edition.language ?? null,
        overview: edition.overview ?? input.overview ?? null,
        format: edition.format ?? null,
        isEbook: edition.isEbook ?? false,
        disambiguation: edition.disambiguation ?? null,
        publisher: edition.publisher ?? null,
        pageCount: edition.pageCount ?? 0,
        releaseDate: toDate(edition.releaseDate) ?? toDate(input.releaseDate),
        images: toImages(edition.images?.length ? edition.images : input.images),
        links: edition.links ?? [],
        ratings: { ...EMPTY_RATINGS, ...edition.ratings },
        monitored: index === monitoredIndex,
        manualAdd: edition.manualAdd ?? false,
      })),
    );
  }

  /** The author in the library, or a validated (and identity-checked) new one to insert with the book. */
  private async prepareAuthor(
    input: BookResource,
  ): Promise<{ existing: Author } | { input: AddAuthorInput; path: string }> {
    const existing = await this.authors.findByForeignAuthorId(input.author!.foreignAuthorId!.trim());
    if (existing) return { existing };
    // Readarr adds an author created for one book with "none" monitoring of its other books.
    const authorInput = toAddAuthorInput(input.author!);
    const newAuthor: AddAuthorInput = {
      ...authorInput,
      addOptions: { monitor: 'none', booksToMonitor: [], monitored: true, ...authorInput.addOptions },
    };
    return { input: newAuthor, path: await this.addAuthor.prepare(newAuthor, { checkIdentity: true }) };
  }
}
