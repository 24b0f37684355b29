import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile, createSeries } from '../../../factories';
import { query } from '../../../factories/db';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { linkOf, parseOpdsFeed, ParsedFeed } from '../../../utils/opds-check';

const ACQUISITION = 'http://opds-spec.org/acquisition';

/** supertest reads application/atom+xml and binary bodies as Buffers with this. */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('OPDS catalog', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;
  let outside: string;
  const epubBytes = randomBytes(300_000);
  const m4bBytes = randomBytes(50_000);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
  const ids: Record<string, number> = {};

  const get = (path: string) => t.anonymous().get(path).buffer(true).parse(binary);
  const withKey = (path: string) => get(path).set('X-Api-Key', TEST_API_KEY);
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  async function feed(path: string, kind?: 'navigation' | 'acquisition'): Promise<ParsedFeed> {
    const response = await withKey(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/atom\+xml;\s*profile=opds-catalog;\s*kind=/);
    return parseOpdsFeed((response.body as Buffer).toString('utf8'), kind);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    const base = mkdtempSync(join(tmpdir(), 'quire-opds-'));
    root = join(base, 'library');
    outside = join(base, 'outside');
    mkdirSync(join(root, 'Zadie Smith', 'White Teeth'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    const [profiles] = await query<{ quality: number; metadata: number }>(
      db,
      `SELECT (SELECT min(id) FROM quality_profile) AS quality, (SELECT min(id) FROM metadata_profile) AS metadata`,
    );
    await query(
      db,
      `INSERT INTO root_folder (name, path, default_metadata_profile_id, default_quality_profile_id)
       VALUES ('Books', $1, $2, $3)`,
      [root, profiles.metadata, profiles.quality],
    );

    const zadie = await createAuthor(db, { name: 'Zadie Smith', rootFolderPath: root });
    const teeth = await createBook(db, zadie, {
      title: 'White Teeth',
      releaseDate: new Date('2000-01-27T00:00:00Z'),
      edition: {
        title: 'White Teeth',
        isbn13: '978-0-14-027633-5',
        overview: 'Fiction <b>& "friends"</b>',
        images: [{ url: 'https://covers.example/t.jpg', coverType: 'cover' }],
      },
    });
    await query(db, `UPDATE edition SET language = 'en' WHERE id = $1`, [teeth.editionId]);
    const epubPath = join(root, 'Zadie Smith', 'White Teeth', 'White Teeth.epub');
    const m4bPath = join(root, 'Zadie Smith', 'White Teeth', 'White Teeth.m4b');
    writeFileSync(epubPath, epubBytes);
    writeFileSync(m4bPath, m4bBytes);
    ids.epub = (await createBookFile(db, teeth.editionId, { path: epubPath, size: epubBytes.length })).id;
    ids.m4b = (await createBookFile(db, teeth.editionId, { path: m4bPath, size: m4bBytes.length, qualityId: 12 })).id;
    ids.teeth = teeth.id;
    ids.zadie = zadie.id;
    await createBook(db, zadie, { title: 'On Beauty' }); // wanted: no file, never listed
    ids.series = (await createSeries(db, 'London Novels', [{ bookId: teeth.id, position: '1', seriesPosition: 1 }])).id;
    const coverFolder = join(t.dataDir, 'MediaCover', 'Books', String(teeth.id));
    mkdirSync(coverFolder, { recursive: true });
    writeFileSync(join(coverFolder, 'cover.jpg'), jpeg);

    // An author with 120 books: the author feed must page (50, 50, 20).
    const prolific = await createAuthor(db, { name: 'Jean Élan', rootFolderPath: root });
    ids.prolific = prolific.id;
    for (let i = 1; i <= 120; i++) {
      const book = await createBook(db, prolific, { title: `Volume ${String(i).padStart(3, '0')}` });
      const path = join(root, `volume-${i}.epub`);
      writeFileSync(path, 'x');
      await createBookFile(db, book.editionId, { path, size: 1 });
    }

    // Files that must never be served: outside the root, a symlink out of it, a path climbing out with "..".
    const secret = join(outside, 'secret.epub');
    writeFileSync(secret, 'secret');
    symlinkSync(secret, join(root, 'link.epub'));
    const intruder = await createAuthor(db, { name: 'Ivan Intruder', rootFolderPath: root });
    const trap = await createBook(db, intruder, { title: 'Trap' });
    ids.outside = (await createBookFile(db, trap.editionId, { path: secret })).id;
    ids.symlink = (await createBookFile(db, trap.editionId, { path: join(root, 'link.epub') })).id;
    ids.dotdot = (await createBookFile(db, trap.editionId, { path: `${root}/../outside/secret.epub` })).id;
  });
  afterAll(() => t.close());

  it('walks root → authors → letter → author → acquisition link and downloads the exact bytes', async () => {
    const rootFeed = await feed('/opds', 'navigation');
    expect(rootFeed.entries.map((entry) => entry.title)).toEqual(['Authors', 'Series', 'Recently added']);
    expect(linkOf(rootFeed.links, 'search')).toMatchObject({
      href: '/opds/opensearch.xml',
      type: 'application/opensearchdescription+xml',
    });

    const authors = await feed(rootFeed.entries[0].links[0].href, 'navigation');
    expect(authors.entries.map((entry) => entry.title)).toEqual(['E', 'I', 'S']); // Élan under E, Smith under S
    const letterS = await feed(authors.entries.find((entry) => entry.title === 'S')!.links[0].href, 'navigation');
    expect(letterS.entries.map((entry) => entry.title)).toEqual(['Zadie Smith']);

    const zadie = await feed(letterS.entries[0].links[0].href, 'acquisition');
    expect(zadie.entries.map((entry) => entry.title)).toEqual(['White Teeth']); // On Beauty has no file
    const teeth = zadie.entries[0];
    expect(teeth.authors).toEqual(['Zadie Smith']);
    expect(teeth.language).toBe('en');
    expect(teeth.summary).toBe('Fiction <b>& "friends"</b>');
    expect(teeth.issued).toBe('2000-01-27');
    expect(teeth.series).toEqual({ name: 'London Novels', position: '1' });
    expect(teeth.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(teeth.identifiers).toEqual(['urn:isbn:9780140276335', teeth.id]);
    expect(linkOf(teeth.links, 'http://opds-spec.org/image')?.href).toBe(`/opds/cover/${ids.teeth}`);
    expect(linkOf(teeth.links, 'http://opds-spec.org/image/thumbnail')?.href).toBe(
      `/opds/cover/${ids.teeth}/thumbnail`,
    );

    const acquisitions = teeth.links.filter((link) => link.rel === ACQUISITION);
    expect(acquisitions.map((link) => [link.href, link.type, link.length])).toEqual([
      [`/opds/file/${ids.epub}`, 'application/epub+zip', String(epubBytes.length)],
      [`/opds/file/${ids.m4b}`, 'audio/mp4', String(m4bBytes.length)],
    ]);
    const download = await withKey(acquisitions[0].href);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/epub+zip');
    expect(download.headers['content-disposition']).toBe('attachment; filename="White Teeth.epub"');
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(download.body as Buffer, epubBytes)).toBe(0);

    // The same uuid on every request.
    const again = await feed(`/opds/author/${ids.zadie}`, 'acquisition');
    expect(again.entries[0].id).toBe(teeth.id);
  });

  it('resumes a download with a Range request', async () => {
    const partial = await withKey(`/opds/file/${ids.epub}`).set('Range', 'bytes=100000-');
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100000-${epubBytes.length - 1}/${epubBytes.length}`);
    expect(Buffer.compare(partial.body as Buffer, epubBytes.subarray(100000))).toBe(0);
    const middle = await withKey(`/opds/file/${ids.m4b}`).set('Range', 'bytes=10-19');
    expect(middle.status).toBe(206);
    expect(Buffer.compare(middle.body as Buffer, m4bBytes.subarray(10, 20))).toBe(0);
    const beyond = await withKey(`/opds/file/${ids.m4b}`).set('Range', `bytes=${m4bBytes.length + 10}-`);
    expect(beyond.status).toBe(416);
  });

  it('serves the cover and falls back to it for the thumbnail', async () => {
    for (const path of [`/opds/cover/${ids.teeth}`, `/opds/cover/${ids.teeth}/thumbnail`]) {
      const response = await withKey(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(response.body as Buffer, jpeg)).toBe(0);
    }
  });

  it('pages a long acquisition feed with first/previous/next links, at most 50 entries a page', async () => {
    const first = await feed(`/opds/author/${ids.prolific}`, 'acquisition');
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].title).toBe('Volume 001');
    expect(linkOf(first.links, 'previous')).toBeUndefined();
    const second = await feed(linkOf(first.links, 'next')!.href, 'acquisition');
    expect(second.entries[0].title).toBe('Volume 051');
    expect(linkOf(second.links, 'previous')!.href).toBe(`/opds/author/${ids.prolific}`);
    const third = await feed(linkOf(second.links, 'next')!.href, 'acquisition');
    expect(third.entries.map((entry) => entry.title)).toHaveLength(20);
    expect(linkOf(third.links, 'next')).toBeUndefined();
    expect(linkOf(third.links, 'first')!.href).toBe(`/opds/author/${ids.prolific}`);
    expect(linkOf(third.links, 'self')!.href).toBe(`/opds/author/${ids.prolific}?page=3`);

    const bad = await withKey(`/opds/author/${ids.prolific}?page=0`);
    expect(bad.status).toBe(400);
    expect(JSON.parse((bad.body as Buffer).toString())).toEqual([
      expect.objectContaining({ propertyName: 'Page', errorMessage: expect.any(String) }),
    ]);
  });

  it('lists series, recently added and search results', async () => {
    const series = await feed('/opds/series', 'navigation');
    expect(series.entries.map((entry) => entry.title)).toEqual(['London Novels']);
    const novels = await feed(series.entries[0].links[0].href, 'acquisition');
    expect(novels.entries.map((entry) => entry.title)).toEqual(['White Teeth']);

    // The book whose newest file arrived last comes first, once, though it has two files; paging covers every
    // book with files exactly once (122: 1 + 120 + the trap).
    await query(db, `UPDATE book_file SET date_added = now() + interval '1 day' WHERE id = $1`, [ids.m4b]);
    const recent = await feed('/opds/recent', 'acquisition');
    expect(recent.entries).toHaveLength(50);
    expect(recent.entries[0].title).toBe('White Teeth');
    const seen = recent.entries.map((entry) => entry.id);
    for (let next = linkOf(recent.links, 'next'); next;) {
      const page = await feed(next.href, 'acquisition');
      seen.push(...page.entries.map((entry) => entry.id));
      next = linkOf(page.links, 'next');
    }
    expect(seen).toHaveLength(122);
    expect(new Set(seen).size).toBe(122);

    const found = await feed('/opds/search?q=teeth', 'acquisition');
    expect(found.entries.map((entry) => entry.title)).toEqual(['White Teeth']);
    const byAuthor = await feed('/opds/search?q=zadie', 'acquisition');
    expect(byAuthor.entries.map((entry) => entry.title)).toEqual(['White Teeth']);
    const wildcard = await feed('/opds/search?q=%25', 'acquisition');
    expect(wildcard.entries).toHaveLength(0);

    const description = await withKey('/opds/opensearch.xml');
    expect(description.status).toBe(200);
    expect(description.headers['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
    expect((description.body as Buffer).toString()).toContain('template="/opds/search?q={searchTerms}"');
  });

  describe('authentication', () => {
    beforeAll(async () => {
      const host = (await t.api.get('/api/v1/config/host')).body as Record<string, unknown>;
      const saved = await t.api.put('/api/v1/config/host').send({
        ...host,
        authenticationMethod: 'forms',
        username: 'reader',
        password: 'correct horse',
        passwordConfirmation: 'correct horse',
      });
      expect(saved.status).toBe(200);
    });

    it('answers 401 with a Basic challenge without credentials or with wrong ones', async () => {
      for (const call of [
        get('/opds'),
        get('/opds?apikey=wrong'),
        get('/opds').set('Authorization', basic('reader', 'wrong')),
        get('/opds').set('Authorization', basic('someone', 'correct horse')),
        get(`/opds/file/${ids.epub}`),
        get(`/opds/cover/${ids.teeth}`),
      ]) {
        const response = await call;
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Basic realm="Quire"');
      }
    });

    it('accepts Basic with the login, Basic with the API key as password, and ?apikey=', async () => {
      expect((await get('/opds').set('Authorization', basic('reader', 'correct horse'))).status).toBe(200);
      expect((await get('/opds').set('Authorization', basic('anyone', TEST_API_KEY))).status).toBe(200);
      const file = await get(`/opds/file/${ids.epub}`).set('Authorization', basic('reader', 'correct horse'));
      expect(Buffer.compare(file.body as Buffer, epubBytes)).toBe(0);

      const byQuery = await get(`/opds?apikey=${TEST_API_KEY}`);
      expect(byQuery.status).toBe(200);
      const parsed = parseOpdsFeed((byQuery.body as Buffer).toString(), 'navigation');
      // Links carry the key on, so an app given the url with ?apikey= can follow them.
      for (const link of [...parsed.links, ...parsed.entries.flatMap((entry) => entry.links)])
        expect(link.href).toContain(`apikey=${TEST_API_KEY}`);
      expect((await get(parsed.entries[0].links[0].href)).status).toBe(200);
    });

    it('accepts the web UI session cookie', async () => {
      const login = await t
        .anonymous()
        .post('/login')
        .type('form')
        .send({ username: 'reader', password: 'correct horse' });
      expect(login.status).toBe(303);
      const cookie = login.headers['set-cookie'] as unknown as string[];
      expect((await get('/opds').set('Cookie', cookie)).status).toBe(200);
    });
  });

  it('never serves a file outside the root folders (outside, symlink out, "..")', async () => {
    for (const id of [ids.outside, ids.symlink, ids.dotdot]) {
      const response = await withKey(`/opds/file/${id}`);
      expect(response.status).toBe(403);
      expect((response.body as Buffer).toString()).not.toContain('secret');
    }
    expect((await withKey('/opds/file/999999')).status).toBe(404);
    // The trap's files are not in the root: its entry still lists them, but they cannot be fetched.
  });
});
