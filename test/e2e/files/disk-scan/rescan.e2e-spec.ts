import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DiskScanService, PROGRESS_EVERY, SCAN_BATCH } from '../../../../src/files/disk-scan/disk-scan.service';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const FOLDERS = 100;
const PER_FOLDER = 100;

describe('RescanFolders', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-scan-'));
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Scan', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM book_file ${sql}`, params))[0].n);

  it('scans 10,000 generated files with bounded memory, reports counts, and drops the row of a deleted file', async () => {
    const library = join(root, 'Loose');
    for (let f = 0; f < FOLDERS; f++) {
      const folder = join(library, `folder-${f}`);
      mkdirSync(folder, { recursive: true });
      for (let i = 0; i < PER_FOLDER; i++)
        writeFileSync(join(folder, `book-${f}-${i}.${i % 3 === 0 ? 'mp3' : 'epub'}`), `file ${f} ${i}`);
      writeFileSync(join(folder, 'cover.jpg'), 'not a book');
    }
    // Bounded memory, shown by the shape of the work rather than by RSS (which the bench measures): the scan
    // hands the database at most SCAN_BATCH files at a time and checks existing rows a page at a time.
    const bookFiles = t.app.get(BookFileRepository);
    const upserts: number[] = [];
    const pages: number[] = [];
    const upsert = jest.spyOn(bookFiles, 'upsertScanned');
    upsert.mockImplementation(async function (this: BookFileRepository, files) {
      upserts.push(files.length);
      return BookFileRepository.prototype.upsertScanned.call(this, files);
    });
    const findUnder = jest.spyOn(bookFiles, 'findUnder');
    findUnder.mockImplementation(async function (this: BookFileRepository, ...args) {
      const rows = await BookFileRepository.prototype.findUnder.apply(this, args);
      pages.push(rows.length);
      return rows;
    });
    let command;
    try {
      command = await runCommand(t, 'RescanFolders', {}, 120_000);
    } finally {
      upsert.mockRestore();
      findUnder.mockRestore();
    }
    expect(command.status).toBe('completed');
    expect(command.message).toBe('Scanned 10000 files in 1 folders: 10000 added, 0 updated, 0 removed, 0 matched');
    expect(Math.max(...upserts)).toBeLessThanOrEqual(SCAN_BATCH);
    expect(upserts.reduce((a, b) => a + b, 0)).toBe(FOLDERS * PER_FOLDER);
    expect(Math.max(...pages)).toBeLessThanOrEqual(SCAN_BATCH);
    expect(pages.length).toBeGreaterThanOrEqual((FOLDERS * PER_FOLDER) / SCAN_BATCH);
    expect(await count('WHERE edition_id IS NULL')).toBe(FOLDERS * PER_FOLDER);
    expect(await count(`WHERE path LIKE '%.mp3' AND media_kind = 'audio' AND quality_id = 10`)).toBe(3400);

    const unmapped = (await t.api.get('/api/v1/bookfile?unmapped=true').expect(200)).body as { path: string }[];
    expect(unmapped).toHaveLength(FOLDERS * PER_FOLDER);

    // unchanged files are not touched again; a deleted file's row disappears
    const gone = join(library, 'folder-7', 'book-7-1.epub');
    rmSync(gone);
    const again = await runCommand(t, 'RescanFolders', {}, 120_000);
    expect(again.message).toBe('Scanned 9999 files in 1 folders: 0 added, 0 updated, 1 removed, 0 matched');
    expect(await count('WHERE path = $1', [gone])).toBe(0);
    expect(await count('')).toBe(FOLDERS * PER_FOLDER - 1);

    // progress is reported every PROGRESS_EVERY files
    const messages: string[] = [];
    const counts = await t.app.get(DiskScanService).scan([library], async (message) => {
      messages.push(message);
    });
    expect(counts).toMatchObject({ files: 9999, added: 0, removed: 0 });
    expect(messages).toHaveLength(Math.floor(9999 / PROGRESS_EVERY));
    expect(messages[0]).toBe(`Scanned ${PROGRESS_EVERY} files in ${library}`);
  }, 180_000);

  it('matches new files inside an author folder to the book; a missing folder never empties the library', async () => {
    const author = await createAuthor(db, {
      name: 'Octavia E. Butler',
      rootFolderPath: root,
      path: join(root, 'Octavia E. Butler'),
    });
    const book = await createBook(db, author, { title: 'Kindred' });
    mkdirSync(join(author.path, 'Kindred'), { recursive: true });
    await makeEpub(join(author.path, 'Kindred', 'k.epub'), { title: 'Kindred', author: 'Octavia E. Butler' });
    const corrupt = join(author.path, 'Kindred', 'broken.epub');
    writeFileSync(corrupt, 'not a zip');

    const command = await runCommand(t, 'RescanFolders', { authorIds: [author.id] });
    expect(command.message).toBe('Scanned 2 files in 1 folders: 2 added, 0 updated, 0 removed, 1 matched');
    const files = (await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).body;
    expect(files).toEqual([expect.objectContaining({ path: join(author.path, 'Kindred', 'k.epub'), bookId: book.id })]);
    // the corrupt file is reported (logged) and kept unmapped, the scan went on
    expect(await count('WHERE path = $1 AND edition_id IS NULL', [corrupt])).toBe(1);

    const total = await count('');
    const missing = await runCommand(t, 'RescanFolders', { folders: [join(root, 'not-mounted')] });
    expect(missing.status).toBe('completed');
    expect(missing.message).toContain('skipped missing');
    expect(await count('')).toBe(total);
  });

  it('rejects traversal in folders', async () => {
    const response = await t.api
      .post('/api/v1/command')
      .send({ name: 'RescanFolders', folders: [`${root}/../etc`] })
      .expect(200);
    const { waitForCommand } = await import('../../../utils/commands');
    const done = await waitForCommand(t, response.body.id);
    expect(done.status).toBe('failed');
    expect(done.exception ?? done.message).toContain("'..'");
  });
});
