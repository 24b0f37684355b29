import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { drainCommands, waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('author endpoints', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;
  let otherRoot: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-authors-'));
    otherRoot = mkdtempSync(join(tmpdir(), 'quire-authors-other-'));
    for (const [name, path] of [
      ['Books', root],
      ['Other', otherRoot],
    ]) {
      await t.api
        .post('/api/v1/rootfolder')
        .send({ name, path, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
        .expect(200);
    }
  });
  afterAll(() => t.close());

  const newAuthor = (overrides: Record<string, unknown> = {}) => ({
    authorName: 'Ursula K. Le Guin',
    foreignAuthorId: `ol-${Math.random().toString(36).slice(2)}`,
    qualityProfileId: 1,
    metadataProfileId: 1,
    rootFolderPath: root,
    monitored: true,
    monitorNewItems: 'all',
    tags: [],
    addOptions: { monitor: 'all', searchForMissingBooks: false },
    ...overrides,
  });

  describe('POST /author', () => {
    it('creates an author from the posted resource, with its path under the root folder', async () => {
      const body = newAuthor({ authorName: 'Octavia E. Butler', status: 'ended', overview: 'Kindred.' });
      const created = await t.api.post('/api/v1/author').send(body).expect(200);
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        authorName: 'Octavia E. Butler',
        authorNameLastFirst: 'Butler, Octavia E.',
        sortName: 'octavia e. butler',
        sortNameLastFirst: 'butler, octavia e.',
        cleanName: 'octaviaebutler',
        foreignAuthorId: body.foreignAuthorId,
        titleSlug: body.foreignAuthorId,
        path: join(root, 'Octavia E. Butler'),
        rootFolderPath: root,
        status: 'ended',
        ended: true,
        overview: 'Kindred.',
        monitored: true,
        monitorNewItems: 'all',
        qualityProfileId: 1,
        metadataProfileId: 1,
        statistics: {
          bookFileCount: 0,
          bookCount: 0,
          availableBookCount: 0,
          totalBookCount: 0,
          sizeOnDisk: 0,
          percentOfBooks: 0,
        },
      });
      expect(created.body.added).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const read = await t.api.get(`/api/v1/author/${created.body.id}`).expect(200);
      expect(read.body).toEqual(created.body);
    });

    it('rejects an author that is already in the library', async () => {
      const body = newAuthor({ authorName: 'Twice Added' });
      await t.api.post('/api/v1/author').send(body).expect(200);
      const again = await t.api
        .post('/api/v1/author')
        .send({ ...body, path: join(root, 'elsewhere') })
        .expect(400);
      expect(again.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            propertyName: 'ForeignAuthorId',
            errorMessage: 'This author has already been added',
          }),
        ]),
      );
    });

    it('answers missing required fields with Readarr’s failure array', async () => {
      const response = await t.api.post('/api/v1/author').send({ qualityProfileId: 0 }).expect(400);
      const names = response.body.map((failure: { propertyName: string }) => failure.propertyName);
      expect(names).toEqual(
        expect.arrayContaining(['ForeignAuthorId', 'AuthorName', 'Path', 'QualityProfileId', 'MetadataProfileId']),
      );
      const quality = response.body.find((f: { propertyName: string }) => f.propertyName === 'QualityProfileId');
      expect(quality).toMatchObject({ errorCode: 'GreaterThanValidator', severity: 'error' });
    });

    it('rejects unknown profiles, relative paths and wrong types', async () => {
      const unknown = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ qualityProfileId: 999, metadataProfileId: 998 }))
        .expect(400);
      expect(unknown.body.map((f: { errorMessage: string }) => f.errorMessage)).toEqual(
        expect.arrayContaining(['Quality Profile does not exist', 'Metadata Profile does not exist']),
      );
      const relative = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ path: 'relative/dir' }))
        .expect(400);
      expect(relative.body[0].propertyName).toBe('Path');
      const types = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ qualityProfileId: 'one', monitored: 'yes', tags: 'x' }))
        .expect(400);
      expect(types.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(
        expect.arrayContaining(['QualityProfileId', 'Monitored', 'Tags']),
      );
      const tag = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ tags: [4242] }))
        .expect(400);
      expect(JSON.stringify(tag.body)).toMatch(/4242|Tag/i);
    });
  });

  describe('GET /author', () => {
    it('404 for an unknown id and 400 for an invalid one', async () => {
      const missing = await t.api.get('/api/v1/author/987654').expect(404);
      expect(missing.body.message).toMatch(/987654/);
      await t.api.get('/api/v1/author/0').expect(400);
      await t.api.get('/api/v1/author/abc').expect(400);
    });

    it('lists every author with statistics from one aggregate, nextBook and lastBook', async () => {
      const author = await createAuthor(db, {
        name: 'Stat Author',
        rootFolderPath: root,
        path: join(root, 'Stat Author'),
      });
      const day = 24 * 3600 * 1000;
      const released = await createBook(db, author, {
        title: 'Released With File',
        releaseDate: new Date(Date.now() - 30 * day),
      });
      await createBookFile(db, released.editionId, { size: 1000 });
      await createBookFile(db, released.editionId, { size: 500, qualityId: 10 });
      await createBook(db, author, { title: 'Released Missing', releaseDate: new Date(Date.now() - 10 * day) });
      await createBook(db, author, { title: 'Unmonitored Old', monitored: false, releaseDate: new Date('2001-01-01') });
      await createBook(db, author, { title: 'Future Book', releaseDate: new Date(Date.now() + 40 * day) });
      await createBook(db, author, { title: 'Undated', releaseDate: null });

      const list = await t.api.get('/api/v1/author').expect(200);
      const found = list.body.find((entry: { id: number }) => entry.id === author.id);
      expect(found.statistics).toEqual({
        bookFileCount: 2,
        // released+file, released missing, undated (the unmonitored old and the future book do not count)
        bookCount: 3,
        availableBookCount: 1,
        totalBookCount: 5,
        sizeOnDisk: 1500,
        percentOfBooks: (1 / 3) * 100,
      });
      expect(found.nextBook).toMatchObject({
        title: 'Future Book',
        monitored: true,
        authorMetadataId: author.authorMetadataId,
      });
      expect(found.lastBook).toMatchObject({ title: 'Released Missing' });
      expect(found.rootFolderPath).toBe(root);
      // every author in the list carries statistics, even without books
      for (const entry of list.body) expect(entry.statistics).toBeDefined();
    });

    it('titleSlug (Quire extension) answers just that author, shaped like the list; an unknown slug an empty list', async () => {
      const author = await createAuthor(db, { name: 'Slugged Author', foreignAuthorId: 'OL-SLUGGED-A' });
      const list = await t.api.get('/api/v1/author').expect(200);
      const one = await t.api.get('/api/v1/author').query({ titleSlug: 'OL-SLUGGED-A' }).expect(200);
      expect(one.body).toEqual([list.body.find((entry: { id: number }) => entry.id === author.id)]);
      await t.api.get('/api/v1/author').query({ titleSlug: 'nobody-has-this' }).expect(200, []);
      await t.anonymous().get('/api/v1/author').query({ titleSlug: 'OL-SLUGGED-A' }).expect(401);
    });

    it('rewrites images to local MediaCover urls and keeps the remote one', async () => {
      const author = await createAuthor(db, {
        name: 'Pictured Author',
        images: [{ url: 'https://covers.example/p.jpg', coverType: 'poster' }],
      });
      const read = await t.api.get(`/api/v1/author/${author.id}`).expect(200);
      expect(read.body.images).toEqual([
        {
          url: `/MediaCover/${author.id}/poster.jpg`,
          coverType: 'poster',
          extension: '.jpg',
          remoteUrl: 'https://covers.example/p.jpg',
        },
      ]);
      expect(read.body.remotePoster).toBe('https://covers.example/p.jpg');
    });
  });

  describe('PUT /author', () => {
    it('updates monitoring, profiles and tags, with the id in the route or only in the body', async () => {
      const tag = await t.api.post('/api/v1/tag').send({ label: 'favourite' }).expect(200);
      const created = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ authorName: 'Edited Author' }))
        .expect(200);
      const updated = await t.api
        .put(`/api/v1/author/${created.body.id}`)
        .send({ ...created.body, monitored: false, monitorNewItems: 'none', tags: [tag.body.id], qualityProfileId: 2 })
        .expect(200);
      expect(updated.body).toMatchObject({
        monitored: false,
        monitorNewItems: 'none',
        tags: [tag.body.id],
        qualityProfileId: 2,
      });
      const bodyOnly = await t.api
        .put('/api/v1/author')
        .send({ ...updated.body, monitored: true })
        .expect(200);
      expect(bodyOnly.body.monitored).toBe(true);
      await t.api
        .put('/api/v1/author/424242')
        .send({ ...updated.body, id: 424242 })
        .expect(404);
      const invalid = await t.api
        .put(`/api/v1/author/${created.body.id}`)
        .send({ ...created.body, qualityProfileId: 777 })
        .expect(400);
      expect(invalid.body[0]).toMatchObject({ propertyName: 'QualityProfileId' });
      await t.api.put(`/api/v1/author/${created.body.id}`).send({ monitorNewItems: 'sometimes' }).expect(400);
    });

    it('moveFiles=true really moves the author folder and the stored file paths', async () => {
      const created = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ authorName: 'Moving Author' }))
        .expect(200);
      // The add queues the new author's refresh and scan; the user's move comes after them, as it does in the UI
      // (a scan still running would forget the file row of a file it no longer finds at the old path).
      await drainCommands(t);
      const oldPath: string = created.body.path;
      mkdirSync(oldPath, { recursive: true });
      const filePath = join(oldPath, 'book.epub');
      writeFileSync(filePath, 'epub bytes');
      const book = await createBook(db, { id: created.body.id, authorMetadataId: created.body.authorMetadataId });
      const file = await createBookFile(db, book.editionId, { path: filePath });

      const newPath = join(otherRoot, 'Moved Author');
      const moved = await t.api
        .put(`/api/v1/author/${created.body.id}?moveFiles=true`)
        .send({ ...created.body, path: newPath })
        .expect(200);
      expect(moved.body.path).toBe(newPath);
      expect(moved.body.rootFolderPath).toBe(otherRoot);
      expect(existsSync(oldPath)).toBe(false);
      expect(readFileSync(join(newPath, 'book.epub'), 'utf8')).toBe('epub bytes');
      const [row] = await sql<{ path: string }>('SELECT path FROM book_file WHERE id = $1', [file.id]);
      expect(row.path).toBe(join(newPath, 'book.epub'));

      // without moveFiles only the stored path changes
      const again = await t.api
        .put(`/api/v1/author/${created.body.id}`)
        .send({ ...moved.body, path: join(root, 'Not Moved') })
        .expect(200);
      expect(again.body.path).toBe(join(root, 'Not Moved'));
      expect(existsSync(newPath)).toBe(true);
    });
  });

  it('the MoveAuthor command moves the folder too', async () => {
    const created = await t.api
      .post('/api/v1/author')
      .send(newAuthor({ authorName: 'Commanded Author' }))
      .expect(200);
    mkdirSync(created.body.path, { recursive: true });
    writeFileSync(join(created.body.path, 'c.epub'), 'c');
    const destination = join(otherRoot, 'Commanded Author');
    const queued = await t.api
      .post('/api/v1/command')
      .send({
        name: 'MoveAuthor',
        authorId: created.body.id,
        sourcePath: created.body.path,
        destinationPath: destination,
      })
      .expect(200);
    const done = await waitForCommand(t, queued.body.id);
    expect(done.status).toBe('completed');
    expect(existsSync(join(destination, 'c.epub'))).toBe(true);
    expect(existsSync(created.body.path)).toBe(false);
    expect((await t.api.get(`/api/v1/author/${created.body.id}`).expect(200)).body.path).toBe(destination);
  });

  describe('DELETE /author', () => {
    it('deletes the author, its books and file rows; deleteFiles removes the folder; exclusion added', async () => {
      const created = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ authorName: 'Deleted Author' }))
        .expect(200);
      mkdirSync(created.body.path, { recursive: true });
      writeFileSync(join(created.body.path, 'x.epub'), 'x');
      const book = await createBook(db, { id: created.body.id, authorMetadataId: created.body.authorMetadataId });
      await createBookFile(db, book.editionId, { path: join(created.body.path, 'x.epub') });

      await t.api.delete(`/api/v1/author/${created.body.id}?deleteFiles=true&addImportListExclusion=true`).expect(200);
      await t.api.get(`/api/v1/author/${created.body.id}`).expect(404);
      expect(existsSync(created.body.path)).toBe(false);
      const [counts] = await sql<{ books: number; files: number; meta: number }>(
        `SELECT (SELECT count(*)::int FROM book WHERE id = $1) AS books,
                (SELECT count(*)::int FROM book_file WHERE path = $2) AS files,
                (SELECT count(*)::int FROM author_metadata WHERE id = $3) AS meta`,
        [book.id, join(created.body.path, 'x.epub'), created.body.authorMetadataId],
      );
      expect(counts).toEqual({ books: 0, files: 0, meta: 0 });
      const exclusions = await t.api.get('/api/v1/importlistexclusion').expect(200);
      expect(exclusions.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ foreignId: created.body.foreignAuthorId, authorName: 'Deleted Author' }),
        ]),
      );
      await t.api.delete(`/api/v1/author/${created.body.id}`).expect(404);
    });

    it('keeps the folder without deleteFiles', async () => {
      const created = await t.api
        .post('/api/v1/author')
        .send(newAuthor({ authorName: 'Kept Folder' }))
        .expect(200);
      mkdirSync(created.body.path, { recursive: true });
      await t.api.delete(`/api/v1/author/${created.body.id}`).expect(200);
      expect(existsSync(created.body.path)).toBe(true);
    });
  });

  it('a quality or metadata profile in use by an author cannot be deleted (clear 4xx, not a FK 500)', async () => {
    const created = await t.api
      .post('/api/v1/author')
      .send(newAuthor({ authorName: 'Profile User', qualityProfileId: 2, metadataProfileId: 2 }))
      .expect(200);
    const quality = await t.api.delete('/api/v1/qualityprofile/2');
    expect([400, 409]).toContain(quality.status);
    expect(JSON.stringify(quality.body)).toMatch(/author/i);
    const metadata = await t.api.delete('/api/v1/metadataprofile/2');
    expect([400, 409]).toContain(metadata.status);
    await t.api.delete(`/api/v1/author/${created.body.id}`).expect(200);
  });

  describe('author/editor', () => {
    it('bulk-updates monitoring, profiles, tags (add/remove/replace) and moves to a new root folder', async () => {
      const tagA = (await t.api.post('/api/v1/tag').send({ label: 'tag-a' }).expect(200)).body.id;
      const tagB = (await t.api.post('/api/v1/tag').send({ label: 'tag-b' }).expect(200)).body.id;
      const one = (
        await t.api
          .post('/api/v1/author')
          .send(newAuthor({ authorName: 'Editor One', tags: [tagA] }))
          .expect(200)
      ).body;
      const two = (
        await t.api
          .post('/api/v1/author')
          .send(newAuthor({ authorName: 'Editor Two' }))
          .expect(200)
      ).body;
      mkdirSync(one.path, { recursive: true });
      writeFileSync(join(one.path, 'a.txt'), 'a');

      const added = await t.api
        .put('/api/v1/author/editor')
        .send({ authorIds: [one.id, two.id], monitored: false, qualityProfileId: 2, tags: [tagB], applyTags: 'add' })
        .expect(200);
      expect(added.body).toHaveLength(2);
      const byId = (list: { id: number }[], id: number) =>
        list.find((entry) => entry.id === id) as Record<string, unknown>;
      expect(byId(added.body, one.id)).toMatchObject({ monitored: false, qualityProfileId: 2, tags: [tagA, tagB] });
      expect(byId(added.body, two.id)).toMatchObject({ monitored: false, tags: [tagB] });

      const removed = await t.api
        .put('/api/v1/author/editor')
        .send({ authorIds: [one.id], tags: [tagA], applyTags: 'remove' })
        .expect(200);
      expect(removed.body[0].tags).toEqual([tagB]);
      const replaced = await t.api
        .put('/api/v1/author/editor')
        .send({ authorIds: [one.id, two.id], tags: [tagA], applyTags: 'replace' })
        .expect(200);
      expect(replaced.body.map((entry: { tags: number[] }) => entry.tags)).toEqual([[tagA], [tagA]]);

      const moved = await t.api
        .put('/api/v1/author/editor')
        .send({ authorIds: [one.id], rootFolderPath: otherRoot, moveFiles: true })
        .expect(200);
      expect(moved.body[0]).toMatchObject({ path: join(otherRoot, 'Editor One'), rootFolderPath: otherRoot });
      expect(existsSync(join(otherRoot, 'Editor One', 'a.txt'))).toBe(true);
      expect(existsSync(one.path)).toBe(false);

      await t.api
        .put('/api/v1/author/editor')
        .send({ authorIds: [one.id], metadataProfileId: 555 })
        .expect(400);
      await t.api.put('/api/v1/author/editor').send({ authorIds: 'all' }).expect(400);

      await t.api
        .delete('/api/v1/author/editor')
        .send({ authorIds: [one.id, two.id] })
        .expect(200, {});
      await t.api.get(`/api/v1/author/${one.id}`).expect(404);
      await t.api.get(`/api/v1/author/${two.id}`).expect(404);
    });
  });
});
