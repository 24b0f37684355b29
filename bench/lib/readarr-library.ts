import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { READARR_SCHEMA, READARR_VERSIONS } from '../../test/fixtures/readarr/readarr-schema';

export interface GeneratedReadarr {
  dbPath: string;
  authors: number;
  books: number;
  files: number;
  bytes: number;
}

const ITEMS = JSON.stringify(
  [0, 1, 2, 3, 4, 13, 10, 12, 11].map((quality) => ({ quality, items: [], allowed: [2, 3, 4].includes(quality) })),
  null,
  2,
);

/**
 * A readarr.db of `authors` authors with `booksPerAuthor` books each (one edition, Goodreads edition id
 * 1000000 + book number) and a file on disk for the first `files` books — generated with sql.js prepared
 * statements in one transaction.
 */
export async function generateReadarrLibrary(
  dir: string,
  size: { authors: number; books: number; files: number },
): Promise<GeneratedReadarr> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  for (const statement of READARR_SCHEMA) db.run(statement);
  db.run('BEGIN');
  for (const version of READARR_VERSIONS)
    db.run('INSERT INTO VersionInfo VALUES (?, ?, ?)', [version, '2025-06-10T09:00:00', `m${version}`]);
  db.run(
    `INSERT INTO QualityProfiles (Name, Cutoff, Items, UpgradeAllowed, FormatItems, MinFormatScore, CutoffFormatScore) VALUES ('eBook', 2, ?, 0, '[]', 0, 0)`,
    [ITEMS],
  );
  db.run(
    `INSERT INTO MetadataProfiles (Name, MinPopularity, SkipMissingDate, SkipMissingIsbn, SkipPartsAndSets, SkipSeriesSecondary, AllowedLanguages, MinPages, Ignored) VALUES ('Standard', 350, 1, 0, 1, 0, 'eng, null', 0, '[]')`,
  );
  const root = join(dir, 'library');
  mkdirSync(root, { recursive: true });
  db.run(
    `INSERT INTO RootFolders (Path, Name, DefaultMetadataProfileId, DefaultQualityProfileId, DefaultMonitorOption, DefaultTags, IsCalibreLibrary, DefaultNewItemMonitorOption) VALUES (?, 'Books', 1, 1, 0, '[]', 0, 0)`,
    [root],
  );
  const metadata = db.prepare(
    `INSERT INTO AuthorMetadata (Id, ForeignAuthorId, TitleSlug, Name, Status, Images, Links, Genres, Ratings, Aliases, SortName, NameLastFirst, SortNameLastFirst) VALUES (?, ?, ?, ?, 0, '[]', '[]', '[]', '{"votes":1,"value":4,"popularity":4}', '[]', ?, ?, ?)`,
  );
  const author = db.prepare(
    `INSERT INTO Authors (Id, CleanName, Path, Monitored, QualityProfileId, Tags, Added, MetadataProfileId, AuthorMetadataId, MonitorNewItems) VALUES (?, ?, ?, 1, 1, '[]', '2021-05-01 10:00:00Z', 1, ?, 0)`,
  );
  const book = db.prepare(
    `INSERT INTO Books (Id, AuthorMetadataId, ForeignBookId, TitleSlug, Title, ReleaseDate, Links, Genres, Ratings, CleanTitle, Monitored, AnyEditionOk, Added, RelatedBooks) VALUES (?, ?, ?, ?, ?, '1990-01-01 00:00:00Z', '[]', '[]', '{"votes":1,"value":4,"popularity":4}', ?, ?, 1, '2021-05-01 10:00:00Z', '[]')`,
  );
  const edition = db.prepare(
    `INSERT INTO Editions (Id, BookId, ForeignEditionId, Isbn13, Title, TitleSlug, Language, Format, IsEbook, PageCount, Images, Links, Ratings, Monitored, ManualAdd) VALUES (?, ?, ?, ?, ?, ?, 'eng', 'Kindle Edition', 1, 300, '[]', '[]', '{"votes":1,"value":4,"popularity":4}', 1, 0)`,
  );
  const file = db.prepare(
    `INSERT INTO BookFiles (EditionId, CalibreId, Quality, Size, DateAdded, Modified, Path, Part, IndexerFlags) VALUES (?, 0, '{"quality":3,"revision":{"version":1,"real":0,"isRepack":false}}', 0, '2022-01-01 00:00:00Z', '2022-01-01 00:00:00Z', ?, 1, 0)`,
  );
  const perAuthor = Math.ceil(size.books / size.authors);
  let bookId = 0;
  let files = 0;
  for (let a = 1; a <= size.authors; a++) {
    const name = `Bench Author ${a}`;
    const path = join(root, name);
    metadata.run([a, String(500000 + a), String(500000 + a), name, name.toLowerCase(), name, name.toLowerCase()]);
    author.run([a, name.toLowerCase().replace(/[^a-z0-9]/g, ''), path, a]);
    for (let n = 0; n < perAuthor && bookId < size.books; n++) {
      bookId++;
      const title = `Bench Book ${bookId}`;
      book.run([
        bookId,
        a,
        String(2000000 + bookId),
        String(2000000 + bookId),
        title,
        title.toLowerCase(),
        bookId % 3 ? 1 : 0,
      ]);
      edition.run([
        bookId,
        bookId,
        String(1000000 + bookId),
        String(9780000000000 + bookId),
        title,
        String(1000000 + bookId),
      ]);
      if (files < size.files) {
        const filePath = join(path, `${title}.epub`);
        if (n === 0) mkdirSync(path, { recursive: true });
        writeFileSync(filePath, '');
        file.run([bookId, filePath]);
        files++;
      }
    }
  }
  for (const statement of [metadata, author, book, edition, file]) statement.free();
  db.run('COMMIT');
  const bytes = db.export();
  db.close();
  const dbPath = join(dir, 'readarr.db');
  writeFileSync(dbPath, bytes);
  return { dbPath, authors: size.authors, books: bookId, files, bytes: bytes.length };
}
