import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub, makeMobi, makePdf } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('manual import', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;
  let incoming: string;
  let author: Awaited<ReturnType<typeof createAuthor>>;
  let solaris: Awaited<ReturnType<typeof createBook>>;
  let cyberiad: Awaited<ReturnType<typeof createBook>>;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-mi-root-'));
    incoming = mkdtempSync(join(tmpdir(), 'quire-mi-in-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    await t.api.put('/api/v1/config/naming').send({ renameBooks: true }).expect(200);
    author = await createAuthor(db, { name: 'Stanisław Lem', rootFolderPath: root, path: join(root, 'Stanisław Lem') });
    solaris = await createBook(db, author, { title: 'Solaris', edition: { isbn13: '9780156027601' } });
    cyberiad = await createBook(db, author, { title: 'The Cyberiad' });
    await makeEpub(join(incoming, 'a1.epub'), { title: 'Solaris', author: 'Stanislaw Lem', isbn: '9780156027601' });
    makeMobi(join(incoming, 'Stanisław Lem - The Cyberiad.mobi'), { title: 'The Cyberiad', author: 'Stanisław Lem' });
    makePdf(join(incoming, 'unknown.pdf'), { title: 'Cookbook', author: 'Chef' });
    mkdirSync(join(incoming, 'extras'));
    writeFileSync(join(incoming, 'extras', 'sample-Solaris.epub'), 'x');
  });
  afterAll(() => t.close());

  it('GET proposes author, book, edition, quality and rejections for a folder', async () => {
    const items = (await t.api.get('/api/v1/manualimport').query({ folder: incoming }).expect(200)).body as {
      path: string;
      name: string;
      author?: { id: number };
      book?: { id: number };
      quality: { quality: { name: string } };
      rejections: { reason: string; type: string }[];
      audioTags?: { title?: string };
    }[];
    const byName = new Map(items.map((item) => [item.name, item]));
    expect(items).toHaveLength(4);
    expect(byName.get('a1')).toMatchObject({
      author: { id: author.id },
      book: { id: solaris.id },
      quality: { quality: { name: 'EPUB' } },
      rejections: [],
      audioTags: expect.objectContaining({ title: 'Solaris', isbn: '9780156027601' }),
    });
    expect(byName.get('Stanisław Lem - The Cyberiad')).toMatchObject({
      book: { id: cyberiad.id },
      quality: { quality: { name: 'MOBI' } },
      rejections: [],
    });
    expect(byName.get('unknown')?.book).toBeUndefined();
    expect(byName.get('unknown')?.rejections[0]).toMatchObject({ type: 'permanent' });
    expect(byName.get('sample-Solaris')?.rejections.map((r) => r.reason)).toContain('Sample');
  });

  it('GET by downloadId proposes the files of a tracked download, hinted by its grab', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-mi-dl-'));
    // a meaningless file name and a short author tag: the title (subtitle ignored) and the grab's author decide
    await makeEpub(join(folder, 'zz.epub'), { title: 'The Cyberiad: Fables for the Cybernetic Age', author: 'Lem' });
    const [client] = await db.query<{ id: number }[]>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, settings, enable)
       VALUES ('downloadClient', 'Disabled SAB', 'Sabnzbd', 'SabnzbdSettings', '{}', false) RETURNING id`,
    );
    const tracked = await t.app.get(TrackedDownloadService).create({
      downloadClientId: client.id,
      downloadId: 'SABnzbd_nzo_abc',
      authorId: author.id,
      bookIds: [cyberiad.id],
      title: 'Lem - Cyberiad',
      indexer: null,
      protocol: 'usenet',
      quality: qualityModel(3),
      release: null,
    });
    tracked.outputPath = folder;
    await t.app.get(TrackedDownloadService).save(tracked);
    const [item] = (await t.api.get('/api/v1/manualimport').query({ downloadId: 'sabnzbd_nzo_abc' }).expect(200)).body;
    expect(item).toMatchObject({ downloadId: 'sabnzbd_nzo_abc', book: { id: cyberiad.id }, rejections: [] });
    await t.api.get('/api/v1/manualimport').query({ downloadId: 'unknown' }).expect(404);
  });

  it('POST re-evaluates an item the user assigned by hand', async () => {
    const path = join(incoming, 'unknown.pdf');
    const [item] = (
      await t.api
        .post('/api/v1/manualimport')
        .send([{ path, authorId: author.id, bookId: cyberiad.id, quality: { quality: { id: 1 } } }])
        .expect(200)
    ).body;
    expect(item).toMatchObject({ path, book: { id: cyberiad.id }, quality: { quality: { id: 1 } }, rejections: [] });
  });

  it('the ManualImport command imports the chosen files (copy keeps the source)', async () => {
    const epub = join(incoming, 'a1.epub');
    const pdf = join(incoming, 'unknown.pdf');
    const command = await runCommand(t, 'ManualImport', {
      importMode: 'copy',
      files: [
        { path: epub, authorId: author.id, bookId: solaris.id },
        { path: pdf, authorId: author.id, bookId: cyberiad.id, quality: { quality: { id: 1 } } },
      ],
    });
    expect(command.status).toBe('completed');
    expect(command.message).toBe('Imported 2 of 2 files');
    expect(existsSync(epub)).toBe(true);
    const files = (await t.api.get(`/api/v1/bookfile?authorId=${author.id}`).expect(200)).body;
    expect(files.map((f: { path: string }) => f.path).sort()).toEqual([
      join(author.path, 'Solaris', 'Stanisław Lem - Solaris.epub'),
      join(author.path, 'The Cyberiad', 'Stanisław Lem - The Cyberiad.pdf'),
    ]);
    // already-imported files are filtered from the next proposal by default
    const again = (
      await t.api
        .get('/api/v1/manualimport')
        .query({ folder: join(author.path, 'Solaris') })
        .expect(200)
    ).body;
    expect(again).toEqual([]);
  });

  it('DownloadedBooksScan imports what matches in a folder and leaves the rest', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-dbs-'));
    const fiasco = await createBook(db, author, { title: 'Fiasco' });
    await makeEpub(join(folder, 'f.epub'), { title: 'Fiasco', author: 'Stanisław Lem' });
    makePdf(join(folder, 'other.pdf'), { title: 'Nothing here', author: 'Nobody' });
    const command = await runCommand(t, 'DownloadedBooksScan', { path: folder, importMode: 'move' });
    expect(command.message).toBe('Imported 1 of 2 files');
    expect(existsSync(join(folder, 'f.epub'))).toBe(false);
    expect(existsSync(join(folder, 'other.pdf'))).toBe(true);
    const [file] = (await t.api.get(`/api/v1/bookfile?bookId=${fiasco.id}`).expect(200)).body;
    expect(file.path).toBe(join(author.path, 'Fiasco', 'Stanisław Lem - Fiasco.epub'));
    const refused = await runCommand(t, 'DownloadedBooksScan', { path: `${folder}/../x` });
    expect(refused.status).toBe('failed');
  });

  it('rejects traversal, NUL bytes and relative paths in every path parameter', async () => {
    for (const folder of [`${incoming}/../etc`, '/tmp/a/../../etc', 'relative/path', `${incoming}\0x`])
      await t.api.get('/api/v1/manualimport').query({ folder }).expect(400);
    await t.api
      .post('/api/v1/manualimport')
      .send([{ path: `${incoming}/../../etc/passwd` }])
      .expect(400);
    await t.api.get('/api/v1/manualimport').expect(400);
    await t.api
      .get('/api/v1/manualimport')
      .query({ folder: join(incoming, 'nope') })
      .expect(404);
  });
});
