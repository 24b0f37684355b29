import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { LibraryWatcherService } from '../../../../src/files/library-watch/library-watcher.service';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { waitFor } from '../../../utils/wait-for';

interface BookFileJson {
  path: string;
  bookId: number;
}

describe('watchLibraryForChanges', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;
  let rootFolderId: number;

  const watcher = () => t.app.get(LibraryWatcherService);
  const watching = (path: string) =>
    waitFor(
      async () => watcher().status().roots.includes(path) && watcher().status().startMs !== undefined,
      `watching ${path}`,
    );
  const files = async (authorId: number) =>
    (await t.api.get(`/api/v1/bookfile?authorId=${authorId}`).expect(200)).body as BookFileJson[];
  const rescans = async () =>
    (
      await db.query<{ body: { folders?: string[] } }[]>(
        `SELECT body FROM command WHERE name = 'RescanFolders' ORDER BY id`,
      )
    ).map((row) => row.body.folders);
  /** Waits until no rescan is queued or running, so the next change gives a command of its own. */
  const settled = () =>
    waitFor(
      async () =>
        Number(
          (
            await db.query<{ n: string }[]>(
              `SELECT count(*) AS n FROM command WHERE name = 'RescanFolders' AND status IN ('queued', 'started')`,
            )
          )[0].n,
        ) === 0,
      'rescans to finish',
    );
  const setWatching = (on: boolean) =>
    t.api.put('/api/v1/config/mediamanagement').send({ watchLibraryForChanges: on }).expect(200);

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50', LIBRARY_WATCH_DEBOUNCE_MS: '500' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-watch-'));
    rootFolderId = (
      await t.api
        .post('/api/v1/rootfolder')
        .send({ name: 'Watched', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
        .expect(200)
    ).body.id;
    await watching(root);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('matches a new EPUB within seconds and drops a deleted one, with one rescan of the author folder per copy', async () => {
    const author = await createAuthor(db, {
      name: 'Ursula K. Le Guin',
      rootFolderPath: root,
      path: join(root, 'Le Guin'),
    });
    const book = await createBook(db, author, { title: 'The Dispossessed' });
    const bookFolder = join(author.path, 'The Dispossessed');
    mkdirSync(bookFolder, { recursive: true });
    await waitFor(async () => (await rescans()).length > 0, 'the new author folder to be rescanned');
    await settled();
    const before = (await rescans()).length;

    // a copy of one book and 49 other files (not books, hidden, partial) into the folder
    const source = join(tmpdir(), `quire-watch-src-${process.pid}.epub`);
    await makeEpub(source, { title: 'The Dispossessed', author: 'Ursula K. Le Guin' });
    copyFileSync(source, join(bookFolder, 'dispossessed.epub'));
    for (let i = 0; i < 20; i++) writeFileSync(join(bookFolder, `page-${i}.jpg`), 'image');
    for (let i = 0; i < 20; i++) writeFileSync(join(bookFolder, `.sync-${i}.epub`), 'hidden');
    for (let i = 0; i < 9; i++) writeFileSync(join(bookFolder, `part-${i}.epub.partial~`), 'partial');
    rmSync(source);

    const found = await waitFor(
      async () => (await files(author.id)).find((f) => f.bookId === book.id),
      'the book file',
    );
    expect(found.path).toBe(join(bookFolder, 'dispossessed.epub'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await settled();
    expect((await rescans()).slice(before)).toEqual([[author.path]]);

    rmSync(join(bookFolder, 'dispossessed.epub'));
    await waitFor(async () => (await files(author.id)).length === 0, 'the deleted file to leave the library');
    await settled();
    expect((await rescans()).slice(before)).toEqual([[author.path], [author.path]]);
  }, 60_000);

  it('does nothing while the setting is off, and watches again when it is turned on', async () => {
    const author = await createAuthor(db, { name: 'Iain M. Banks', rootFolderPath: root, path: join(root, 'Banks') });
    const book = await createBook(db, author, { title: 'Excession' });
    mkdirSync(join(author.path, 'Excession'), { recursive: true });
    await waitFor(async () => (await rescans()).some((f) => f?.[0] === author.path), 'the author folder rescan');
    await settled();

    await setWatching(false);
    await waitFor(async () => watcher().status().roots.length === 0, 'watching to stop');
    const before = (await rescans()).length;
    await makeEpub(join(author.path, 'Excession', 'excession.epub'), { title: 'Excession', author: 'Iain M. Banks' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await rescans()).length).toBe(before);
    expect(await files(author.id)).toEqual([]);

    await setWatching(true);
    await watching(root);
    await makeEpub(join(author.path, 'Excession', 'excession-2.epub'), { title: 'Excession', author: 'Iain M. Banks' });
    await waitFor(async () => (await files(author.id)).length === 2, 'both files after watching resumed');
    expect((await files(author.id)).every((f) => f.bookId === book.id)).toBe(true);
  }, 60_000);

  it('starts and stops watching with root folders, and survives a root folder that disappears', async () => {
    const second = mkdtempSync(join(tmpdir(), 'quire-watch-2-'));
    const id = (
      await t.api
        .post('/api/v1/rootfolder')
        .send({ name: 'Second', path: second, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
        .expect(200)
    ).body.id;
    await watching(second);
    expect(watcher().status().roots).toEqual([root, second].sort());

    mkdirSync(join(second, 'Someone', 'Book'), { recursive: true });
    writeFileSync(join(second, 'Someone', 'Book', 'b.epub'), 'not really an epub');
    await waitFor(
      async () => (await rescans()).some((f) => f?.[0] === join(second, 'Someone')),
      'a rescan in the new root folder',
    );

    rmSync(second, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.api.get('/api/v1/system/status').expect(200);

    await t.api.delete(`/api/v1/rootfolder/${id}`).expect(200);
    await waitFor(async () => watcher().status().roots.join() === root, 'watching of the removed root folder to stop');
    expect(rootFolderId).toBeGreaterThan(0);
  }, 60_000);
});
