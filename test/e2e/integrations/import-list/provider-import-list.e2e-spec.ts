import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportListSyncHandler } from '../../../../src/integrations/import-list/import-list-sync.handler';
import { FakeHttpServer, send, sendJson } from '../../../fakes/fake-http';
import { FakeReadarrApi } from '../../../fakes/readarr-api-fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const REMOTE_KEY = 'remote0123456789abcdefkey';

describe('providers: import lists', () => {
  let t: TestApp;
  let remote: FakeReadarrApi;
  let openLibrary: FakeHttpServer;
  const root = mkdtempSync(join(tmpdir(), 'quire-import-list-'));

  beforeAll(async () => {
    remote = await new FakeReadarrApi(REMOTE_KEY).start();
    remote.authors = [
      {
        id: 1,
        authorName: 'Ursula K. Le Guin',
        foreignAuthorId: 'OL26320A',
        monitored: true,
        qualityProfileId: 1,
        rootFolderPath: '/books/',
        tags: [5],
      },
      {
        id: 2,
        authorName: 'Iain M. Banks',
        foreignAuthorId: 'OL31574A',
        monitored: true,
        qualityProfileId: 1,
        rootFolderPath: '/books/',
        tags: [],
      },
      {
        id: 3,
        authorName: 'Unmonitored Person',
        foreignAuthorId: 'OL1A',
        monitored: false,
        qualityProfileId: 1,
        rootFolderPath: '/books/',
        tags: [5],
      },
      {
        id: 4,
        authorName: 'Audio Only',
        foreignAuthorId: 'OL2A',
        monitored: true,
        qualityProfileId: 2,
        rootFolderPath: '/audiobooks/',
        tags: [5],
      },
    ];
    openLibrary = await new FakeHttpServer((request, response) => {
      const match = /^\/people\/([^/]+)\/books\/([a-z-]+)\.json$/.exec(request.url.pathname);
      if (!match || match[1] !== 'reader') return send(response, 404, 'Not found');
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const entries =
        page === 1 && match[2] === 'want-to-read'
          ? [
              {
                work: {
                  title: 'Excession',
                  key: '/works/OL1W',
                  author_keys: ['/authors/OL31574A'],
                  author_names: ['Iain M. Banks'],
                },
              },
              {
                work: {
                  title: 'Kindred',
                  key: '/works/OL2W',
                  author_keys: ['/authors/OL34184A'],
                  author_names: ['Octavia E. Butler'],
                },
              },
              {
                work: {
                  title: 'Piranesi',
                  key: '/works/OL3W',
                  author_keys: ['/authors/OL7115219A'],
                  author_names: ['Susanna Clarke'],
                },
              },
            ]
          : [];
      sendJson(response, 200, { page, numFound: entries.length, reading_log_entries: entries });
    }).start();
    // The metadata source points at the fake: nothing reaches the internet when added authors are refreshed.
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url });
  });
  afterAll(async () => {
    await t.close();
    await remote.stop();
    await openLibrary.stop();
  });

  const profiles = async () => ({
    qualityProfileId: (await t.api.get('/api/v1/qualityprofile').expect(200)).body[0].id as number,
    metadataProfileId: (await t.api.get('/api/v1/metadataprofile').expect(200)).body[0].id as number,
  });

  it('schema offers ReadarrImport and OpenLibraryReadingList with Readarr’s list fields', async () => {
    const schema = (await t.api.get('/api/v1/importlist/schema').expect(200)).body;
    expect(schema.map((s: { implementation: string }) => s.implementation)).toEqual([
      'OpenLibraryReadingList',
      'ReadarrImport',
    ]);
    const readarr = schema[1];
    expect(readarr).toMatchObject({
      implementationName: 'Readarr',
      configContract: 'ReadarrSettings',
      listType: 'program',
      minRefreshInterval: '00:15:00',
      enableAutomaticAdd: true,
      shouldMonitor: 'entireAuthor',
      monitorNewItems: 'all',
    });
    expect(readarr.fields.map((f: { name: string }) => f.name)).toEqual([
      'baseUrl',
      'apiKey',
      'profileIds',
      'tagIds',
      'rootFolderPaths',
    ]);
    expect(readarr.fields[2]).toMatchObject({ type: 'select', selectOptionsProviderAction: 'getProfiles' });
  });

  it('ReadarrImport: actions list the remote profiles/tags/root folders; a wrong key fails the test', async () => {
    const fields = (apiKey: string) => [
      { name: 'baseUrl', value: remote.url },
      { name: 'apiKey', value: apiKey },
    ];
    const request = { implementation: 'ReadarrImport', name: 'x', fields: fields(REMOTE_KEY) };
    const profiles = await t.api.post('/api/v1/importlist/action/getProfiles').send(request).expect(200);
    expect(profiles.body.options).toEqual([
      { value: 1, name: 'eBook' },
      { value: 2, name: 'Spoken' },
    ]);
    expect((await t.api.post('/api/v1/importlist/action/getTags').send(request).expect(200)).body.options).toEqual([
      { value: 5, name: 'sci-fi' },
    ]);
    expect(
      (await t.api.post('/api/v1/importlist/action/getRootFolders').send(request).expect(200)).body.options[0],
    ).toEqual({ value: '/audiobooks/', name: '/audiobooks/' });
    const wrong = await t.api
      .post('/api/v1/importlist/test')
      .send({ ...request, fields: fields('nope') })
      .expect(400);
    expect(wrong.body[0]).toMatchObject({ propertyName: 'ApiKey', errorMessage: 'Invalid API Key' });
  });

  it('ImportListSync adds the remote authors that pass the filters, honouring exclusions and existing authors', async () => {
    const { qualityProfileId, metadataProfileId } = await profiles();
    const created = await t.api
      .post('/api/v1/importlist')
      .send({
        name: 'Other instance',
        implementation: 'ReadarrImport',
        configContract: 'ReadarrSettings',
        enableAutomaticAdd: true,
        shouldMonitor: 'entireAuthor',
        shouldSearch: false,
        rootFolderPath: root,
        qualityProfileId,
        metadataProfileId,
        tags: [],
        fields: [
          { name: 'baseUrl', value: remote.url },
          { name: 'apiKey', value: REMOTE_KEY },
          { name: 'profileIds', value: [1] },
          { name: 'rootFolderPaths', value: '/books/' },
        ],
      })
      .expect(200);
    expect(created.text).not.toContain(REMOTE_KEY);
    expect(created.body.rootFolderPath).toBe(root);
    await t.api
      .post('/api/v1/importlistexclusion')
      .send({ foreignId: 'OL31574A', authorName: 'Iain M. Banks' })
      .expect(200);

    const handler = t.app.get(ImportListSyncHandler);
    const report = await handler.sync();
    expect(report).toMatchObject({ found: 2, added: ['OL26320A'], excluded: ['OL31574A'], existing: 0, failed: [] });
    const authors = (await t.api.get('/api/v1/author').expect(200)).body;
    expect(authors.map((a: { foreignAuthorId: string }) => a.foreignAuthorId)).toEqual(['OL26320A']);
    expect(authors[0]).toMatchObject({ qualityProfileId, metadataProfileId, monitored: true });
    const again = await handler.execute({});
    expect(again).toMatch(/added 0 authors, 1 excluded, 1 already in the library/);
  });

  it('Open Library reading list: reads the shelf of a user, unknown users fail the test', async () => {
    const { qualityProfileId, metadataProfileId } = await profiles();
    await t.api
      .post('/api/v1/importlist/test')
      .send({ implementation: 'OpenLibraryReadingList', name: 'x', fields: [{ name: 'username', value: 'nobody' }] })
      .expect(400);
    const created = await t.api
      .post('/api/v1/importlist')
      .send({
        name: 'Want to read',
        implementation: 'OpenLibraryReadingList',
        configContract: 'OpenLibraryReadingListSettings',
        rootFolderPath: root,
        qualityProfileId,
        metadataProfileId,
        fields: [
          { name: 'username', value: 'reader' },
          { name: 'shelf', value: 0 },
        ],
      })
      .expect(200);
    const report = await t.app.get(ImportListSyncHandler).sync(created.body.id);
    expect(report.found).toBe(3);
    expect(report.excluded).toEqual(['OL31574A']);
    expect(report.added.sort()).toEqual(['OL34184A', 'OL7115219A']);
  });

  it('bulk edits root folder and enable flag', async () => {
    const ids = (await t.api.get('/api/v1/importlist').expect(200)).body.map((l: { id: number }) => l.id);
    const edited = await t.api
      .put('/api/v1/importlist/bulk')
      .send({ ids, enableAutomaticAdd: false, rootFolderPath: '/elsewhere' })
      .expect(200);
    expect(
      edited.body.every(
        (l: { enableAutomaticAdd: boolean; rootFolderPath: string }) =>
          !l.enableAutomaticAdd && l.rootFolderPath === '/elsewhere',
      ),
    ).toBe(true);
    await t.api.delete('/api/v1/importlist/bulk').send({ ids: [] }).expect(400);
  });
});
