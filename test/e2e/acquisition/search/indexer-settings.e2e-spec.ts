import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addQBittorrent, addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const NZB_KEY = 'nzb-key-settings';
const TAGGED_KEY = 'nzb-key-tagged';
const TZ_KEY = 'tz-key-settings';
const SAB_KEY = 'sab-key-settings';

interface Release {
  guid: string;
  title: string;
  approved: boolean;
  rejections: string[];
}

/**
 * Each indexer's own settings act on the decisions made on its releases (Readarr's TorrentSeeding,
 * EarlyRelease and IndexerTag specifications, the tag filter of its search dispatch, and the blocklisted-hash
 * check at grab), through the real flow: fake Newznab/Torznab feeds → `GET /release`, BookSearch, RSS sync →
 * fake SABnzbd / qBittorrent.
 */
describe('indexer settings decide which releases are grabbed (fake Newznab/Torznab, SABnzbd, qBittorrent)', () => {
  let t: TestApp;
  let nzb: FakeNewznab;
  let taggedNzb: FakeNewznab;
  let tz: FakeNewznab;
  let sab: FakeSabnzbd;
  let qbit: FakeQBittorrent;
  let nzbId: number;
  let tzId: number;
  const books: Record<string, number> = {};
  const torrents = new Map<string, string>();

  const addIndexer = async (
    implementation: 'Newznab' | 'Torznab',
    name: string,
    url: string,
    apiKey: string,
    fields: { name: string; value: unknown }[],
    tags: number[] = [],
  ): Promise<number> =>
    (
      await t.api
        .post('/api/v1/indexer')
        .send({
          name,
          enableRss: true,
          enableAutomaticSearch: true,
          enableInteractiveSearch: true,
          tags,
          implementation,
          configContract: `${implementation}Settings`,
          fields: [
            { name: 'baseUrl', value: url },
            { name: 'apiKey', value: apiKey },
            { name: 'categories', value: '7020' },
            ...fields,
          ],
        })
        .expect(200)
    ).body.id as number;

  const setField = async (indexerId: number, name: string, value: unknown) => {
    const indexer = (await t.api.get(`/api/v1/indexer/${indexerId}`).expect(200)).body;
    const fields = indexer.fields.map((field: { name: string }) => (field.name === name ? { ...field, value } : field));
    await t.api
      .put(`/api/v1/indexer/${indexerId}`)
      .send({ ...indexer, fields })
      .expect(200);
  };

  const releasesFor = async (bookId: number): Promise<Release[]> =>
    (await t.api.get(`/api/v1/release?bookId=${bookId}`).expect(200)).body;

  beforeAll(async () => {
    nzb = await new FakeNewznab({
      apiKey: NZB_KEY,
      bookSearch: true,
      // Published 4 Nov 2025, long before the book comes out.
      releases: [{ title: 'Cal Early - Future Tale (epub)', guid: 'early-1', size: 1_000_000 }],
    }).start();
    taggedNzb = await new FakeNewznab({
      apiKey: TAGGED_KEY,
      bookSearch: true,
      releases: [
        { title: 'Dee Tagged - Shared Tag (epub)', guid: 'tag-1', size: 1_000_000 },
        { title: 'Eve Untagged - No Tag (epub)', guid: 'tag-2', size: 1_000_000 },
      ],
    }).start();
    tz = await new FakeNewznab({
      apiKey: TZ_KEY,
      torznab: true,
      bookSearch: true,
      releases: [
        // The better quality has too few seeders: without the rule it would be the one grabbed.
        { title: 'Fay Seeds - Few Seeds (azw3)', guid: 'few', size: 1_000_000, seeders: 2, peers: 3 },
        { title: 'Fay Seeds - Few Seeds (mobi)', guid: 'many', size: 1_000_000, seeders: 20, peers: 30 },
        // No info hash in the feed: only the .torrent tells it.
        { title: 'Gus Hash - Old Upload (epub)', guid: 'gus-1', size: 1_000_000, seeders: 20 },
      ],
    }).start();
    for (const guid of ['few', 'many', 'gus-1'])
      torrents.set(makeTorrent(guid).data.toString('latin1'), makeTorrent(guid).hash);
    sab = await startSabnzbd(SAB_KEY);
    qbit = await new FakeQBittorrent('admin', 'secret', (data) => torrents.get(data.toString('latin1'))).start();
    t = await createTestApp();
    const vip = (await t.api.post('/api/v1/tag').send({ label: 'vip' }).expect(200)).body.id as number;

    nzbId = await addIndexer('Newznab', 'Early Nzb', nzb.url, NZB_KEY, [{ name: 'earlyReleaseLimit', value: 7 }]);
    await addIndexer('Newznab', 'Tagged Nzb', taggedNzb.url, TAGGED_KEY, [], [vip]);
    tzId = await addIndexer('Torznab', 'Seeded Tz', tz.url, TZ_KEY, [
      { name: 'minimumSeeders', value: 5 },
      { name: 'rejectBlocklistedTorrentHashesWhileGrabbing', value: true },
    ]);
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });
    await addQBittorrent(t, { port: qbit.port, username: 'admin', password: 'secret' });

    const db = t.app.get(DataSource);
    const ebook = await ebookProfileId(db);
    const author = (name: string, tags: number[] = []) => createAuthor(db, { name, qualityProfileId: ebook, tags });
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    books.cal = (await createBook(db, await author('Cal Early'), { title: 'Future Tale', releaseDate: inAYear })).id;
    books.dee = (await createBook(db, await author('Dee Tagged', [vip]), { title: 'Shared Tag' })).id;
    books.eve = (await createBook(db, await author('Eve Untagged'), { title: 'No Tag' })).id;
    books.fay = (await createBook(db, await author('Fay Seeds'), { title: 'Few Seeds' })).id;
    const gus = await author('Gus Hash');
    books.gus = (await createBook(db, gus, { title: 'Old Upload' })).id;
    // The same torrent failed before under another name: only its hash can tell.
    await db.query(
      `INSERT INTO blocklist (author_id, book_ids, source_title, quality, protocol, torrent_info_hash)
       VALUES ($1, $2, 'Gus Hash - Old Upload RENAMED (epub)', '{"quality":{"id":3},"revision":{"version":1,"real":0}}', 'torrent', $3)`,
      [gus.id, [books.gus], makeTorrent('gus-1').hash],
    );
  });

  afterAll(async () => {
    await t.close();
    await Promise.all([nzb.stop(), taggedNzb.stop(), tz.stop(), sab.stop(), qbit.stop()]);
  });

  it('a torrent with fewer seeders than the indexer’s minimum is rejected and the next release is grabbed', async () => {
    const releases = await releasesFor(books.fay);
    const few = releases.find((release) => release.guid === 'few')!;
    expect(few.rejections).toContain('Not enough seeders: 2. Minimum seeders: 5');
    expect(releases.find((release) => release.guid === 'many')).toMatchObject({ approved: true });

    const command = await runCommand(t, 'BookSearch', { bookIds: [books.fay] });
    expect(command.message).toMatch(/1 grabbed/);
    expect(qbit.torrents.map((torrent) => torrent.hash)).toEqual([makeTorrent('many').hash.toLowerCase()]);
  });

  it('a release published further before the book’s release date than the early download limit is not grabbed', async () => {
    const [early] = await releasesFor(books.cal);
    expect(early.rejections).toContain(
      'Release published date, 11/4/2025, is outside of 7 day early grab limit allowed by user',
    );
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.cal] })).message).toMatch(/0 grabbed/);
    expect(sab.queue).toHaveLength(0);

    // Without a limit the same release is taken.
    await setField(nzbId, 'earlyReleaseLimit', null);
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.cal] })).message).toMatch(/1 grabbed/);
    expect(sab.queue.map((job) => job.name)).toEqual(['Cal Early - Future Tale (epub)']);
  });

  it('a tagged indexer serves only authors sharing a tag: searches skip it, its RSS releases are rejected', async () => {
    // Searches: the tagged indexer is asked for the tagged author only.
    expect((await releasesFor(books.dee)).map((release) => release.guid)).toEqual(['tag-1']);
    expect(await releasesFor(books.eve)).toEqual([]);
    // RSS: its whole feed comes back, and the untagged author's release is rejected with Readarr's reason.
    const rss: Release[] = (await t.api.get('/api/v1/release').expect(200)).body;
    expect(rss.find((release) => release.guid === 'tag-2')?.rejections).toContain(
      'Author tags do not match any of the indexer tags',
    );
    expect(rss.find((release) => release.guid === 'tag-1')?.rejections).not.toContain(
      'Author tags do not match any of the indexer tags',
    );

    await runCommand(t, 'RssSync');
    const names = sab.queue.map((job) => job.name);
    expect(names).toContain('Dee Tagged - Shared Tag (epub)');
    expect(names).not.toContain('Eve Untagged - No Tag (epub)');
  });

  it('a torrent whose hash, learnt at grab, is blocklisted is refused when the indexer asks for it', async () => {
    const hash = makeTorrent('gus-1').hash.toLowerCase();
    // The decision cannot see the hash (the feed has none, the blocklisted title differs): approved.
    expect((await releasesFor(books.gus)).find((release) => release.guid === 'gus-1')).toMatchObject({
      approved: true,
    });
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.gus] })).message).toMatch(/0 grabbed/);
    expect(qbit.torrents.map((torrent) => torrent.hash)).not.toContain(hash);

    await setField(tzId, 'rejectBlocklistedTorrentHashesWhileGrabbing', false);
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.gus] })).message).toMatch(/1 grabbed/);
    expect(qbit.torrents.map((torrent) => torrent.hash)).toContain(hash);
  });
});
