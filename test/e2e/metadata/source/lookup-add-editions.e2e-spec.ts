import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeBookInfo } from '../../../fakes/book-info.fake';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { newBookWithAuthor } from '../../../utils/book-add';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { MetadataFixture, startMetadataFixture } from '../../../utils/metadata-fixture';
import { sql } from '../../../utils/test-database';

/** The editions stored for a book, monitored first. */
const storedEditions = (foreignBookId: string) =>
  sql<{ foreign_edition_id: string; monitored: boolean }>(
    `SELECT e.foreign_edition_id, e.monitored FROM edition e JOIN book b ON b.id = e.book_id
      WHERE b.foreign_book_id = $1 ORDER BY e.monitored DESC, e.foreign_edition_id`,
    [foreignBookId],
  );

const storedBook = (foreignBookId: string) =>
  sql<{ title: string; author_name: string; path: string }>(
    `SELECT b.title, m.name AS author_name, a.path FROM book b
       JOIN author a ON a.id = b.author_id JOIN author_metadata m ON m.id = a.author_metadata_id
      WHERE b.foreign_book_id = $1`,
    [foreignBookId],
  );

/** A work Open Library lists without any edition (a record merged away from all its editions, say). */
function addWorkWithoutEditions(fake: FakeOpenLibrary): void {
  fake.addWork(
    'OL26320A',
    {
      key: '/works/OL15000099W',
      title: 'The Notion Club Papers',
      authors: [{ type: { key: '/type/author_role' }, author: { key: '/authors/OL26320A' } }],
      covers: [],
      subjects: ['Fantasy fiction'],
      first_publish_date: '1992',
    },
    [],
  );
}

describe('adding one book from Open Library, whatever editions the source sends', () => {
  let f: MetadataFixture;

  beforeAll(async () => {
    f = await startMetadataFixture('quire-lookup-editions-');
    addWorkWithoutEditions(f.fake);
  });
  afterAll(async () => {
    await f.t.close();
    await f.fake.close();
  });

  const lookup = async (term: string) =>
    (await f.t.api.get(`/api/v1/book/lookup?term=${encodeURIComponent(term)}`).expect(200)).body as any[];
  const add = (book: Record<string, any>) =>
    f.t.api
      .post('/api/v1/book')
      .send(newBookWithAuthor(book, { metadataProfileId: f.metadataProfileId, rootFolderPath: f.root }));

  it('a work without cover_edition_key comes with its editions, the one in its language monitored, and adds as posted', async () => {
    const [book] = (await lookup("Where's My Cow")).filter((found) => found.foreignBookId === 'OL16000006W');
    expect(book.editions.map((edition: any) => [edition.foreignEditionId, edition.monitored])).toEqual([
      ['OL16000061M', false],
      ['OL16000062M', false],
      ['OL16000063M', true],
    ]);
    expect(book).toMatchObject({ foreignEditionId: 'OL16000063M', author: { authorName: 'Terry Pratchett' } });

    const search = (await f.t.api.get('/api/v1/search?term=where%27s%20my%20cow').expect(200)).body as any[];
    const entry = search.find((found) => found.foreignId === 'OL16000006W');
    expect(entry.book.editions.filter((edition: any) => edition.monitored)).toEqual([
      expect.objectContaining({ foreignEditionId: 'OL16000063M' }),
    ]);

    const created = (await add(book).expect(200)).body;
    expect(created).toMatchObject({ foreignBookId: 'OL16000006W', title: "Where's My Cow?" });
    expect(await storedBook('OL16000006W')).toEqual([
      { title: "Where's My Cow?", author_name: 'Terry Pratchett', path: join(f.root, 'Terry Pratchett') },
    ]);
    expect(await storedEditions('OL16000006W')).toEqual([
      { foreign_edition_id: 'OL16000063M', monitored: true },
      { foreign_edition_id: 'OL16000061M', monitored: false },
      { foreign_edition_id: 'OL16000062M', monitored: false },
    ]);

    // Readarr refuses the same book twice with a validation failure on its id.
    const again = await add(book).expect(400);
    expect(again.body).toEqual([
      expect.objectContaining({ propertyName: 'ForeignBookId', errorMessage: 'This book has already been added' }),
    ]);
    expect(await storedEditions('OL16000006W')).toHaveLength(3);
  });

  it('a work without any edition comes with one made from the work, and adds as posted', async () => {
    const [book] = await lookup('work:OL15000099W');
    expect(book).toMatchObject({
      title: 'The Notion Club Papers',
      foreignEditionId: 'OL15000099W-1',
      author: { authorName: 'J.R.R. Tolkien' },
    });
    expect(book.editions).toEqual([
      expect.objectContaining({ foreignEditionId: 'OL15000099W-1', title: 'The Notion Club Papers', monitored: true }),
    ]);
    const [found] = (await f.t.api.get('/api/v1/search?term=notion%20club%20papers').expect(200)).body.filter(
      (entry: any) => entry.foreignId === 'OL15000099W',
    );
    expect(found.book.editions).toHaveLength(1);

    await add(book).expect(200);
    expect(await storedBook('OL15000099W')).toEqual([
      { title: 'The Notion Club Papers', author_name: 'J.R.R. Tolkien', path: join(f.root, 'J.R.R. Tolkien') },
    ]);
    expect(await storedEditions('OL15000099W')).toEqual([{ foreign_edition_id: 'OL15000099W-1', monitored: true }]);
    await add(book).expect(400);
  });
});

describe('adding one book from a BookInfo server: a work with several editions', () => {
  let t: TestApp;
  let root: string;
  let metadataProfileId: number;
  let bookInfo: FakeBookInfo;

  beforeAll(async () => {
    bookInfo = await FakeBookInfo.start();
    // The environment's source URL would win over the setting: leave it empty, as a BookInfo user does.
    t = await createTestApp({ METADATA_SOURCE_URL: '', COVER_SOURCE_URL: '' });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    await t.api.put('/api/v1/config/development').send({ metadataSource: bookInfo.url }).expect(200);
    root = mkdtempSync(join(tmpdir(), 'quire-lookup-editions-bi-'));
    metadataProfileId = (await t.api.get('/api/v1/metadataprofile').expect(200)).body[0].id;
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: metadataProfileId })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await bookInfo.stop();
  });

  it('answers the edition the search matched, monitored, and adds the book with the edition the user picked', async () => {
    const found = (await t.api.get('/api/v1/book/lookup?term=hobbit').expect(200)).body as any[];
    const hobbit = found.find((candidate) => candidate.title === 'The Hobbit');
    expect(hobbit.editions.map((edition: any) => [edition.foreignEditionId, edition.monitored])).toEqual([
      ['5907', true],
    ]);

    // The French edition of the two, found by its ISBN, is the one posted back.
    const [book] = (await t.api.get('/api/v1/book/lookup?term=isbn:9782253049418').expect(200)).body as any[];
    expect(book).toMatchObject({ foreignBookId: '1540236', foreignEditionId: '1234567' });
    expect(book.editions).toEqual([expect.objectContaining({ foreignEditionId: '1234567', monitored: true })]);
    const post = () =>
      t.api.post('/api/v1/book').send(newBookWithAuthor(book, { metadataProfileId, rootFolderPath: root }));
    const created = (await post().expect(200)).body;
    expect(await storedBook('1540236')).toEqual([
      { title: 'The Hobbit', author_name: 'J.R.R. Tolkien', path: join(root, 'J.R.R. Tolkien') },
    ]);
    expect(await storedEditions('1540236')).toContainEqual({ foreign_edition_id: '1234567', monitored: true });
    expect((await storedEditions('1540236')).filter((edition) => edition.monitored)).toHaveLength(1);

    const again = await post().expect(400);
    expect(again.body).toEqual([
      expect.objectContaining({ propertyName: 'ForeignBookId', errorMessage: 'This book has already been added' }),
    ]);
    expect((await t.api.get(`/api/v1/book/${created.id}`).expect(200)).body).toMatchObject({
      foreignBookId: '1540236',
    });
    expect(readdirSync(root).filter((name) => /^\d+$/.test(name))).toEqual([]);
  });
});
