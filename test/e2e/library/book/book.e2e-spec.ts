import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile, createEdition, createSeries } from '../../../factories';
import { BookQueryService } from '../../../../src/library/book/book-query.service';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

const DAY = 24 * 3600 * 1000;

describe('book, edition, bookshelf and series endpoints', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-books-'));
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
      .expect(200);
  });
  afterAll(() => t.close());

  const postedBook = (overrides: Record<string, unknown> = {}) => ({
    title: 'The Dispossessed',
    foreignBookId: `work-${Math.random().toString(36).slice(2)}`,
    monitored: true,
    releaseDate: '1974-05-01T00:00:00Z',
    genres: ['science fiction'],
    author: {
      authorName: 'Ursula K. Le Guin',
      foreignAuthorId: `author-${Math.random().toString(36).slice(2)}`,
      qualityProfileId: 1,
      metadataProfileId: 1,
      rootFolderPath: root,
      addOptions: { monitor: 'none' },
    },
    editions: [
      {
        foreignEditionId: `ed-${Math.random().toString(36).slice(2)}`,
        title: 'The Dispossessed (Paperback)',
        monitored: false,
        isEbook: false,
        format: 'Paperback',
      },
      {
        foreignEditionId: `ed-${Math.random().toString(36).slice(2)}`,
        title: 'The Dispossessed',
        monitored: true,
        isEbook: true,
        format: 'Kindle Edition',
        overview: 'An ambiguous utopia.',
        pageCount: 387,
        images: [{ url: 'https://covers.example/disp.jpg', coverType: 'cover' }],
      },
    ],
    addOptions: { addType: 'manual', searchForNewBook: false },
    ...overrides,
  });

  describe('POST /book', () => {
    it('adds the book with its editions and creates the author when it is new', async () => {
      const body = postedBook();
      const created = await t.api.post('/api/v1/book').send(body).expect(200);
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        title: 'The Dispossessed',
        foreignBookId: body.foreignBookId,
        foreignEditionId: body.editions[1].foreignEditionId,
        pageCount: 387,
        monitored: true,
        releaseDate: '1974-05-01T00:00:00Z',
        authorTitle: 'le guin, ursula k. The Dispossessed',
        author: { authorName: 'Ursula K. Le Guin', path: join(root, 'Ursula K. Le Guin') },
        images: [
          {
            url: expect.stringMatching(/^\/MediaCover\/Books\/\d+\/cover\.jpg$/),
            remoteUrl: 'https://covers.example/disp.jpg',
          },
        ],
        addOptions: { addType: 'manual', searchForNewBook: false },
      });
      expect(created.body.statistics).toMatchObject({ bookFileCount: 0, bookCount: 1, totalBookCount: 1 });
      const editions = await t.api.get(`/api/v1/edition?bookId=${created.body.id}`).expect(200);
      expect(editions.body).toHaveLength(2);
      expect(editions.body.filter((edition: { monitored: boolean }) => edition.monitored)).toHaveLength(1);

      // a second book of the same author reuses it
      const second = await t.api
        .post('/api/v1/book')
        .send(
          postedBook({
            title: 'The Lathe of Heaven',
            author: { ...body.author },
            editions: [{ title: 'Lathe', monitored: true }],
          }),
        )
        .expect(200);
      expect(second.body.authorId).toBe(created.body.authorId);
    });

    it('rejects a duplicate, and missing author or editions', async () => {
      const body = postedBook();
      body.author.authorName = 'Duplicate Tester';
      await t.api.post('/api/v1/book').send(body).expect(200);
      const duplicate = await t.api.post('/api/v1/book').send(body).expect(400);
      expect(duplicate.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ propertyName: 'ForeignBookId', errorMessage: 'This book has already been added' }),
        ]),
      );
      const missing = await t.api.post('/api/v1/book').send({ foreignBookId: 'x-1', title: 'x' }).expect(400);
      expect(missing.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(
        expect.arrayContaining(['Author', 'Editions']),
      );
      const types = await t.api
        .post('/api/v1/book')
        .send(postedBook({ releaseDate: 'not a date', monitored: 'often' }))
        .expect(400);
      expect(types.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(
        expect.arrayContaining(['ReleaseDate', 'Monitored']),
      );
    });
  });

  describe('GET /book', () => {
    it('lists books without author, overview or editions, with statistics and series titles', async () => {
      const author = await createAuthor(db, { name: 'Listed Author' });
      const a = await createBook(db, author, { title: 'First', edition: { overview: 'secret overview' } });
      const b = await createBook(db, author, { title: 'Second', releaseDate: new Date(Date.now() + 5 * DAY) });
      await createBookFile(db, a.editionId, { size: 2048 });
      await createSeries(db, 'Saga', [
        { bookId: a.id, position: '1', seriesPosition: 1 },
        { bookId: b.id, position: '2', seriesPosition: 2 },
      ]);
      await createSeries(db, 'Omnibus', [{ bookId: a.id, position: '3', seriesPosition: 3 }]);

      const all = await t.api.get('/api/v1/book').expect(200);
      expect(all.headers['content-type']).toMatch(/^application\/json/);
      expect(all.headers['x-application-version']).toBeDefined();
      const first = all.body.find((book: { id: number }) => book.id === a.id);
      expect(first).toBeDefined();
      expect(first).not.toHaveProperty('author');
      expect(first).not.toHaveProperty('overview');
      expect(first).not.toHaveProperty('editions');
      expect(first).toMatchObject({
        title: 'First',
        authorId: author.id,
        seriesTitle: 'Saga #1; Omnibus #3',
        statistics: { bookFileCount: 1, bookCount: 1, totalBookCount: 1, sizeOnDisk: 2048, percentOfBooks: 100 },
        grabbed: false,
      });
      const second = all.body.find((book: { id: number }) => book.id === b.id);
      expect(second.statistics).toMatchObject({ bookFileCount: 0, bookCount: 0, percentOfBooks: 0 });

      const byAuthor = await t.api.get(`/api/v1/book?authorId=${author.id}`).expect(200);
      expect(byAuthor.body.map((book: { id: number }) => book.id).sort()).toEqual([a.id, b.id].sort());
      const byIds = await t.api.get(`/api/v1/book?bookIds=${a.id}&bookIds=${b.id}`).expect(200);
      expect(byIds.body).toHaveLength(2);
      const byComma = await t.api.get(`/api/v1/book?bookIds=${b.id}`).expect(200);
      expect(byComma.body.map((book: { id: number }) => book.id)).toEqual([b.id]);
      const bySlug = await t.api.get(`/api/v1/book?titleSlug=${a.foreignBookId}`).expect(200);
      expect(bySlug.body.map((book: { id: number }) => book.id)).toEqual([a.id]);
      const allOfAuthor = await t.api
        .get(`/api/v1/book?titleSlug=${a.foreignBookId}&includeAllAuthorBooks=true`)
        .expect(200);
      expect(allOfAuthor.body).toHaveLength(2);
      await t.api.get('/api/v1/book?titleSlug=nope').expect(200, []);
      await t.api.get('/api/v1/book?authorId=abc').expect(400);
      await t.api.get('/api/v1/book?includeAllAuthorBooks=maybe').expect(400);

      const one = await t.api.get(`/api/v1/book/${a.id}`).expect(200);
      expect(one.body.author).toMatchObject({
        id: author.id,
        authorName: 'Listed Author',
        statistics: expect.any(Object),
      });
      await t.api.get(`/api/v1/book/${a.id}/overview`).expect(200, { id: a.id, overview: 'secret overview' });
      await t.api.get('/api/v1/book/999999').expect(404);
      await t.api.get('/api/v1/book/999999/overview').expect(404);

      const series = await t.api.get(`/api/v1/series?authorId=${author.id}`).expect(200);
      expect(series.body).toEqual([
        {
          id: expect.any(Number),
          title: 'Omnibus',
          links: [expect.objectContaining({ bookId: a.id, position: '3', seriesPosition: 3 })],
          monitored: false,
        },
        {
          id: expect.any(Number),
          title: 'Saga',
          links: [
            expect.objectContaining({ bookId: a.id, position: '1', seriesPosition: 1 }),
            expect.objectContaining({ bookId: b.id, position: '2', seriesPosition: 2 }),
          ],
          monitored: false,
        },
      ]);
      await t.api.get('/api/v1/series').expect(200, []);
      await t.api.get('/api/v1/series?authorId=x').expect(400);
    });
  });

  describe('PUT /book', () => {
    it('updates monitored, anyEditionOk and the monitored edition; editions are required', async () => {
      const author = await createAuthor(db);
      const book = await createBook(db, author, { title: 'Switch' });
      const other = await createEdition(db, book.id, { title: 'Switch (Audio)', isEbook: false });
      const current = (await t.api.get(`/api/v1/book/${book.id}`).expect(200)).body;
      const updated = await t.api
        .put(`/api/v1/book/${book.id}`)
        .send({ ...current, monitored: false, anyEditionOk: false, editions: [{ id: other.id, monitored: true }] })
        .expect(200);
      expect(updated.body).toMatchObject({ monitored: false, anyEditionOk: false, title: 'Switch (Audio)' });
      const editions = await t.api.get(`/api/v1/edition?bookId=${book.id}`).expect(200);
      expect(editions.body.find((e: { monitored: boolean }) => e.monitored).id).toBe(other.id);
      const noEditions = await t.api.put('/api/v1/book').send({ id: book.id, monitored: true }).expect(400);
      expect(noEditions.body[0].propertyName).toBe('Editions');
      await t.api.put('/api/v1/book/98765').send({ editions: [] }).expect(404);
      await t.api.put(`/api/v1/book/${book.id}`).send({ monitored: 'no', editions: [] }).expect(400);
    });

    it('book/monitor and book/editor set monitored in bulk', async () => {
      const author = await createAuthor(db);
      const one = await createBook(db, author);
      const two = await createBook(db, author);
      const monitor = await t.api
        .put('/api/v1/book/monitor')
        .send({ bookIds: [one.id, two.id], monitored: false })
        .expect(200);
      expect(monitor.body.map((b: { monitored: boolean }) => b.monitored)).toEqual([false, false]);
      const editor = await t.api
        .put('/api/v1/book/editor')
        .send({ bookIds: [two.id], monitored: true })
        .expect(200);
      expect(editor.body).toEqual([expect.objectContaining({ id: two.id, monitored: true })]);
      await t.api
        .put('/api/v1/book/monitor')
        .send({ bookIds: [one.id] })
        .expect(400);
    });
  });

  describe('DELETE /book', () => {
    it('deletes the book and, with deleteFiles, its files on disk; adds an exclusion when asked', async () => {
      const author = await createAuthor(db, { path: join(root, 'Del') });
      const book = await createBook(db, author, { title: 'Doomed' });
      const filePath = join(root, 'doomed.epub');
      writeFileSync(filePath, 'bytes');
      await createBookFile(db, book.editionId, { path: filePath });
      await t.api.delete(`/api/v1/book/${book.id}?deleteFiles=true&addImportListExclusion=true`).expect(200);
      await t.api.get(`/api/v1/book/${book.id}`).expect(404);
      expect(existsSync(filePath)).toBe(false);
      const exclusions = await t.api.get('/api/v1/importlistexclusion').expect(200);
      expect(exclusions.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ foreignId: book.foreignBookId })]),
      );

      const kept = await createBook(db, author);
      const keptPath = join(root, 'kept.epub');
      writeFileSync(keptPath, 'bytes');
      await createBookFile(db, kept.editionId, { path: keptPath });
      const gone = await createBook(db, author);
      await t.api
        .delete('/api/v1/book/editor')
        .send({ bookIds: [kept.id, gone.id] })
        .expect(200, {});
      expect(existsSync(keptPath)).toBe(true);
      const [{ count }] = await sql<{ count: number }>('SELECT count(*)::int AS count FROM book WHERE id = ANY($1)', [
        [kept.id, gone.id],
      ]);
      expect(count).toBe(0);
      await t.api.delete('/api/v1/book/123456').expect(404);
    });

    it('without deleteFiles keeps the files on disk, their rows unlinked into the unmapped files list', async () => {
      const author = await createAuthor(db, { path: join(root, 'Keep') });
      const book = await createBook(db, author, { title: 'Kept on disk' });
      const filePath = join(root, 'kept-on-disk.epub');
      writeFileSync(filePath, 'bytes');
      const file = await createBookFile(db, book.editionId, { path: filePath });
      await t.api.delete(`/api/v1/book/${book.id}`).expect(200);
      await t.api.get(`/api/v1/book/${book.id}`).expect(404);
      expect(existsSync(filePath)).toBe(true);
      const unmapped = await t.api.get('/api/v1/bookfile?unmapped=true').expect(200);
      expect(unmapped.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: file.id, path: filePath, bookId: 0, authorId: 0 })]),
      );
      const byId = await t.api.get(`/api/v1/bookfile/${file.id}`).expect(200);
      expect(byId.body).toMatchObject({ id: file.id, bookId: 0 });
    });
  });

  describe('POST /bookshelf', () => {
    it('sets author monitoring and re-applies book monitoring', async () => {
      const author = await createAuthor(db, { monitored: false });
      const past = await createBook(db, author, { releaseDate: new Date(Date.now() - 100 * DAY), monitored: false });
      const future = await createBook(db, author, { releaseDate: new Date(Date.now() + 100 * DAY), monitored: false });
      const body = {
        authors: [{ id: author.id, monitored: true }],
        monitoringOptions: { monitor: 'future', booksToMonitor: [] },
        monitorNewItems: 'new',
      };
      await t.api.post('/api/v1/bookshelf').send(body).expect(200, body);
      const read = await t.api.get(`/api/v1/author/${author.id}`).expect(200);
      expect(read.body).toMatchObject({ monitored: true, monitorNewItems: 'new' });
      const books = await t.api.get(`/api/v1/book?authorId=${author.id}`).expect(200);
      const monitored = Object.fromEntries(
        books.body.map((b: { id: number; monitored: boolean }) => [b.id, b.monitored]),
      );
      expect(monitored).toEqual({ [past.id]: false, [future.id]: true });

      await t.api
        .post('/api/v1/bookshelf')
        .send({
          authors: [{ id: author.id }],
          monitoringOptions: { monitor: 'none', booksToMonitor: [past.foreignBookId] },
        })
        .expect(200);
      const after = await t.api.get(`/api/v1/book?authorId=${author.id}`).expect(200);
      expect(
        Object.fromEntries(after.body.map((b: { id: number; monitored: boolean }) => [b.id, b.monitored])),
      ).toEqual({
        [past.id]: true,
        [future.id]: false,
      });
      expect((await t.api.get(`/api/v1/author/${author.id}`).expect(200)).body.monitored).toBe(false);
      await t.api.post('/api/v1/bookshelf').send({ authors: 'x' }).expect(400);
      await t.api
        .post('/api/v1/bookshelf')
        .send({ authors: [], monitoringOptions: { monitor: 'sometimes' } })
        .expect(400);
    });
  });

  it('GET /edition takes repeated bookId keys', async () => {
    const author = await createAuthor(db);
    const one = await createBook(db, author);
    const two = await createBook(db, author);
    const editions = await t.api.get(`/api/v1/edition?bookId=${one.id}&bookId=${two.id}`).expect(200);
    expect(editions.body.map((e: { bookId: number }) => e.bookId)).toEqual([one.id, two.id]);
    await t.api.get('/api/v1/edition').expect(200, []);
    await t.api.get('/api/v1/edition?bookId=x').expect(400);
  });
});

describe('GET /book over many keyset batches', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No cache: every list below is built batch by batch.
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000', RESPONSE_CACHE_MB: '0' }, { fresh: true });
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Bea Batch' });
    for (let i = 1; i <= 8; i++) await createBook(db, author, { title: `Batch ${i}` });
  });
  afterAll(() => t.close());

  it('streams every book once, in id order, whatever the batch size (the next batch is prefetched)', async () => {
    const books = t.app.get(BookQueryService);
    const whole = (await t.api.get('/api/v1/book').expect(200)).body as { id: number }[];
    expect(whole.map((book) => book.id)).toEqual([...whole.map((book) => book.id)].sort((a, b) => a - b));
    for (const batchSize of [1, 3, 8, 50]) {
      let text = '';
      for await (const chunk of books.listJsonChunks({}, batchSize)) text += chunk.toString();
      expect(JSON.parse(text)).toEqual(whole);
    }
    expect(whole).toHaveLength(8);
  });
});
