import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { CommandJson, runCommand, waitForQueuedCommand } from '../../../utils/commands';
import { recordLibraryNotifications } from '../../../utils/library-events';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

/** Every catalogue row with its xmin: an UPDATE (even one writing equal values) changes xmin. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables = ['author_metadata', 'author', 'book', 'edition'];
  const result: Record<string, unknown[]> = {};
  for (const table of tables) result[table] = await sql(`SELECT xmin::text AS xmin, * FROM ${table} ORDER BY id`);
  return result;
}

const EXPECTED_TITLES = [
  'The Hobbit',
  'The Lord of the Rings',
  'The Silmarillion',
  'Unfinished Tales of Númenor and Middle-earth',
];

describe('add author → RefreshAuthor → books and editions from Open Library', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let standardProfileId: number;
  let authorId: number;

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: fake.coversUrl });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    root = mkdtempSync(join(tmpdir(), 'quire-metadata-'));
    const profiles = await t.api.get('/api/v1/metadataprofile').expect(200);
    standardProfileId = profiles.body.find((profile: { name: string }) => profile.name === 'Standard').id;
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: standardProfileId })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const refreshCommandFor = (id: number): Promise<CommandJson> =>
    waitForQueuedCommand(t, 'RefreshAuthor', (body) => body.authorId === id, 10_000);

  it('lookup → POST /author queues RefreshAuthor {isNewAuthor}; books are filtered by the metadata profile', async () => {
    const notifications = recordLibraryNotifications(t);
    const lookup = await t.api.get('/api/v1/author/lookup?term=tolkien').expect(200);
    const created = await t.api
      .post('/api/v1/author')
      .send({
        ...lookup.body[0],
        qualityProfileId: 1,
        metadataProfileId: standardProfileId,
        rootFolderPath: root,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      })
      .expect(200);
    authorId = created.body.id;
    const command = await refreshCommandFor(authorId);
    expect(command).toMatchObject({ status: 'completed', body: { authorId, isNewAuthor: true } });
    expect(notifications).toEqual([
      expect.objectContaining({
        eventType: 'authorAdded',
        title: 'Author added',
        body: '**J.R.R. Tolkien** was added with 4 books.',
      }),
    ]);

    const books = await sql<{ title: string; monitored: boolean; foreign_book_id: string }>(
      'SELECT title, monitored, foreign_book_id FROM book WHERE author_id = $1 ORDER BY release_date',
      [authorId],
    );
    // Filtered out: the boxed set (parts/sets), Father Christmas (popularity 29 < 350), Mr. Bliss (no date),
    // the French anthology (no English edition).
    expect(books.map((book) => book.title)).toEqual(EXPECTED_TITLES);
    expect(books.every((book) => book.monitored)).toBe(true);

    const hobbitEditions = await sql<{ foreign_edition_id: string; monitored: boolean; language: string }>(
      `SELECT e.foreign_edition_id, e.monitored, e.language FROM edition e JOIN book b ON b.id = e.book_id
       WHERE b.foreign_book_id = 'OL262758W' ORDER BY e.foreign_edition_id`,
    );
    expect(hobbitEditions).toEqual([
      { foreign_edition_id: 'OL26331930M', monitored: false, language: 'eng' },
      { foreign_edition_id: 'OL51694024M', monitored: true, language: 'eng' },
    ]);

    const [metadata] = await sql<{ overview: string; died: Date; images: { url: string }[] }>(
      'SELECT overview, died, images FROM author_metadata WHERE foreign_author_id = $1',
      ['OL26320A'],
    );
    expect(metadata.overview).toContain('English writer');
    expect(metadata.died.toISOString()).toBe('1973-09-02T00:00:00.000Z');
    expect(metadata.images[0].url).toBe(`${fake.coversUrl}/a/id/6155606-L.jpg`);
  });

  it('the API shows the books; wanted/missing lists the monitored ones', async () => {
    const books = await t.api.get(`/api/v1/book?authorId=${authorId}`).expect(200);
    // BookResource.title is the monitored edition's title (Readarr), e.g. "Unfinished Tales".
    expect(books.body.map((book: { foreignBookId: string }) => book.foreignBookId).sort()).toEqual(
      ['OL262758W', 'OL27448W', 'OL27495W', 'OL27513W'].sort(),
    );
    const hobbit = books.body.find((book: { foreignBookId: string }) => book.foreignBookId === 'OL262758W');
    expect(hobbit).toMatchObject({ foreignEditionId: 'OL51694024M', pageCount: 310, monitored: true });
    const missing = await t.api.get('/api/v1/wanted/missing?pageSize=50').expect(200);
    expect(missing.body.totalRecords).toBe(4);
    const lookup = await t.api.get('/api/v1/book/lookup?term=hobbit').expect(200);
    expect(lookup.body[0]).toMatchObject({ id: hobbit.id, authorId, monitored: true });
    expect(lookup.body[0].author.id).toBe(authorId);
  });

  it('stores covers and serves them with sizes, content type and caching headers', async () => {
    const poster = await t.api.get(`/api/v1/mediacover/author/${authorId}/poster.jpg`).expect(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toContain('max-age');
    expect(poster.body.toString('latin1')).toContain('a/id/6155606-L');
    const small = await t.api.get(`/api/v1/mediacover/author/${authorId}/poster-250.jpg`).expect(200);
    expect(small.body.toString('latin1')).toContain('a/id/6155606-M');
    const large = await t.api.get(`/api/v1/mediacover/author/${authorId}/poster-500.jpg`).expect(200);
    expect(Buffer.compare(large.body, poster.body)).toBe(0);
    await t.api
      .get(`/api/v1/mediacover/author/${authorId}/poster.jpg`)
      .set('If-None-Match', poster.headers.etag)
      .expect(304);

    const [hobbit] = await sql<{ id: number }>("SELECT id FROM book WHERE foreign_book_id = 'OL262758W'");
    const cover = await t.api.get(`/api/v1/mediacover/book/${hobbit.id}/cover.jpg`).expect(200);
    expect(cover.body.toString('latin1')).toContain('b/id/14627509-L');
    await t.api.get(`/MediaCover/Books/${hobbit.id}/cover-250.jpg`).expect(200);
    await t.api.get(`/api/v1/mediacover/book/${hobbit.id}/banner.jpg`).expect(404);
  });

  it.each(['..%2F..%2F..%2Fetc%2Fpasswd', 'poster.exe', 'secret.jpg', '.sources.json', 'poster.jpg%00.png'])(
    'rejects cover file name %s with 400',
    async (filename) => {
      await t.api.get(`/api/v1/mediacover/author/${authorId}/${filename}`).expect(400);
    },
  );

  it('a second refresh without remote changes writes nothing (xmin snapshot unchanged)', async () => {
    const before = await snapshot();
    const requestsBefore = fake.requests.length;
    const command = await runCommand(t, 'RefreshAuthor', { authorId });
    expect(command.status).toBe('completed');
    expect(fake.requests.length).toBeGreaterThan(requestsBefore); // it did ask the source (no stale cache)
    expect(await snapshot()).toEqual(before);
  });

  it('a title changed upstream is updated; the user’s monitored flag survives', async () => {
    const [lotr] = await sql<{ id: number }>("SELECT id FROM book WHERE foreign_book_id = 'OL27448W'");
    await t.api
      .put('/api/v1/book/monitor')
      .send({ bookIds: [lotr.id], monitored: false })
      .expect(200);
    fake.renameWork('OL262758W', 'The Hobbit, or There and Back Again');
    const before = await snapshot();

    const command = await runCommand(t, 'RefreshAuthor', { authorId });
    expect(command.status).toBe('completed');
    const after = await snapshot();
    const title = (rows: unknown[], id: string) =>
      (rows as { foreign_book_id: string; title: string }[]).find((row) => row.foreign_book_id === id)!.title;
    expect(title(after.book, 'OL262758W')).toBe('The Hobbit, or There and Back Again');
    const lotrAfter = (after.book as { id: number; monitored: boolean }[]).find((row) => row.id === lotr.id)!;
    expect(lotrAfter.monitored).toBe(false);
    // Only the renamed book's row (and the author's lastInfoSync) changed.
    const changedBooks = (after.book as { id: number; xmin: string }[]).filter(
      (row, index) => row.xmin !== (before.book[index] as { xmin: string }).xmin,
    );
    expect(changedBooks.map((row) => (row as unknown as { foreign_book_id: string }).foreign_book_id)).toEqual([
      'OL262758W',
    ]);
    expect(after.edition).toEqual(before.edition);
  });

  it('source answering 500 mid-way: the command fails clearly and nothing is half-written', async () => {
    fake.patch('/authors/OL26320A.json', (author) => (author.name = 'John Ronald Reuel Tolkien'));
    fake.failPath('/works/OL27513W/editions.json', 500);
    const before = await snapshot();
    const command = await runCommand(t, 'RefreshAuthor', { authorId });
    expect(command.status).toBe('failed');
    expect(command.exception ?? command.message).toMatch(
      /Could not refresh J\.R\.R\. Tolkien: unable to communicate with Open Library \(HTTP 500.*\)\. Nothing was changed\./,
    );
    expect(await snapshot()).toEqual(before);
    fake.failPath('/works/OL27513W/editions.json', undefined);
  });

  it('source unreachable: the command fails, and the health check reports it', async () => {
    fake.failWith('close');
    const before = await snapshot();
    const command = await runCommand(t, 'RefreshAuthor', { authorId });
    expect(command.status).toBe('failed');
    expect(command.exception ?? command.message).toMatch(/unable to communicate with Open Library/);
    expect(await snapshot()).toEqual(before);

    await runCommand(t, 'CheckHealth');
    const health = await t.api.get('/api/v1/health').expect(200);
    expect(health.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'MetadataSourceCheck',
          type: 'warning',
          message: expect.stringContaining('Unable to communicate with Open Library'),
        }),
      ]),
    );

    fake.failWith(undefined);
    await runCommand(t, 'CheckHealth');
    const healed = await t.api.get('/api/v1/health').expect(200);
    expect(healed.body.map((item: { source: string }) => item.source)).not.toContain('MetadataSourceCheck');
    // …and the next refresh applies the pending upstream change.
    expect((await runCommand(t, 'RefreshAuthor', { authorId })).status).toBe('completed');
    const [metadata] = await sql<{ name: string }>(
      "SELECT name FROM author_metadata WHERE foreign_author_id = 'OL26320A'",
    );
    expect(metadata.name).toBe('John Ronald Reuel Tolkien');
  });
});
