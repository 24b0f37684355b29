import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-cmds';
const SAB_KEY = 'sab-key-cmds';

/** Three releases per book (mobi, flac, azw3): the profile allows mobi/epub/azw3, so azw3 is the best allowed. */
const releasesFor = (author: string, book: string, tag: string) => [
  { title: `${author} - ${book} (mobi)`, guid: `${tag}-mobi`, size: 1_000_000 },
  { title: `${author} - ${book} [FLAC]`, guid: `${tag}-flac`, size: 9_000_000 },
  { title: `${author} - ${book} (azw3)`, guid: `${tag}-azw3`, size: 1_200_000 },
];

interface HistoryRow {
  eventType: string;
  bookId: number;
  authorId: number;
  sourceTitle: string;
  downloadId: string;
  data: Record<string, string>;
}

/**
 * The automatic search commands and RssSync against a fake Newznab and a fake SABnzbd: each grabs the best
 * approved release for exactly the books it is meant for, files it under the client's category, records `grabbed`.
 */
describe('AuthorSearch, MissingBookSearch, CutoffUnmetBookSearch and RssSync (fake Newznab + fake SABnzbd)', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let db: DataSource;
  const books: Record<string, number> = {};
  const authors: Record<string, number> = {};
  let seen = 0;

  /** The SAB jobs added since the last call. */
  const newJobs = () => {
    const jobs = sab.queue.slice(seen);
    seen = sab.queue.length;
    return jobs;
  };
  const grabbedHistory = async (): Promise<HistoryRow[]> =>
    (await t.api.get('/api/v1/history?eventType=1&pageSize=100&sortKey=date&sortDirection=ascending').expect(200)).body
      .records;

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        ...releasesFor('Cal Mono', 'First Light', 'a1'),
        ...releasesFor('Cal Mono', 'Quiet Shelf', 'a2'),
        ...releasesFor('Cal Mono', 'Kept Copy', 'a3'),
        ...releasesFor('Cal Mono', 'Low Copy', 'a4'),
        ...releasesFor('Dee Other', 'Far Coast', 'b1'),
        ...releasesFor('Eli Third', 'River Mouth', 'c1'),
        ...releasesFor('Eli Third', 'Dry Bed', 'c2'),
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();
    db = t.app.get(DataSource);

    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY, priority: 25 });
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });

    // eBook profile with upgrades up to AZW3: a MOBI file is below the cutoff, an AZW3 file meets it.
    const profileId = await ebookProfileId(db);
    const profile = (await t.api.get(`/api/v1/qualityprofile/${profileId}`).expect(200)).body;
    await t.api
      .put(`/api/v1/qualityprofile/${profileId}`)
      .send({ ...profile, cutoff: 4, upgradeAllowed: true })
      .expect(200);

    const cal = await createAuthor(db, { name: 'Cal Mono', qualityProfileId: profileId });
    const dee = await createAuthor(db, { name: 'Dee Other', qualityProfileId: profileId });
    const eli = await createAuthor(db, { name: 'Eli Third', qualityProfileId: profileId });
    Object.assign(authors, { cal: cal.id, dee: dee.id, eli: eli.id });
    const a1 = await createBook(db, cal, { title: 'First Light' });
    const a2 = await createBook(db, cal, { title: 'Quiet Shelf', monitored: false });
    const a3 = await createBook(db, cal, { title: 'Kept Copy' });
    const a4 = await createBook(db, cal, { title: 'Low Copy' });
    await createBookFile(db, a3.editionId, { qualityId: 4, path: '/books/Cal Mono/Kept Copy.azw3' });
    await createBookFile(db, a4.editionId, { qualityId: 2, path: '/books/Cal Mono/Low Copy.mobi' });
    const b1 = await createBook(db, dee, { title: 'Far Coast' });
    const c1 = await createBook(db, eli, { title: 'River Mouth' });
    const c2 = await createBook(db, eli, { title: 'Dry Bed', monitored: false });
    Object.assign(books, { a1: a1.id, a2: a2.id, a3: a3.id, a4: a4.id, b1: b1.id, c1: c1.id, c2: c2.id });
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  it('AuthorSearch {authorId} grabs the best allowed release for each monitored book of that author only', async () => {
    const command = await runCommand(t, 'AuthorSearch', { authorId: authors.eli });
    expect(command).toMatchObject({ status: 'completed', result: 'successful' });
    expect(command.message).toMatch(/Searched 1 book\(s\).*1 grabbed/);

    const jobs = newJobs();
    expect(jobs.map((job) => job.name)).toEqual(['Eli Third - River Mouth (azw3)']);
    expect(jobs[0]).toMatchObject({ category: 'books' });
    expect(jobs[0].nzb).toContain('c1-azw3');

    const history = await grabbedHistory();
    expect(history).toEqual([
      expect.objectContaining({
        eventType: 'grabbed',
        bookId: books.c1,
        authorId: authors.eli,
        sourceTitle: 'Eli Third - River Mouth (azw3)',
        downloadId: jobs[0].nzo_id,
        data: expect.objectContaining({ guid: 'c1-azw3', releaseSource: 'search', downloadClientName: 'Fake SAB' }),
      }),
    ]);

    await runCommand(t, 'AuthorSearch', {}).then((failed) => expect(failed.status).toBe('failed'));
  });

  it('MissingBookSearch {authorId} skips unmonitored books, books with files and other authors', async () => {
    const command = await runCommand(t, 'MissingBookSearch', { authorId: authors.cal });
    expect(command).toMatchObject({ status: 'completed', result: 'successful' });
    expect(command.message).toMatch(/Searched 1 book\(s\).*1 grabbed/);

    const jobs = newJobs();
    expect(jobs.map((job) => [job.name, job.category])).toEqual([['Cal Mono - First Light (azw3)', 'books']]);
    const history = await grabbedHistory();
    expect(history.at(-1)).toMatchObject({ eventType: 'grabbed', bookId: books.a1, downloadId: jobs[0].nzo_id });
    expect(history).toHaveLength(2);
  });

  it('MissingBookSearch without authorId searches every author’s missing books (queued ones grab nothing new)', async () => {
    const command = await runCommand(t, 'MissingBookSearch');
    expect(command.status).toBe('completed');
    // First Light (queued), Far Coast, River Mouth (queued): only Far Coast is new.
    expect(command.message).toMatch(/Searched 3 book\(s\).*1 grabbed/);
    expect(newJobs().map((job) => job.name)).toEqual(['Dee Other - Far Coast (azw3)']);
    expect((await grabbedHistory()).at(-1)).toMatchObject({ bookId: books.b1, authorId: authors.dee });
  });

  it('CutoffUnmetBookSearch grabs an upgrade only for the book whose file is below the cutoff', async () => {
    const scoped = await runCommand(t, 'CutoffUnmetBookSearch', { authorId: authors.dee });
    expect(scoped.message).toMatch(/Searched 0 book\(s\).*0 grabbed/);
    expect(newJobs()).toEqual([]);

    const command = await runCommand(t, 'CutoffUnmetBookSearch');
    expect(command).toMatchObject({ status: 'completed', result: 'successful' });
    expect(command.message).toMatch(/Searched 1 book\(s\).*1 grabbed/);
    const jobs = newJobs();
    expect(jobs.map((job) => [job.name, job.category])).toEqual([['Cal Mono - Low Copy (azw3)', 'books']]);
    expect((await grabbedHistory()).at(-1)).toMatchObject({
      eventType: 'grabbed',
      bookId: books.a4,
      downloadId: jobs[0].nzo_id,
      data: expect.objectContaining({ guid: 'a4-azw3' }),
    });

    const queue = (await t.api.get('/api/v1/queue?pageSize=50').expect(200)).body;
    expect(queue.records.map((item: { bookId: number }) => item.bookId).sort()).toEqual(
      [books.a1, books.a4, books.b1, books.c1].sort(),
    );
  });

  it('RssSync grabs RSS releases of wanted books and ignores the rest', async () => {
    // A new wanted book and a release for it; the feed also lists an unmonitored book, a book whose file meets
    // the cutoff, queued books and an unknown author.
    const profileId = await ebookProfileId(db);
    const fay = await createAuthor(db, { name: 'Fay Fresh', qualityProfileId: profileId });
    const fresh = await createBook(db, fay, { title: 'New Pages' });
    newznab.releases.push(
      { title: 'Fay Fresh - New Pages (mobi)', guid: 'f1-mobi', size: 1_000_000 },
      { title: 'Fay Fresh - New Pages (epub)', guid: 'f1-epub', size: 1_100_000 },
      { title: 'Nobody Known - Lost Book (epub)', guid: 'x-epub', size: 1_000_000 },
    );
    const before = newznab.requests.length;

    const command = await runCommand(t, 'RssSync');
    expect(command).toMatchObject({ status: 'completed', result: 'successful' });
    expect(command.message).toMatch(/Reports found: 24, Reports grabbed: 1/);
    // The feed was read without a query (t=search, no q/author/title).
    const feedCalls = newznab.requests
      .slice(before)
      .filter((request) => request.url.searchParams.get('t') === 'search');
    expect(feedCalls.length).toBeGreaterThan(0);
    expect(feedCalls.every((request) => !request.url.searchParams.get('q'))).toBe(true);

    const jobs = newJobs();
    expect(jobs.map((job) => [job.name, job.category])).toEqual([['Fay Fresh - New Pages (epub)', 'books']]);
    expect((await grabbedHistory()).at(-1)).toMatchObject({
      eventType: 'grabbed',
      bookId: fresh.id,
      authorId: fay.id,
      data: expect.objectContaining({ guid: 'f1-epub', releaseSource: 'rss' }),
    });

    // A second sync finds the same feed and grabs nothing: everything wanted is queued now.
    const again = await runCommand(t, 'RssSync');
    expect(again.message).toMatch(/Reports grabbed: 0/);
    expect(newJobs()).toEqual([]);
  });
});
