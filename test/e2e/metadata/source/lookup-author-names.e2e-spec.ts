import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { newBookWithAuthor } from '../../../utils/book-add';
import { MetadataFixture, startMetadataFixture } from '../../../utils/metadata-fixture';
import { sql } from '../../../utils/test-database';

/**
 * A work whose records name its author by key only: the work record (as always on Open Library) and a search
 * document without `author_name`. Its one edition carries an ISBN and an ASIN.
 */
function addWorkNamingAuthorByKey(fake: FakeOpenLibrary, n: string, authorId: string, title: string): void {
  const workKey = `/works/OL1500${n}W`;
  const edition = {
    type: { key: '/type/edition' },
    key: `/books/OL1500${n}M`,
    works: [{ key: workKey }],
    title,
    publishers: ['Allen & Unwin'],
    publish_date: '1992',
    number_of_pages: 200,
    physical_format: 'Hardcover',
    languages: [{ key: '/languages/eng' }],
    isbn_13: [`97800001${n}`],
    identifiers: { amazon: [`B0QU${n}X`] },
  };
  fake.add(`${workKey}.json`, {
    type: { key: '/type/work' },
    key: workKey,
    title,
    authors: [{ type: { key: '/type/author_role' }, author: { key: `/authors/${authorId}` } }],
    covers: [],
    first_publish_date: '1992',
  });
  fake.add(`${workKey}/editions.json`, { links: { self: `${workKey}/editions.json` }, size: 1, entries: [edition] });
  fake.add(`${edition.key}.json`, edition);
  fake.addSearchDocs([
    {
      key: workKey,
      type: 'work',
      title,
      author_key: [authorId],
      edition_count: 1,
      cover_edition_key: `OL1500${n}M`,
      want_to_read_count: 20,
      language: ['eng'],
    },
  ]);
}

describe('isbn:, asin: and work: lookups name the author by name, and adding names the folder after it', () => {
  let f: MetadataFixture;

  beforeAll(async () => {
    f = await startMetadataFixture('quire-lookup-names-');
    addWorkNamingAuthorByKey(f.fake, '09801', 'OL26320A', 'The Lost Road');
    // An author key with no record behind it: the name cannot be had.
    addWorkNamingAuthorByKey(f.fake, '09701', 'OL15999999A', 'Anonymous Notes');
  });
  afterAll(async () => {
    await f.t.close();
    await f.fake.close();
  });

  const get = async (path: string) => (await f.t.api.get(path).expect(200)).body as any[];

  it.each(['work:OL150009801W', 'isbn:9780000109801', 'asin:B0QU09801X'])('book/lookup %s', async (term) => {
    const [book] = await get(`/api/v1/book/lookup?term=${term}`);
    expect(book).toMatchObject({
      foreignBookId: 'OL150009801W',
      authorTitle: 'tolkien, j.r.r. The Lost Road',
      author: { foreignAuthorId: 'OL26320A', authorName: 'J.R.R. Tolkien', folder: 'J.R.R. Tolkien' },
    });
  });

  it.each(['work:OL150009801W', 'isbn:9780000109801', 'asin:B0QU09801X'])('author/lookup %s', async (term) => {
    expect(await get(`/api/v1/author/lookup?term=${term}`)).toEqual([
      expect.objectContaining({ foreignAuthorId: 'OL26320A', authorName: 'J.R.R. Tolkien' }),
    ]);
  });

  it('search isbn: lists the author by name, then the book', async () => {
    const entries = await get('/api/v1/search?term=isbn:9780000109801');
    expect(
      entries.map((entry) => [entry.foreignId, entry.author?.authorName ?? entry.book?.author?.authorName]),
    ).toEqual([
      ['OL26320A', 'J.R.R. Tolkien'],
      ['OL150009801W', 'J.R.R. Tolkien'],
    ]);
  });

  it("adding the book found by ISBN files it under the author's name", async () => {
    const [book] = await get('/api/v1/book/lookup?term=isbn:9780000109801');
    const created = await f.t.api
      .post('/api/v1/book')
      .send(newBookWithAuthor(book, { metadataProfileId: f.metadataProfileId, rootFolderPath: f.root }))
      .expect(200);
    const author = (await f.t.api.get(`/api/v1/author/${created.body.authorId}`).expect(200)).body;
    expect(author).toMatchObject({ authorName: 'J.R.R. Tolkien', path: join(f.root, 'J.R.R. Tolkien') });
    expect(await sql('SELECT path FROM author')).toEqual([{ path: join(f.root, 'J.R.R. Tolkien') }]);
  });

  it('an author whose name cannot be had is refused with a 400, and nothing is named after its id', async () => {
    const [book] = await get('/api/v1/book/lookup?term=isbn:9780000109701');
    expect(book.author.foreignAuthorId).toBe('OL15999999A');
    const refused = await f.t.api
      .post('/api/v1/book')
      .send(newBookWithAuthor(book, { metadataProfileId: f.metadataProfileId, rootFolderPath: f.root }))
      .expect(400);
    expect(refused.body).toEqual([
      expect.objectContaining({
        propertyName: 'AuthorName',
        errorMessage: expect.stringContaining("The author's name could not be had from the metadata source"),
      }),
    ]);
    expect(await sql("SELECT id FROM book WHERE foreign_book_id = 'OL150009701W'")).toEqual([]);
    expect(await sql("SELECT path FROM author WHERE path LIKE '%OL15999999A%'")).toEqual([]);
    expect(readdirSync(f.root).filter((name) => name.includes('OL15999999A'))).toEqual([]);
  });
});
