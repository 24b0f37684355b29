import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand, waitForQueuedCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-0001';
const SAB_KEY = 'sab-key-0001';

describe('search → decide → grab → queue → history (fake Newznab + fake SABnzbd)', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let bookId: number;
  let authorId: number;

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        // Worse releases first: the engine must rank, not take the first result.
        { title: 'Ann Writer - The Lost Garden (mobi)', guid: 'g-mobi', size: 1_000_000 },
        { title: 'Ann Writer - The Lost Garden [FLAC]', guid: 'g-flac', size: 9_000_000 },
        { title: 'Ann Writer - The Lost Garden (pdf)', guid: 'g-pdf', size: 1_000_000 },
        { title: 'Ann Writer - The Lost Garden (azw3)', guid: 'g-azw3', size: 1_200_000 },
        { title: 'Ann Writer - The Lost Garden (epub)', guid: 'g-epub', size: 1_100_000 },
        { title: 'Ann Writer - Another Story (azw3)', guid: 'g-other', size: 1_000_000 },
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();

    await addIndexer(t, {
      implementation: 'Newznab',
      url: newznab.url,
      apiKey: INDEXER_KEY,
      categories: '7020,3030',
      priority: 25,
    });
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });

    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Ann Writer', qualityProfileId: await ebookProfileId(db) });
    authorId = author.id;
    bookId = (await createBook(db, author, { title: 'The Lost Garden', releaseDate: new Date('2019-05-01') })).id;
    await createBook(db, author, { title: 'Another Story', releaseDate: new Date('2018-05-01') });
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  it('interactive search lists every release with its decision, best first', async () => {
    const releases = (await t.api.get(`/api/v1/release?bookId=${bookId}`).expect(200)).body;
    const byGuid = Object.fromEntries(releases.map((r: { guid: string }) => [r.guid, r]));
    // Ranked by the profile (FLAC ranks above AZW3 but is rejected); the first approved one is the best allowed.
    const approved = releases.filter((r: { approved: boolean }) => r.approved);
    expect(approved.map((r: { guid: string }) => r.guid)).toEqual(['g-azw3', 'g-epub', 'g-mobi']);
    expect(approved[0]).toMatchObject({ downloadAllowed: true, bookId, authorId, indexer: 'Fake Newznab' });
    expect(approved[0].quality.quality).toEqual({ id: 4, name: 'AZW3' });
    expect(approved[0].qualityWeight).toBeGreaterThan(byGuid['g-epub'].qualityWeight);
    expect(byGuid['g-flac']).toMatchObject({ approved: false, rejected: true });
    expect(byGuid['g-flac'].rejections).toContain('Quality FLAC is not wanted in profile');
    expect(byGuid['g-pdf'].rejections).toContain('Quality PDF is not wanted in profile');
    expect(releases.map((r: { releaseWeight: number }) => r.releaseWeight)).toEqual(
      releases.map((_: unknown, i: number) => i),
    );
  });

  it('BookSearch grabs the best allowed release into the client category; queue and history show it', async () => {
    const command = await runCommand(t, 'BookSearch', { bookIds: [bookId] });
    expect(command).toMatchObject({ status: 'completed', result: 'successful' });
    expect(command.message).toMatch(/1 grabbed/);

    expect(sab.queue).toHaveLength(1);
    expect(sab.queue[0]).toMatchObject({ name: 'Ann Writer - The Lost Garden (azw3)', category: 'books' });
    expect(sab.queue[0].nzb).toContain('g-azw3');

    const queue = (await t.api.get('/api/v1/queue?includeAuthor=true&includeBook=true').expect(200)).body;
    expect(queue).toMatchObject({ page: 1, totalRecords: 1, sortKey: 'timeleft' });
    expect(queue.records[0]).toMatchObject({
      authorId,
      bookId,
      title: 'Ann Writer - The Lost Garden (azw3)',
      downloadId: sab.queue[0].nzo_id,
      protocol: 'usenet',
      downloadClient: 'Fake SAB',
      indexer: 'Fake Newznab',
      trackedDownloadState: 'downloading',
      trackedDownloadStatus: 'ok',
      quality: { quality: { id: 4, name: 'AZW3' } },
      author: { authorName: 'Ann Writer' },
      book: { title: 'The Lost Garden' },
    });
    expect((await t.api.get('/api/v1/queue/status').expect(200)).body).toMatchObject({
      totalCount: 1,
      count: 1,
      unknownCount: 0,
    });
    expect((await t.api.get(`/api/v1/queue/details?bookIds=${bookId}`).expect(200)).body).toHaveLength(1);

    const history = (await t.api.get('/api/v1/history?includeBook=true').expect(200)).body;
    expect(history.totalRecords).toBe(1);
    expect(history.records[0]).toMatchObject({
      eventType: 'grabbed',
      bookId,
      authorId,
      sourceTitle: 'Ann Writer - The Lost Garden (azw3)',
      downloadId: sab.queue[0].nzo_id,
      book: { title: 'The Lost Garden' },
      data: {
        indexer: 'Fake Newznab',
        downloadClientName: 'Fake SAB',
        protocol: '1',
        guid: 'g-azw3',
        releaseSource: 'search',
      },
    });

    // Refreshing the client keeps the item tracked with the client's numbers.
    await runCommand(t, 'RefreshMonitoredDownloads');
    const refreshed = (await t.api.get('/api/v1/queue').expect(200)).body.records[0];
    expect(refreshed).toMatchObject({
      status: 'downloading',
      size: 2 * 1024 * 1024,
      sizeleft: 1024 * 1024,
      timeleft: '00:01:30',
    });

    // Already queued: a second search grabs nothing new.
    const again = await runCommand(t, 'BookSearch', { bookIds: [bookId] });
    expect(again.message).toMatch(/0 grabbed/);
    expect(sab.queue).toHaveLength(1);
  });

  it('a failed download is blocklisted, recorded, and the automatic re-search picks another release', async () => {
    const failedId = sab.queue[0].nzo_id;
    sab.finish(failedId, 'Failed');
    await runCommand(t, 'RefreshMonitoredDownloads');

    const blocklist = (await t.api.get('/api/v1/blocklist').expect(200)).body;
    expect(blocklist.totalRecords).toBe(1);
    expect(blocklist.records[0]).toMatchObject({
      authorId,
      bookIds: [bookId],
      sourceTitle: 'Ann Writer - The Lost Garden (azw3)',
      protocol: 'usenet',
      indexer: 'Fake Newznab',
      message: 'Repair failed',
      author: { authorName: 'Ann Writer' },
    });
    const failures = (await t.api.get('/api/v1/history?eventType=4').expect(200)).body;
    expect(failures.records[0]).toMatchObject({ eventType: 'downloadFailed', bookId, downloadId: failedId });

    // autoRedownloadFailed (default true) queued a BookSearch for the book.
    await waitForQueuedCommand(t, 'BookSearch', (body) => Boolean(body.bookIds?.includes(bookId)));

    const grabbed = sab.queue.map((job) => job.name);
    expect(grabbed).toEqual(['Ann Writer - The Lost Garden (epub)']);
    const queue = (await t.api.get('/api/v1/queue').expect(200)).body.records;
    const active = queue.filter(
      (item: { trackedDownloadState: string }) => item.trackedDownloadState === 'downloading',
    );
    expect(active.map((item: { title: string }) => item.title)).toEqual(['Ann Writer - The Lost Garden (epub)']);

    const release = (await t.api.get(`/api/v1/release?bookId=${bookId}`).expect(200)).body.find(
      (r: { guid: string }) => r.guid === 'g-azw3',
    );
    expect(release.rejections).toContain('Release is blocklisted');
  });
});
