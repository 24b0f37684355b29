import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createBookFile } from '../../../factories';
import { drainCommands, runCommand, waitForQueuedCommand } from '../../../utils/commands';
import { MetadataFixture, startMetadataFixture } from '../../../utils/metadata-fixture';
import { sql } from '../../../utils/test-database';

const PRATCHETT = 'OL16000000A';

interface SeriesJson {
  id: number;
  title: string;
  monitored: boolean;
  links: { id: number; position?: string; seriesPosition: number; seriesId: number; bookId: number }[];
}

interface BookJson {
  id: number;
  title: string;
  foreignBookId: string;
  monitored: boolean;
  seriesTitle?: string;
}

/**
 * Series as real objects and languages per edition, against the fake Open Library's Discworld author: series
 * statements on editions ("Discworld ; 1", "(Discworld ; 3)") and on a work ("Discworld, #2"), a fractional
 * position (2.5), a secondary series, French/German translations, and an English-only profile written as a name.
 */
describe('series from the metadata source, series monitoring, series naming tokens, languages per edition', () => {
  let f: MetadataFixture;
  let authorId: number;

  const books = async () => (await f.t.api.get(`/api/v1/book?authorId=${authorId}`).expect(200)).body as BookJson[];
  const bookId = async (title: string) => (await books()).find((book) => book.title === title)!.id;
  const series = async () =>
    (await f.t.api.get(`/api/v1/series?authorId=${authorId}`).expect(200)).body as SeriesJson[];
  const refresh = async () =>
    expect(await runCommand(f.t, 'RefreshAuthor', { authorId })).toMatchObject({ status: 'completed' });

  beforeAll(async () => {
    f = await startMetadataFixture('quire-series-');
    const profile = await f.t.api
      .post('/api/v1/metadataprofile')
      .send({ name: 'English only', minPopularity: 0, allowedLanguages: 'English' })
      .expect(200);
    const created = await f.t.api
      .post('/api/v1/author')
      .send({
        foreignAuthorId: PRATCHETT,
        authorName: 'Terry Pratchett',
        qualityProfileId: 1,
        metadataProfileId: profile.body.id,
        rootFolderPath: f.root,
        monitored: true,
        monitorNewItems: 'none',
        addOptions: { monitor: 'none', searchForMissingBooks: false },
      })
      .expect(200);
    authorId = created.body.id;
    // The add queues the refresh after answering: wait for that command, not for an empty queue.
    const refreshed = await waitForQueuedCommand(f.t, 'RefreshAuthor', (body) => body.authorId === authorId);
    expect(refreshed.status).toBe('completed');
    await drainCommands(f.t);
  });
  afterAll(async () => {
    await f.t.close();
    await f.fake.close();
  });

  it('an English-only profile drops the work with only French and German editions and keeps English editions only', async () => {
    expect((await books()).map((book) => book.title).sort()).toEqual([
      'Equal Rites',
      'The Carpet People',
      'The Colour of Magic',
      'The Light Fantastic',
      "Where's My Cow?",
    ]);
    // Strata (French and German editions only) is not a book; Where's My Cow? is one book, not three.
    const editions = await sql<{ title: string; language: string }>(
      `SELECT e.title, e.language FROM edition e JOIN book b ON b.id = e.book_id
       WHERE b.foreign_book_id IN ('OL16000005W', 'OL16000006W', 'OL16000001W') ORDER BY e.foreign_edition_id`,
    );
    expect(editions).toEqual([
      { title: 'The Colour of Magic', language: 'eng' },
      { title: "Where's My Cow?", language: 'eng' },
    ]);
  });

  it('GET /series?authorId answers Readarr SeriesResource shapes, links in position order (1 < 2 < 2.5 < 3)', async () => {
    const [discworld, witches, ...others] = await series();
    expect(others).toEqual([]);
    expect(Object.keys(discworld).sort()).toEqual(['id', 'links', 'monitored', 'title']);
    expect(discworld).toMatchObject({ title: 'Discworld', monitored: false });
    expect(
      discworld.links.map((link) => [
        link.position,
        link.seriesPosition,
        link.bookId,
        link.seriesId,
        Object.keys(link),
      ]),
    ).toEqual([
      [
        '1',
        1,
        await bookId('The Colour of Magic'),
        discworld.id,
        ['id', 'position', 'seriesPosition', 'seriesId', 'bookId'],
      ],
      ['2', 2, await bookId('The Light Fantastic'), discworld.id, expect.any(Array)],
      ['2.5', 2, await bookId("Where's My Cow?"), discworld.id, expect.any(Array)],
      ['3', 3, await bookId('Equal Rites'), discworld.id, expect.any(Array)],
    ]);
    expect(witches).toMatchObject({ title: 'Discworld - Witches', links: [{ position: '1' }] });
    // The French edition's "Les Annales du Disque-monde" was not kept, so that series is not linked.
    const rows = await sql<Record<string, unknown>>(
      `SELECT s.title, s.numbered, s.work_count, s.primary_work_count, s.foreign_series_id FROM series s ORDER BY s.title`,
    );
    expect(rows).toEqual([
      { title: 'Discworld', numbered: true, work_count: 4, primary_work_count: 4, foreign_series_id: 'OLS:discworld' },
      {
        title: 'Discworld - Witches',
        numbered: true,
        work_count: 1,
        primary_work_count: 0,
        foreign_series_id: 'OLS:discworld-witches',
      },
    ]);
    const [fractional] = await sql<{ series_position: number }>(
      `SELECT series_position FROM series_book_link WHERE position = '2.5'`,
    );
    expect(fractional.series_position).toBe(2.5);
    const equalRites = (await books()).find((book) => book.title === 'Equal Rites')!;
    expect(equalRites.seriesTitle).toContain('Discworld #3');
  });

  it('a second refresh without changes writes no series row; links the source drops are removed', async () => {
    // xmin changes with any UPDATE, even one writing equal values.
    const snapshot = async () => [
      await sql(`SELECT xmin::text AS xmin, * FROM series ORDER BY id`),
      await sql(`SELECT xmin::text AS xmin, * FROM series_book_link ORDER BY id`),
    ];
    const before = await snapshot();
    await refresh();
    expect(await snapshot()).toEqual(before);

    f.fake.patch('/works/OL16000003W/editions.json', (record) => {
      for (const edition of record.entries) edition.series = ['Discworld ; 3'];
    });
    await refresh();
    expect((await series()).map((entry) => entry.title)).toEqual(['Discworld']);
    expect(await sql(`SELECT count(*)::int AS n FROM series_book_link`)).toEqual([{ n: 4 }]);
  });

  it('PUT /series/{id} validates, monitors the series books (not the others), and books joining it later', async () => {
    const [discworld] = await series();
    const invalid = await f.t.api.put(`/api/v1/series/${discworld.id}`).send({ monitored: 'yes' }).expect(400);
    expect(invalid.body).toEqual([expect.objectContaining({ propertyName: 'Monitored' })]);
    await f.t.api.put(`/api/v1/series/${discworld.id}`).send({}).expect(400);
    await f.t.api.put('/api/v1/series/999999').send({ monitored: true }).expect(404);
    expect((await books()).every((book) => !book.monitored)).toBe(true);

    const updated = await f.t.api.put(`/api/v1/series/${discworld.id}`).send({ monitored: true }).expect(200);
    expect(updated.body).toMatchObject({ id: discworld.id, title: 'Discworld', monitored: true });
    expect((await series())[0].monitored).toBe(true);
    const monitored = (await books()).filter((book) => book.monitored).map((book) => book.title);
    expect(monitored.sort()).toEqual(['Equal Rites', 'The Colour of Magic', 'The Light Fantastic', "Where's My Cow?"]);

    // Two works appear at the source: one in Discworld, one standalone (the author monitors no new books).
    const edition = (id: string, title: string, seriesStatement?: string) => ({
      key: `/books/${id}`,
      title,
      languages: [{ key: '/languages/eng' }],
      isbn_13: [`978000016${id.slice(-4, -1)}0`],
      number_of_pages: 250,
      ...(seriesStatement ? { series: [seriesStatement] } : {}),
    });
    f.fake.addWork(PRATCHETT, { key: '/works/OL16000007W', title: 'Mort', first_publish_date: '1987' }, [
      edition('OL16000071M', 'Mort', 'Discworld ; 4'),
    ]);
    f.fake.addWork(PRATCHETT, { key: '/works/OL16000008W', title: 'Nation', first_publish_date: '2008' }, [
      edition('OL16000081M', 'Nation'),
    ]);
    await refresh();
    const after = await books();
    expect(after.find((book) => book.title === 'Mort')).toMatchObject({ monitored: true });
    expect(after.find((book) => book.title === 'Nation')).toMatchObject({ monitored: false });
    expect(after.find((book) => book.title === 'The Carpet People')).toMatchObject({ monitored: false });
    const one = await f.t.api.get(`/api/v1/series/${discworld.id}`).expect(200);
    expect(one.body.links.map((link: { position: string }) => link.position)).toEqual(['1', '2', '2.5', '3', '4']);

    // Unmonitoring the series leaves the books as they are.
    await f.t.api.put(`/api/v1/series/${discworld.id}`).send({ id: discworld.id, monitored: false }).expect(200);
    expect((await books()).filter((book) => book.monitored)).toHaveLength(5);
  });

  it('{Series Title} and {Series Position} name files from the primary series link', async () => {
    await f.t.api
      .put('/api/v1/config/naming')
      .send({
        renameBooks: true,
        standardBookFormat: '{Series Title}/{Series Position:00 - }{Book Title}{ (PartNumber)}',
      })
      .expect(200);
    const db = f.t.app.get(DataSource);
    const author = (await f.t.api.get(`/api/v1/author/${authorId}`).expect(200)).body as { path: string };
    mkdirSync(author.path, { recursive: true });
    const expected: Record<string, string> = {
      "Where's My Cow?": join('Discworld', "02.5 - Where's My Cow!.epub"),
      'Equal Rites': join('Discworld', '03 - Equal Rites.epub'),
      'The Carpet People': 'The Carpet People.epub',
    };
    for (const title of Object.keys(expected)) {
      const [edition] = await sql<{ id: number }>(
        `SELECT e.id FROM edition e JOIN book b ON b.id = e.book_id WHERE b.title = $1 AND e.monitored`,
        [title],
      );
      const path = join(author.path, `${title.replace(/\W/g, '')}.epub`);
      writeFileSync(path, title);
      await createBookFile(db, edition.id, { path, qualityId: 3, size: 10 });
    }
    const preview = (await f.t.api.get(`/api/v1/rename?authorId=${authorId}`).expect(200)).body as {
      bookId: number;
      newPath: string;
    }[];
    const byTitle = new Map((await books()).map((book) => [book.id, book.title]));
    expect(Object.fromEntries(preview.map((entry) => [byTitle.get(entry.bookId), entry.newPath]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([title, path]) => [title, join(author.path, path)])),
    );
  });
});
