import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('GET /api/v1/parse', () => {
  let t: TestApp;
  let bookId: number;
  let authorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Ursula K. Le Guin' });
    authorId = author.id;
    bookId = (await createBook(db, author, { title: 'A Wizard of Earthsea' })).id;
  });
  afterAll(() => t.close());

  it('parses a release title and attaches the matching author and book', async () => {
    const title = 'Ursula K Le Guin - A Wizard of Earthsea (1968) RETAIL [EPUB]-GRP';
    const body = (await t.api.get(`/api/v1/parse?title=${encodeURIComponent(title)}`).expect(200)).body;
    expect(body).toMatchObject({
      title,
      parsedBookInfo: {
        authorName: 'Ursula K Le Guin',
        bookTitle: 'A Wizard of Earthsea',
        releaseGroup: 'GRP',
        releaseDate: '1968',
        discography: false,
        quality: { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } },
      },
      author: { id: authorId, authorName: 'Ursula K. Le Guin' },
      books: [{ id: bookId, title: 'A Wizard of Earthsea' }],
    });
  });

  it('keeps Unknown Text (id 0) on the wire, omits author/books without a match, and answers empty for no title', async () => {
    const body = (await t.api.get('/api/v1/parse?title=Someone%20Else%20-%20Unknown%20Book').expect(200)).body;
    expect(body.parsedBookInfo.quality.quality).toEqual({ id: 0, name: 'Unknown Text' });
    expect(body.author).toBeUndefined();
    expect(body.books).toBeUndefined();
    const empty = await t.api.get('/api/v1/parse').expect(200);
    expect(empty.text).toBe('');
  });
});
