import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ReadarrDbBuilder } from '../../../factories/readarr-db.factory';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, type TestApp } from '../../../utils/create-test-app';

/**
 * A Readarr library kept in another script than the metadata source: Tolkien's Hobbit as a Russian user stored
 * it ("Хоббит, или Туда и обратно" by "Джон Рональд Руэл Толкин"). Its Goodreads edition id is known to Open
 * Library (`id_goodreads`), so the book and its author are matched by that id before any name is compared.
 */
describe('migration from Readarr: identifiers win before names', () => {
  let t: TestApp;
  let openLibrary: FakeOpenLibrary;
  let base: string;
  let dbPath: string;

  beforeAll(async () => {
    openLibrary = await FakeOpenLibrary.start();
    openLibrary.patch('/search.json', (search) => {
      const hobbit = search.docs.find((doc: { key: string }) => doc.key === '/works/OL262758W');
      hobbit.id_goodreads = ['5907'];
    });
    base = mkdtempSync(join(tmpdir(), 'quire-readarr-identifiers-'));
    const db = await ReadarrDbBuilder.create();
    const author = db.author({
      foreignAuthorId: '656983',
      name: 'Джон Рональд Руэл Толкин',
      path: join(base, 'Толкин'),
    });
    const book = db.book(author.metadataId, { foreignBookId: '1540236', title: 'Хоббит, или Туда и обратно' }, [
      { foreignEditionId: '5907', isEbook: true },
    ]);
    const file = join(base, 'Толкин/Хоббит.epub');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.alloc(1024, 1));
    db.bookFile(book.editionIds[0], { path: file, quality: 3 });
    dbPath = db.write(join(base, 'readarr.db'));
    db.close();
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url, COVER_SOURCE_URL: openLibrary.coversUrl });
    await t.api.put('/api/v1/config/metadataprovider').send({ requestsPerMinute: 600 }).expect(200);
  });

  afterAll(async () => {
    await t.close();
    await openLibrary.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('matches a book and its author written in Cyrillic by the Goodreads edition id', async () => {
    const posted = await t.api.post('/api/v1/migration/readarr?dryRun=false').attach('file', dbPath).expect(200);
    const command = await waitForCommand(t, posted.body.id, 60_000);
    expect(command.status).toBe('completed');
    const report = (await t.api.get(`/api/v1/migration/${command.id}`).expect(200)).body;
    expect(report.counts.books).toMatchObject({ found: 1, imported: 1 });
    expect(report.counts.authors).toMatchObject({ found: 1, imported: 1 });
    expect(report.unmatched ?? []).toEqual([]);
    const authors = (await t.api.get('/api/v1/author').expect(200)).body;
    expect(authors).toEqual([expect.objectContaining({ foreignAuthorId: 'OL26320A' })]);
    const books = (await t.api.get('/api/v1/book').expect(200)).body;
    expect(books).toEqual([expect.objectContaining({ foreignBookId: 'OL262758W' })]);
    // The identifier decided: the library's name for the author was never searched for.
    const searched = openLibrary.apiRequests('/search/authors.json').map((request) => request.query.q);
    expect(searched.filter((q) => /[а-я]/i.test(q ?? ''))).toEqual([]);
  });
});
