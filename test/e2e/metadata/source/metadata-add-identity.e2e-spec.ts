import { join } from 'node:path';
import type { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { CommandJson, waitForCommand, waitForQueuedCommand } from '../../../utils/commands';
import type { TestApp } from '../../../utils/create-test-app';
import { startMetadataFixture } from '../../../utils/metadata-fixture';
import { sql } from '../../../utils/test-database';

/** Rows an add could have written, and the commands it could have queued. */
async function catalogueCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['author_metadata', 'author', 'book', 'edition'])
    counts[table] = Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
  const commands = (await t.api.get('/api/v1/command').expect(200)).body as CommandJson[];
  counts.refreshCommands = commands.filter((command) => command.name.startsWith('Refresh')).length;
  return counts;
}

const NOTHING = { author_metadata: 0, author: 0, book: 0, edition: 0, refreshCommands: 0 };

describe('POST /author and POST /book confirm Open Library ids with the metadata source', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let standardId: number;

  beforeAll(async () => {
    ({ fake, t, root, metadataProfileId: standardId } = await startMetadataFixture('quire-add-identity-', 'Standard'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const authorBody = (foreignAuthorId: string, authorName = 'J.R.R. Tolkien') => ({
    foreignAuthorId,
    authorName,
    qualityProfileId: 1,
    metadataProfileId: standardId,
    rootFolderPath: root,
    monitored: true,
    addOptions: { monitor: 'none', searchForMissingBooks: false },
  });

  const bookBody = (foreignBookId: string, foreignAuthorId: string) => ({
    foreignBookId,
    title: 'The Lord of the Rings',
    monitored: true,
    addOptions: { addType: 'manual', searchForNewBook: false },
    editions: [{ foreignEditionId: 'OL51708686M', title: 'The Lord of the Rings', monitored: true }],
    author: authorBody(foreignAuthorId),
  });

  it('POST /author with an Open Library id the source does not know → 400 ForeignAuthorId, nothing created', async () => {
    const response = await t.api.post('/api/v1/author').send(authorBody('OL999999A', 'Nobody')).expect(400);
    expect(response.body).toEqual([
      expect.objectContaining({
        propertyName: 'ForeignAuthorId',
        errorMessage: 'An author with this ID was not found',
        attemptedValue: 'OL999999A',
        severity: 'error',
      }),
    ]);
    expect(fake.apiRequests('/authors/OL999999A.json')).toHaveLength(1);
    expect(await catalogueCounts(t)).toEqual(NOTHING);
  });

  it('local validation comes first: an invalid body is refused without asking the source', async () => {
    const response = await t.api
      .post('/api/v1/author')
      .send({ ...authorBody('OL999999A', 'Nobody'), qualityProfileId: 0 })
      .expect(400);
    expect(response.body.map((failure: { propertyName: string }) => failure.propertyName)).toEqual([
      'QualityProfileId',
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([500, 'close'] as const)(
    'POST /author while the source answers %s → 503 {message}, nothing created',
    async (failure) => {
      fake.failWith(failure);
      const response = await t.api.post('/api/v1/author').send(authorBody('OL26320A')).expect(503);
      expect(response.body.message).toMatch(/^Unable to communicate with Open Library to look up author OL26320A/);
      expect(await catalogueCounts(t)).toEqual(NOTHING);
    },
  );

  it('POST /book with an unknown Open Library work → 400 ForeignBookId; the new author is not created either', async () => {
    const response = await t.api.post('/api/v1/book').send(bookBody('OL999999W', 'OL26320A')).expect(400);
    expect(response.body).toEqual([
      expect.objectContaining({
        propertyName: 'ForeignBookId',
        errorMessage: 'A book with this ID was not found',
        attemptedValue: 'OL999999W',
      }),
    ]);
    expect(await catalogueCounts(t)).toEqual(NOTHING);
  });

  it('POST /book of a known work with an unknown new author → 400 ForeignAuthorId, nothing created', async () => {
    const response = await t.api.post('/api/v1/book').send(bookBody('OL27448W', 'OL999999A')).expect(400);
    expect(response.body).toEqual([
      expect.objectContaining({
        propertyName: 'ForeignAuthorId',
        errorMessage: 'An author with this ID was not found',
      }),
    ]);
    expect(await catalogueCounts(t)).toEqual(NOTHING);
  });

  it('POST /book while the source answers 500 → 503 {message}, nothing created', async () => {
    fake.failWith(500);
    const response = await t.api.post('/api/v1/book').send(bookBody('OL27448W', 'OL26320A')).expect(503);
    expect(response.body.message).toMatch(/Unable to communicate with Open Library/);
    expect(await catalogueCounts(t)).toEqual(NOTHING);
  });

  it('ids that are not Open Library keys are not checked (the source may even be down)', async () => {
    fake.failWith(500);
    const author = await t.api.post('/api/v1/author').send(authorBody('ol-test-identity', 'Ann Leckie')).expect(200);
    const book = await t.api
      .post('/api/v1/book')
      .send({ ...bookBody('ol-test-work-1', 'ol-test-identity'), editions: [{ title: 'Ancillary', monitored: true }] })
      .expect(200);
    expect(book.body.authorId).toBe(author.body.id);
    expect(fake.apiRequests('/authors/')).toHaveLength(0);
    expect(fake.apiRequests('/works/')).toHaveLength(0);
    // Their refreshes fail against the failing source; clean up so the next tests start empty.
    fake.failWith(undefined);
    const commands = (await t.api.get('/api/v1/command').expect(200)).body as CommandJson[];
    for (const command of commands.filter((c) => c.name.startsWith('Refresh'))) await waitForCommand(t, command.id);
    await t.api.delete(`/api/v1/author/${author.body.id}`).expect(200);
  });

  it('a known author is added and answered at once with its id and statistics; lookup then shows its id and path', async () => {
    const created = await t.api.post('/api/v1/author').send(authorBody('OL26320A')).expect(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      foreignAuthorId: 'OL26320A',
      path: join(root, 'J.R.R. Tolkien'),
      statistics: { bookCount: 0, bookFileCount: 0, totalBookCount: 0, sizeOnDisk: 0 },
    });
    // The add queues its refresh through a domain event, just after it answers.
    const refresh = await waitForQueuedCommand(t, 'RefreshAuthor', (body) => body.authorId === created.body.id);
    expect(refresh.status).toBe('completed');

    const lookup = (await t.api.get('/api/v1/author/lookup?term=tolkien').expect(200)).body as Record<string, any>[];
    const inLibrary = lookup.find((author) => author.foreignAuthorId === 'OL26320A')!;
    expect(inLibrary).toMatchObject({
      id: created.body.id,
      path: created.body.path,
      qualityProfileId: 1,
      metadataProfileId: standardId,
      monitored: true,
    });
    expect(inLibrary.statistics.totalBookCount).toBeGreaterThan(0);
    const other = lookup.find((author) => author.foreignAuthorId !== 'OL26320A')!;
    expect(other).not.toHaveProperty('id');
    expect(other).not.toHaveProperty('path');

    // Adding it again is the existing-author failure, decided locally.
    const again = await t.api.post('/api/v1/author').send(authorBody('OL26320A')).expect(400);
    expect(again.body[0]).toMatchObject({
      propertyName: 'ForeignAuthorId',
      errorMessage: 'This author has already been added',
    });
  });
});
