import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeProwlarr } from '../../../fakes/prowlarr-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { ApiClient, createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { ProwlarrManagedIndexer, ProwlarrReadarrApp } from '../../../utils/prowlarr-readarr-app';
import { addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const PROWLARR_KEY = 'prowlarr-key-0123456789abcdef';
const SAB_KEY = 'sab-key-prowlarr';
const URL_BASE = '/books';

interface WireIndexer {
  id: number;
  name: string;
  priority: number;
  implementation: string;
  fields: { name: string; value: unknown }[];
}

const valueOf = (indexer: WireIndexer, name: string) => indexer.fields.find((field) => field.name === name)?.value;

describe('Prowlarr application sync ("Readarr" application) against Quire', () => {
  let t: TestApp;
  let api: ApiClient;
  let prowlarr: FakeProwlarr;
  let sab: FakeSabnzbd;
  let app: ProwlarrReadarrApp;
  let clock = Date.now();
  const managed: ProwlarrManagedIndexer[] = [
    { id: 1, name: 'UsenetBooks', protocol: 'usenet', priority: 25, categories: [7020, 3030] },
    { id: 2, name: 'TorrentBooks', protocol: 'torrent', priority: 25, categories: [7020], seedRatio: 2 },
  ];

  beforeAll(async () => {
    prowlarr = await new FakeProwlarr(PROWLARR_KEY, [
      { id: 0, name: 'Test', releases: [] },
      {
        id: 1,
        name: 'UsenetBooks',
        releases: [
          { title: 'Ann Writer - The Lost Garden (mobi)', guid: 'p-mobi', size: 1_000_000 },
          { title: 'Ann Writer - The Lost Garden (azw3)', guid: 'p-azw3', size: 1_200_000 },
        ],
      },
      {
        id: 2,
        name: 'TorrentBooks',
        torznab: true,
        releases: [{ title: 'Ann Writer - The Lost Garden (epub)', guid: 'p-epub', size: 900_000, seeders: 5 }],
      },
    ]).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp({ URL_BASE });
    api = {
      get: (path) => t.api.get(`${URL_BASE}${path}`),
      post: (path) => t.api.post(`${URL_BASE}${path}`),
      put: (path) => t.api.put(`${URL_BASE}${path}`),
      delete: (path) => t.api.delete(`${URL_BASE}${path}`),
    };
    app = new ProwlarrReadarrApp(
      t.anonymous,
      { baseUrl: URL_BASE, apiKey: TEST_API_KEY, prowlarrUrl: prowlarr.url, prowlarrApiKey: PROWLARR_KEY },
      () => clock,
    );
  });
  afterAll(async () => {
    await t.close();
    await prowlarr.stop();
    await sab.stop();
  });

  /** Quire's indexer list, in Prowlarr's indexer order (the list itself is sorted by name). */
  const remoteIndexers = async (): Promise<WireIndexer[]> =>
    ((await api.get('/api/v1/indexer').expect(200)).body as WireIndexer[]).sort((a, b) => a.id - b.id);
  const callsSince = (from: number) =>
    app.calls.slice(from).map((call) => `${call.method} ${call.path} ${call.status}`);

  it('Test button: 401 is a wrong key, 400 a Prowlarr URL Quire cannot reach, a redirect a missing URL base', async () => {
    expect(await app.test()).toEqual([]);
    // Quire's live test of the test indexer really asked Prowlarr, with Prowlarr's key on caps too.
    const caps = prowlarr.requests.filter((r) => r.url.pathname === '/0/api' && r.url.searchParams.get('t') === 'caps');
    expect(caps.length).toBeGreaterThan(0);
    expect(caps.every((r) => r.url.searchParams.get('apikey') === PROWLARR_KEY)).toBe(true);

    const wrongKey = new ProwlarrReadarrApp(t.anonymous, { ...app.settings, apiKey: 'not-the-key' });
    expect(await wrongKey.test()).toEqual(['API Key is invalid']);
    const wrongProwlarr = new ProwlarrReadarrApp(t.anonymous, { ...app.settings, prowlarrUrl: 'http://127.0.0.1:9' });
    expect(await wrongProwlarr.test()).toEqual(['Prowlarr URL is invalid, Readarr cannot connect to Prowlarr']);
    const noUrlBase = new ProwlarrReadarrApp(t.anonymous, { ...app.settings, baseUrl: '' });
    const [redirect] = await noUrlBase.test();
    expect(redirect).toContain('missing a URL base');
    expect(noUrlBase.calls[0].status).toBe(307);
    // The Test button leaves nothing behind.
    expect(await remoteIndexers()).toEqual([]);
  });

  it('first sync adds one Newznab and one Torznab indexer, each with one POST and no forceSave', async () => {
    const from = app.calls.length;
    await app.sync(managed);
    const calls = callsSince(from);
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/v1/indexer 200',
      'POST /api/v1/indexer 200',
    ]);
    // The schema was fetched by the Test button and is reused from Prowlarr's cache.
    expect(app.calls.filter((call) => call.path === '/api/v1/indexer/schema')).toHaveLength(1);

    const remote = await remoteIndexers();
    expect(remote.map((indexer) => [indexer.name, indexer.implementation])).toEqual([
      ['UsenetBooks (Prowlarr)', 'Newznab'],
      ['TorrentBooks (Prowlarr)', 'Torznab'],
    ]);
    expect(valueOf(remote[0], 'baseUrl')).toBe(`${prowlarr.url}/1/`);
    expect(valueOf(remote[0], 'apiKey')).toBe('********');
    expect(valueOf(remote[0], 'categories')).toEqual([7020, 3030]);
    expect(valueOf(remote[1], 'seedCriteria.seedRatio')).toBe(2);
    expect(valueOf(remote[1], 'minimumSeeders')).toBe(1);
    expect(JSON.stringify(remote)).not.toContain(PROWLARR_KEY);
    expect(app.mappings).toEqual(
      new Map([
        [1, remote[0].id],
        [2, remote[1].id],
      ]),
    );
  });

  it('an unchanged resync sends no PUT (the masked key counts as equal); a changed priority sends one', async () => {
    let from = app.calls.length;
    await app.sync(managed);
    expect(callsSince(from).filter((call) => !call.startsWith('GET'))).toEqual([]);

    managed[0].priority = 10;
    from = app.calls.length;
    await app.sync(managed);
    const [usenet] = await remoteIndexers();
    expect(callsSince(from).filter((call) => !call.startsWith('GET'))).toEqual([
      `PUT /api/v1/indexer/${usenet.id} 200`,
    ]);
    expect(usenet.priority).toBe(10);
  });

  it('a fresh Prowlarr finds the existing indexers by their base URL instead of adding them again', async () => {
    const fresh = new ProwlarrReadarrApp(t.anonymous, app.settings, () => clock);
    await fresh.sync(managed);
    expect(fresh.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(fresh.mappings).toEqual(app.mappings);
  });

  it('an indexer Quire cannot test is saved with forceSave; one deleted in Quire is re-added (404)', async () => {
    // Prowlarr indexer 3 has no endpoint yet: Quire's live test fails, Prowlarr retries with forceSave.
    const broken: ProwlarrManagedIndexer = {
      id: 3,
      name: 'NotYetUp',
      protocol: 'usenet',
      priority: 25,
      categories: [7020],
    };
    let from = app.calls.length;
    await app.sync([...managed, broken]);
    expect(callsSince(from).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/v1/indexer 400',
      'POST /api/v1/indexer?forceSave=true 200',
    ]);
    expect((await remoteIndexers()).map((indexer) => indexer.name)).toContain('NotYetUp (Prowlarr)');

    const torrentId = app.mappings.get(2)!;
    await api.delete(`/api/v1/indexer/${torrentId}`).expect(200);
    from = app.calls.length;
    await app.sync([...managed, broken]);
    expect(callsSince(from)).toEqual(
      expect.arrayContaining([`GET /api/v1/indexer/${torrentId} 404`, 'POST /api/v1/indexer 200']),
    );
    expect(app.mappings.get(2)).not.toBe(torrentId);
    expect((await remoteIndexers()).filter((indexer) => indexer.name === 'TorrentBooks (Prowlarr)')).toHaveLength(1);
  });

  it('an indexer removed from Prowlarr is deleted from Quire', async () => {
    const brokenId = app.mappings.get(3)!;
    const from = app.calls.length;
    await app.sync(managed);
    expect(callsSince(from)).toContain(`DELETE /api/v1/indexer/${brokenId} 200`);
    await api.get(`/api/v1/indexer/${brokenId}`).expect(404);
    expect(app.mappings.has(3)).toBe(false);
  });

  it('a week later the schema is fetched again', async () => {
    clock += 8 * 24 * 3600_000;
    const from = app.calls.length;
    managed[1].priority = 30;
    await app.sync(managed);
    expect(callsSince(from)).toContain('GET /api/v1/indexer/schema 200');
  });

  it('after the sync a search goes through Prowlarr’s /{id}/api endpoints and a release is grabbed', async () => {
    await addSabnzbd({ ...t, api }, { port: sab.port, apiKey: SAB_KEY });
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Ann Writer', qualityProfileId: await ebookProfileId(db) });
    const book = await createBook(db, author, { title: 'The Lost Garden', releaseDate: new Date('2019-05-01') });

    const from = prowlarr.requests.length;
    const releases = (await api.get(`/api/v1/release?bookId=${book.id}`).expect(200)).body;
    const asked = prowlarr.requests.slice(from);
    for (const id of [1, 2]) {
      const calls = asked.filter((r) => r.url.pathname === `/${id}/api`);
      expect(calls.map((r) => r.url.searchParams.get('t'))).toEqual(expect.arrayContaining(['book']));
      expect(calls.every((r) => r.url.searchParams.get('apikey') === PROWLARR_KEY)).toBe(true);
    }
    expect(releases.map((r: { guid: string }) => r.guid).sort()).toEqual(['p-azw3', 'p-epub', 'p-mobi']);
    const azw3 = releases.find((r: { guid: string }) => r.guid === 'p-azw3');
    expect(azw3).toMatchObject({ indexer: 'UsenetBooks (Prowlarr)', approved: true, protocol: 'usenet' });

    await api.post('/api/v1/release').send({ guid: 'p-azw3', indexerId: azw3.indexerId }).expect(200);
    expect(sab.queue).toHaveLength(1);
    expect(sab.queue[0]).toMatchObject({ name: 'Ann Writer - The Lost Garden (azw3)' });
    expect(sab.queue[0].nzb).toContain('p-azw3');
    const download = prowlarr.requests.find((r) => r.url.pathname.startsWith('/1/getnzb/'));
    expect(download?.url.searchParams.get('apikey')).toBe(PROWLARR_KEY);
  });
});
