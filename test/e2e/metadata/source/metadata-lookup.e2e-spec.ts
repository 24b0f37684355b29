import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('metadata lookup and search (fake Open Library)', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: fake.coversUrl });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('author/lookup finds authors by free text, shaped like AuthorResource without an id', async () => {
    const response = await t.api.get('/api/v1/author/lookup?term=tolkien').expect(200);
    expect(response.body.map((author: { foreignAuthorId: string }) => author.foreignAuthorId)).toEqual([
      'OL26320A',
      'OL2623305A',
    ]);
    const [author] = response.body;
    expect(author).not.toHaveProperty('id');
    expect(author).toMatchObject({
      authorName: 'J.R.R. Tolkien',
      authorNameLastFirst: 'Tolkien, J.R.R.',
      sortName: 'j.r.r. tolkien',
      sortNameLastFirst: 'tolkien, j.r.r.',
      titleSlug: 'OL26320A',
      status: 'ended',
      ended: true,
      monitored: false,
      remotePoster: `${fake.coversUrl}/a/olid/OL26320A-L.jpg`,
      links: [{ url: 'https://openlibrary.org/authors/OL26320A', name: 'Open Library' }],
      statistics: { bookCount: 0, bookFileCount: 0 },
    });
    expect(author.images[0]).toMatchObject({
      coverType: 'poster',
      remoteUrl: `${fake.coversUrl}/a/olid/OL26320A-L.jpg`,
    });
    expect(author.genres).toEqual(['Fantasy fiction', 'Fiction', 'Middle Earth (Imaginary place)']);
    expect(fake.requests[0].userAgent).toMatch(/^Quire\//);
  });

  it('author/lookup with author: fetches the author record (bio, photo)', async () => {
    const response = await t.api.get('/api/v1/author/lookup?term=AUTHOR:ol26320a').expect(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      foreignAuthorId: 'OL26320A',
      overview: expect.stringContaining('English writer'),
      remotePoster: `${fake.coversUrl}/a/id/6155606-L.jpg`,
    });
    expect(response.body[0].links).toEqual(
      expect.arrayContaining([{ url: 'https://en.wikipedia.org/wiki/J._R._R._Tolkien', name: 'Wikipedia' }]),
    );
  });

  it('book/lookup by free text returns BookResources with author and a monitored edition', async () => {
    const response = await t.api.get('/api/v1/book/lookup?term=hobbit').expect(200);
    expect(response.body).toHaveLength(1);
    const [book] = response.body;
    expect(book).not.toHaveProperty('id');
    expect(book).toMatchObject({
      title: 'The Hobbit',
      foreignBookId: 'OL262758W',
      foreignEditionId: 'OL51694024M',
      titleSlug: 'OL262758W',
      authorTitle: 'tolkien, j.r.r. The Hobbit',
      releaseDate: '1937-01-01T00:00:00Z',
      remoteCover: `${fake.coversUrl}/b/id/14627509-L.jpg`,
      author: { foreignAuthorId: 'OL26320A', authorName: 'J.R.R. Tolkien' },
      ratings: { votes: 512, value: 4.26 },
    });
    expect(book.ratings.popularity).toBeGreaterThan(350);
    expect(book.genres).toEqual(['Fantasy fiction', 'Middle Earth (Imaginary place)', 'Fiction', 'Dragons']);
    expect(book.editions).toEqual([expect.objectContaining({ foreignEditionId: 'OL51694024M', monitored: true })]);
    expect(book.links[0]).toEqual({ url: 'https://openlibrary.org/works/OL262758W', name: 'Open Library' });
  });

  it.each([
    ['isbn:978-0-261-10221-7', 'OL51694024M'],
    ['ISBN:0261102214', 'OL51694024M'],
    ['edition:OL26331930M', 'OL26331930M'],
  ])('book/lookup %s follows the edition to its work', async (term, editionId) => {
    const response = await t.api.get(`/api/v1/book/lookup?term=${encodeURIComponent(term)}`).expect(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      foreignBookId: 'OL262758W',
      foreignEditionId: editionId,
      overview: expect.stringContaining('Bilbo Baggins'),
    });
    expect(response.body[0].editions).toHaveLength(1);
  });

  it('isbn: uses the /isbn redirect to /books/{id}.json', async () => {
    await t.api.get('/api/v1/book/lookup?term=isbn:9780547928227').expect(200);
    const paths = fake.requests.map((request) => request.path);
    expect(paths).toEqual(expect.arrayContaining(['/isbn/9780547928227.json', '/books/OL26331930M.json']));
  });

  it('edition details map format, ebook flag, ASIN, language, pages and a free-text publish date', async () => {
    const response = await t.api.get('/api/v1/book/lookup?term=edition:OL26331930M').expect(200);
    expect(response.body[0].editions[0]).toMatchObject({
      foreignEditionId: 'OL26331930M',
      title: 'The Hobbit: or There and Back Again',
      isbn13: '9780547928227',
      asin: 'B007978NPG',
      format: 'Kindle Edition',
      isEbook: true,
      language: 'eng',
      pageCount: 300,
      publisher: 'Houghton Mifflin Harcourt',
      releaseDate: '2012-09-18T00:00:00Z',
      monitored: true,
    });
  });

  it('work: and asin: prefixes', async () => {
    const work = await t.api.get('/api/v1/book/lookup?term=work:OL27448W').expect(200);
    expect(work.body.map((book: { title: string }) => book.title)).toEqual(['The Lord of the Rings']);
    const asin = await t.api.get('/api/v1/book/lookup?term=asin:B007978NPG').expect(200);
    expect(asin.body.map((book: { foreignBookId: string }) => book.foreignBookId)).toEqual(['OL262758W']);
  });

  it('unknown ids and an unknown ISBN give an empty list, not an error', async () => {
    await t.api.get('/api/v1/book/lookup?term=work:OL999W').expect(200, []);
    await t.api.get('/api/v1/author/lookup?term=author:OL999A').expect(200, []);
    await t.api.get('/api/v1/book/lookup?term=isbn:9999999999999').expect(200, []);
    await t.api.get('/api/v1/book/lookup?term=').expect(200, []);
  });

  it('a second colon makes the term free text (Readarr parser)', async () => {
    await t.api.get('/api/v1/book/lookup?term=work:OL27448W:x').expect(200);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/search.json', query: { q: 'work:OL27448W:x' } });
  });

  it('search lists each author followed by its books, 1-based ids, books with author/editions/overview', async () => {
    const response = await t.api.get('/api/v1/search?term=tolkien').expect(200);
    const summary = response.body.map((entry: any) => [entry.id, entry.foreignId, entry.author ? 'author' : 'book']);
    expect(summary[0]).toEqual([1, 'OL26320A', 'author']);
    expect(summary[1][2]).toBe('book');
    const ids = response.body.map((entry: any) => entry.id);
    expect(ids).toEqual(ids.map((_: number, index: number) => index + 1));
    const christopher = response.body.findIndex((entry: any) => entry.foreignId === 'OL2623305A');
    expect(christopher).toBeGreaterThan(1);
    const book = response.body.find((entry: any) => entry.foreignId === 'OL262758W');
    expect(book.book).toMatchObject({ author: { foreignAuthorId: 'OL26320A' }, remoteCover: expect.any(String) });
    expect(book.book.editions.length).toBeGreaterThan(0);
  });

  it('source answering 500 → 503 with Readarr-style message', async () => {
    fake.failWith(500);
    const response = await t.api.get('/api/v1/search?term=dune').expect(503);
    expect(response.body).toEqual({
      message: "Search for 'dune' failed. Unable to communicate with Open Library.",
    });
    await t.api.get('/api/v1/author/lookup?term=dune').expect(503);
    fake.failWith('close');
    await t.api.get('/api/v1/book/lookup?term=dune').expect(503);
  });

  it('retries a 429 and then answers', async () => {
    fake.rateLimit(2);
    const response = await t.api.get('/api/v1/book/lookup?term=silmarillion').expect(200);
    expect(response.body[0].foreignBookId).toBe('OL27513W');
    expect(fake.apiRequests('/search.json')).toHaveLength(3);
  });

  it('caches lookups (a repeated term does not reach the source again)', async () => {
    await t.api.get('/api/v1/author/lookup?term=christopher').expect(200);
    const before = fake.requests.length;
    await t.api.get('/api/v1/author/lookup?term=christopher').expect(200);
    expect(fake.requests.length).toBe(before);
  });
});
