import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addQBittorrent, ebookProfileId } from '../../../utils/search-fixture';

const KEY = 'torznab-key-bulk';
const BOOKS = ['Book One', 'Book Two', 'Book Three', 'Book Four'];
const guidOf = (index: number) => `bulk-${index + 1}`;
const hashOf = (index: number) => makeTorrent(guidOf(index)).hash.toLowerCase();

interface QueueRow {
  id: number;
  bookId?: number;
  authorId?: number;
  title: string;
  downloadId: string;
  downloadClientHasPostImportCategory: boolean;
}

/**
 * `DELETE /queue/bulk` (removeFromClient, blocklist, skipRedownload), `changeCategory` to qBittorrent's
 * post-import category, items left in the client staying ignored, and `includeUnknownAuthorItems`.
 */
describe('queue bulk removal, changeCategory and unknown items (fake Torznab + fake qBittorrent)', () => {
  let t: TestApp;
  let torznab: FakeNewznab;
  let qbit: FakeQBittorrent;
  const bookIds: number[] = [];
  const torrents = new Map(BOOKS.map((_, i) => [makeTorrent(guidOf(i)).data.toString('latin1'), hashOf(i)]));

  const queue = async (query = ''): Promise<QueueRow[]> =>
    (await t.api.get(`/api/v1/queue?pageSize=50${query}`).expect(200)).body.records;
  const byBook = (rows: QueueRow[], index: number) => rows.find((row) => row.bookId === bookIds[index])!;
  const commandsFor = async (ids: number[]) =>
    ((await t.api.get('/api/v1/command').expect(200)).body as { name: string; body: { bookIds?: number[] } }[]).filter(
      (command) => command.name === 'BookSearch' && command.body.bookIds?.some((id) => ids.includes(id)),
    );

  beforeAll(async () => {
    torznab = await new FakeNewznab({
      apiKey: KEY,
      torznab: true,
      releases: BOOKS.map((book, i) => ({ title: `Hal Bulk - ${book} (epub)`, guid: guidOf(i), size: 900_000 })),
    }).start();
    qbit = await new FakeQBittorrent('admin', 'secret', (data) => torrents.get(data.toString('latin1'))).start();
    t = await createTestApp();
    await addIndexer(t, { implementation: 'Torznab', url: torznab.url, apiKey: KEY });
    await addQBittorrent(t, {
      port: qbit.port,
      username: 'admin',
      password: 'secret',
      fields: [
        { name: 'musicCategory', value: 'readarr' },
        { name: 'musicImportedCategory', value: 'readarr-imported' },
      ],
    });
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Hal Bulk', qualityProfileId: await ebookProfileId(db) });
    for (const title of BOOKS) bookIds.push((await createBook(db, author, { title })).id);

    const search = await runCommand(t, 'BookSearch', { bookIds });
    expect(search.message).toMatch(/4 grabbed/);
  });

  afterAll(async () => {
    await t.close();
    await torznab.stop();
    await qbit.stop();
  });

  it('lists the grabs with downloadClientHasPostImportCategory', async () => {
    const rows = await queue();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.downloadClientHasPostImportCategory)).toBe(true);
    expect(qbit.torrents.map((torrent) => [torrent.hash, torrent.category])).toEqual(
      BOOKS.map((_, i) => [hashOf(i), 'readarr']),
    );
  });

  it('DELETE /queue/bulk?blocklist=true&skipRedownload=true removes from the client and blocklists each item', async () => {
    const rows = await queue();
    const ids = [byBook(rows, 0).id, byBook(rows, 1).id];
    const searchesBefore = (await commandsFor([bookIds[0], bookIds[1]])).length;
    await t.api
      .delete('/api/v1/queue/bulk?removeFromClient=true&blocklist=true&skipRedownload=true')
      .send({ ids: [...ids, 999_999] })
      .expect(200);

    expect(qbit.torrents.map((torrent) => torrent.hash)).toEqual([hashOf(2), hashOf(3)]);
    expect((await queue()).map((row) => row.bookId)).toEqual(expect.arrayContaining([bookIds[2], bookIds[3]]));
    expect(await queue()).toHaveLength(2);
    const blocklist = (await t.api.get('/api/v1/blocklist?sortKey=sourceTitle').expect(200)).body.records;
    expect(blocklist.map((row: { sourceTitle: string }) => row.sourceTitle).sort()).toEqual([
      'Hal Bulk - Book One (epub)',
      'Hal Bulk - Book Two (epub)',
    ]);
    const failed = (await t.api.get('/api/v1/history?eventType=4').expect(200)).body.records;
    expect(failed.map((row: { bookId: number }) => row.bookId).sort()).toEqual([bookIds[0], bookIds[1]].sort());
    expect(await commandsFor([bookIds[0], bookIds[1]])).toHaveLength(searchesBefore);
    await t.api.delete('/api/v1/queue/bulk').send({ ids: 'x' }).expect(400);
  });

  it('changeCategory moves the download to the post-import category and leaves it in the client', async () => {
    const item = byBook(await queue(), 2);
    await t.api.delete(`/api/v1/queue/${item.id}?removeFromClient=false&changeCategory=true`).expect(200);

    expect(qbit.categories.has('readarr-imported')).toBe(true);
    expect(qbit.torrents.find((torrent) => torrent.hash === hashOf(2))).toMatchObject({
      category: 'readarr-imported',
    });
    expect((await queue()).map((row) => row.bookId)).toEqual([bookIds[3]]);
    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(2);
  });

  it('an item removed with removeFromClient=false stays in the client and out of the queue after a refresh', async () => {
    const item = byBook(await queue(), 3);
    await t.api
      .delete('/api/v1/queue/bulk?removeFromClient=false')
      .send({ ids: [item.id] })
      .expect(200);
    expect(qbit.torrents.find((torrent) => torrent.hash === hashOf(3))).toMatchObject({ category: 'readarr' });
    expect(await queue()).toEqual([]);

    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await queue()).toEqual([]);
    expect(await queue('&includeUnknownAuthorItems=true')).toEqual([]);
    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(2);
  });

  it('downloads in the client category that Quire did not grab appear only with includeUnknownAuthorItems', async () => {
    const stranger = {
      hash: 'c'.repeat(40),
      name: 'ubuntu-24.04-desktop-amd64.iso',
      category: 'readarr',
      size: 4096,
      amount_left: 2048,
      eta: 120,
      state: 'downloading',
      save_path: '/downloads/',
      content_path: '/downloads/ubuntu-24.04-desktop-amd64.iso',
    };
    qbit.torrents.push(stranger, { ...stranger, hash: 'd'.repeat(40), name: 'Some Movie 2024', category: 'movies' });
    await runCommand(t, 'RefreshMonitoredDownloads');

    expect(await queue()).toEqual([]);
    const all = await queue('&includeUnknownAuthorItems=true');
    expect(all).toEqual([
      expect.objectContaining({ title: 'ubuntu-24.04-desktop-amd64.iso', downloadId: 'C'.repeat(40) }),
    ]);
    expect(all[0].authorId).toBeUndefined();
    expect((await t.api.get('/api/v1/queue/status').expect(200)).body).toMatchObject({
      totalCount: 1,
      count: 0,
      unknownCount: 1,
    });

    await t.api.delete(`/api/v1/queue/${all[0].id}`).expect(200);
    expect(qbit.torrents.map((torrent) => torrent.name)).not.toContain('ubuntu-24.04-desktop-amd64.iso');
    expect(await queue('&includeUnknownAuthorItems=true')).toEqual([]);
  });
});
