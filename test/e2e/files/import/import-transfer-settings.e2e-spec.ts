import { existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { CompletedDownloadService } from '../../../../src/files/import/completed-download.service';
import { createAuthor, createBook } from '../../../factories';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addQBittorrent } from '../../../utils/search-fixture';

/**
 * The media-management settings that decide how a finished download reaches the library: whether a torrent's file
 * is hard-linked (so the client keeps seeding the same bytes) or copied, and how much free space an import must leave.
 */
describe('import transfer settings', () => {
  let t: TestApp;
  let db: DataSource;
  let qbit: FakeQBittorrent;
  let root: string;
  let downloads: string;
  let clientId: number;
  let hashes = 0;

  beforeAll(async () => {
    qbit = await new FakeQBittorrent('admin', 'secret').start();
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    // Both folders on one file system, so a hard link is possible.
    root = mkdtempSync(join(tmpdir(), 'quire-root-'));
    downloads = mkdtempSync(join(tmpdir(), 'quire-downloads-'));
    await t.api
      .put('/api/v1/config/naming')
      .send({
        renameBooks: true,
        standardBookFormat: '{Book Title}/{Author Name} - {Book Title}{ (PartNumber)}',
        authorFolderFormat: '{Author Name}',
      })
      .expect(200);
    clientId = await addQBittorrent(t, { port: qbit.port, username: 'admin', password: 'secret' });
  });

  afterAll(async () => {
    await t.close();
    await qbit.stop();
  });

  const mediaManagement = (changes: Record<string, unknown>) =>
    t.api.put('/api/v1/config/mediamanagement').send(changes).expect(200);

  /** A finished torrent grabbed for a new book, its folder holding one real EPUB. */
  async function finishedTorrent(authorName: string, title: string) {
    const author = await createAuthor(db, { name: authorName, rootFolderPath: root });
    const book = await createBook(db, author, { title });
    const folder = join(downloads, `${authorName} - ${title}`);
    mkdirSync(folder, { recursive: true });
    const source = join(folder, 'book.epub');
    await makeEpub(source, { title, author: authorName });
    const service = t.app.get(TrackedDownloadService);
    const tracked = await service.create({
      downloadClientId: clientId,
      downloadId: (++hashes).toString(16).padStart(40, '0').toUpperCase(),
      authorId: author.id,
      bookIds: [book.id],
      title: `${authorName} - ${title}`,
      indexer: 'Fake',
      protocol: 'torrent',
      quality: qualityModel(3),
      release: null,
    });
    tracked.outputPath = folder;
    await service.save(tracked);
    return { tracked, source, destination: join(root, authorName, title, `${authorName} - ${title}.epub`) };
  }

  it('copyUsingHardlinks on: a torrent file is hard-linked into the library and the seeding copy stays', async () => {
    await mediaManagement({ copyUsingHardlinks: true, skipFreeSpaceCheckWhenImporting: true });
    const { tracked, source, destination } = await finishedTorrent('Iain M. Banks', 'Excession');
    const [result] = await t.app.get(CompletedDownloadService).import(tracked);
    expect(result).toMatchObject({ imported: true, path: destination });
    expect(existsSync(source)).toBe(true);
    expect(statSync(destination).ino).toBe(statSync(source).ino);
    expect(statSync(destination).nlink).toBe(2);
  });

  it('copyUsingHardlinks off: a torrent file is copied, so the library file is its own', async () => {
    await mediaManagement({ copyUsingHardlinks: false, skipFreeSpaceCheckWhenImporting: true });
    const { tracked, source, destination } = await finishedTorrent('Ann Leckie', 'Ancillary Justice');
    const [result] = await t.app.get(CompletedDownloadService).import(tracked);
    expect(result).toMatchObject({ imported: true, path: destination });
    expect(existsSync(source)).toBe(true);
    expect(statSync(destination).ino).not.toBe(statSync(source).ino);
    expect(statSync(destination).nlink).toBe(1);
    expect(statSync(destination).size).toBe(statSync(source).size);
  });

  it('minimumFreeSpaceWhenImporting: an import that would leave less free space is refused and changes nothing', async () => {
    // More than any test machine's disk: the import must be refused while the check is on.
    await mediaManagement({ minimumFreeSpaceWhenImporting: 1_000_000_000, skipFreeSpaceCheckWhenImporting: false });
    const { tracked, source, destination } = await finishedTorrent('Martha Wells', 'All Systems Red');
    const results = await t.app.get(CompletedDownloadService).import(tracked);
    expect(results).toEqual([]);
    expect(existsSync(source)).toBe(true);
    expect(existsSync(destination)).toBe(false);
    const refused = await t.app.get(TrackedDownloadService).findById(tracked.id);
    // A lack of space is a temporary rejection: the download waits to be imported again, it has not failed.
    expect(refused.state).toBe('importPending');
    expect(JSON.stringify(refused.statusMessages)).toContain('Not enough free space');

    // The same download imports once the minimum fits the disk again.
    await mediaManagement({ minimumFreeSpaceWhenImporting: 100 });
    const [result] = await t.app.get(CompletedDownloadService).import(refused);
    expect(result).toMatchObject({ imported: true, path: destination });
  });
});
