import { mkdirSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import NodeID3 from 'node-id3';
import { DataSource } from 'typeorm';
import { AuthorRefreshedEvent } from '../../../../src/library/author/author.events';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { createAuthor, createBook, createSeries } from '../../../factories';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { makeEpub, makeMp3 } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { waitFor } from '../../../utils/wait-for';

/** What Quire writes besides the book file itself when it imports one: metadata files, audio tags, the group. */
describe('import writes metadata files, audio tags and the group', () => {
  let t: TestApp;
  let db: DataSource;
  let covers: FakeHttpServer;
  let root: string;
  let incoming: string;
  let author: Awaited<ReturnType<typeof createAuthor>>;
  let consumerId: number;
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 7, 7, 7, 0xff, 0xd9]);
  let counter = 0;

  beforeAll(async () => {
    covers = await new FakeHttpServer((request, response) =>
      request.url.pathname === '/b/id/7-L.jpg' ? send(response, 200, jpeg, 'image/jpeg') : send(response, 404, ''),
    ).start();
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-writers-root-'));
    incoming = mkdtempSync(join(tmpdir(), 'quire-writers-in-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    await t.api.put('/api/v1/config/naming').send({ renameBooks: true }).expect(200);
    author = await createAuthor(db, {
      name: 'Ursula K. Le Guin',
      rootFolderPath: root,
      path: join(root, 'Ursula K. Le Guin'),
    });
    await db.query(`UPDATE author_metadata SET name_last_first = 'Le Guin, Ursula K.' WHERE id = $1`, [
      author.authorMetadataId,
    ]);
    const schema = (await t.api.get('/api/v1/metadata/schema').expect(200)).body[0];
    consumerId = (
      await t.api
        .post('/api/v1/metadata')
        .send({ ...schema, name: 'Calibre', enable: false })
        .expect(200)
    ).body.id;
  });
  afterAll(async () => {
    await t.close();
    await covers.stop();
  });

  const consumer = async (change: {
    enable?: boolean;
    tags?: number[];
    bookMetadata?: boolean;
    bookImages?: boolean;
  }) => {
    const current = (await t.api.get(`/api/v1/metadata/${consumerId}`).expect(200)).body;
    const fields = current.fields.map((field: { name: string; value: unknown }) =>
      field.name in change ? { ...field, value: change[field.name as keyof typeof change] } : field,
    );
    await t.api
      .put(`/api/v1/metadata/${consumerId}`)
      .send({ ...current, fields, enable: change.enable ?? current.enable, tags: change.tags ?? current.tags })
      .expect(200);
  };

  /** A new book of `owner` whose EPUB is imported through ManualImport; answers the imported file's path and id. */
  const importEpub = async (owner = author, title = `Book ${++counter}`) => {
    const book = await createBook(db, owner, {
      title,
      genres: ['Science fiction'],
      edition: {
        title,
        isbn13: `978044147${String(1000 + counter)}`,
        overview: 'Genly Ai & the planet <Gethen>',
        releaseDate: new Date('1969-03-01T00:00:00Z'),
        images: [{ url: `${covers.url}/b/id/7-L.jpg`, coverType: 'Cover' }],
      },
    });
    const source = join(incoming, `${title}.epub`);
    await makeEpub(source, { title, author: owner === author ? 'Ursula K. Le Guin' : 'Someone' });
    const command = await runCommand(t, 'ManualImport', {
      importMode: 'copy',
      files: [{ path: source, authorId: owner.id, bookId: book.id }],
    });
    expect(command.message).toBe('Imported 1 of 1 files');
    const [file] = await db.query<{ id: number; path: string }[]>(
      `SELECT f.id, f.path FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = $1`,
      [book.id],
    );
    return { book, ...file, folder: join(file.path, '..') };
  };

  it('a disabled metadata consumer writes nothing; an enabled one writes metadata.opf and cover.jpg beside the book', async () => {
    const before = await importEpub();
    expect(existsSync(join(before.folder, 'metadata.opf'))).toBe(false);
    expect(existsSync(join(before.folder, 'cover.jpg'))).toBe(false);

    await consumer({ enable: true, bookMetadata: true, bookImages: true });
    const title = 'The Left Hand of Darkness';
    const imported = await importEpub(author, title);
    await createSeries(db, 'Hainish Cycle', [{ bookId: imported.book.id, position: '4', seriesPosition: 4 }]);
    const opf = readFileSync(join(imported.folder, 'metadata.opf'), 'utf8');
    expect(opf).toContain(`<dc:title>${title}</dc:title>`);
    expect(opf).toContain('<dc:creator opf:file-as="Le Guin, Ursula K." opf:role="aut">Ursula K. Le Guin</dc:creator>');
    expect(opf).toContain('Genly Ai &amp; the planet &lt;Gethen&gt;');
    expect(opf).toMatch(/<dc:identifier opf:scheme="ISBN">978044147\d{4}<\/dc:identifier>/);
    expect(opf).toContain('<dc:date>1969-03-01T00:00:00+00:00</dc:date>');
    expect(opf).toContain('<dc:subject>Science fiction</dc:subject>');
    expect(readFileSync(join(imported.folder, 'cover.jpg')).equals(jpeg)).toBe(true);
    // the atomic write leaves no temporary file behind
    expect(readdirSync(imported.folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const rows = await db.query<{ type: string; path: string }[]>(
      `SELECT type, path FROM metadata_file WHERE book_file_id = $1 ORDER BY type`,
      [imported.id],
    );
    expect(rows).toEqual([
      { type: 'bookImage', path: join(imported.folder, 'cover.jpg') },
      { type: 'bookMetadata', path: join(imported.folder, 'metadata.opf') },
    ]);
  });

  it('after a refresh changed an author’s books, metadata.opf is written anew with the new catalogue facts', async () => {
    await consumer({ enable: true, bookMetadata: true, bookImages: false });
    const imported = await importEpub(author, 'Before The Refresh');
    expect(readFileSync(join(imported.folder, 'metadata.opf'), 'utf8')).toContain(
      '<dc:title>Before The Refresh</dc:title>',
    );
    await db.query(`UPDATE edition SET title = 'After The Refresh' WHERE book_id = $1`, [imported.book.id]);
    await t.app
      .get(DomainEvents)
      .emitAsync(AuthorRefreshedEvent.NAME, new AuthorRefreshedEvent(author.id, [], [imported.book.id]));
    expect(readFileSync(join(imported.folder, 'metadata.opf'), 'utf8')).toContain(
      '<dc:title>After The Refresh</dc:title>',
    );
    await consumer({ enable: false });
  });

  it('bookMetadata and bookImages choose which of metadata.opf and cover.jpg are written', async () => {
    await consumer({ enable: true, bookMetadata: false, bookImages: true });
    const imagesOnly = await importEpub();
    expect(existsSync(join(imagesOnly.folder, 'metadata.opf'))).toBe(false);
    expect(existsSync(join(imagesOnly.folder, 'cover.jpg'))).toBe(true);

    await consumer({ enable: true, bookMetadata: true, bookImages: false });
    const metadataOnly = await importEpub();
    expect(existsSync(join(metadataOnly.folder, 'metadata.opf'))).toBe(true);
    expect(existsSync(join(metadataOnly.folder, 'cover.jpg'))).toBe(false);
  });

  it('a consumer with tags writes only for authors sharing one of them', async () => {
    const tag = (await t.api.post('/api/v1/tag').send({ label: 'calibre' }).expect(200)).body.id as number;
    await consumer({ enable: true, bookMetadata: true, bookImages: true, tags: [tag] });
    const untagged = await importEpub();
    expect(existsSync(join(untagged.folder, 'metadata.opf'))).toBe(false);

    const tagged = await createAuthor(db, {
      name: 'Tagged Writer',
      rootFolderPath: root,
      path: join(root, 'Tagged Writer'),
      tags: [tag],
    });
    const imported = await importEpub(tagged);
    expect(existsSync(join(imported.folder, 'metadata.opf'))).toBe(true);
    await consumer({ tags: [] });
  });

  it('the metadata files follow a renamed book file and leave with a deleted one', async () => {
    await consumer({ enable: true, bookMetadata: true, bookImages: true, tags: [] });
    const imported = await importEpub();
    expect(existsSync(join(imported.folder, 'metadata.opf'))).toBe(true);

    // the book is renamed in the catalogue: RenameFiles moves its file into a new book folder
    await db.query(`UPDATE book SET title = $2 WHERE id = $1`, [imported.book.id, 'A Wizard of Earthsea']);
    await db.query(`UPDATE edition SET title = $2 WHERE book_id = $1`, [imported.book.id, 'A Wizard of Earthsea']);
    await runCommand(t, 'RenameFiles', { authorId: author.id, files: [imported.id] });
    const [{ path: renamed }] = await db.query<{ path: string }[]>(`SELECT path FROM book_file WHERE id = $1`, [
      imported.id,
    ]);
    const newFolder = join(renamed, '..');
    expect(newFolder).not.toBe(imported.folder);
    await waitFor(
      () => Promise.resolve(existsSync(join(newFolder, 'metadata.opf')) && existsSync(join(newFolder, 'cover.jpg'))),
      'metadata files moved',
    );
    expect(existsSync(join(newFolder, 'cover.jpg'))).toBe(true);
    expect(existsSync(join(imported.folder, 'metadata.opf'))).toBe(false);

    await t.api.delete(`/api/v1/bookfile/${imported.id}`).expect(200);
    // The files go first and their records after them, both in the deletion's listener: wait for both.
    const records = () => db.query(`SELECT id FROM metadata_file WHERE book_file_id = $1`, [imported.id]);
    await waitFor(
      async () =>
        !existsSync(join(newFolder, 'metadata.opf')) &&
        !existsSync(join(newFolder, 'cover.jpg')) &&
        (await records()).length === 0,
      'metadata files and their records removed',
    );
    expect(existsSync(join(newFolder, 'cover.jpg'))).toBe(false);
    expect(await records()).toEqual([]);
    await consumer({ enable: false });
  });

  it('the records of metadata files follow a moved author folder, so deleting the book file still removes them', async () => {
    await consumer({ enable: true, bookMetadata: true, bookImages: false, tags: [] });
    const mover = await createAuthor(db, {
      name: 'Moving Writer',
      rootFolderPath: root,
      path: join(root, 'Moving Writer'),
    });
    const imported = await importEpub(mover);
    const resource = (await t.api.get(`/api/v1/author/${mover.id}`).expect(200)).body;
    const newPath = join(root, 'Moved Writer');
    await t.api
      .put(`/api/v1/author/${mover.id}?moveFiles=true`)
      .send({ ...resource, path: newPath })
      .expect(200);
    const [{ path: bookPath }] = await db.query<{ path: string }[]>(`SELECT path FROM book_file WHERE id = $1`, [
      imported.id,
    ]);
    const expected = join(bookPath, '..', 'metadata.opf');
    expect(expected.startsWith(newPath)).toBe(true);
    expect(existsSync(expected)).toBe(true);
    await waitFor(async () => {
      const rows = await db.query<{ path: string }[]>(`SELECT path FROM metadata_file WHERE book_file_id = $1`, [
        imported.id,
      ]);
      return rows[0]?.path === expected;
    }, 'metadata_file row follows the move');
    await t.api.delete(`/api/v1/bookfile/${imported.id}`).expect(200);
    await waitFor(() => Promise.resolve(!existsSync(expected)), 'metadata.opf removed at its new place');
    await consumer({ enable: false });
  });

  /** A new book of the author whose MP3 (with a comment and stale tags) is imported through ManualImport. */
  const importMp3 = async () => {
    const title = `Audiobook ${++counter}`;
    const book = await createBook(db, author, { title, releaseDate: new Date('1974-05-01T00:00:00Z') });
    const source = join(incoming, `${title}.mp3`);
    makeMp3(source, {
      title,
      artist: 'Le Guin',
      album: 'Stale Album',
      comment: { language: 'eng', text: 'ripped by someone' },
    });
    const command = await runCommand(t, 'ManualImport', {
      importMode: 'copy',
      files: [{ path: source, authorId: author.id, bookId: book.id }],
    });
    expect(command.message).toBe('Imported 1 of 1 files');
    const [file] = await db.query<{ path: string }[]>(
      `SELECT f.path FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = $1`,
      [book.id],
    );
    return { title, path: file.path, tags: (await parseFile(file.path)).common };
  };

  it('writeAudioTags: no leaves an imported MP3 as it was; newFiles writes the catalogue tags into it', async () => {
    await t.api
      .put('/api/v1/config/metadataprovider')
      .send({ writeAudioTags: 'no', scrubAudioTags: false })
      .expect(200);
    const untouched = await importMp3();
    expect(untouched.tags.album).toBe('Stale Album');
    expect(untouched.tags.artist).toBe('Le Guin');

    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'newFiles' }).expect(200);
    const tagged = await importMp3();
    expect(tagged.tags).toMatchObject({
      title: tagged.title,
      album: tagged.title,
      artist: 'Ursula K. Le Guin',
      albumartist: 'Ursula K. Le Guin',
      year: 1974,
    });
    // without scrubbing the tags Quire does not write stay
    expect(tagged.tags.comment).toEqual(['ripped by someone']);
    const history = (await t.api.get('/api/v1/history').query({ eventType: 9, pageSize: 50 }).expect(200)).body;
    expect(JSON.stringify(history)).toContain(tagged.path.replace(/\\/g, '\\\\'));
  });

  /** An MP3 of a new book put into the author's folder by hand and found by RescanFolders; answers its tags. */
  const scanMp3 = async () => {
    const title = `Shelved ${++counter}`;
    await createBook(db, author, { title, releaseDate: new Date('1974-05-01T00:00:00Z') });
    const folder = join(author.path, title);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, `${title}.mp3`);
    makeMp3(path, { title, artist: 'Ursula K. Le Guin', album: title });
    const command = await runCommand(t, 'RescanFolders', { authorIds: [author.id] });
    expect(command.message).toMatch(/1 matched/);
    return { title, tags: (await parseFile(path)).common };
  };

  it('writeAudioTags: allFiles also writes the tags of a file a rescan matches in place; newFiles leaves it', async () => {
    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'newFiles' }).expect(200);
    const left = await scanMp3();
    expect(left.tags.year).toBeUndefined();
    expect(left.tags.albumartist).toBeUndefined();

    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'allFiles' }).expect(200);
    const written = await scanMp3();
    expect(written.tags).toMatchObject({ title: written.title, albumartist: 'Ursula K. Le Guin', year: 1974 });
    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'no' }).expect(200);
  });

  it('writeAudioTags: sync writes the new catalogue tags into a book’s files after a refresh changed the book', async () => {
    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'sync' }).expect(200);
    const imported = await importMp3();
    const [{ bookId }] = await db.query<{ bookId: number }[]>(
      `SELECT e.book_id AS "bookId" FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE f.path = $1`,
      [imported.path],
    );
    // What a refresh writes when the metadata source renamed the book, then announces.
    await db.query(`UPDATE book SET title = 'Renamed Upstream' WHERE id = $1`, [bookId]);
    await db.query(`UPDATE edition SET title = 'Renamed Upstream' WHERE book_id = $1`, [bookId]);
    await t.app
      .get(DomainEvents)
      .emitAsync(AuthorRefreshedEvent.NAME, new AuthorRefreshedEvent(author.id, [], [bookId]));
    expect((await parseFile(imported.path)).common.album).toBe('Renamed Upstream');

    // With allFiles a refresh leaves the tags alone.
    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'allFiles' }).expect(200);
    await db.query(`UPDATE edition SET title = 'Renamed Again' WHERE book_id = $1`, [bookId]);
    await t.app
      .get(DomainEvents)
      .emitAsync(AuthorRefreshedEvent.NAME, new AuthorRefreshedEvent(author.id, [], [bookId]));
    expect((await parseFile(imported.path)).common.album).toBe('Renamed Upstream');
    await t.api.put('/api/v1/config/metadataprovider').send({ writeAudioTags: 'no' }).expect(200);
  });

  it('scrubAudioTags removes every earlier tag before the catalogue tags are written', async () => {
    await t.api
      .put('/api/v1/config/metadataprovider')
      .send({ writeAudioTags: 'allFiles', scrubAudioTags: true })
      .expect(200);
    const scrubbed = await importMp3();
    expect(scrubbed.tags.title).toBe(scrubbed.title);
    expect(scrubbed.tags.artist).toBe('Ursula K. Le Guin');
    expect(scrubbed.tags.comment ?? []).toEqual([]);
    expect(NodeID3.read(scrubbed.path).comment).toBeUndefined();
    await t.api
      .put('/api/v1/config/metadataprovider')
      .send({ writeAudioTags: 'no', scrubAudioTags: false })
      .expect(200);
  });

  it('chownGroup gives the imported file and its folder to the group when permissions are set', async () => {
    const current = (await t.api.get('/api/v1/config/mediamanagement').expect(200)).body;
    await t.api
      .put('/api/v1/config/mediamanagement')
      .send({
        ...current,
        copyUsingHardlinks: false,
        setPermissionsLinux: true,
        chmodFolder: '755',
        chownGroup: 'daemon',
      })
      .expect(200);
    const imported = await importEpub();
    const daemonGid = 1;
    expect(statSync(imported.path).gid).toBe(daemonGid);
    expect(statSync(imported.folder).gid).toBe(daemonGid);

    await t.api
      .put('/api/v1/config/mediamanagement')
      .send({ ...current, copyUsingHardlinks: false, setPermissionsLinux: true, chmodFolder: '755', chownGroup: '' })
      .expect(200);
    const ungrouped = await importEpub();
    expect(statSync(ungrouped.path).gid).toBe(process.getgid!());
    await t.api.put('/api/v1/config/mediamanagement').send(current).expect(200);
  });
});
