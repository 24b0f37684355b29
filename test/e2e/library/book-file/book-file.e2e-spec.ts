import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { makeEpub, makeMp3 } from '../../../fixtures/media/generators';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('bookfile endpoints', () => {
  let t: TestApp;
  let db: DataSource;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    dir = mkdtempSync(join(tmpdir(), 'quire-files-'));
  });
  afterAll(() => t.close());

  const file = async (editionId: number | null, name: string, qualityId = 3) => {
    const path = join(dir, name);
    writeFileSync(path, name);
    return createBookFile(db, editionId, { path, qualityId, size: 100 });
  };

  it('GET /bookfile/{id} carries the file’s own tags as audioTags; lists do not', async () => {
    const author = await createAuthor(db, { name: 'Tag Reader' });
    const { editionId } = await createBook(db, author, { title: 'Tagged' });
    const epub = join(dir, 'tagged.epub');
    await makeEpub(epub, { title: 'The Tagged Book', author: 'Tag Reader', isbn: '9780000000017', language: 'en' });
    const epubRow = await createBookFile(db, editionId, { path: epub, qualityId: 3, size: 100 });
    const mp3 = join(dir, 'tagged.mp3');
    makeMp3(mp3, { title: 'Chapter 1', artist: 'Tag Reader', album: 'The Tagged Book' });
    const mp3Row = await createBookFile(db, editionId, { path: mp3, qualityId: 10, size: 100 });

    const epubFile = (await t.api.get(`/api/v1/bookfile/${epubRow.id}`).expect(200)).body;
    expect(epubFile.audioTags).toMatchObject({
      title: 'The Tagged Book',
      authors: ['Tag Reader'],
      isbn: '9780000000017',
    });
    const mp3File = (await t.api.get(`/api/v1/bookfile/${mp3Row.id}`).expect(200)).body;
    expect(mp3File.audioTags).toMatchObject({
      title: 'Chapter 1',
      authors: ['Tag Reader'],
      bookTitle: 'The Tagged Book',
    });
    const listed = (await t.api.get(`/api/v1/bookfile?bookFileIds=${epubRow.id}`).expect(200)).body;
    expect(listed[0].audioTags).toBeUndefined();
  });

  it('requires a filter', async () => {
    const response = await t.api.get('/api/v1/bookfile').expect(400);
    expect(response.body.message).toBe('BadRequest: authorId, bookId, bookFileIds or unmapped must be provided');
    await t.api.get('/api/v1/bookfile?authorId=x').expect(400);
  });

  it('lists by author, book (repeated), ids and unmapped, with quality and cutoff flags', async () => {
    const profiles = await t.api.get('/api/v1/qualityprofile').expect(200);
    const ebook = profiles.body.find((p: { name: string }) => p.name === 'eBook');
    const author = await createAuthor(db, { qualityProfileId: ebook.id });
    const one = await createBook(db, author);
    const two = await createBook(db, author);
    const pdf = await file(one.editionId, 'one.pdf', 1);
    const epub = await file(one.editionId, 'one.epub', 3);
    const mp3 = await file(two.editionId, 'two.mp3', 10);
    const loose = await file(null, 'loose.epub', 3);

    const byAuthor = await t.api.get(`/api/v1/bookfile?authorId=${author.id}`).expect(200);
    expect(byAuthor.body.map((f: { id: number }) => f.id)).toEqual([pdf.id, epub.id, mp3.id]);
    const pdfResource = byAuthor.body[0];
    expect(pdfResource).toMatchObject({
      id: pdf.id,
      authorId: author.id,
      bookId: one.id,
      path: pdf.path,
      size: 100,
      quality: { quality: { id: 1, name: 'PDF' }, revision: { version: 1, real: 0, isRepack: false } },
      qualityWeight: 5 + 1,
      qualityCutoffNotMet: true,
    });
    expect(byAuthor.body[1]).toMatchObject({
      quality: { quality: { id: 3, name: 'EPUB' } },
      qualityCutoffNotMet: false,
    });
    // an audiobook never fails an ebook profile's cutoff
    expect(byAuthor.body[2]).toMatchObject({
      quality: { quality: { id: 10, name: 'MP3' } },
      qualityCutoffNotMet: false,
    });

    const byBooks = await t.api.get(`/api/v1/bookfile?bookId=${one.id}&bookId=${two.id}`).expect(200);
    expect(byBooks.body).toHaveLength(3);
    const byIds = await t.api.get(`/api/v1/bookfile?bookFileIds=${epub.id},${mp3.id}`).expect(200);
    expect(byIds.body.map((f: { id: number }) => f.id)).toEqual([epub.id, mp3.id]);
    const unmapped = await t.api.get('/api/v1/bookfile?unmapped=true').expect(200);
    expect(unmapped.body).toEqual([expect.objectContaining({ id: loose.id, path: loose.path })]);
    expect(unmapped.body[0]).toMatchObject({ bookId: 0, authorId: 0 });

    const single = await t.api.get(`/api/v1/bookfile/${epub.id}`).expect(200);
    expect(single.body.id).toBe(epub.id);
    await t.api.get('/api/v1/bookfile/99999').expect(404, { message: 'Book file not found' });
  });

  it('PUT changes only the quality; the editor changes many', async () => {
    const author = await createAuthor(db);
    const book = await createBook(db, author);
    const a = await file(book.editionId, 'a.epub', 3);
    const b = await file(book.editionId, 'b.epub', 3);
    const updated = await t.api
      .put(`/api/v1/bookfile/${a.id}`)
      .send({
        id: a.id,
        path: '/ignored',
        quality: { quality: { id: 4, name: 'AZW3' }, revision: { version: 2, real: 0 } },
      })
      .expect(200);
    expect(updated.body).toMatchObject({
      path: a.path,
      quality: { quality: { id: 4, name: 'AZW3' }, revision: { version: 2 } },
    });
    const invalid = await t.api
      .put(`/api/v1/bookfile/${a.id}`)
      .send({ quality: { quality: { id: 77 } } })
      .expect(400);
    expect(invalid.body[0].propertyName).toBe('Quality');
    await t.api
      .put(`/api/v1/bookfile/${a.id}`)
      .send({ quality: { quality: { id: 'x' } } })
      .expect(400);
    await t.api
      .put('/api/v1/bookfile/424242')
      .send({ quality: { quality: { id: 3 } } })
      .expect(404);

    const editor = await t.api
      .put('/api/v1/bookfile/editor')
      .send({ bookFileIds: [a.id, b.id], quality: { quality: { id: 12 }, revision: { version: 1, real: 1 } } })
      .expect(200);
    expect(editor.body.map((f: { quality: { quality: { name: string } } }) => f.quality.quality.name)).toEqual([
      'M4B',
      'M4B',
    ]);
    expect(editor.body[0].qualityWeight).toBe(105 + 10 + 1);
  });

  it('DELETE removes the row and the file on disk, one or in bulk', async () => {
    const author = await createAuthor(db);
    const book = await createBook(db, author);
    const a = await file(book.editionId, 'del-a.epub');
    const b = await file(book.editionId, 'del-b.epub');
    const c = await file(null, 'del-c.epub');
    await t.api.delete(`/api/v1/bookfile/${a.id}`).expect(200);
    expect(existsSync(a.path)).toBe(false);
    await t.api.get(`/api/v1/bookfile/${a.id}`).expect(404);
    await t.api.delete(`/api/v1/bookfile/${a.id}`).expect(404);
    await t.api
      .delete('/api/v1/bookfile/bulk')
      .send({ bookFileIds: [b.id, c.id] })
      .expect(200, {});
    expect(existsSync(b.path)).toBe(false);
    expect(existsSync(c.path)).toBe(false);
    await t.api.get(`/api/v1/bookfile?bookFileIds=${b.id}&bookFileIds=${c.id}`).expect(200, []);
    await t.api.delete('/api/v1/bookfile/bulk').send({ bookFileIds: 'all' }).expect(400);
  });
});
