import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ImportListSyncHandler } from '../../../../src/integrations/import-list/import-list-sync.handler';
import { createAuthor, createBook, type CreatedAuthor } from '../../../factories';
import { FakeHttpServer, send, sendJson } from '../../../fakes/fake-http';
import type { CommandJson } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/** A reading-log entry of the fake Open Library: a work and its first author. */
const entry = (work: string, author: string, title: string) => ({
  work: { title, key: `/works/${work}`, author_keys: [`/authors/${author}`], author_names: [`Author ${author}`] },
});

/**
 * `shouldMonitorExisting` and `listOrder` of import lists, through a real sync of an Open Library reading list whose
 * works and authors are already in the library, unmonitored.
 */
describe('import lists: items already in the library', () => {
  let t: TestApp;
  let db: DataSource;
  let openLibrary: FakeHttpServer;
  const root = mkdtempSync(join(tmpdir(), 'quire-list-existing-'));
  const shelves: Record<string, unknown[]> = {};

  beforeAll(async () => {
    openLibrary = await new FakeHttpServer((request, response) => {
      const match = /^\/people\/([^/]+)\/books\/want-to-read\.json$/.exec(request.url.pathname);
      if (!match || !shelves[match[1]]) return send(response, 404, 'Not found');
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const entries = page === 1 ? shelves[match[1]] : [];
      sendJson(response, 200, { page, numFound: entries.length, reading_log_entries: entries });
    }).start();
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await openLibrary.stop();
  });

  const createList = async (user: string, shouldMonitor: string, shouldMonitorExisting: boolean) => {
    const created = await t.api
      .post('/api/v1/importlist')
      .send({
        name: `Reading log of ${user}, ${shouldMonitor}`,
        implementation: 'OpenLibraryReadingList',
        configContract: 'OpenLibraryReadingListSettings',
        enableAutomaticAdd: true,
        shouldMonitor,
        shouldMonitorExisting,
        shouldSearch: false,
        rootFolderPath: root,
        qualityProfileId: 1,
        metadataProfileId: 1,
        fields: [
          { name: 'username', value: user },
          { name: 'shelf', value: 0 },
        ],
      })
      .expect(200);
    return created.body as { id: number } & Record<string, unknown>;
  };
  const author = async (id: number) =>
    (await t.api.get(`/api/v1/author/${id}`).expect(200)).body as { monitored: boolean };
  const monitoredBooks = async (of: CreatedAuthor) =>
    ((await t.api.get(`/api/v1/book?authorId=${of.id}`).expect(200)).body as { title: string; monitored: boolean }[])
      .filter((book) => book.monitored)
      .map((book) => book.title)
      .sort();
  /** The searches in the command list (queued or already run). */
  const queued = async () =>
    ((await t.api.get('/api/v1/command').expect(200)).body as CommandJson[])
      .filter((command) => command.name.endsWith('Search'))
      .map((command) => ({ name: command.name, body: command.body }));

  it('shouldMonitorExisting monitors the listed book, the whole author with entireAuthor, and an author named alone', async () => {
    const anne = await createAuthor(db, { foreignAuthorId: 'OL10A', monitored: false, rootFolderPath: root });
    await createBook(db, anne, { foreignBookId: 'OL10W', title: 'Listed', monitored: false });
    await createBook(db, anne, { foreignBookId: 'OL11W', title: 'Other', monitored: false });
    // The listed work of this author is not in the library: only the author is monitored again.
    const bert = await createAuthor(db, { foreignAuthorId: 'OL20A', monitored: false, rootFolderPath: root });
    await createBook(db, bert, { foreignBookId: 'OL21W', title: 'Unlisted', monitored: false });
    shelves.entire = [entry('OL10W', 'OL10A', 'Listed'), entry('OL29W', 'OL20A', 'Not in the library')];

    const list = await createList('entire', 'entireAuthor', false);
    const off = await t.app.get(ImportListSyncHandler).sync(list.id);
    expect(off).toMatchObject({ found: 2, added: [], existing: 2 });
    expect([(await author(anne.id)).monitored, (await author(bert.id)).monitored]).toEqual([false, false]);
    expect(await monitoredBooks(anne)).toEqual([]);
    expect(await queued()).toEqual([]);

    await t.api
      .put(`/api/v1/importlist/${list.id}`)
      .send({ ...list, shouldMonitorExisting: true })
      .expect(200);
    const on = await t.app.get(ImportListSyncHandler).sync(list.id);
    expect(on).toMatchObject({ found: 2, added: [], existing: 2 });
    expect([(await author(anne.id)).monitored, (await author(bert.id)).monitored]).toEqual([true, true]);
    expect(await monitoredBooks(anne)).toEqual(['Listed', 'Other']);
    expect(await monitoredBooks(bert)).toEqual([]);
    expect(await queued()).toEqual([
      { name: 'MissingBookSearch', body: expect.objectContaining({ authorId: anne.id }) },
    ]);
  });

  it('specificBook monitors the listed book only and searches it; a list monitoring nothing leaves the book', async () => {
    const cleo = await createAuthor(db, { foreignAuthorId: 'OL30A', monitored: true, rootFolderPath: root });
    const listed = await createBook(db, cleo, { foreignBookId: 'OL30W', title: 'Listed', monitored: false });
    await createBook(db, cleo, { foreignBookId: 'OL31W', title: 'Other', monitored: false });
    shelves.specific = [entry('OL30W', 'OL30A', 'Listed')];

    const none = await createList('specific', 'none', true);
    await t.app.get(ImportListSyncHandler).sync(none.id);
    expect(await monitoredBooks(cleo)).toEqual([]);

    const specific = await createList('specific', 'specificBook', true);
    await t.app.get(ImportListSyncHandler).sync(specific.id);
    expect(await monitoredBooks(cleo)).toEqual(['Listed']);
    expect(await queued()).toEqual(
      expect.arrayContaining([{ name: 'BookSearch', body: expect.objectContaining({ bookIds: [listed.id] }) }]),
    );
  });

  it('listOrder answers the list type’s number, as Readarr, and is not stored from a request', async () => {
    const created = await t.api
      .post('/api/v1/importlist')
      .send({
        name: 'Ordered',
        implementation: 'OpenLibraryReadingList',
        configContract: 'OpenLibraryReadingListSettings',
        listOrder: 7,
        rootFolderPath: root,
        qualityProfileId: 1,
        metadataProfileId: 1,
        fields: [{ name: 'username', value: 'entire' }],
      })
      .expect(200);
    expect(created.body).toMatchObject({ listType: 'other', listOrder: 2 });
    const schema = (await t.api.get('/api/v1/importlist/schema').expect(200)).body as Record<string, unknown>[];
    expect(schema.map((item) => [item.implementation, item.listType, item.listOrder])).toEqual(
      expect.arrayContaining([
        ['ReadarrImport', 'program', 0],
        ['OpenLibraryReadingList', 'other', 2],
      ]),
    );
  });
});
