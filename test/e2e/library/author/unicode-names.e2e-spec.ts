import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { drainCommands, runCommand, waitForQueuedCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

const AUTHOR_ID = 'OL9100001A';
const WORK_ID = 'OL9100001W';
const EDITION_ID = 'OL9100001M';
const AUTHOR = 'Лев Толстой';
const TITLE = 'Анна Каренина';
const CLEAN_NAME = 'левтолстои';

const work = {
  title: TITLE,
  key: `/works/${WORK_ID}`,
  authors: [{ type: { key: '/type/author_role' }, author: { key: `/authors/${AUTHOR_ID}` } }],
  type: { key: '/type/work' },
  covers: [],
  subjects: ['Fiction'],
  first_publish_date: '1878',
};
const edition = {
  works: [{ key: `/works/${WORK_ID}` }],
  title: TITLE,
  key: `/books/${EDITION_ID}`,
  type: { key: '/type/edition' },
  publishers: ['Эксмо'],
  publish_date: '2010',
  number_of_pages: 864,
  physical_format: 'Paperback',
  languages: [{ key: '/languages/rus' }],
  isbn_13: ['9785699120147'],
};

/** A Russian author in the fake Open Library, as its API serves one (records in the real formats). */
function addTolstoy(fake: FakeOpenLibrary): void {
  fake.patch('/search/authors.json', (search) =>
    search.docs.push({
      key: AUTHOR_ID,
      name: AUTHOR,
      alternate_names: ['Leo Tolstoy', 'Lev Nikolayevich Tolstoy'],
      birth_date: '9 September 1828',
      death_date: '20 November 1910',
      top_work: TITLE,
      type: 'author',
      work_count: 1,
    }),
  );
  fake.patch('/search.json', (search) =>
    search.docs.push({
      key: `/works/${WORK_ID}`,
      type: 'work',
      title: TITLE,
      author_key: [AUTHOR_ID],
      author_name: [AUTHOR],
      edition_count: 1,
      ratings_count: 900,
      readinglog_count: 5000,
      first_publish_year: 1878,
      language: ['rus'],
      isbn: ['9785699120147'],
      edition_key: [EDITION_ID],
    }),
  );
  fake.add(`/authors/${AUTHOR_ID}.json`, {
    name: AUTHOR,
    personal_name: AUTHOR,
    key: `/authors/${AUTHOR_ID}`,
    type: { key: '/type/author' },
    birth_date: '9 September 1828',
    death_date: '20 November 1910',
    bio: 'Русский писатель.',
  });
  const worksLinks = { self: `/authors/${AUTHOR_ID}/works.json`, author: `/authors/${AUTHOR_ID}` };
  fake.add(`/authors/${AUTHOR_ID}/works.json`, { links: worksLinks, size: 1, entries: [work] });
  fake.add(`/works/${WORK_ID}.json`, work);
  const editionsLinks = { self: `/works/${WORK_ID}/editions.json`, work: `/works/${WORK_ID}` };
  fake.add(`/works/${WORK_ID}/editions.json`, { links: editionsLinks, size: 1, entries: [edition] });
  fake.add(`/books/${EDITION_ID}.json`, edition);
}

describe('a Cyrillic author keeps one cleanName through lookup, add, refresh, matching and import', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let authorId: number;

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    addTolstoy(fake);
    t = await createTestApp({
      METADATA_SOURCE_URL: fake.url,
      COVER_SOURCE_URL: fake.coversUrl,
      COMMAND_POLL_INTERVAL_MS: '50',
    });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    root = mkdtempSync(join(tmpdir(), 'quire-unicode-'));
    const schema = (await t.api.get('/api/v1/metadataprofile/schema').expect(200)).body;
    const everything = await t.api
      .post('/api/v1/metadataprofile')
      .send({ ...schema, name: 'Every language', minPopularity: 0, allowedLanguages: null })
      .expect(200);
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: everything.body.id })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('author/lookup reports the Unicode cleanName', async () => {
    const found = (await t.api.get(`/api/v1/author/lookup?term=${encodeURIComponent('Толстой')}`).expect(200)).body;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ foreignAuthorId: AUTHOR_ID, authorName: AUTHOR, cleanName: CLEAN_NAME });
  });

  it('POST /author stores the same cleanName, and the refresh from Open Library keeps it', async () => {
    const [lookedUp] = (await t.api.get(`/api/v1/author/lookup?term=${encodeURIComponent(AUTHOR)}`).expect(200)).body;
    const profileId = (await t.api.get('/api/v1/rootfolder').expect(200)).body[0].defaultMetadataProfileId;
    const created = await t.api
      .post('/api/v1/author')
      .send({
        ...lookedUp,
        qualityProfileId: 1,
        metadataProfileId: profileId,
        rootFolderPath: root,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      })
      .expect(200);
    authorId = created.body.id;
    expect(created.body.cleanName).toBe(CLEAN_NAME);
    // The add queues the refresh after answering: wait for that command, not for an empty queue.
    const refreshed = await waitForQueuedCommand(t, 'RefreshAuthor', (body) => body.authorId === authorId);
    expect(refreshed.status).toBe('completed');
    await drainCommands(t);

    const author = (await t.api.get(`/api/v1/author/${authorId}`).expect(200)).body;
    expect(author).toMatchObject({ authorName: AUTHOR, cleanName: CLEAN_NAME });
    const [row] = await sql<{ clean_name: string }>('SELECT clean_name FROM author WHERE id = $1', [authorId]);
    expect(row.clean_name).toBe(CLEAN_NAME);
    const books = (await t.api.get(`/api/v1/book?authorId=${authorId}`).expect(200)).body;
    expect(books).toEqual([expect.objectContaining({ title: TITLE, foreignBookId: WORK_ID })]);
  });

  it('a release title in another spelling matches the author by cleanName', async () => {
    const title = 'ЛЕВ ТОЛСТОИ - Анна Каренина (2010) [EPUB]';
    const parsed = (await t.api.get(`/api/v1/parse?title=${encodeURIComponent(title)}`).expect(200)).body;
    expect(parsed.author).toMatchObject({ id: authorId, cleanName: CLEAN_NAME });
    expect(parsed.books).toEqual([expect.objectContaining({ title: TITLE })]);
  });

  it('import: manual import proposes the author and book for a file tagged in Cyrillic, and imports it', async () => {
    const incoming = mkdtempSync(join(tmpdir(), 'quire-unicode-in-'));
    await makeEpub(join(incoming, 'tolstoy.epub'), { title: TITLE, author: AUTHOR });
    const [item] = (await t.api.get('/api/v1/manualimport').query({ folder: incoming }).expect(200)).body;
    expect(item).toMatchObject({
      author: { id: authorId, cleanName: CLEAN_NAME },
      book: { title: TITLE },
      rejections: [],
    });

    const command = await runCommand(t, 'DownloadedBooksScan', { path: incoming, importMode: 'move' });
    expect(command.message).toBe('Imported 1 of 1 files');
    expect(existsSync(join(incoming, 'tolstoy.epub'))).toBe(false);
    const [file] = (await t.api.get(`/api/v1/bookfile?authorId=${authorId}`).expect(200)).body;
    expect(file.path).toContain(join(root, AUTHOR));
    expect((await t.api.get(`/api/v1/author/${authorId}`).expect(200)).body.cleanName).toBe(CLEAN_NAME);
  });
});
