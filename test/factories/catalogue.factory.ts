import { cleanName } from '../../src/platform/common/text/clean-name';
import { authorNames, authorFolderName } from '../../src/library/author/author-names';
import { defaultProfileItems, QUALITY_IDS, qualityById } from '../../src/library/profile/quality/quality';
import { type FactoryDb, query, unique } from './db';

/**
 * Factories that insert catalogue rows straight into the database (no HTTP, no events), for tests
 * and benchmarks. Every function takes the app's DataSource or a database URL plus overrides and
 * returns the inserted ids and the values that were used.
 */

export interface CreatedAuthor {
  id: number;
  authorMetadataId: number;
  foreignAuthorId: string;
  name: string;
  path: string;
  qualityProfileId: number;
  metadataProfileId: number;
}

export interface AuthorOverrides {
  name?: string;
  foreignAuthorId?: string;
  path?: string;
  rootFolderPath?: string;
  monitored?: boolean;
  monitorNewItems?: 'all' | 'none' | 'new';
  qualityProfileId?: number;
  metadataProfileId?: number;
  tags?: number[];
  status?: 'continuing' | 'ended';
  overview?: string;
  images?: { url: string; coverType: string }[];
  added?: Date;
}

async function firstId(db: FactoryDb, table: string): Promise<number> {
  const [row] = await query<{ id: number }>(db, `SELECT min(id) AS id FROM ${table}`);
  if (!row?.id) throw new Error(`factory: no ${table} row exists (boot the app once so defaults are seeded)`);
  return row.id;
}

/**
 * A quality profile ("eBook": PDF, MOBI, EPUB, AZW3, cutoff EPUB) and a metadata profile ("Standard"), each
 * inserted only when its table is empty: what createAuthor needs in a spec that does not boot the profile feature
 * and its seeder. Answers the first profile of each kind. Another spec file may have left other profiles on the
 * worker's database (the seeder's, say): a spec whose expectations depend on the profile's qualities lists
 * `quality_profile` and `metadata_profile` in its tables and calls this after each reset.
 */
export async function ensureProfiles(db: FactoryDb): Promise<{ qualityProfileId: number; metadataProfileId: number }> {
  const { pdf, mobi, epub, azw3 } = QUALITY_IDS;
  await query(
    db,
    `INSERT INTO quality_profile (name, cutoff, items) SELECT 'eBook', $1, $2::jsonb
     WHERE NOT EXISTS (SELECT 1 FROM quality_profile)`,
    [epub, JSON.stringify(defaultProfileItems([pdf, mobi, epub, azw3]))],
  );
  await query(
    db,
    `INSERT INTO metadata_profile (name) SELECT 'Standard' WHERE NOT EXISTS (SELECT 1 FROM metadata_profile)`,
  );
  return {
    qualityProfileId: await firstId(db, 'quality_profile'),
    metadataProfileId: await firstId(db, 'metadata_profile'),
  };
}

export async function createAuthor(db: FactoryDb, overrides: AuthorOverrides = {}): Promise<CreatedAuthor> {
  const name = overrides.name ?? unique('Author ');
  const names = authorNames(name);
  const foreignAuthorId = overrides.foreignAuthorId ?? unique('fa-');
  const rootFolderPath = overrides.rootFolderPath ?? '/books';
  const path = overrides.path ?? `${rootFolderPath}/${authorFolderName(name)}`;
  const qualityProfileId = overrides.qualityProfileId ?? (await firstId(db, 'quality_profile'));
  const metadataProfileId = overrides.metadataProfileId ?? (await firstId(db, 'metadata_profile'));
  const [metadata] = await query<{ id: number }>(
    db,
    `INSERT INTO author_metadata (foreign_author_id, title_slug, name, sort_name, name_last_first, sort_name_last_first,
       overview, status, images)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
    [
      foreignAuthorId,
      names.name,
      names.sortName,
      names.nameLastFirst,
      names.sortNameLastFirst,
      overrides.overview ?? null,
      overrides.status ?? 'continuing',
      JSON.stringify(overrides.images ?? []),
    ],
  );
  const [author] = await query<{ id: number }>(
    db,
    `INSERT INTO author (author_metadata_id, clean_name, monitored, monitor_new_items, path, root_folder_path,
       quality_profile_id, metadata_profile_id, tags, added)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[], $10) RETURNING id`,
    [
      metadata.id,
      names.cleanName,
      overrides.monitored ?? true,
      overrides.monitorNewItems ?? 'all',
      path,
      rootFolderPath,
      qualityProfileId,
      metadataProfileId,
      overrides.tags ?? [],
      overrides.added ?? new Date(),
    ],
  );
  return {
    id: author.id,
    authorMetadataId: metadata.id,
    foreignAuthorId,
    name: names.name,
    path,
    qualityProfileId,
    metadataProfileId,
  };
}

export interface CreatedBook {
  id: number;
  editionId: number;
  authorId: number;
  foreignBookId: string;
  title: string;
}

export interface BookOverrides {
  title?: string;
  foreignBookId?: string;
  titleSlug?: string;
  releaseDate?: Date | null;
  monitored?: boolean;
  anyEditionOk?: boolean;
  genres?: string[];
  lastSearchTime?: Date | null;
  added?: Date;
  /** Overrides of the monitored edition created with the book. */
  edition?: EditionOverrides;
}

/** Creates a book of the author with one monitored edition. */
export async function createBook(
  db: FactoryDb,
  author: { id: number; authorMetadataId: number },
  overrides: BookOverrides = {},
): Promise<CreatedBook> {
  const title = overrides.title ?? unique('Book ');
  const foreignBookId = overrides.foreignBookId ?? unique('fb-');
  const releaseDate = overrides.releaseDate === undefined ? new Date('2020-01-01T00:00:00Z') : overrides.releaseDate;
  const [book] = await query<{ id: number }>(
    db,
    `INSERT INTO book (author_id, author_metadata_id, foreign_book_id, title_slug, title, clean_title, release_date,
       monitored, any_edition_ok, genres, last_search_time, added)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12) RETURNING id`,
    [
      author.id,
      author.authorMetadataId,
      foreignBookId,
      overrides.titleSlug ?? foreignBookId,
      title,
      cleanName(title),
      releaseDate,
      overrides.monitored ?? true,
      overrides.anyEditionOk ?? true,
      overrides.genres ?? [],
      overrides.lastSearchTime ?? null,
      overrides.added ?? new Date(),
    ],
  );
  const edition = await createEdition(db, book.id, { title, monitored: true, releaseDate, ...overrides.edition });
  return { id: book.id, editionId: edition.id, authorId: author.id, foreignBookId, title };
}

export interface EditionOverrides {
  title?: string;
  foreignEditionId?: string;
  monitored?: boolean;
  isEbook?: boolean;
  format?: string;
  overview?: string;
  isbn13?: string;
  pageCount?: number;
  releaseDate?: Date | null;
  images?: { url: string; coverType: string }[];
}

export async function createEdition(
  db: FactoryDb,
  bookId: number,
  overrides: EditionOverrides = {},
): Promise<{ id: number; foreignEditionId: string }> {
  const foreignEditionId = overrides.foreignEditionId ?? unique('fe-');
  const [edition] = await query<{ id: number }>(
    db,
    `INSERT INTO edition (book_id, foreign_edition_id, title_slug, title, monitored, is_ebook, format, overview, isbn13,
       page_count, release_date, images)
     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) RETURNING id`,
    [
      bookId,
      foreignEditionId,
      overrides.title ?? unique('Edition '),
      overrides.monitored ?? false,
      overrides.isEbook ?? true,
      overrides.format ?? 'Kindle Edition',
      overrides.overview ?? null,
      overrides.isbn13 ?? null,
      overrides.pageCount ?? 300,
      overrides.releaseDate ?? null,
      JSON.stringify(overrides.images ?? []),
    ],
  );
  return { id: edition.id, foreignEditionId };
}

export interface BookFileOverrides {
  path?: string;
  size?: number;
  qualityId?: number;
  dateAdded?: Date;
}

/** A book-file row for an edition (or unmapped with `editionId: null`); the media kind follows the quality. */
export async function createBookFile(
  db: FactoryDb,
  editionId: number | null,
  overrides: BookFileOverrides = {},
): Promise<{ id: number; path: string }> {
  const qualityId = overrides.qualityId ?? 3;
  const kind = qualityById(qualityId)?.mediaKind ?? 'ebook';
  const path = overrides.path ?? `/books/${unique('file-')}.epub`;
  const [file] = await query<{ id: number }>(
    db,
    `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind, date_added)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [editionId, path, overrides.size ?? 1_000_000, qualityId, kind, overrides.dateAdded ?? new Date()],
  );
  return { id: file.id, path };
}

export async function createSeries(
  db: FactoryDb,
  title: string,
  links: { bookId: number; position?: string; seriesPosition?: number }[],
): Promise<{ id: number }> {
  const [series] = await query<{ id: number }>(
    db,
    `INSERT INTO series (foreign_series_id, title) VALUES ($1, $2) RETURNING id`,
    [unique('fs-'), title],
  );
  for (const link of links) {
    await query(
      db,
      `INSERT INTO series_book_link (series_id, book_id, position, series_position) VALUES ($1, $2, $3, $4)`,
      [series.id, link.bookId, link.position ?? null, link.seriesPosition ?? 0],
    );
  }
  return { id: series.id };
}

export interface SeedOptions {
  authors: number;
  booksPerAuthor: number;
  /** Fraction of books that get one file (0..1). */
  fileRatio?: number;
  rootFolderPath?: string;
}

/**
 * Bulk-seeds a library with set-based SQL (generate_series): fast enough for 100,000 books.
 * Returns the number of authors, books and files inserted.
 */
export async function seedLibrary(
  db: FactoryDb,
  options: SeedOptions,
): Promise<{ authors: number; books: number; files: number }> {
  const qualityProfileId = await firstId(db, 'quality_profile');
  const metadataProfileId = await firstId(db, 'metadata_profile');
  const tag = unique('seed').replace(/[^a-z0-9]/gi, '');
  const root = options.rootFolderPath ?? '/books';
  const ratio = options.fileRatio ?? 0.5;
  await query(
    db,
    `INSERT INTO author_metadata (foreign_author_id, title_slug, name, sort_name, name_last_first, sort_name_last_first,
       overview, images, links, genres)
     SELECT '${tag}-a' || i, '${tag}-a' || i, 'Seed Author ' || i, 'seed author ' || i, 'Author ' || i || ', Seed',
       'author ' || i || ', seed', 'An author seeded for tests.',
       '[{"url":"https://covers.example/a.jpg","coverType":"poster"}]', '[{"url":"https://example.org","name":"site"}]',
       '{fiction}'
     FROM generate_series(1, $1) AS i`,
    [options.authors],
  );
  await query(
    db,
    `INSERT INTO author (author_metadata_id, clean_name, path, root_folder_path, quality_profile_id, metadata_profile_id)
     SELECT m.id, 'seedauthor' || m.id, $1 || '/' || m.name || ' ' || m.id, $1, $2, $3
     FROM author_metadata m WHERE m.foreign_author_id LIKE '${tag}-a%'`,
    [root, qualityProfileId, metadataProfileId],
  );
  await query(
    db,
    `INSERT INTO book (author_id, author_metadata_id, foreign_book_id, title_slug, title, clean_title, release_date,
       genres, links, monitored)
     SELECT a.id, a.author_metadata_id, '${tag}-b' || a.id || '-' || n, '${tag}-b' || a.id || '-' || n,
       'Seed Book ' || a.id || '-' || n, 'seedbook' || a.id || n,
       timestamptz '2000-01-01' + (n * 97 + a.id) % 12000 * interval '1 day', '{fiction,fantasy}',
       '[{"url":"https://example.org/b","name":"work"}]', n % 5 <> 0
     FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id AND m.foreign_author_id LIKE '${tag}-a%'
     CROSS JOIN generate_series(1, $1) AS n`,
    [options.booksPerAuthor],
  );
  await query(
    db,
    `INSERT INTO edition (book_id, foreign_edition_id, title, monitored, is_ebook, format, page_count, images, links,
       overview)
     SELECT b.id, b.foreign_book_id || '-e', b.title, true, true, 'Paperback', 320,
       '[{"url":"https://covers.example/b.jpg","coverType":"cover"}]', '[{"url":"https://example.org/e","name":"ed"}]',
       'A long overview that the book list must not carry.'
     FROM book b WHERE b.foreign_book_id LIKE '${tag}-b%'`,
  );
  await query(
    db,
    `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind)
     SELECT e.id, $1 || '/seed/' || e.foreign_edition_id || '.epub', 1048576 + e.id, 3, 'ebook'
     FROM edition e WHERE e.foreign_edition_id LIKE '${tag}-b%' AND (e.id % 1000) < $2`,
    [root, Math.round(ratio * 1000)],
  );
  const [counts] = await query<{ authors: number; books: number; files: number }>(
    db,
    `SELECT (SELECT count(*)::int FROM author_metadata WHERE foreign_author_id LIKE '${tag}-a%') AS authors,
       (SELECT count(*)::int FROM book WHERE foreign_book_id LIKE '${tag}-b%') AS books,
       (SELECT count(*)::int FROM book_file WHERE path LIKE $1) AS files`,
    [`${root}/seed/${tag}-b%`],
  );
  return counts;
}
