import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { LibraryWatcherService } from '../../../../src/files/library-watch/library-watcher.service';
import { CommandQueueService } from '../../../../src/platform/command/command-queue.service';
import { makeEpub } from '../../../fixtures/media/generators';
import { drainCommands, runCommand, waitForCommand, waitForQueuedCommand } from '../../../utils/commands';
import { MetadataFixture, startMetadataFixture } from '../../../utils/metadata-fixture';
import { waitFor } from '../../../utils/wait-for';

interface BookFileJson {
  path: string;
  bookId: number;
  size: number;
  quality: { quality: { id: number } };
}

/** A work of the fixture author that no file below is named after: renaming it makes a refresh change something. */
const CHANGING_WORK = 'OL27495W';

describe('Refresh & Scan: rescanAfterRefresh, and the same files found by every path', () => {
  let f: MetadataFixture;
  let db: DataSource;
  let authorId: number;
  let authorPath: string;
  let renames = 0;

  const files = async () =>
    ((await f.t.api.get(`/api/v1/bookfile?authorId=${authorId}`).expect(200)).body as BookFileJson[])
      .map((file) => ({ path: file.path, bookId: file.bookId, size: file.size, quality: file.quality.quality.id }))
      .sort((a, b) => a.path.localeCompare(b.path));
  const setMediaManagement = (values: object) => f.t.api.put('/api/v1/config/mediamanagement').send(values).expect(200);
  const changeUpstream = () => f.fake.renameWork(CHANGING_WORK, `Unfinished Tales (${++renames})`);
  /** A manual refresh goes through the API; a scheduled one is queued as the scheduler queues it. */
  const refresh = async (trigger: 'manual' | 'scheduled') => {
    if (trigger === 'manual') expect((await runCommand(f.t, 'RefreshAuthor', { authorId })).status).toBe('completed');
    else {
      const queued = await f.t.app.get(CommandQueueService).enqueue('RefreshAuthor', { authorId }, { trigger });
      expect((await waitForCommand(f.t, queued.id)).status).toBe('completed');
    }
    await drainCommands(f.t);
  };
  const bookId = async (title: string) =>
    (await db.query<{ id: number }[]>(`SELECT id FROM book WHERE author_id = $1 AND title = $2`, [authorId, title]))[0]
      .id;

  beforeAll(async () => {
    f = await startMetadataFixture('quire-rescan-refresh-', 'Standard');
    db = f.t.app.get(DataSource);
    // the watcher would find the files by itself; these tests are about the refresh
    await setMediaManagement({ watchLibraryForChanges: false });
    const lookup = await f.t.api.get('/api/v1/author/lookup?term=tolkien').expect(200);
    const created = await f.t.api
      .post('/api/v1/author')
      .send({
        ...lookup.body[0],
        qualityProfileId: 1,
        metadataProfileId: f.metadataProfileId,
        rootFolderPath: f.root,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      })
      .expect(200);
    authorId = created.body.id;
    authorPath = created.body.path;
    await waitForQueuedCommand(f.t, 'RefreshAuthor', (body) => body.authorId === authorId);
  }, 60_000);
  afterAll(async () => {
    await f.t.close();
    await f.fake.close();
    rmSync(f.root, { recursive: true, force: true });
  });

  it('a new author is always scanned after its first refresh', async () => {
    const rescan = await waitForQueuedCommand(f.t, 'RescanFolders', (body) => body.authorIds?.[0] === authorId);
    expect(rescan.status).toBe('completed');
  });

  it('never: no scan, even after a manual refresh that changed something', async () => {
    mkdirSync(join(authorPath, 'The Hobbit'), { recursive: true });
    await makeEpub(join(authorPath, 'The Hobbit', 'hobbit.epub'), { title: 'The Hobbit', author: 'J.R.R. Tolkien' });
    await setMediaManagement({ rescanAfterRefresh: 'never' });
    changeUpstream();
    await refresh('manual');
    expect(await files()).toEqual([]);
  });

  it('afterManual: no scan after a scheduled refresh, a scan after a manual one', async () => {
    await setMediaManagement({ rescanAfterRefresh: 'afterManual' });
    changeUpstream();
    await refresh('scheduled');
    expect(await files()).toEqual([]);

    changeUpstream();
    await refresh('manual');
    expect(await files()).toEqual([
      expect.objectContaining({
        path: join(authorPath, 'The Hobbit', 'hobbit.epub'),
        bookId: await bookId('The Hobbit'),
      }),
    ]);
  });

  it('always: a scan after a scheduled refresh that changed something, none after one that changed nothing', async () => {
    await setMediaManagement({ rescanAfterRefresh: 'always' });
    mkdirSync(join(authorPath, 'The Silmarillion'), { recursive: true });
    const silmarillion = join(authorPath, 'The Silmarillion', 'silmarillion.epub');
    await makeEpub(silmarillion, { title: 'The Silmarillion', author: 'J.R.R. Tolkien' });

    await refresh('scheduled');
    expect((await files()).map((file) => file.path)).not.toContain(silmarillion);

    changeUpstream();
    await refresh('scheduled');
    expect(await files()).toContainEqual(
      expect.objectContaining({ path: silmarillion, bookId: await bookId('The Silmarillion') }),
    );
  });

  it('Refresh & Scan, RescanFolders and the watcher find the same files with the same books', async () => {
    // one set of files: two books by their tags, a corrupt one, one of another author
    const set = mkdtempSync(join(tmpdir(), 'quire-same-files-'));
    await makeEpub(join(set, 'hobbit.epub'), { title: 'The Hobbit', author: 'J.R.R. Tolkien' });
    await makeEpub(join(set, 'lotr.epub'), { title: 'The Lord of the Rings', author: 'J.R.R. Tolkien' });
    await makeEpub(join(set, 'other.epub'), { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin' });
    copyFileSync(join(set, 'hobbit.epub'), join(set, 'hobbit-copy.pdf'));
    const place = () => {
      rmSync(authorPath, { recursive: true, force: true });
      mkdirSync(join(authorPath, 'Set'), { recursive: true });
      for (const name of readdirSync(set)) copyFileSync(join(set, name), join(authorPath, 'Set', name));
    };
    /** Every row under the author folder, matched or not: what each path found, and to which edition. */
    const rows = () =>
      db.query<{ path: string; edition_id: number | null; size: string; quality_id: number }[]>(
        `SELECT path, edition_id, size, quality_id FROM book_file WHERE path LIKE $1 ORDER BY path`,
        [`${authorPath}/%`],
      );
    const forget = async () => {
      await db.query(`DELETE FROM book_file WHERE path LIKE $1`, [`${authorPath}/%`]);
      expect(await files()).toEqual([]);
    };

    await forget();
    place();
    changeUpstream();
    await refresh('manual');
    const byRefresh = await rows();
    const listed = await files();

    await forget();
    place();
    expect((await runCommand(f.t, 'RescanFolders', { authorIds: [authorId] })).status).toBe('completed');
    const byRescan = await rows();

    await forget();
    await setMediaManagement({ watchLibraryForChanges: true });
    const watcher = f.t.app.get(LibraryWatcherService);
    await waitFor(async () => watcher.status().startMs !== undefined, 'the watcher to start');
    place();
    await waitFor(async () => (await rows()).length === byRescan.length, 'the watcher to find the files');
    await drainCommands(f.t);
    const byWatcher = await rows();

    expect(byRefresh.map((row) => row.path.slice(authorPath.length))).toEqual([
      '/Set/hobbit-copy.pdf',
      '/Set/hobbit.epub',
      '/Set/lotr.epub',
      '/Set/other.epub',
    ]);
    // the PDF that is really an EPUB and the other author's book stay unmapped, whichever path found them
    expect(listed.map((file) => file.bookId)).toEqual([
      await bookId('The Hobbit'),
      await bookId('The Lord of the Rings'),
    ]);
    expect(byRescan).toEqual(byRefresh);
    expect(byWatcher).toEqual(byRefresh);
    expect(await files()).toEqual(listed);
    rmSync(set, { recursive: true, force: true });
  }, 60_000);
});
