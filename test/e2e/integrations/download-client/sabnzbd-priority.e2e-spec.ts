import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const SAB_KEY = 'sab-key-priority';
const NZB_KEY = 'nzb-key-priority';

/**
 * Readarr's recent/older priority: a book released within the last 14 days goes to SABnzbd with the client's
 * recent priority, an older one with its older priority; "Default" (-100) sends none, so SABnzbd's category
 * priority applies.
 */
describe('SABnzbd recent and older priority (fake SABnzbd)', () => {
  let t: TestApp;
  let db: DataSource;
  let sab: FakeSabnzbd;
  let nzb: FakeNewznab;

  beforeAll(async () => {
    sab = await startSabnzbd(SAB_KEY);
    nzb = await new FakeNewznab({ apiKey: NZB_KEY, releases: [] }).start();
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([sab.stop(), nzb.stop()]);
  });

  async function grab(downloadClientId: number, authorName: string, releaseDate: Date): Promise<string | undefined> {
    const author = await createAuthor(db, { name: authorName, qualityProfileId: await ebookProfileId(db) });
    const book = await createBook(db, author, { title: 'Timely Tale', releaseDate });
    const title = `${author.name} - ${book.title} (epub)`;
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title,
        downloadUrl: `${nzb.url}/getnzb/${encodeURIComponent(authorName)}?apikey=${NZB_KEY}`,
        protocol: 'usenet',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 1_000_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
    const job = sab.queue.find((queued) => queued.name === title);
    expect(job).toBeDefined();
    return job?.priority;
  }

  it('recentTvPriority / olderTvPriority: a book out this week is sent with the recent priority, an older one with the older priority', async () => {
    const clientId = await addSabnzbd(t, {
      port: sab.port,
      apiKey: SAB_KEY,
      fields: [
        { name: 'recentTvPriority', value: 1 },
        { name: 'olderTvPriority', value: -1 },
      ],
    });
    expect(await grab(clientId, 'Rita Recent', new Date(Date.now() - 3 * 86_400_000))).toBe('1');
    expect(await grab(clientId, 'Otto Older', new Date('2001-05-01'))).toBe('-1');
    await t.api.delete(`/api/v1/downloadclient/${clientId}`).expect(200);
  });

  it('Default (-100) sends no priority, leaving SABnzbd’s category priority in charge', async () => {
    const clientId = await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY, name: 'Default SAB' });
    expect(await grab(clientId, 'Dora Default', new Date(Date.now() - 86_400_000))).toBeUndefined();
    expect(await grab(clientId, 'Dan Default', new Date('1999-01-01'))).toBeUndefined();
  });
});
