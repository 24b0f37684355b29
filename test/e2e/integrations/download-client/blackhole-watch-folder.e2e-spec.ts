import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { WatchFolderScanner } from '../../../../src/integrations/download-client/watch-folder-scanner';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

/**
 * A blackhole's watch folder is filled by a program Quire does not talk to, so an entry is complete only once it has
 * stopped changing for Readarr's grace period (30 s); an import that found no book file yet is tried again.
 */
describe('blackhole watch folder: complete once unchanged, import retried', () => {
  let t: TestApp;
  let db: DataSource;
  let scanner: WatchFolderScanner;
  let now = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'quire-hole-root-'));
  const nzbs = mkdtempSync(join(tmpdir(), 'quire-hole-nzbs-'));
  const watch = mkdtempSync(join(tmpdir(), 'quire-hole-watch-'));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    scanner = t.app.get(WatchFolderScanner);
    scanner.now = () => now;
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  it('a book still being written is not imported until its folder stops changing', async () => {
    const client = await t.api
      .post('/api/v1/downloadclient')
      .send({
        name: 'Watch Hole',
        enable: true,
        priority: 1,
        implementation: 'UsenetBlackhole',
        configContract: 'UsenetBlackholeSettings',
        fields: [
          { name: 'nzbFolder', value: nzbs },
          { name: 'watchFolder', value: watch },
        ],
      })
      .expect(200);
    const author = await createAuthor(db, {
      name: 'Octavia Butler',
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const book = await createBook(db, author, { title: 'Kindred' });
    const title = 'Octavia Butler - Kindred';
    const tracked = await t.app.get(TrackedDownloadService).create({
      downloadClientId: client.body.id,
      downloadId: `Watch Hole_${title}`,
      authorId: author.id,
      bookIds: [book.id],
      title,
      indexer: 'Fake',
      protocol: 'usenet',
      quality: qualityModel(3),
      release: null,
    });
    const epub = join(mkdtempSync(join(tmpdir(), 'quire-hole-src-')), 'kindred.epub');
    await makeEpub(epub, { title: 'Kindred', author: 'Octavia Butler', language: 'en' });
    const bytes = readFileSync(epub);
    const folder = join(watch, title);
    const stateOf = async () =>
      (await db.query(`SELECT state FROM tracked_download WHERE id = $1`, [tracked.id]))[0]?.state as string;
    const bookFiles = async () => (await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).body;
    const refresh = () => runCommand(t, 'RefreshMonitoredDownloads');

    // The folder appears with only its release notes: new, so still downloading.
    mkdirSync(folder);
    writeFileSync(join(folder, 'release.nfo'), 'notes');
    await refresh();
    expect(await stateOf()).toBe('downloading');

    // Unchanged for the grace period: complete, but no book file yet — the import waits instead of failing.
    now += 31_000;
    await refresh();
    expect(await stateOf()).toBe('importPending');
    expect(await bookFiles()).toEqual([]);

    // The book arrives in two writes: each change starts the grace period again, nothing is imported meanwhile.
    writeFileSync(join(folder, 'kindred.epub'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refresh();
    now += 20_000;
    writeFileSync(join(folder, 'kindred.epub'), bytes);
    await refresh();
    now += 20_000;
    await refresh();
    expect(await bookFiles()).toEqual([]);
    expect(await stateOf()).toBe('importPending');

    // 40 s without change since the last write: imported, the whole EPUB.
    now += 20_000;
    await refresh();
    expect(await stateOf()).toBe('imported');
    const files = await bookFiles();
    expect(files).toHaveLength(1);
    expect(files[0].size).toBe(bytes.length);
  });
});
