import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';

describe('web UI server side', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
  });
  afterAll(() => t.close());

  describe('/initialize.json and the first run', () => {
    it('before any login exists, answers a loopback caller with the key and the app settings', async () => {
      const response = await t.anonymous().get('/initialize.json').expect(200);
      expect(response.headers['cache-control']).toBe('no-cache, no-store');
      expect(Object.keys(response.body).sort()).toEqual(
        [
          'analytics',
          'apiKey',
          'apiRoot',
          'branch',
          'instanceName',
          'isProduction',
          'packageVersion',
          'release',
          'theme',
          'urlBase',
          'userHash',
          'version',
        ].sort(),
      );
      expect(response.body).toMatchObject({ apiKey: TEST_API_KEY, apiRoot: '/api/v1', urlBase: '', theme: 'auto' });
      // The same version as X-Application-Version, so a Readarr-era front end does not ask to reload.
      const status = await t.api.get('/api/v1/system/status').expect(200);
      expect(response.body.version).toBe(status.headers['x-application-version']);
      expect(response.body.packageVersion).toBe(status.body.packageVersion);
    });

    it('decides by the socket address, not by X-Forwarded-For (which anyone can write)', async () => {
      await t.anonymous().get('/initialize.json').set('X-Forwarded-For', '8.8.8.8').expect(200);
    });

    it('once a forms login exists, answers only the session or the key', async () => {
      const host = (await t.api.get('/api/v1/config/host').expect(200)).body;
      await t.api
        .put('/api/v1/config/host')
        .send({
          ...host,
          authenticationMethod: 'forms',
          username: 'admin',
          password: 'pass-word-1',
          passwordConfirmation: 'pass-word-1',
        })
        .expect(200);
      const refused = await t.anonymous().get('/initialize.json').expect(401);
      expect(refused.body.message).toBe('Sign in required');
      await t.anonymous().get(`/initialize.json?apikey=${TEST_API_KEY}`).expect(200);
      await t.anonymous().get('/initialize.json').set('X-Api-Key', 'wrong').expect(401);
      const login = await t
        .anonymous()
        .post('/login')
        .set('Accept', 'application/json')
        .type('form')
        .send({ username: 'admin', password: 'pass-word-1' })
        .expect((response) => expect([200, 303]).toContain(response.status));
      const cookie = login.headers['set-cookie'];
      expect(cookie).toBeDefined();
      const answer = await t.anonymous().get('/initialize.json').set('Cookie', cookie).expect(200);
      expect(answer.body.apiKey).toBe(TEST_API_KEY);
    });
  });

  describe('GET /api/v1/book/paged (Quire extension)', () => {
    it('pages, sorts and filters in SQL with records shaped like GET /book', async () => {
      const db = t.app.get(DataSource);
      const zed = await createAuthor(db, { name: 'Zed Writer' });
      const amy = await createAuthor(db, { name: 'Amy Author' });
      const titles = ['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo'];
      const books = [];
      for (const [index, title] of titles.entries())
        books.push(
          await createBook(db, index % 2 ? amy : zed, {
            title,
            monitored: index !== 2,
            releaseDate: new Date(Date.UTC(2000 + index, 0, 1)),
          }),
        );
      await createBookFile(db, books[0].editionId);

      const first = (
        await t.api.get('/api/v1/book/paged?page=1&pageSize=2&sortKey=title&sortDirection=ascending').expect(200)
      ).body;
      expect(first).toMatchObject({
        page: 1,
        pageSize: 2,
        sortKey: 'title',
        sortDirection: 'ascending',
        totalRecords: 5,
      });
      expect(first.records.map((book: { title: string }) => book.title)).toEqual(['Alpha', 'Bravo']);
      const last = (await t.api.get('/api/v1/book/paged?page=3&pageSize=2&sortKey=title').expect(200)).body;
      expect(last.records.map((book: { title: string }) => book.title)).toEqual(['Echo']);

      const whole = (await t.api.get(`/api/v1/book?bookIds=${books[0].id}`).expect(200)).body;
      const paged = (await t.api.get(`/api/v1/book/paged?pageSize=10&authorId=${zed.id}&missing=false`).expect(200))
        .body;
      expect(paged.records).toEqual(whole);

      const byDate = (
        await t.api.get('/api/v1/book/paged?sortKey=releaseDate&sortDirection=descending&pageSize=10').expect(200)
      ).body;
      expect(byDate.records.map((book: { title: string }) => book.title)).toEqual([
        'Echo',
        'Bravo',
        'Charlie',
        'Alpha',
        'Delta',
      ]);
      const unmonitored = (await t.api.get('/api/v1/book/paged?monitored=false').expect(200)).body;
      expect(unmonitored.records.map((book: { title: string }) => book.title)).toEqual(['Charlie']);
      const term = (await t.api.get('/api/v1/book/paged?term=HAR').expect(200)).body;
      expect(term.records.map((book: { title: string }) => book.title)).toEqual(['Charlie']);
      const byAuthor = (await t.api.get('/api/v1/book/paged?sortKey=authorName&pageSize=10').expect(200)).body;
      expect(byAuthor.records.slice(0, 2).map((book: { authorId: number }) => book.authorId)).toEqual([amy.id, amy.id]);
    });

    it('answers a bad sort key or page with a 400 and the validation array', async () => {
      const bad = await t.api.get('/api/v1/book/paged?sortKey=nope').expect(400);
      expect(bad.body[0]).toMatchObject({ propertyName: 'SortKey' });
      await t.api.get('/api/v1/book/paged?page=0').expect(400);
      await t.anonymous().get('/api/v1/book/paged').expect(401);
    });
  });

  const built = existsSync(join(__dirname, '..', '..', '..', '..', 'dist', 'web', 'index.html'));
  describe('compressed API answers', () => {
    it('gzips JSON lists for a client that accepts it, and sends identity to one that does not', async () => {
      const db = t.app.get(DataSource);
      const author = await createAuthor(db, { name: 'Compressed Answers' });
      for (let i = 0; i < 30; i++) await createBook(db, author, { title: `Compressible ${i}` });
      const list = `/api/v1/book?authorId=${author.id}`;
      const zipped = await t.api.get(list).set('Accept-Encoding', 'gzip').expect(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.body).toHaveLength(30);
      const plain = await t.api.get(list).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(zipped.body);
      const negotiate = await t.api.post('/signalr/messages/negotiate').set('Accept-Encoding', 'gzip').expect(200);
      expect(negotiate.headers['content-encoding']).toBeUndefined();
    });
  });

  (built ? describe : describe.skip)('the built single-page app (after npm run build)', () => {
    it('serves index.html for client routes, never for server routes', async () => {
      const index = await t.anonymous().get('/author/some-slug').set('Accept', 'text/html').expect(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.text).toContain('<base href="/" />');
      await t.anonymous().get('/api/v1/not-a-route').set('Accept', 'text/html').expect(404);
      await t.anonymous().get('/ping').expect(200).expect('Content-Type', /json/);
    });

    it('serves hashed assets with a long cache, compressed', async () => {
      const index = await t.anonymous().get('/').set('Accept', 'text/html').expect(200);
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.text)?.[1];
      expect(script).toBeDefined();
      const asset = await t.anonymous().get(`/${script}`).set('Accept-Encoding', 'gzip').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('gzip');
      await t.anonymous().get('/assets/missing-file.js').expect(404);
    });
  });
});
