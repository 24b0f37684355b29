import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';
import { HealthService } from '../../../../src/platform/system/health/health.service';

/**
 * Every delete of a library file goes through the media-management recycle bin, keeping the file's folders below
 * the root folder; without a bin it is permanent; a bin that cannot take the file fails the delete with the file
 * and its row in place. `deleteEmptyFolders` removes the author and book folders a delete or a rescan left empty.
 */
describe('recycle bin and empty folders', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;
  let bin: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'quire-bin-root-'));
    bin = mkdtempSync(join(tmpdir(), 'quire-bin-'));
    authors.clear();
    await config({ recycleBin: bin, recycleBinCleanupDays: 7, deleteEmptyFolders: false });
  });

  const config = (values: Record<string, unknown>) =>
    t.api.put('/api/v1/config/mediamanagement').send(values).expect(200);

  type Author = Awaited<ReturnType<typeof createAuthor>>;
  const authors = new Map<string, Author>();

  /** A book of the author (made once per test in the temp root folder) with its files on disk (`Book/<name>`). */
  const library = async (authorName: string, bookTitle: string, names: string[]) => {
    const author =
      authors.get(authorName) ??
      (await createAuthor(db, { name: authorName, rootFolderPath: root, path: join(root, authorName) }));
    authors.set(authorName, author);
    const book = await createBook(db, author, { title: bookTitle });
    const files = [];
    for (const name of names) {
      const path = join(root, authorName, bookTitle, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `content of ${name}`);
      files.push(await createBookFile(db, book.editionId, { path, qualityId: 3, size: 10 }));
    }
    return { author, book, files };
  };

  const rows = async (ids: number[]) =>
    (await sql<{ id: number }>(`SELECT id FROM book_file WHERE id = ANY($1::int[]) ORDER BY id`, [ids])).map(
      (row) => row.id,
    );

  describe('DELETE /bookfile', () => {
    it('moves the file into the bin under its author and book folders, a clash getting _2', async () => {
      const { book, files } = await library('Ann Leckie', 'Ancillary Justice', ['aj.epub']);
      await t.api.delete(`/api/v1/bookfile/${files[0].id}`).expect(200);
      expect(existsSync(files[0].path)).toBe(false);
      expect(readFileSync(join(bin, 'Ann Leckie', 'Ancillary Justice', 'aj.epub'), 'utf8')).toBe('content of aj.epub');
      await t.api.get(`/api/v1/bookfile/${files[0].id}`).expect(404);

      writeFileSync(files[0].path, 'second copy');
      const again = await createBookFile(db, book.editionId, { path: files[0].path, qualityId: 3, size: 10 });
      await t.api.delete(`/api/v1/bookfile/${again.id}`).expect(200);
      expect(readFileSync(join(bin, 'Ann Leckie', 'Ancillary Justice', 'aj_2.epub'), 'utf8')).toBe('second copy');
      expect(readdirSync(join(bin, 'Ann Leckie', 'Ancillary Justice')).sort()).toEqual(['aj.epub', 'aj_2.epub']);
    });

    it('bulk: mapped files keep their folders, unmapped ones go to Unmapped_Files', async () => {
      const { files } = await library('Becky Chambers', 'A Psalm', ['psalm.epub', 'psalm.pdf']);
      const loose = join(root, 'loose.mobi');
      writeFileSync(loose, 'loose');
      const unmapped = await createBookFile(db, null, { path: loose, qualityId: 3, size: 5 });
      await t.api
        .delete('/api/v1/bookfile/bulk')
        .send({ bookFileIds: [...files.map((f) => f.id), unmapped.id] })
        .expect(200, {});
      expect(readdirSync(join(bin, 'Becky Chambers', 'A Psalm')).sort()).toEqual(['psalm.epub', 'psalm.pdf']);
      expect(readdirSync(join(bin, 'Unmapped_Files'))).toEqual(['loose.mobi']);
      expect(existsSync(loose)).toBe(false);
      expect(await rows([...files.map((f) => f.id), unmapped.id])).toEqual([]);
    });

    it('without a recycle bin the file is deleted permanently', async () => {
      await config({ recycleBin: '' });
      const { files } = await library('Cixin Liu', 'The Three-Body Problem', ['tbp.epub']);
      await t.api.delete(`/api/v1/bookfile/${files[0].id}`).expect(200);
      expect(existsSync(files[0].path)).toBe(false);
      expect(readdirSync(bin)).toEqual([]);
      expect(await rows([files[0].id])).toEqual([]);
    });

    it('a recycle bin that cannot take the file fails the delete: file and row stay', async () => {
      const { files } = await library('Dan Simmons', 'Hyperion', ['h.epub', 'h.pdf']);
      rmSync(bin, { recursive: true });
      const single = await t.api.delete(`/api/v1/bookfile/${files[0].id}`).expect(409);
      expect(single.body.message).toBe('Unable to move to the recycle bin: the recycle bin folder does not exist');
      await t.api
        .delete('/api/v1/bookfile/bulk')
        .send({ bookFileIds: files.map((f) => f.id) })
        .expect(409);
      // a bin whose subfolder cannot be created (a file is in the way)
      mkdirSync(bin);
      writeFileSync(join(bin, 'Dan Simmons'), 'in the way');
      const blocked = await t.api.delete(`/api/v1/bookfile/${files[0].id}`).expect(409);
      expect(blocked.body.message).toBe(
        "Unable to move 'h.epub' to the recycle bin: a part of the path is not a folder",
      );
      for (const file of files) expect(readFileSync(file.path, 'utf8')).toMatch(/^content of/);
      expect(await rows(files.map((f) => f.id))).toEqual(files.map((f) => f.id));
    });
  });

  describe('DELETE /book?deleteFiles=true', () => {
    it('moves the book’s files to the bin with their folders', async () => {
      const { book, files } = await library('Emily St. John Mandel', 'Station Eleven', ['se.epub', 'se.m4b']);
      await t.api.delete(`/api/v1/book/${book.id}?deleteFiles=true`).expect(200);
      expect(readdirSync(join(bin, 'Emily St. John Mandel', 'Station Eleven')).sort()).toEqual(['se.epub', 'se.m4b']);
      for (const file of files) expect(existsSync(file.path)).toBe(false);
      await t.api.get(`/api/v1/book/${book.id}`).expect(404);
    });

    it('without a bin the files are gone; with a broken bin the book and its files stay', async () => {
      await config({ recycleBin: '' });
      const gone = await library('Frank Herbert', 'Dune', ['dune.epub']);
      await t.api.delete(`/api/v1/book/${gone.book.id}?deleteFiles=true`).expect(200);
      expect(existsSync(gone.files[0].path)).toBe(false);

      await config({ recycleBin: bin });
      const kept = await library('Gene Wolfe', 'Shadow', ['shadow.epub']);
      rmSync(bin, { recursive: true });
      const response = await t.api.delete(`/api/v1/book/${kept.book.id}?deleteFiles=true`).expect(409);
      expect(response.body.message).toContain('recycle bin');
      expect(existsSync(kept.files[0].path)).toBe(true);
      await t.api.get(`/api/v1/book/${kept.book.id}`).expect(200);
      expect(await rows([kept.files[0].id])).toEqual([kept.files[0].id]);
    });
  });

  describe('DELETE /author?deleteFiles=true', () => {
    it('moves the whole author folder to the bin, merging with one of the same name', async () => {
      const { author, files } = await library('Iain M. Banks', 'Excession', ['ex.epub']);
      writeFileSync(join(root, 'Iain M. Banks', 'notes.txt'), 'notes');
      mkdirSync(join(bin, 'Iain M. Banks', 'Excession'), { recursive: true });
      writeFileSync(join(bin, 'Iain M. Banks', 'Excession', 'ex.epub'), 'older copy');
      await t.api.delete(`/api/v1/author/${author.id}?deleteFiles=true`).expect(200);
      expect(existsSync(join(root, 'Iain M. Banks'))).toBe(false);
      expect(readdirSync(join(bin, 'Iain M. Banks')).sort()).toEqual(['Excession', 'notes.txt']);
      expect(readdirSync(join(bin, 'Iain M. Banks', 'Excession')).sort()).toEqual(['ex.epub', 'ex_2.epub']);
      expect(readFileSync(join(bin, 'Iain M. Banks', 'Excession', 'ex_2.epub'), 'utf8')).toBe('content of ex.epub');
      expect(existsSync(root)).toBe(true);
      expect(await rows([files[0].id])).toEqual([]);
    });

    it('without a bin the folder is gone; with a broken bin the author and its folder stay', async () => {
      await config({ recycleBin: '' });
      const gone = await library('Jo Walton', 'Among Others', ['ao.epub']);
      await t.api.delete(`/api/v1/author/${gone.author.id}?deleteFiles=true`).expect(200);
      expect(existsSync(join(root, 'Jo Walton'))).toBe(false);
      expect(existsSync(root)).toBe(true);

      await config({ recycleBin: bin });
      const kept = await library('Kim Stanley Robinson', 'Red Mars', ['rm.epub']);
      rmSync(bin, { recursive: true });
      const response = await t.api.delete(`/api/v1/author/${kept.author.id}?deleteFiles=true`).expect(409);
      expect(response.body.message).toContain('recycle bin');
      expect(existsSync(kept.files[0].path)).toBe(true);
      await t.api.get(`/api/v1/author/${kept.author.id}`).expect(200);
      expect(await rows([kept.files[0].id])).toEqual([kept.files[0].id]);
    });

    it('never deletes a root folder given as the author’s path', async () => {
      const author = await createAuthor(db, { name: 'Rooted', rootFolderPath: root, path: root });
      writeFileSync(join(root, 'other.epub'), 'another author’s file');
      await t.api.delete(`/api/v1/author/${author.id}?deleteFiles=true`).expect(409);
      expect(existsSync(join(root, 'other.epub'))).toBe(true);
    });

    it('never deletes a folder that is or holds another author’s', async () => {
      const outer = await library('Pat Cadigan', 'Synners', ['synners.epub']);
      const inner = await createAuthor(db, {
        name: 'Nested',
        rootFolderPath: root,
        path: join(root, 'Pat Cadigan', 'Nested'),
      });
      const response = await t.api.delete(`/api/v1/author/${outer.author.id}?deleteFiles=true`).expect(409);
      expect(response.body.message).toBe(
        "Not deleting the author's files: another author's folder is the same or inside it",
      );
      expect(existsSync(outer.files[0].path)).toBe(true);
      await t.api.get(`/api/v1/author/${outer.author.id}`).expect(200);
      await t.api.get(`/api/v1/author/${inner.id}`).expect(200);
    });
  });

  describe('deleteEmptyFolders', () => {
    it('on: the book folder left empty goes, then the author folder when its last file goes; the root stays', async () => {
      await config({ deleteEmptyFolders: true });
      const first = await library('Lois McMaster Bujold', 'Shards of Honor', ['soh.epub']);
      const second = await library('Lois McMaster Bujold', 'Barrayar', ['b.epub']);
      const authorFolder = join(root, 'Lois McMaster Bujold');
      await t.api.delete(`/api/v1/bookfile/${first.files[0].id}`).expect(200);
      expect(readdirSync(authorFolder)).toEqual(['Barrayar']);
      await t.api.delete(`/api/v1/bookfile/${second.files[0].id}`).expect(200);
      expect(existsSync(authorFolder)).toBe(false);
      expect(existsSync(root)).toBe(true);
      expect(readdirSync(join(bin, 'Lois McMaster Bujold')).sort()).toEqual(['Barrayar', 'Shards of Honor']);
    });

    it('on: deleting a book with its files removes its empty folder', async () => {
      await config({ deleteEmptyFolders: true });
      const first = await library('Martha Wells', 'All Systems Red', ['asr.epub']);
      await library('Martha Wells', 'Artificial Condition', ['ac.epub']);
      await t.api.delete(`/api/v1/book/${first.book.id}?deleteFiles=true`).expect(200);
      expect(readdirSync(join(root, 'Martha Wells'))).toEqual(['Artificial Condition']);
    });

    it('off: the empty book and author folders stay', async () => {
      const { files } = await library('Nnedi Okorafor', 'Binti', ['binti.epub']);
      await t.api.delete(`/api/v1/bookfile/${files[0].id}`).expect(200);
      expect(readdirSync(join(root, 'Nnedi Okorafor', 'Binti'))).toEqual([]);
    });

    it('on: a rescan that finds a file gone removes the folders it left empty', async () => {
      await config({ deleteEmptyFolders: true });
      const gone = await library('Octavia E. Butler', 'Kindred', ['kindred.epub']);
      await library('Octavia E. Butler', 'Dawn', ['dawn.epub']);
      rmSync(gone.files[0].path);
      const command = await t.api
        .post('/api/v1/command')
        .send({ name: 'RescanFolders', folders: [join(root, 'Octavia E. Butler')] })
        .expect(200);
      expect((await waitForCommand(t, command.body.id)).status).toBe('completed');
      expect(readdirSync(join(root, 'Octavia E. Butler'))).toEqual(['Dawn']);
      expect(await rows([gone.files[0].id])).toEqual([]);
    });
  });

  it('the health check reports a recycle bin that is gone, and nothing once it is back', async () => {
    const issues = async () =>
      (await t.app.get(HealthService).refresh()).filter((issue) => issue.source === 'RecyclingBinCheck');
    expect(await issues()).toEqual([]);
    rmSync(bin, { recursive: true });
    expect(await issues()).toEqual([
      expect.objectContaining({
        type: 'error',
        message: expect.stringContaining(`Cannot write to the recycle bin folder ${bin}`),
        wikiUrl: 'https://wiki.servarr.com/readarr/system#cannot-write-recycle-bin',
      }),
    ]);
    mkdirSync(bin);
    expect(await issues()).toEqual([]);
  });

  it('CleanUpRecycleBin removes files older than recycleBinCleanupDays and the folders left empty', async () => {
    await config({ recycleBinCleanupDays: 3 });
    const old = join(bin, 'Old Author', 'Old Book', 'old.epub');
    const recent = join(bin, 'Recent Author', 'recent.epub');
    for (const path of [old, recent]) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, 'x');
    }
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000);
    utimesSync(old, fourDaysAgo, fourDaysAgo);
    const command = await t.api.post('/api/v1/command').send({ name: 'CleanUpRecycleBin' }).expect(200);
    const done = await waitForCommand(t, command.body.id);
    expect(done.status).toBe('completed');
    expect(readdirSync(bin)).toEqual(['Recent Author']);
    expect(existsSync(recent)).toBe(true);

    // 0 keeps everything
    await config({ recycleBinCleanupDays: 0 });
    utimesSync(recent, fourDaysAgo, fourDaysAgo);
    const kept = await t.api.post('/api/v1/command').send({ name: 'CleanUpRecycleBin' }).expect(200);
    await waitForCommand(t, kept.body.id);
    expect(existsSync(recent)).toBe(true);
  });
});
