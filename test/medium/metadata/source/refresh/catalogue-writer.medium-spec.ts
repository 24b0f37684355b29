import { AuthorCatalogueRepository } from '../../../../../src/library/author/author-catalogue.repository';
import { Author } from '../../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../../src/library/author/author-metadata.entity';
import { BookCatalogueRepository } from '../../../../../src/library/book/book-catalogue.repository';
import { BookMonitoringRepository } from '../../../../../src/library/book/book-monitoring.repository';
import { BookRecordRepository } from '../../../../../src/library/book/book-record.repository';
import { Book } from '../../../../../src/library/book/book.entity';
import { Edition } from '../../../../../src/library/book/edition.entity';
import { SeriesLinkSync } from '../../../../../src/library/series/series-link-sync';
import { SeriesRepository } from '../../../../../src/library/series/series.repository';
import type { RemoteAuthor, RemoteBook, RemoteEdition } from '../../../../../src/metadata/source/metadata-source';
import type { ProfileRules } from '../../../../../src/metadata/source/refresh/book-filter';
import { CatalogueBooksWriter } from '../../../../../src/metadata/source/refresh/catalogue-books-writer';
import type { PlannedBook } from '../../../../../src/metadata/source/refresh/catalogue-plan';
import { CatalogueWriter } from '../../../../../src/metadata/source/refresh/catalogue-writer';
import { createAuthor, createBook, ensureProfiles } from '../../../../factories';
import { Medium, newMediumService } from '../../../medium';

const RATINGS = { votes: 10, value: 4, popularity: 1 };
const RULES: ProfileRules = {
  minPopularity: 0,
  skipMissingDate: false,
  skipMissingIsbn: false,
  skipPartsAndSets: false,
  skipSeriesSecondary: false,
  allowedLanguages: null,
  minPages: 0,
  ignored: [],
};

const remoteAuthor = (name: string, overrides: Partial<RemoteAuthor> = {}): RemoteAuthor => ({
  foreignAuthorId: 'OL1A',
  name,
  status: 'continuing',
  aliases: [],
  images: [],
  links: [],
  genres: [],
  ratings: RATINGS,
  ...overrides,
});
const edition = (id: string, overrides: Partial<RemoteEdition> = {}): RemoteEdition => ({
  foreignEditionId: id,
  title: `Edition ${id}`,
  isEbook: true,
  pageCount: 200,
  images: [],
  links: [],
  ratings: RATINGS,
  ...overrides,
});
const work = (
  id: string,
  title: string,
  editions: RemoteEdition[],
  overrides: Partial<RemoteBook> = {},
): PlannedBook => ({
  book: {
    foreignBookId: id,
    title,
    authors: [{ foreignAuthorId: 'OL1A' }],
    releaseDate: new Date('2001-01-01T00:00:00Z'),
    genres: [],
    images: [],
    links: [],
    ratings: RATINGS,
    editionCount: editions.length,
    languages: [],
    ...overrides,
  },
  editions,
});

/**
 * A refresh's write phase on PostgreSQL: the author's metadata and its works written in one transaction,
 * comparing before writing (an unchanged refresh writes nothing), never overwriting user state, leaving co-written
 * works and editions with their owners, and serialised per author when two refreshes overlap.
 */
describe('refresh catalogue writer (medium)', () => {
  let medium: Medium;
  let writer: CatalogueWriter;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [Author, AuthorMetadata, Book, Edition],
      providers: [
        CatalogueWriter,
        CatalogueBooksWriter,
        AuthorCatalogueRepository,
        BookCatalogueRepository,
        BookRecordRepository,
        SeriesLinkSync,
        SeriesRepository,
        BookMonitoringRepository,
      ],
      tables: ['author_metadata', 'author', 'book', 'edition', 'series', 'series_book_link'],
    });
    await ensureProfiles(medium.dataSource);
    writer = medium.get(CatalogueWriter);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  async function libraryAuthor(name = 'Ann Author') {
    const created = await createAuthor(medium.dataSource, { name, foreignAuthorId: 'OL1A' });
    return (await medium.get(AuthorCatalogueRepository).findWithMetadata(created.id))!.author;
  }
  const reload = async (id: number) => (await medium.get(AuthorCatalogueRepository).findWithMetadata(id))!.author;
  const books = () =>
    medium.sql<{ foreign_book_id: string; title: string; monitored: boolean }>(
      `SELECT foreign_book_id, title, monitored FROM book ORDER BY foreign_book_id`,
    );

  it('a first refresh adds the works with their editions, one monitored, and their series', async () => {
    const author = await libraryAuthor();
    const planned = [
      work('OL1W', 'First', [edition('OL1M'), edition('OL2M', { isbn13: '9780000000001' })], {
        series: [{ foreignSeriesId: 'S1', title: 'Saga', position: '1', isPrimary: true }],
      }),
      work('OL2W', 'Second', [edition('OL3M')], { coverEditionId: 'OL3M' }),
      work('OL3W', 'No edition', []),
    ];
    const outcome = await writer.saveAuthor(
      author,
      remoteAuthor('Ann Author'),
      planned,
      RULES,
      (book) => book.foreignBookId === 'OL1W',
      [],
    );

    expect(outcome.addedBookIds).toHaveLength(2);
    expect(outcome.skipped).toEqual(['OL3W has no usable edition']);
    expect(await books()).toEqual([
      { foreign_book_id: 'OL1W', title: 'First', monitored: true },
      { foreign_book_id: 'OL2W', title: 'Second', monitored: false },
    ]);
    // The edition with an ISBN is the monitored one when the source names none.
    expect(await medium.sql(`SELECT foreign_edition_id FROM edition WHERE monitored ORDER BY 1`)).toEqual([
      { foreign_edition_id: 'OL2M' },
      { foreign_edition_id: 'OL3M' },
    ]);
    expect(
      await medium.sql(`SELECT s.title, l.position FROM series s JOIN series_book_link l ON l.series_id = s.id`),
    ).toEqual([{ title: 'Saga', position: '1' }]);
    expect((await reload(author.id)).lastInfoSync).toBeInstanceOf(Date);
  });

  it('an unchanged refresh writes nothing; a changed one updates only what changed and keeps user state', async () => {
    const author = await libraryAuthor();
    const planned = [work('OL1W', 'First', [edition('OL1M')])];
    await writer.saveAuthor(author, remoteAuthor('Ann Author'), planned, RULES, () => true, []);
    const synced = (await reload(author.id)).lastInfoSync;
    const [{ version }] = await medium.sql<{ version: string }>(
      `SELECT coalesce(sum(weight), 0)::text AS version FROM library_change`,
    );

    const again = await writer.saveAuthor(
      await reload(author.id),
      remoteAuthor('Ann Author'),
      planned,
      RULES,
      () => true,
      [],
    );
    expect(again).toMatchObject({ changedRows: 0, addedBookIds: [], updatedBookIds: [] });
    expect((await reload(author.id)).lastInfoSync).toEqual(synced);
    expect(await medium.sql(`SELECT coalesce(sum(weight), 0)::text AS version FROM library_change`)).toEqual([
      { version },
    ]);

    // The user unmonitors the book; the source renames the work, adds an edition and renames the author.
    await medium.sql(`UPDATE book SET monitored = false`);
    const changed = [work('OL1W', 'First (revised)', [edition('OL1M'), edition('OL9M')])];
    const outcome = await writer.saveAuthor(
      await reload(author.id),
      remoteAuthor('Ann B. Author'),
      changed,
      RULES,
      () => true,
      [],
    );
    expect(outcome.updatedBookIds).toHaveLength(1);
    expect(await books()).toEqual([{ foreign_book_id: 'OL1W', title: 'First (revised)', monitored: false }]);
    expect(await medium.sql(`SELECT foreign_edition_id, monitored FROM edition ORDER BY 1`)).toEqual([
      { foreign_edition_id: 'OL1M', monitored: true },
      { foreign_edition_id: 'OL9M', monitored: false },
    ]);
    expect(
      await medium.sql(
        `SELECT a.clean_name, m.name FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id`,
      ),
    ).toEqual([{ clean_name: 'annbauthor', name: 'Ann B. Author' }]);
  });

  it('a co-written work another author holds stays theirs, and so does an edition of another book', async () => {
    const author = await libraryAuthor();
    const other = await createAuthor(medium.dataSource, { name: 'Co Author' });
    const theirs = await createBook(medium.dataSource, other, {
      foreignBookId: 'OL5W',
      edition: { foreignEditionId: 'OL5M' },
    });
    const outcome = await writer.saveAuthor(
      author,
      remoteAuthor('Ann Author'),
      [work('OL5W', 'Shared', [edition('OL5M')]), work('OL6W', 'Mine', [edition('OL5M'), edition('OL6M')])],
      RULES,
      () => true,
      [],
    );
    expect(outcome.skipped).toEqual([`OL5W belongs to author ${other.id}`]);
    expect(await medium.sql(`SELECT foreign_edition_id, book_id FROM edition ORDER BY 1`)).toEqual([
      { foreign_edition_id: 'OL5M', book_id: theirs.id },
      { foreign_edition_id: 'OL6M', book_id: outcome.addedBookIds[0] },
    ]);
  });

  it('refreshes of one author at the same time add each work once', async () => {
    const author = await libraryAuthor();
    // Synced once, so the overlapping refreshes below change no author row (whose lock would order them anyway).
    await writer.saveAuthor(
      author,
      remoteAuthor('Ann Author'),
      [work('OL1W', 'First', [edition('OL1M')])],
      RULES,
      () => true,
      [],
    );
    const synced = await reload(author.id);
    const planned = [1, 2, 3, 4].map((n) => work(`OL${n}W`, `Work ${n}`, [edition(`OL${n}M`)]));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => writer.saveAuthor(synced, remoteAuthor('Ann Author'), planned, RULES, () => true, [])),
    );
    expect(outcomes.flatMap((outcome) => outcome.addedBookIds)).toHaveLength(3);
    expect(await books()).toHaveLength(4);
    expect(await medium.sql(`SELECT count(*)::int AS n FROM edition`)).toEqual([{ n: 4 }]);
  });
});
