import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { join } from 'node:path';
import { failure, ValidationError, type ValidationFailure } from '../../platform/common/errors/domain-errors';
import { type Transaction, TransactionRunner } from '../../platform/database/transaction';
import { authorFolderName, authorNames } from './author-names';
import { normalizePath, notEmpty } from './author-validation';
import { Author } from './author.entity';
import { AuthorAddedEvent } from './author.events';
import { AuthorRepository } from './author.repository';
import { CatalogueIdentityCheckHook } from './catalogue-identity-check';
import { AuthorValidator } from './author-validator.service';
import {
  type AddAuthorOptionsValue,
  EMPTY_RATINGS,
  type LinkValue,
  type MediaCoverValue,
  type RatingsValue,
} from './catalogue-values';

/** What adding an author needs; a metadata source fills the descriptive part, a client the rest. */
export interface AddAuthorInput {
  foreignAuthorId?: string;
  authorName?: string;
  titleSlug?: string;
  overview?: string;
  disambiguation?: string;
  status?: 'continuing' | 'ended';
  images?: MediaCoverValue[];
  links?: LinkValue[];
  genres?: string[];
  ratings?: Partial<RatingsValue>;
  qualityProfileId?: number;
  metadataProfileId?: number;
  path?: string;
  rootFolderPath?: string;
  monitored?: boolean;
  monitorNewItems?: Author['monitorNewItems'];
  tags?: number[];
  addOptions?: AddAuthorOptionsValue;
}

export interface AddAuthorOptions {
  /**
   * Ask the metadata source whether `foreignAuthorId` exists before writing anything (POST /author, POST /book);
   * import lists, which take their ids from another library, skip it.
   */
  checkIdentity?: boolean;
}

/**
 * Adds an author (metadata row + author row) from the given data; publishes `author.added`, on which the
 * metadata-source feature refreshes it. With `checkIdentity` the metadata source first confirms the id
 * (through CatalogueIdentityCheckHook, a no-op when no source is plugged in).
 */
@Injectable()
export class AddAuthorService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly validator: AuthorValidator,
    private readonly events: DomainEvents,
    private readonly identity: CatalogueIdentityCheckHook,
    private readonly transactions: TransactionRunner,
  ) {}

  async add(input: AddAuthorInput, options: AddAuthorOptions = {}): Promise<Author> {
    const path = await this.prepare(input, options);
    const author = await this.transactions.run((tx) => this.insert(tx, input, path));
    this.announce(author, input);
    return author;
  }

  /** Everything that can refuse the author before a row is written; returns the author's folder path. */
  async prepare(input: AddAuthorInput, options: AddAuthorOptions = {}): Promise<string> {
    const path = await this.validate(input);
    if (options.checkIdentity) await this.identity.assertAuthorExists(input.foreignAuthorId!.trim());
    return path;
  }

  /** Writes the metadata and author rows in the caller's transaction; the caller `announce`s after the commit. */
  insert(tx: Transaction, input: AddAuthorInput, path: string): Promise<Author> {
    const names = authorNames(input.authorName!);
    return this.repository.insertWithMetadata(
      tx,
      {
        foreignAuthorId: input.foreignAuthorId!.trim(),
        titleSlug: input.titleSlug ?? input.foreignAuthorId!.trim(),
        name: names.name,
        sortName: names.sortName,
        nameLastFirst: names.nameLastFirst,
        sortNameLastFirst: names.sortNameLastFirst,
        overview: input.overview ?? null,
        disambiguation: input.disambiguation ?? null,
        status: input.status ?? 'continuing',
        images: input.images ?? [],
        links: input.links ?? [],
        genres: input.genres ?? [],
        ratings: { ...EMPTY_RATINGS, ...input.ratings },
      },
      {
        cleanName: names.cleanName,
        monitored: input.monitored ?? input.addOptions?.monitored ?? true,
        monitorNewItems: input.monitorNewItems ?? 'all',
        path,
        rootFolderPath: input.rootFolderPath ? normalizePath(input.rootFolderPath) : null,
        qualityProfileId: input.qualityProfileId!,
        metadataProfileId: input.metadataProfileId!,
        tags: [...new Set(input.tags ?? [])],
        addOptions: input.addOptions ?? null,
      },
    );
  }

  /**
   * Publishes `author.added`, which queues the author's RefreshAuthor. Only after the transaction that wrote
   * the author (and, for POST /book, its first book) committed: the refresh must see those rows.
   */
  announce(author: Author, input: AddAuthorInput): void {
    this.events.emit(AuthorAddedEvent.NAME, new AuthorAddedEvent(author, input.foreignAuthorId!, input.authorName!));
  }

  /** Readarr's add-author rules; returns the author's folder path. */
  async validate(input: AddAuthorInput): Promise<string> {
    const failures: ValidationFailure[] = [];
    const push = (f: ValidationFailure | undefined) => f && failures.push(f);
    push(notEmpty('foreignAuthorId', 'Foreign Author Id', input.foreignAuthorId));
    push(notEmpty('authorName', 'Author Name', input.authorName));
    // A source that named the author by id only leaves the id as its name; a folder is never named after an id.
    if (
      input.authorName?.trim() &&
      input.authorName.trim().toLowerCase() === input.foreignAuthorId?.trim().toLowerCase()
    )
      failures.push(
        failure(
          'authorName',
          "The author's name could not be had from the metadata source, only its id; look the author up again",
          input.authorName,
        ),
      );
    if (!input.path && !input.rootFolderPath) push(notEmpty('path', 'Path', input.path));
    if (input.foreignAuthorId?.trim() && (await this.repository.findByForeignAuthorId(input.foreignAuthorId.trim()))) {
      failures.push(failure('foreignAuthorId', 'This author has already been added', input.foreignAuthorId));
    }
    const path = input.path
      ? normalizePath(input.path)
      : input.rootFolderPath && input.authorName?.trim()
        ? join(normalizePath(input.rootFolderPath), authorFolderName(input.authorName))
        : undefined;
    const update = {
      qualityProfileId: input.qualityProfileId ?? 0,
      metadataProfileId: input.metadataProfileId ?? 0,
      path: path ?? null!,
      rootFolderPath: input.rootFolderPath,
    };
    failures.push(...(await this.validator.updateFailures(undefined, update)));
    if (failures.length > 0 || !path) throw new ValidationError(failures);
    if (input.tags?.length) await this.validator.assertTags(input.tags);
    return path;
  }
}
