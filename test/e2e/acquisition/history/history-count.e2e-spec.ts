import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/** history totalRecords comes from a trigger-kept counter: it must stay exact through every kind of write. */
describe('history paging: exact totalRecords', () => {
  let t: TestApp;
  let db: DataSource;
  let authorIds: number[];

  const insert = async (authorId: number, bookId: number, eventType: number, rows: number) =>
    db.query(
      `INSERT INTO history (book_id, author_id, source_title, quality, event_type)
       SELECT $1, $2, 'Title ' || g, '{}'::jsonb, $3 FROM generate_series(1, $4) g`,
      [bookId, authorId, eventType, rows],
    );
  const total = async (query = '') =>
    (await t.api.get(`/api/v1/history?pageSize=2${query}`).expect(200)).body.totalRecords as number;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    const alice = await createAuthor(db, { name: 'Alice Archer' });
    const bob = await createAuthor(db, { name: 'Bob Baker' });
    const aliceBook = await createBook(db, alice, { title: 'Alice Book' });
    const bobBook = await createBook(db, bob, { title: 'Bob Book' });
    authorIds = [alice.id, bob.id];
    await insert(alice.id, aliceBook.id, 1, 5);
    await insert(alice.id, aliceBook.id, 3, 2);
    await insert(bob.id, bobBook.id, 1, 4);
    await insert(bob.id, bobBook.id, 4, 3);
  });
  afterAll(() => t.close());

  it('counts everything and per event type after inserts', async () => {
    expect(await total()).toBe(14);
    expect(await total('&eventType=1')).toBe(9);
    expect(await total('&eventType=1&eventType=4')).toBe(12);
    expect(await total('&eventType=7')).toBe(0);
  });

  it('follows updates of the event type and deletes', async () => {
    await db.query(`UPDATE history SET event_type = 7 WHERE event_type = 3`);
    expect(await total('&eventType=3')).toBe(0);
    expect(await total('&eventType=7')).toBe(2);
    await db.query(`DELETE FROM history WHERE id IN (SELECT id FROM history WHERE event_type = 1 LIMIT 2)`);
    expect(await total()).toBe(12);
    expect(await total('&eventType=1')).toBe(7);
  });

  it('follows cascaded deletes (an author removed) and a truncate', async () => {
    await db.query(`DELETE FROM author WHERE id = $1`, [authorIds[1]]);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM history`);
    expect(await total()).toBe(count);
    expect(await total('&eventType=4')).toBe(0);
    await db.query(`TRUNCATE history`);
    expect(await total()).toBe(0);
    await insert(authorIds[0], (await db.query(`SELECT min(id) AS id FROM book`))[0].id, 1, 1);
    expect(await total()).toBe(1);
  });

  it('a filtered page (bookId) still counts its rows', async () => {
    const [{ id }] = await db.query(`SELECT min(id) AS id FROM book`);
    expect(await total(`&bookId=${id}`)).toBe(1);
    expect(await total(`&bookId=${id + 1000}`)).toBe(0);
  });

  it('resolves each record’s custom formats and its author’s cutoff', async () => {
    const [author] = authorIds;
    const bookId = (await db.query(`SELECT min(id) AS id FROM book WHERE author_id = $1`, [author]))[0].id as number;
    const schema = (await t.api.get('/api/v1/customformat/schema').expect(200)).body;
    const spec = { ...schema[0], name: 'epub', fields: [{ name: 'value', value: 'epub' }] };
    const format = (
      await t.api
        .post('/api/v1/customformat')
        .send({ name: 'Epub', specifications: [spec] })
        .expect(200)
    ).body as { id: number };
    const profileId = (await db.query(`SELECT quality_profile_id AS id FROM author WHERE id = $1`, [author]))[0].id;
    const profile = (await t.api.get(`/api/v1/qualityprofile/${profileId}`).expect(200)).body as {
      cutoff: number;
      items: { quality?: { id: number }; items: { quality: { id: number } }[] }[];
    };
    const lowest = profile.items[0].quality?.id ?? profile.items[0].items[0].quality.id;
    expect(lowest).not.toBe(profile.cutoff);
    await db.query(`TRUNCATE history`);
    for (const [qualityId, formats] of [
      [lowest, [format.id]],
      [profile.cutoff, []],
    ] as const) {
      await db.query(
        `INSERT INTO history (book_id, author_id, source_title, quality, event_type, custom_format_ids)
         VALUES ($1, $2, $3, $4::jsonb, 1, $5::int[])`,
        [bookId, author, `q${qualityId}`, JSON.stringify({ quality: { id: qualityId } }), formats],
      );
    }
    const records = (await t.api.get('/api/v1/history?sortKey=date&sortDirection=ascending').expect(200)).body
      .records as { qualityCutoffNotMet: boolean; customFormats: { id: number; name: string }[] }[];
    expect(records.map((record) => record.qualityCutoffNotMet)).toEqual([true, false]);
    expect(records.map((record) => record.customFormats.map((custom) => custom.name))).toEqual([['Epub'], []]);
  });

  it('filters by book and download id, sorts by joined columns, and counts past the last page', async () => {
    const [author] = authorIds;
    const bookId = (await db.query(`SELECT min(id) AS id FROM book WHERE author_id = $1`, [author]))[0].id as number;
    await db.query(`TRUNCATE history`);
    await insert(author, bookId, 1, 3);
    await db.query(`UPDATE history SET download_id = 'dl-1' WHERE id = (SELECT min(id) FROM history)`);
    const page = async (query: string) => (await t.api.get(`/api/v1/history?${query}`).expect(200)).body;
    expect((await page(`bookId=${bookId}`)).totalRecords).toBe(3);
    expect((await page(`bookId=${bookId + 999}`)).totalRecords).toBe(0);
    expect((await page('downloadId=dl-1')).records.map((r: { downloadId: string }) => r.downloadId)).toEqual(['dl-1']);
    expect((await page('downloadId=dl-1')).totalRecords).toBe(1);
    expect((await page('pageSize=2&page=5')).totalRecords).toBe(3);
    expect((await page('pageSize=2&page=5')).records).toEqual([]);
    for (const sortKey of ['authorMetadata.sortName', 'books.title', 'date']) {
      expect((await page(`sortKey=${sortKey}&sortDirection=ascending`)).records).toHaveLength(3);
    }
  });
});
