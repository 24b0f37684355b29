import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-tags';
const TAGGED_KEY = 'sab-key-tagged';
const PLAIN_KEY = 'sab-key-plain';

/**
 * Download-client tags (Readarr's rule): a tagged client only takes releases of authors sharing one of its
 * tags; untagged clients take the others. The tagged client has the higher priority, so without the rule
 * it would take every release.
 */
describe('download-client tags decide which client gets a release (fake Newznab + two fake SABnzbd)', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let tagged: FakeSabnzbd;
  let plain: FakeSabnzbd;
  let plainClientId: number;
  const books: Record<string, number> = {};

  const addSab = (name: string, sab: FakeSabnzbd, apiKey: string, priority: number, tags: number[]) =>
    addSabnzbd(t, { name, port: sab.port, apiKey, category: 'readarr', priority, tags });

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        { title: 'Ivy Tagged - Loud Echo (epub)', guid: 'tag-1', size: 1_000_000 },
        { title: 'Jon Plain - Soft Step (epub)', guid: 'plain-1', size: 1_000_000 },
        { title: 'Kim Other - Odd Tag (epub)', guid: 'other-1', size: 1_000_000 },
        { title: 'Jon Plain - Second Step (epub)', guid: 'plain-2', size: 1_000_000 },
      ],
    }).start();
    tagged = await new FakeSabnzbd(TAGGED_KEY).start();
    plain = await new FakeSabnzbd(PLAIN_KEY).start();
    t = await createTestApp();
    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY });
    const vip = (await t.api.post('/api/v1/tag').send({ label: 'vip' }).expect(200)).body.id as number;
    const other = (await t.api.post('/api/v1/tag').send({ label: 'other' }).expect(200)).body.id as number;
    await addSab('Tagged SAB', tagged, TAGGED_KEY, 1, [vip]);
    plainClientId = await addSab('Plain SAB', plain, PLAIN_KEY, 50, []);

    const db = t.app.get(DataSource);
    const ebook = await ebookProfileId(db);
    const ivy = await createAuthor(db, { name: 'Ivy Tagged', qualityProfileId: ebook, tags: [vip] });
    const jon = await createAuthor(db, { name: 'Jon Plain', qualityProfileId: ebook });
    const kim = await createAuthor(db, { name: 'Kim Other', qualityProfileId: ebook, tags: [other] });
    books.ivy = (await createBook(db, ivy, { title: 'Loud Echo' })).id;
    books.jon = (await createBook(db, jon, { title: 'Soft Step' })).id;
    books.kim = (await createBook(db, kim, { title: 'Odd Tag' })).id;
    books.jon2 = (await createBook(db, jon, { title: 'Second Step' })).id;
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await tagged.stop();
    await plain.stop();
  });

  it('sends an author sharing the client’s tag to the tagged client, others to the untagged one', async () => {
    const command = await runCommand(t, 'BookSearch', { bookIds: [books.ivy, books.jon, books.kim] });
    expect(command.message).toMatch(/3 grabbed/);
    expect(tagged.queue.map((job) => job.name)).toEqual(['Ivy Tagged - Loud Echo (epub)']);
    // An author without tags, and one whose tag no client has, go to the untagged client.
    expect(plain.queue.map((job) => job.name).sort()).toEqual([
      'Jon Plain - Soft Step (epub)',
      'Kim Other - Odd Tag (epub)',
    ]);
    const history = (await t.api.get('/api/v1/history?eventType=1&pageSize=50').expect(200)).body.records;
    const clientOf = Object.fromEntries(
      history.map((row: { bookId: number; data: { downloadClientName: string } }) => [
        row.bookId,
        row.data.downloadClientName,
      ]),
    );
    expect(clientOf).toEqual({ [books.ivy]: 'Tagged SAB', [books.jon]: 'Plain SAB', [books.kim]: 'Plain SAB' });
  });

  it('without an untagged client, releases of authors without a shared tag are not sent anywhere', async () => {
    const client = (await t.api.get(`/api/v1/downloadclient/${plainClientId}`).expect(200)).body;
    await t.api
      .put(`/api/v1/downloadclient/${plainClientId}`)
      .send({ ...client, enable: false })
      .expect(200);

    const command = await runCommand(t, 'BookSearch', { bookIds: [books.jon2] });
    expect(command.message).toMatch(/0 grabbed/);
    expect(tagged.queue).toHaveLength(1);
    expect(plain.queue).toHaveLength(2);
    const grabs = (await t.api.get('/api/v1/history?eventType=1').expect(200)).body.records;
    expect(grabs.map((row: { bookId: number }) => row.bookId)).not.toContain(books.jon2);
  });
});
