import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, setUsenetDelay, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-delay-bulk';
const SAB_KEY = 'sab-key-delay-bulk';

interface QueueRow {
  id: number;
  bookId: number;
  title: string;
  status: string;
  downloadForced: boolean;
  downloadId?: string;
}

/**
 * `POST /queue/grab/bulk` (the queue page's "Grab selected"): every pending release named is sent to the download
 * client at once and leaves the pending list; the ids are gone afterwards.
 */
describe('pending (delayed) releases: POST /queue/grab/bulk', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  const bookIds: number[] = [];

  const queue = async (): Promise<QueueRow[]> =>
    (await t.api.get('/api/v1/queue?pageSize=50&sortKey=book.title').expect(200)).body.records;

  beforeAll(async () => {
    const pubDate = new Date(Date.now() - 5 * 60_000).toUTCString();
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        { title: 'Ida Hold - First Wait (epub)', guid: 'w1-epub', size: 1_000_000, pubDate },
        { title: 'Ida Hold - Second Wait (epub)', guid: 'w2-epub', size: 1_000_000, pubDate },
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();
    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY });
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });
    await setUsenetDelay(t, 60);

    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Ida Hold', qualityProfileId: await ebookProfileId(db) });
    for (const title of ['First Wait', 'Second Wait']) bookIds.push((await createBook(db, author, { title })).id);
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  it('sends every pending release named to the client; none is left pending', async () => {
    const search = await runCommand(t, 'BookSearch', { bookIds });
    expect(search.message).toMatch(/0 grabbed/);
    const pending = await queue();
    expect(pending.map((item) => [item.bookId, item.status])).toEqual([
      [bookIds[0], 'delay'],
      [bookIds[1], 'delay'],
    ]);
    expect(sab.queue).toEqual([]);

    await t.api
      .post('/api/v1/queue/grab/bulk')
      .send({ ids: pending.map((item) => item.id) })
      .expect(200, {});

    expect(sab.queue.map((job) => job.name).sort()).toEqual([
      'Ida Hold - First Wait (epub)',
      'Ida Hold - Second Wait (epub)',
    ]);
    const items = await queue();
    expect(items.filter((item) => item.status === 'delay')).toEqual([]);
    expect(items.map((item) => [item.bookId, item.downloadForced])).toEqual([
      [bookIds[0], true],
      [bookIds[1], true],
    ]);
    expect(items.map((item) => item.downloadId).sort()).toEqual(sab.queue.map((job) => job.nzo_id).sort());
    const grabs = (await t.api.get('/api/v1/history?eventType=1').expect(200)).body.records;
    expect(grabs.map((row: { bookId: number }) => row.bookId).sort()).toEqual([...bookIds].sort());

    // The pending releases are gone: grabbing them again finds nothing.
    await t.api
      .post('/api/v1/queue/grab/bulk')
      .send({ ids: pending.map((item) => item.id) })
      .expect(404);
    expect(sab.queue).toHaveLength(2);
  });
});
