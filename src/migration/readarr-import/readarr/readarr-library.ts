import type { LinkValue, RatingsValue } from '../../../library/author/catalogue-values';
import type { ReadarrDatabase, ReadarrRow } from './readarr-database.repository';
import {
  enumName,
  NEW_ITEM_MONITOR,
  readBool,
  readDate,
  readIds,
  readInt,
  readJson,
  readQuality,
  readStrings,
  readText,
  type ReadarrQuality,
} from './readarr-values';

export interface RAuthor {
  id: number;
  metadataId: number;
  foreignAuthorId: string;
  name: string;
  sortName: string | null;
  nameLastFirst: string | null;
  sortNameLastFirst: string | null;
  overview: string | null;
  disambiguation: string | null;
  status: 'continuing' | 'ended';
  links: LinkValue[];
  genres: string[];
  aliases: string[];
  ratings: RatingsValue;
  path: string;
  monitored: boolean;
  monitorNewItems: 'all' | 'none' | 'new';
  qualityProfileId: number;
  metadataProfileId: number;
  tags: number[];
  added: Date | null;
}

export interface RBook {
  id: number;
  authorMetadataId: number;
  foreignBookId: string;
  title: string;
  releaseDate: Date | null;
  links: LinkValue[];
  genres: string[];
  ratings: RatingsValue;
  monitored: boolean;
  anyEditionOk: boolean;
  added: Date | null;
  lastSearchTime: Date | null;
}

export interface REdition {
  id: number;
  bookId: number;
  foreignEditionId: string;
  isbn13: string | null;
  asin: string | null;
  title: string;
  language: string | null;
  overview: string | null;
  format: string | null;
  isEbook: boolean;
  disambiguation: string | null;
  publisher: string | null;
  pageCount: number;
  releaseDate: Date | null;
  links: LinkValue[];
  ratings: RatingsValue;
  monitored: boolean;
  manualAdd: boolean;
}

export interface RBookFile {
  id: number;
  editionId: number;
  path: string;
  size: number;
  quality: ReadarrQuality;
  mediaInfo: Record<string, unknown> | null;
  calibreId: number;
  sceneName: string | null;
  releaseGroup: string | null;
  originalFilePath: string | null;
  dateAdded: Date | null;
  modified: Date | null;
  part: number;
  indexerFlags: number;
}

function ratings(value: unknown): RatingsValue {
  const parsed = readJson<Partial<RatingsValue>>(value as string, {});
  return {
    votes: Number(parsed.votes ?? 0),
    value: Number(parsed.value ?? 0),
    popularity: Number(parsed.popularity ?? 0),
  };
}

/** Authors (with their books, editions and files) read together: one author's whole catalogue is in one chunk. */
export interface LibraryChunk {
  authors: RAuthor[];
  books: RBook[];
  /** Readarr book id → its editions. */
  editions: Map<number, REdition[]>;
  files: RBookFile[];
}

/**
 * The library part of a readarr.db, streamed: authors in Id order, cut into chunks of about `targetBooks` books
 * (an author is never split), each chunk read with its books, editions and files. Only one chunk's rows are
 * decoded at a time. Authors without their AuthorMetadata row are not part of the library.
 */
export function* readLibraryChunks(db: ReadarrDatabase, targetBooks: number): Generator<LibraryChunk> {
  const bookCounts = db.bookCountsByAuthorMetadata();
  const seenMetadata = new Set<number>();
  let pending: ReadarrRow[] = [];
  let pendingBooks = 0;
  for (const row of db.rows('Authors')) {
    const metadataId = readInt(row.AuthorMetadataId);
    if (seenMetadata.has(metadataId)) continue;
    seenMetadata.add(metadataId);
    pending.push(row);
    pendingBooks += bookCounts.get(metadataId) ?? 0;
    if (pendingBooks >= targetBooks) {
      yield readChunk(db, pending);
      pending = [];
      pendingBooks = 0;
    }
  }
  if (pending.length) yield readChunk(db, pending);
}

/** How many authors the library has (the denominator of the progress). */
export function countAuthors(db: ReadarrDatabase): number {
  return db.count('Authors');
}

function readChunk(db: ReadarrDatabase, authorRows: ReadarrRow[]): LibraryChunk {
  const metadata = new Map(
    [
      ...db.rowsWhereIn(
        'AuthorMetadata',
        'Id',
        authorRows.map((row) => readInt(row.AuthorMetadataId)),
      ),
    ].map((row) => [readInt(row.Id), row]),
  );
  const authors: RAuthor[] = [];
  for (const row of authorRows) {
    const meta = metadata.get(readInt(row.AuthorMetadataId));
    if (meta) authors.push(toAuthor(row, meta));
  }
  const books = [
    ...db.rowsWhereIn(
      'Books',
      'AuthorMetadataId',
      authors.map((author) => author.metadataId),
    ),
  ].map(toBook);
  const editions = new Map<number, REdition[]>();
  const editionIds: number[] = [];
  for (const row of db.rowsWhereIn(
    'Editions',
    'BookId',
    books.map((book) => book.id),
  )) {
    const edition = toEdition(row);
    editionIds.push(edition.id);
    const list = editions.get(edition.bookId);
    if (list) list.push(edition);
    else editions.set(edition.bookId, [edition]);
  }
  const files = [...db.rowsWhereIn('BookFiles', 'EditionId', editionIds)].map(toBookFile);
  return { authors, books, editions, files };
}

/** Books of no author of the library (skipped, and listed). */
export function* readBooksWithoutAuthor(db: ReadarrDatabase): Generator<RBook> {
  for (const row of db.booksWithoutAuthor()) yield toBook(row);
}

/** Files of no edition of a library book (skipped, and listed). */
export function* readFilesWithoutBook(db: ReadarrDatabase): Generator<RBookFile> {
  for (const row of db.filesWithoutLibraryBook()) yield toBookFile(row);
}

function toAuthor(row: ReadarrRow, meta: ReadarrRow): RAuthor {
  return {
    id: readInt(row.Id),
    metadataId: readInt(row.AuthorMetadataId),
    foreignAuthorId: String(meta.ForeignAuthorId),
    name: String(meta.Name ?? ''),
    sortName: readText(meta.SortName),
    nameLastFirst: readText(meta.NameLastFirst),
    sortNameLastFirst: readText(meta.SortNameLastFirst),
    overview: readText(meta.Overview),
    disambiguation: readText(meta.Disambiguation),
    status: readInt(meta.Status) === 1 ? 'ended' : 'continuing',
    links: readJson<LinkValue[]>(meta.Links, []),
    genres: readStrings(meta.Genres),
    aliases: readStrings(meta.Aliases),
    ratings: ratings(meta.Ratings),
    path: String(row.Path ?? '').replace(/[\\/]+$/, ''),
    monitored: readBool(row.Monitored),
    monitorNewItems: enumName(NEW_ITEM_MONITOR, row.MonitorNewItems),
    qualityProfileId: readInt(row.QualityProfileId),
    metadataProfileId: readInt(row.MetadataProfileId),
    tags: readIds(row.Tags),
    added: readDate(row.Added),
  };
}

function toBook(row: ReadarrRow): RBook {
  return {
    id: readInt(row.Id),
    authorMetadataId: readInt(row.AuthorMetadataId),
    foreignBookId: String(row.ForeignBookId),
    title: String(row.Title ?? ''),
    releaseDate: readDate(row.ReleaseDate),
    links: readJson<LinkValue[]>(row.Links, []),
    genres: readStrings(row.Genres),
    ratings: ratings(row.Ratings),
    monitored: readBool(row.Monitored),
    anyEditionOk: readBool(row.AnyEditionOk, true),
    added: readDate(row.Added),
    lastSearchTime: readDate(row.LastSearchTime),
  };
}

function toEdition(row: ReadarrRow): REdition {
  return {
    id: readInt(row.Id),
    bookId: readInt(row.BookId),
    foreignEditionId: String(row.ForeignEditionId),
    isbn13: readText(row.Isbn13)?.replace(/[^0-9Xx]/g, '') || null,
    asin: readText(row.Asin)?.trim() || null,
    title: String(row.Title ?? ''),
    language: readText(row.Language),
    overview: readText(row.Overview),
    format: readText(row.Format),
    isEbook: readBool(row.IsEbook),
    disambiguation: readText(row.Disambiguation),
    publisher: readText(row.Publisher),
    pageCount: readInt(row.PageCount),
    releaseDate: readDate(row.ReleaseDate),
    links: readJson<LinkValue[]>(row.Links, []),
    ratings: ratings(row.Ratings),
    monitored: readBool(row.Monitored),
    manualAdd: readBool(row.ManualAdd),
  };
}

function toBookFile(row: ReadarrRow): RBookFile {
  return {
    id: readInt(row.Id),
    editionId: readInt(row.EditionId),
    path: String(row.Path ?? ''),
    size: readInt(row.Size),
    quality: readQuality(row.Quality),
    mediaInfo: readJson<Record<string, unknown> | null>(row.MediaInfo, null),
    calibreId: readInt(row.CalibreId),
    sceneName: readText(row.SceneName),
    releaseGroup: readText(row.ReleaseGroup),
    originalFilePath: readText(row.OriginalFilePath),
    dateAdded: readDate(row.DateAdded),
    modified: readDate(row.Modified),
    part: readInt(row.Part, 1) || 1,
    indexerFlags: readInt(row.IndexerFlags),
  };
}
