import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { CommandJson, runCommand, waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('POST /book with a looked-up book adds it (and its author) from Open Library', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let profiles: { id: number; name: string }[];

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: fake.coversUrl });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    root = mkdtempSync(join(tmpdir(), 'quire-add-book-'));
    profiles = (await t.api.get('/api/v1/metadataprofile').expect(200)).body;
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: profiles[0].id })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function finished(name: string, match: (body: Record<string, any>) => boolean): Promise<CommandJson> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = (await t.api.get('/api/v1/command').expect(200)).body as CommandJson[];
      const found = list.find((command) => command.name === name && match(command.body));
      if (found) return waitForCommand(t, found.id);
      if (Date.now() > deadline) throw new Error(`${name} was not queued`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('adds the book with its editions; the new author gets only that book under the "None" profile', async () => {
    const none = profiles.find((profile) => profile.name === 'None')!;
    const [book] = (await t.api.get('/api/v1/book/lookup?term=work:OL27448W').expect(200)).body;
    expect(book.author.foreignAuthorId).toBe('OL26320A');
    const created = await t.api
      .post('/api/v1/book')
      .send({
        ...book,
        monitored: true,
        addOptions: { addType: 'manual', searchForNewBook: false },
        author: {
          ...book.author,
          qualityProfileId: 1,
          metadataProfileId: none.id,
          rootFolderPath: root,
          monitored: true,
          monitorNewItems: 'none',
          addOptions: { monitor: 'none', searchForMissingBooks: false },
        },
      })
      .expect(200);
    const bookId = created.body.id;
    const authorId = created.body.authorId;

    const refreshAuthor = await finished('RefreshAuthor', (body) => body.authorId === authorId);
    expect([refreshAuthor.status, refreshAuthor.exception]).toEqual(['completed', undefined]);
    expect((await finished('RefreshBook', (body) => body.bookId === bookId)).status).toBe('completed');

    const books = await sql<{ foreign_book_id: string; monitored: boolean }>(
      'SELECT foreign_book_id, monitored FROM book WHERE author_id = $1',
      [authorId],
    );
    expect(books).toEqual([{ foreign_book_id: 'OL27448W', monitored: true }]);
    const editions = await sql<{ foreign_edition_id: string; monitored: boolean; page_count: number }>(
      'SELECT foreign_edition_id, monitored, page_count FROM edition WHERE book_id = $1 ORDER BY foreign_edition_id',
      [bookId],
    );
    // The stand-in edition from the search result became a full edition, and the other English one was added.
    expect(editions.map((edition) => edition.foreign_edition_id)).toEqual(['OL37039420M', 'OL51708686M']);
    expect(editions.filter((edition) => edition.monitored)).toHaveLength(1);
    expect(editions.find((edition) => edition.foreign_edition_id === 'OL51708686M')!.page_count).toBe(1178);
    const [author] = await sql<{ overview: string }>(
      "SELECT overview FROM author_metadata WHERE foreign_author_id = 'OL26320A'",
    );
    expect(author.overview).toContain('English writer');
  });

  it('switching to a real profile brings in the other books, unmonitored per monitorNewItems "none"', async () => {
    const standard = profiles.find((profile) => profile.name === 'Standard')!;
    const [{ id: authorId }] = await sql<{ id: number }>('SELECT id FROM author');
    await sql('UPDATE author SET metadata_profile_id = $1 WHERE id = $2', [standard.id, authorId]);
    expect((await runCommand(t, 'BulkRefreshAuthor', { authorIds: [authorId] })).status).toBe('completed');
    const books = await sql<{ foreign_book_id: string; monitored: boolean }>(
      'SELECT foreign_book_id, monitored FROM book WHERE author_id = $1 ORDER BY foreign_book_id',
      [authorId],
    );
    expect(books).toEqual([
      { foreign_book_id: 'OL262758W', monitored: false },
      { foreign_book_id: 'OL27448W', monitored: true },
      { foreign_book_id: 'OL27495W', monitored: false },
      { foreign_book_id: 'OL27513W', monitored: false },
    ]);
  });

  it('RefreshBook/BulkRefreshBook on an unchanged book write nothing; an unknown book fails clearly', async () => {
    const before = await sql('SELECT xmin::text AS xmin, * FROM edition ORDER BY id');
    const ids = (await sql<{ id: number }>('SELECT id FROM book ORDER BY id')).map((row) => row.id);
    expect((await runCommand(t, 'BulkRefreshBook', { bookIds: ids })).status).toBe('completed');
    expect(await sql('SELECT xmin::text AS xmin, * FROM edition ORDER BY id')).toEqual(before);
    const failed = await runCommand(t, 'RefreshBook', { bookId: 999999 });
    expect(failed.status).toBe('failed');
    expect(failed.exception ?? failed.message).toMatch(/Book 999999 not found/);
  });
});
