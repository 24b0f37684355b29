import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('rename preview, RenameFiles, RenameAuthor, naming examples', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-rename-'));
  });
  afterAll(() => t.close());

  async function library(name: string, titles: string[]) {
    const author = await createAuthor(db, { name, rootFolderPath: root, path: join(root, name) });
    const files = [];
    for (const [index, title] of titles.entries()) {
      const book = await createBook(db, author, { title, releaseDate: new Date('1969-03-01T00:00:00Z') });
      const folder = join(author.path, 'messy');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `file${index}.epub`);
      writeFileSync(path, title);
      files.push({ book, file: await createBookFile(db, book.editionId, { path, qualityId: 3, size: 10 }) });
    }
    return { author, files };
  }

  it('the preview lists exactly what RenameFiles then does', async () => {
    await t.api
      .put('/api/v1/config/naming')
      .send({
        renameBooks: true,
        colonReplacementFormat: 4,
        standardBookFormat:
          '{Book Title} ({Release Year})/{Author Name} - {Book Title}{ (PartNumber)} [{Quality Title}]',
      })
      .expect(200);
    const { author, files } = await library('Ursula K. Le Guin', ['The Left Hand of Darkness', 'Tales: Earthsea?']);
    const preview = (await t.api.get(`/api/v1/rename?authorId=${author.id}`).expect(200)).body as {
      bookFileId: number;
      existingPath: string;
      newPath: string;
    }[];
    expect(preview).toEqual([
      {
        authorId: author.id,
        bookId: files[0].book.id,
        bookFileId: files[0].file.id,
        existingPath: files[0].file.path,
        newPath: join(
          author.path,
          'The Left Hand of Darkness (1969)',
          'Ursula K. Le Guin - The Left Hand of Darkness [EPUB].epub',
        ),
      },
      expect.objectContaining({
        bookFileId: files[1].file.id,
        newPath: join(author.path, 'Tales - Earthsea! (1969)', 'Ursula K. Le Guin - Tales - Earthsea! [EPUB].epub'),
      }),
    ]);
    const onlyBook = (await t.api.get(`/api/v1/rename?authorId=${author.id}&bookId=${files[1].book.id}`).expect(200))
      .body;
    expect(onlyBook).toHaveLength(1);

    const command = await runCommand(t, 'RenameFiles', {
      authorId: author.id,
      files: preview.map((p) => p.bookFileId),
    });
    expect(command.message).toBe('Renamed 2 files');
    const after = (await t.api.get(`/api/v1/bookfile?authorId=${author.id}`).expect(200)).body as {
      id: number;
      path: string;
    }[];
    for (const planned of preview) {
      expect(after.find((f) => f.id === planned.bookFileId)?.path).toBe(planned.newPath);
      expect(existsSync(planned.newPath)).toBe(true);
      expect(existsSync(planned.existingPath)).toBe(false);
    }
    expect(existsSync(join(author.path, 'messy'))).toBe(false);
    expect((await t.api.get(`/api/v1/rename?authorId=${author.id}`).expect(200)).body).toEqual([]);
    const history = (await t.api.get(`/api/v1/history/author?authorId=${author.id}`).expect(200)).body;
    expect(history.map((h: { eventType: string }) => h.eventType)).toEqual(['bookFileRenamed', 'bookFileRenamed']);
  });

  it('RenameAuthor renames every file of the authors', async () => {
    const { author, files } = await library('Italo Calvino', ['Invisible Cities']);
    const [planned] = (await t.api.get(`/api/v1/rename?authorId=${author.id}`).expect(200)).body;
    const command = await runCommand(t, 'RenameAuthor', { authorIds: [author.id] });
    expect(command.message).toBe('Renamed 1 files');
    const [file] = (await t.api.get(`/api/v1/bookfile?bookFileIds=${files[0].file.id}`).expect(200)).body;
    expect(file.path).toBe(planned.newPath);
  });

  it('rename preview needs an author id', async () => {
    await t.api.get('/api/v1/rename').expect(400);
    await t.api.get('/api/v1/rename?authorId=abc').expect(400);
  });

  it('naming examples: saved config without id, form values with id, absent when invalid', async () => {
    await t.api
      .put('/api/v1/config/naming')
      .send({
        standardBookFormat: '{Book Title}/{Author Name} - {Book Title}{ (PartNumber)}',
        authorFolderFormat: '{Author NameThe}',
      })
      .expect(200);
    const saved = (await t.api.get('/api/v1/config/naming/examples').expect(200)).body;
    expect(saved).toEqual({
      singleBookExample: 'The Edition Title/The Author Name - The Edition Title.mp3',
      multiPartBookExample: 'The Edition Title/The Author Name - The Edition Title (1).mp3',
      authorFolderExample: 'Author Name, The',
    });
    const form = (
      await t.api
        .get('/api/v1/config/naming/examples')
        .query({ id: 1, standardBookFormat: '{Author Name}', authorFolderFormat: 'x' })
        .expect(200)
    ).body;
    expect(form.singleBookExample).toBeUndefined();
    expect(form.authorFolderExample).toBeUndefined();
    const valid = (
      await t.api
        .get('/api/v1/config/naming/examples')
        .query({ id: 1, standardBookFormat: '{author.name}.{book.title}{.PartNumber:00}' })
        .expect(200)
    ).body;
    expect(valid.singleBookExample).toBe('the.author.name.the.edition.title.mp3');
    expect(valid.multiPartBookExample).toBe('the.author.name.the.edition.title.01.mp3');
    // the config route itself still answers by id
    await t.api.get('/api/v1/config/naming/1').expect(200);
  });

  it('naming examples for an ebook (kind=ebook): an EPUB file, its quality in the name', async () => {
    const query = { id: 1, standardBookFormat: '{Author Name} - {Book Title} [{Quality Title}]{ (PartNumber)}' };
    const ebook = (
      await t.api
        .get('/api/v1/config/naming/examples')
        .query({ ...query, kind: 'ebook' })
        .expect(200)
    ).body;
    expect(ebook.singleBookExample).toBe('The Author Name - The Edition Title [EPUB].epub');
    const audiobook = (await t.api.get('/api/v1/config/naming/examples').query(query).expect(200)).body;
    expect(audiobook.singleBookExample).toBe('The Author Name - The Edition Title [MP3].mp3');
    await t.api.get('/api/v1/config/naming/examples').query({ kind: 'video' }).expect(400);
  });
});
