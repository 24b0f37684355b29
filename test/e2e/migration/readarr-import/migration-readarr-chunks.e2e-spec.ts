import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LibraryStep } from '../../../../src/migration/readarr-import/steps/library.step';
import { ReadarrDbBuilder } from '../../../factories/readarr-db.factory';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, type TestApp } from '../../../utils/create-test-app';

/**
 * The library is migrated a chunk of authors at a time. Two Readarr authors (one person under two Goodreads ids)
 * fall into different chunks and their books map to the same Open Library work: the second chunk must merge into
 * what the first one brought — in the dry run (which writes nothing) exactly as in the real run.
 */
describe('migration from Readarr in several chunks', () => {
  let t: TestApp;
  let openLibrary: FakeOpenLibrary;
  let base: string;
  let dbPath: string;

  const touch = (path: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, Buffer.alloc(1024, 1));
    return path;
  };

  beforeAll(async () => {
    openLibrary = await FakeOpenLibrary.start();
    openLibrary.patch('/search.json', (search) => {
      const hobbit = search.docs.find((doc: { key: string }) => doc.key === '/works/OL262758W');
      hobbit.id_goodreads = ['5907', '6001'];
    });
    base = mkdtempSync(join(tmpdir(), 'quire-readarr-chunks-'));
    const db = await ReadarrDbBuilder.create();
    const first = db.author({ foreignAuthorId: '656983', name: 'J.R.R. Tolkien', path: join(base, 'Tolkien') });
    const hobbit = db.book(first.metadataId, { foreignBookId: '1540236', title: 'The Hobbit', monitored: false }, [
      { foreignEditionId: '5907', isEbook: true },
    ]);
    db.bookFile(hobbit.editionIds[0], { path: touch(join(base, 'Tolkien/The Hobbit.epub')), quality: 3 });
    const second = db.author({ foreignAuthorId: '999001', name: 'J. R. R. Tolkien', path: join(base, 'JRR') });
    const again = db.book(second.metadataId, { foreignBookId: '1540999', title: 'The Hobbit' }, [
      { foreignEditionId: '6001' },
    ]);
    db.bookFile(again.editionIds[0], { path: touch(join(base, 'JRR/The Hobbit.m4b')), quality: 11 });
    dbPath = db.write(join(base, 'readarr.db'));
    db.close();
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url, COVER_SOURCE_URL: openLibrary.coversUrl });
    await t.api.put('/api/v1/config/metadataprovider').send({ requestsPerMinute: 600 }).expect(200);
    t.app.get(LibraryStep).chunkBooks = 1;
  });

  afterAll(async () => {
    await t.close();
    await openLibrary.close();
    rmSync(base, { recursive: true, force: true });
  });

  async function migrate(dryRun: boolean) {
    const posted = await t.api.post(`/api/v1/migration/readarr?dryRun=${dryRun}`).attach('file', dbPath).expect(200);
    const command = await waitForCommand(t, posted.body.id, 60_000);
    expect(command.status).toBe('completed');
    return (await t.api.get(`/api/v1/migration/${command.id}`).expect(200)).body;
  }

  it('merges across chunks, with the dry run counting what the real run does', async () => {
    const dry = await migrate(true);
    expect(dry.counts.authors).toMatchObject({ found: 2, imported: 1, merged: 1 });
    expect(dry.counts.books).toMatchObject({ found: 2, imported: 1, merged: 1 });
    expect(dry.counts.bookFiles).toMatchObject({ found: 2, imported: 2 });
    const library = (report: { conflicts: { kind: string }[] }) =>
      report.conflicts.filter((conflict) => ['authors', 'books', 'bookFiles'].includes(conflict.kind));
    expect(library(dry)).toEqual([
      expect.objectContaining({ kind: 'books', field: 'monitored', resolution: 'monitored wins' }),
    ]);

    const applied = await migrate(false);
    expect(applied.counts).toEqual(dry.counts);
    expect(applied.conflicts).toEqual(dry.conflicts);
    const books = (await t.api.get('/api/v1/book').expect(200)).body;
    expect(books).toEqual([expect.objectContaining({ foreignBookId: 'OL262758W', monitored: true })]);
    const files = (await t.api.get(`/api/v1/bookfile?bookId=${books[0].id}`).expect(200)).body;
    expect(files.map((file: { path: string }) => file.path.split('/').pop()).sort()).toEqual([
      'The Hobbit.epub',
      'The Hobbit.m4b',
    ]);
  });
});
