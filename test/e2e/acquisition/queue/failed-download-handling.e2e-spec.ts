import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand, waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-fdh1';
const SAB_KEY = 'sab-key-fdh1';

/**
 * What follows a download the client reports failed, against a fake SABnzbd: removal from the client with its
 * files when the client is set to remove failed downloads, and a new search only when `autoRedownloadFailed` is on.
 */
describe('failed-download handling (fake Newznab + fake SABnzbd)', () => {
  let t: TestApp;
  let db: DataSource;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let clientId: number;
  let bookId: number;

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        { title: 'Cora Penn - The Salt Road (azw3)', guid: 'f-azw3', size: 1_200_000 },
        { title: 'Cora Penn - The Salt Road (epub)', guid: 'f-epub', size: 1_100_000 },
        { title: 'Cora Penn - The Salt Road (mobi)', guid: 'f-mobi', size: 1_000_000 },
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();
    db = t.app.get(DataSource);
    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY, categories: '7020' });
    clientId = await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });
    const author = await createAuthor(db, { name: 'Cora Penn', qualityProfileId: await ebookProfileId(db) });
    bookId = (await createBook(db, author, { title: 'The Salt Road', releaseDate: new Date('2020-03-01') })).id;
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  const bookSearches = () => db.query<{ id: number }[]>(`SELECT id FROM command WHERE name = 'BookSearch'`);
  const setAutoRedownload = (enabled: boolean) =>
    t.api.put('/api/v1/config/downloadclient').send({ autoRedownloadFailed: enabled }).expect(200);

  it('with autoRedownloadFailed off: blocklisted, removed from SABnzbd with its files, and not searched again', async () => {
    await setAutoRedownload(false);
    await runCommand(t, 'BookSearch', { bookIds: [bookId] });
    expect(sab.queue).toHaveLength(1);
    const failedId = sab.queue[0].nzo_id;

    sab.finish(failedId, 'Failed');
    await runCommand(t, 'RefreshMonitoredDownloads');

    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(1);
    expect(sab.deleted).toEqual([{ nzoId: failedId, from: 'history', delFiles: true }]);
    expect(sab.history.map((job) => job.nzo_id)).not.toContain(failedId);
    // Only the search this test ran: the failure queued none.
    expect(await bookSearches()).toHaveLength(1);
    expect(sab.queue).toEqual([]);
  });

  it('with removeFailedDownloads off the failed download stays in SABnzbd; autoRedownloadFailed on searches again', async () => {
    await t.api
      .put('/api/v1/downloadclient/bulk')
      .send({ ids: [clientId], removeFailedDownloads: false })
      .expect(200);
    await setAutoRedownload(true);
    await runCommand(t, 'BookSearch', { bookIds: [bookId] });
    expect(sab.queue).toHaveLength(1);
    const failedId = sab.queue[0].nzo_id;
    const searchesBefore = (await bookSearches()).length;

    sab.finish(failedId, 'Failed');
    await runCommand(t, 'RefreshMonitoredDownloads');

    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(2);
    expect(sab.deleted.map((call) => call.nzoId)).not.toContain(failedId);
    expect(sab.history.map((job) => job.nzo_id)).toContain(failedId);
    const searches = await bookSearches();
    expect(searches.length).toBe(searchesBefore + 1);
    const research = await waitForCommand(t, Math.max(...searches.map((search) => search.id)));
    expect(research.body.bookIds).toEqual([bookId]);
    // The third release, the other two being blocklisted.
    expect(sab.queue.map((job) => job.name)).toHaveLength(1);
  });

  it('a failed download Quire never grabbed is only a warning: not failed, blocklisted, removed or searched again', async () => {
    await setAutoRedownload(true);
    await t.api
      .put('/api/v1/downloadclient/bulk')
      .send({ ids: [clientId], removeFailedDownloads: true })
      .expect(200);
    const blocklisted = (await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords as number;
    const searchesBefore = (await bookSearches()).length;
    // Sent to SABnzbd by someone else, in Quire's category, named after a book Quire knows.
    sab.history.push({
      nzo_id: 'SABnzbd_nzo_foreign',
      name: 'Cora Penn - The Salt Road (pdf)',
      category: 'books',
      bytes: 1_000_000,
      mbLeft: 0,
      nzb: '',
      status: 'Failed',
      storage: '/complete/books/Cora Penn - The Salt Road (pdf)',
      fail_message: 'Repair failed',
    });
    await runCommand(t, 'RefreshMonitoredDownloads');

    const [row] = await db.query<{ state: string; status: string }[]>(
      `SELECT state, status FROM tracked_download WHERE download_id = 'SABnzbd_nzo_foreign'`,
    );
    expect(row).toEqual({ state: 'downloading', status: 'warning' });
    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(blocklisted);
    expect(sab.deleted.map((call) => call.nzoId)).not.toContain('SABnzbd_nzo_foreign');
    expect((await bookSearches()).length).toBe(searchesBefore);
    const history = await db.query(
      `SELECT id FROM history WHERE download_id = 'SABnzbd_nzo_foreign' AND event_type = 4`,
    );
    expect(history).toEqual([]);
  });
});
