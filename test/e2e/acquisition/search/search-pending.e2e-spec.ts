import { DataSource } from 'typeorm';
import { Clock } from '../../../../src/acquisition/decision/clock';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab, FakeRelease } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, setUsenetDelay, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-delay';
const SAB_KEY = 'sab-key-delay';
const DELAY_MINUTES = 60;

interface QueueRow {
  id: number;
  bookId: number;
  title: string;
  status: string;
  protocol: string;
  downloadForced: boolean;
  estimatedCompletionTime?: string;
  downloadId?: string;
}

/**
 * Delay profiles hold automatic grabs back: the best release is stored as a pending release (queue status
 * `delay`), `POST /queue/grab/{id}` sends it at once, and RssSync sends it once the delay is over.
 */
describe('pending (delayed) releases: queue status delay, /queue/grab, RssSync after the delay', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let first: number;
  let second: number;
  const published = new Date(Date.now() - 10 * 60_000);

  const release = (book: string, format: string, guid: string): FakeRelease => ({
    title: `Gus Wait - ${book} (${format})`,
    guid,
    size: 1_000_000,
    pubDate: published.toUTCString(),
  });
  const queue = async (): Promise<QueueRow[]> =>
    (await t.api.get('/api/v1/queue?pageSize=50').expect(200)).body.records;
  const grabs = async () =>
    (await t.api.get('/api/v1/history?eventType=1&sortKey=date&sortDirection=ascending').expect(200)).body.records;

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        release('Slow Burn', 'mobi', 's1-mobi'),
        release('Slow Burn', 'azw3', 's1-azw3'),
        release('Late Train', 'epub', 's2-epub'),
        release('Late Train', 'mobi', 's2-mobi'),
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();

    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY });
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });
    await setUsenetDelay(t, DELAY_MINUTES);

    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Gus Wait', qualityProfileId: await ebookProfileId(db) });
    first = (await createBook(db, author, { title: 'Slow Burn' })).id;
    second = (await createBook(db, author, { title: 'Late Train' })).id;
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  it('an automatic search under a usenet delay stores the best release as pending (queue status delay)', async () => {
    const command = await runCommand(t, 'BookSearch', { bookIds: [first] });
    expect(command.message).toMatch(/0 grabbed/);
    expect(sab.queue).toEqual([]);

    const items = await queue();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      bookId: first,
      title: 'Gus Wait - Slow Burn (azw3)',
      status: 'delay',
      protocol: 'usenet',
      downloadForced: false,
    });
    expect(items[0].downloadId).toBeUndefined();
    // Released when the delay after publication is over.
    expect(new Date(items[0].estimatedCompletionTime!).getTime()).toBe(
      Math.floor(published.getTime() / 1000) * 1000 + DELAY_MINUTES * 60_000,
    );
    expect((await t.api.get('/api/v1/queue/status').expect(200)).body).toMatchObject({ totalCount: 1, count: 1 });
    expect(await grabs()).toEqual([]);
  });

  it('POST /queue/grab/{id} sends the pending release now', async () => {
    const [pending] = await queue();
    await t.api.post(`/api/v1/queue/grab/${pending.id}`).expect(200, {});

    expect(sab.queue.map((job) => [job.name, job.category])).toEqual([['Gus Wait - Slow Burn (azw3)', 'books']]);
    const items = await queue();
    expect(items).toEqual([
      expect.objectContaining({
        bookId: first,
        title: 'Gus Wait - Slow Burn (azw3)',
        downloadId: sab.queue[0].nzo_id,
        downloadForced: true,
        status: 'queued',
      }),
    ]);
    expect(items[0].id).not.toBe(pending.id);
    expect(await grabs()).toEqual([
      expect.objectContaining({
        eventType: 'grabbed',
        bookId: first,
        sourceTitle: 'Gus Wait - Slow Burn (azw3)',
        // The source the pending release was found by (the automatic search), not the queue grab.
        data: expect.objectContaining({ releaseSource: 'search', guid: 's1-azw3' }),
      }),
    ]);
    await t.api.post(`/api/v1/queue/grab/${pending.id}`).expect(404);
  });

  it('RssSync keeps a release pending until its delay is over, then grabs it', async () => {
    await runCommand(t, 'BookSearch', { bookIds: [second] });
    const pending = (await queue()).filter((item) => item.status === 'delay');
    expect(pending.map((item) => [item.bookId, item.title])).toEqual([[second, 'Gus Wait - Late Train (epub)']]);

    // Still within the delay: RssSync (which sees the release in the feed again) grabs nothing.
    const early = await runCommand(t, 'RssSync');
    expect(early.message).toMatch(/Reports grabbed: 0/);
    expect(sab.queue).toHaveLength(1);
    expect((await queue()).filter((item) => item.status === 'delay').map((item) => item.title)).toEqual([
      'Gus Wait - Late Train (epub)',
    ]);

    // The feed no longer lists it, so only the pending release can be grabbed; the delay passes.
    newznab.releases = [];
    t.app.get(Clock).advance((DELAY_MINUTES + 1) * 60_000);
    const late = await runCommand(t, 'RssSync');
    expect(late.message).toMatch(/Reports found: 0, Reports grabbed: 1/);
    expect(sab.queue.map((job) => job.name)).toEqual(['Gus Wait - Slow Burn (azw3)', 'Gus Wait - Late Train (epub)']);
    const items = await queue();
    expect(items.filter((item) => item.status === 'delay')).toEqual([]);
    expect(items.find((item) => item.bookId === second)).toMatchObject({
      title: 'Gus Wait - Late Train (epub)',
      downloadId: sab.queue[1].nzo_id,
      downloadForced: false,
    });
    expect((await grabs()).map((row: { bookId: number }) => row.bookId)).toEqual([first, second]);
  });
});
