import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('wanted/missing and wanted/cutoff', () => {
  let t: TestApp;
  let db: DataSource;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    const profiles = await t.api.get('/api/v1/qualityprofile').expect(200);
    const ebook = profiles.body.find((p: { name: string }) => p.name === 'eBook');
    // cutoff MOBI, upgrades allowed: PDF is below the cutoff, EPUB above it
    await t.api
      .put(`/api/v1/qualityprofile/${ebook.id}`)
      .send({ ...ebook, upgradeAllowed: true })
      .expect(200);

    const alice = await createAuthor(db, { name: 'Alice Archer', qualityProfileId: ebook.id });
    const bob = await createAuthor(db, { name: 'Bob Baker', qualityProfileId: ebook.id });
    const sleeper = await createAuthor(db, { name: 'Zed Sleeper', monitored: false, qualityProfileId: ebook.id });
    const book = async (key: string, author: typeof alice, overrides: Parameters<typeof createBook>[2] = {}) => {
      const created = await createBook(db, author, { title: `Title ${key}`, ...overrides });
      ids[key] = created.id;
      return created;
    };
    await book('missingOld', alice, { releaseDate: ago(400), lastSearchTime: ago(3) });
    await book('missingNew', bob, { releaseDate: ago(10), lastSearchTime: ago(1) });
    const epub = await book('epub', alice, { releaseDate: ago(100) });
    await createBookFile(db, epub.editionId, { qualityId: 3 });
    const pdf = await book('pdf', bob, { releaseDate: ago(50) });
    await createBookFile(db, pdf.editionId, { qualityId: 1 });
    const both = await book('pdfAndEpub', alice, { releaseDate: ago(60) });
    await createBookFile(db, both.editionId, { qualityId: 1 });
    await createBookFile(db, both.editionId, { qualityId: 3 });
    const audio = await book('pdfAndMp3', alice, { releaseDate: ago(70) });
    await createBookFile(db, audio.editionId, { qualityId: 1 });
    await createBookFile(db, audio.editionId, { qualityId: 10 });
    await book('future', alice, { releaseDate: new Date(Date.now() + 30 * DAY) });
    await book('undated', alice, { releaseDate: null });
    await book('unmonitored', bob, { releaseDate: ago(5), monitored: false });
    await book('sleeping', sleeper, { releaseDate: ago(5) });
  });
  afterAll(() => t.close());

  const recordIds = (body: { records: { id: number }[] }) => body.records.map((record) => record.id);

  it('missing: monitored, released, without a file; default sort Books.Id descending', async () => {
    const response = await t.api.get('/api/v1/wanted/missing').expect(200);
    expect(response.body).toMatchObject({
      page: 1,
      pageSize: 10,
      sortKey: 'Books.Id',
      sortDirection: 'descending',
      totalRecords: 2,
    });
    expect(recordIds(response.body)).toEqual([ids.missingNew, ids.missingOld]);
    expect(response.body.records[0]).not.toHaveProperty('author');
    const unmonitored = await t.api.get('/api/v1/wanted/missing?monitored=false').expect(200);
    expect(recordIds(unmonitored.body).sort()).toEqual([ids.unmonitored, ids.sleeping].sort());
  });

  it('cutoff: a file below the profile cutoff and no same-kind file at or above it', async () => {
    const response = await t.api.get('/api/v1/wanted/cutoff?sortKey=books.title&sortDirection=ascending').expect(200);
    expect(recordIds(response.body)).toEqual([ids.pdf, ids.pdfAndMp3]);
    expect(response.body).toMatchObject({ sortKey: 'books.title', sortDirection: 'ascending', totalRecords: 2 });
  });

  it('pages and sorts by Readarr keys and plain column names', async () => {
    const sorted = async (query: string) =>
      recordIds((await t.api.get(`/api/v1/wanted/missing?${query}`).expect(200)).body);
    expect(await sorted('sortKey=releaseDate&sortDirection=ascending')).toEqual([ids.missingOld, ids.missingNew]);
    expect(await sorted('sortKey=releaseDate&sortDirection=descending')).toEqual([ids.missingNew, ids.missingOld]);
    expect(await sorted('sortKey=authorMetadata.sortName&sortDirection=ascending')).toEqual([
      ids.missingOld,
      ids.missingNew,
    ]);
    expect(await sorted('sortKey=authorMetadata.sortName&sortDirection=2')).toEqual([ids.missingNew, ids.missingOld]);
    expect(await sorted('sortKey=books.lastSearchTime&sortDirection=ascending')).toEqual([
      ids.missingOld,
      ids.missingNew,
    ]);
    expect(await sorted('sortKey=title&sortDirection=descending')).toEqual([ids.missingOld, ids.missingNew]);
    expect(await sorted('sortKey=books.id&sortDirection=ascending')).toEqual([ids.missingOld, ids.missingNew]);

    const first = await t.api
      .get('/api/v1/wanted/missing?page=1&pageSize=1&sortKey=releaseDate&sortDirection=ascending')
      .expect(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 1, totalRecords: 2 });
    expect(recordIds(first.body)).toEqual([ids.missingOld]);
    const second = await t.api
      .get('/api/v1/wanted/missing?page=2&pageSize=1&sortKey=releaseDate&sortDirection=ascending')
      .expect(200);
    expect(recordIds(second.body)).toEqual([ids.missingNew]);
    const beyond = await t.api.get('/api/v1/wanted/missing?page=9&pageSize=1').expect(200);
    expect(beyond.body).toMatchObject({ totalRecords: 2, records: [] });

    const unknown = await t.api.get('/api/v1/wanted/missing?sortKey=nonsense').expect(400);
    expect(unknown.body[0]).toMatchObject({ propertyName: 'SortKey' });
    await t.api.get('/api/v1/wanted/cutoff?sortDirection=asc').expect(400);
    await t.api.get('/api/v1/wanted/missing?page=0').expect(400);
    await t.api.get('/api/v1/wanted/missing?includeAuthor=sure').expect(400);
  });

  it('includeAuthor embeds each book’s author with statistics', async () => {
    const response = await t.api.get('/api/v1/wanted/missing?includeAuthor=true').expect(200);
    for (const record of response.body.records) {
      expect(record.author).toMatchObject({ id: record.authorId, statistics: expect.any(Object) });
    }
    expect(response.body.records.map((r: { author: { authorName: string } }) => r.author.authorName).sort()).toEqual([
      'Alice Archer',
      'Bob Baker',
    ]);
    const cutoff = await t.api.get('/api/v1/wanted/cutoff?includeAuthor=true').expect(200);
    expect(cutoff.body.records[0].author).toBeDefined();
  });

  it('/{id} returns the plain book', async () => {
    await t.api
      .get(`/api/v1/wanted/missing/${ids.missingOld}`)
      .expect(200)
      .expect((r) => expect(r.body.id).toBe(ids.missingOld));
    await t.api
      .get(`/api/v1/wanted/cutoff/${ids.pdf}`)
      .expect(200)
      .expect((r) => expect(r.body.title).toBe('Title pdf'));
    await t.api.get('/api/v1/wanted/missing/999999').expect(404);
    await t.api.get('/api/v1/wanted/cutoff/0').expect(400);
  });
});
