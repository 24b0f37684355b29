import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READARR_UI_KEYS } from '../../../../src/platform/language/readarr-ui-keys';
import { MetadataSourceSettings } from '../../../../src/platform/settings/development/metadata-source-settings';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const SECTIONS = [
  'development',
  'downloadclient',
  'host',
  'indexer',
  'mediamanagement',
  'metadataprovider',
  'naming',
  'ui',
];

function propertyNames(body: { propertyName: string }[]): string[] {
  return body.map((failure) => failure.propertyName);
}

describe('config resources', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No source override, so the Open Library defaults are shown (nothing here calls the source).
    t = await createTestApp({ METADATA_SOURCE_URL: '', COVER_SOURCE_URL: '' });
  });
  afterAll(() => t.close());

  it.each(SECTIONS)('GET /config/%s and /config/%s/1 are the same resource with id 1', async (section) => {
    const plain = await t.api.get(`/api/v1/config/${section}`).expect(200);
    const byId = await t.api.get(`/api/v1/config/${section}/1`).expect(200);
    expect(plain.body.id).toBe(1);
    expect(byId.body).toEqual(plain.body);
  });

  it('has Readarr defaults plus Quire fields', async () => {
    expect((await t.api.get('/api/v1/config/indexer')).body).toEqual({
      id: 1,
      minimumAge: 0,
      maximumSize: 0,
      retention: 0,
      rssSyncInterval: 15,
    });
    expect((await t.api.get('/api/v1/config/downloadclient')).body).toMatchObject({
      downloadClientWorkingFolders: '_UNPACK_|_FAILED_',
      enableCompletedDownloadHandling: true,
      autoRedownloadFailed: true,
      autoRedownloadFailedFromInteractiveSearch: true,
    });
    expect((await t.api.get('/api/v1/config/mediamanagement')).body).toMatchObject({
      recycleBinCleanupDays: 7,
      downloadPropersAndRepacks: 'preferAndUpgrade',
      watchLibraryForChanges: true,
      rescanAfterRefresh: 'always',
      allowFingerprinting: 'newFiles',
      chmodFolder: '755',
      minimumFreeSpaceWhenImporting: 100,
      copyUsingHardlinks: true,
      extraFileExtensions: 'srt',
      fileDate: 'none',
    });
    const metadata = (await t.api.get('/api/v1/config/metadataprovider')).body;
    expect(metadata).toMatchObject({
      writeAudioTags: 'no',
      writeBookTags: 'newFiles',
      updateCovers: true,
      requestsPerMinute: 60,
    });
    expect(metadata.userAgent).toMatch(/^Quire\/\d+\.\d+\.\d+.* \(\+https:\/\/github\.com\/quire\)$/);
    expect((await t.api.get('/api/v1/config/ui')).body).toMatchObject({
      calendarWeekColumnHeader: 'ddd M/D',
      shortDateFormat: 'MMM D YYYY',
      uiLanguage: 1,
      theme: 'auto',
      showRelativeDates: true,
    });
    expect((await t.api.get('/api/v1/config/development')).body).toMatchObject({
      metadataSource: 'https://openlibrary.org',
      coverSource: 'https://covers.openlibrary.org',
    });
    const naming = (await t.api.get('/api/v1/config/naming')).body;
    expect(naming).toMatchObject({
      renameBooks: false,
      replaceIllegalCharacters: true,
      colonReplacementFormat: 4,
      authorFolderFormat: '{Author Name}',
      includeAuthorName: true,
      includeBookTitle: true,
    });
    expect(naming.standardBookFormat).toMatch(
      /^\{Book Title\}[/\\]\{Author Name\} - \{Book Title\}\{ \(PartNumber\)\}$/,
    );
  });

  it('PUT with and without the id stores every property and re-reads it', async () => {
    const current = (await t.api.get('/api/v1/config/indexer')).body;
    const saved = await t.api
      .put('/api/v1/config/indexer/1')
      .send({ ...current, rssSyncInterval: 30, retention: 5 })
      .expect(200);
    expect(saved.body).toMatchObject({ id: 1, rssSyncInterval: 30, retention: 5 });
    await t.api.put('/api/v1/config/indexer').send({ rssSyncInterval: 0 }).expect(200);
    expect((await t.api.get('/api/v1/config/indexer')).body).toMatchObject({ rssSyncInterval: 0, retention: 5 });
    const ui = await t.api
      .put('/api/v1/config/ui')
      .send({ theme: 'dark', uiLanguage: 1, firstDayOfWeek: 1 })
      .expect(200);
    expect(ui.body).toMatchObject({ theme: 'dark', uiLanguage: 1, firstDayOfWeek: 1 });
  });

  it.each([
    ['indexer', { rssSyncInterval: 5 }, 'RssSyncInterval'],
    ['indexer', { rssSyncInterval: 121 }, 'RssSyncInterval'],
    ['indexer', { retention: -1 }, 'Retention'],
    ['host', { port: 70000 }, 'Port'],
    ['mediamanagement', { chmodFolder: '8x9' }, 'ChmodFolder'],
    ['mediamanagement', { minimumFreeSpaceWhenImporting: 50 }, 'MinimumFreeSpaceWhenImporting'],
    ['mediamanagement', { recycleBin: '/no/such/folder/anywhere' }, 'RecycleBin'],
    ['mediamanagement', { downloadPropersAndRepacks: 'always' }, 'DownloadPropersAndRepacks'],
    ['metadataprovider', { writeBookTags: 'never' }, 'WriteBookTags'],
    ['metadataprovider', { requestsPerMinute: 0 }, 'RequestsPerMinute'],
    ['development', { metadataSource: 'not a url' }, 'MetadataSource'],
    ['development', { metadataSourceType: 'goodreads' }, 'MetadataSourceType'],
    ['ui', { uiLanguage: 2 }, 'UiLanguage'], // unsupported: the web UI is in English only
    ['ui', { uiLanguage: 999 }, 'UiLanguage'],
    ['ui', { uiLanguage: 0 }, 'UiLanguage'],
    ['naming', { standardBookFormat: '{Author Name}' }, 'StandardBookFormat'],
    ['naming', { standardBookFormat: '{Book Title}' }, 'StandardBookFormat'],
    ['naming', { authorFolderFormat: '{Book Title}' }, 'AuthorFolderFormat'],
    ['naming', { colonReplacementFormat: 9 }, 'ColonReplacementFormat'],
  ])('PUT /config/%s %j → 400 naming %s, nothing stored', async (section, change, property) => {
    const before = (await t.api.get(`/api/v1/config/${section}`)).body;
    const response = await t.api.put(`/api/v1/config/${section}`).send(change).expect(400);
    expect(propertyNames(response.body)).toContain(property);
    expect((await t.api.get(`/api/v1/config/${section}`)).body).toEqual(before);
  });

  it('accepts valid naming formats, an existing writable recycle bin and enum integers', async () => {
    await t.api
      .put('/api/v1/config/naming')
      .send({ standardBookFormat: '{Original Title}', authorFolderFormat: '{Author SortName}' })
      .expect(200);
    const naming = await t.api
      .put('/api/v1/config/naming')
      .send({ standardBookFormat: '{Author.Name}.{Book.Title}{.PartNumber:00}' })
      .expect(200);
    expect(naming.body).toMatchObject({ replaceSpaces: true, includeQuality: false });
    const bin = mkdtempSync(join(tmpdir(), 'quire-recycle-'));
    const media = await t.api
      .put('/api/v1/config/mediamanagement/1')
      .send({ recycleBin: bin, downloadPropersAndRepacks: 2, chmodFolder: '0775' })
      .expect(200);
    expect(media.body).toMatchObject({
      recycleBin: bin,
      downloadPropersAndRepacks: 'doNotPrefer',
      chmodFolder: '0775',
    });
  });

  it('development metadataSource drives the effective metadata source', async () => {
    await t.api
      .put('/api/v1/config/development')
      // With its type: a URL sent alone would be probed, and tests reach no host but loopback.
      .send({
        metadataSource: 'http://mirror.example:8080/',
        metadataSourceType: 'openLibrary',
        coverSource: 'http://covers.example',
      })
      .expect(200);
    const settings = t.app.get(MetadataSourceSettings);
    expect(await settings.effectiveMetadataSource()).toBe('http://mirror.example:8080');
    expect(await settings.effectiveCoverSource()).toBe('http://covers.example');
  });
});

describe('config resources: environment overrides', () => {
  it('METADATA_SOURCE_URL and COVER_SOURCE_URL win over the stored values', async () => {
    const t = await createTestApp({
      METADATA_SOURCE_URL: 'http://127.0.0.1:9/ol',
      COVER_SOURCE_URL: 'http://127.0.0.1:9/covers',
    });
    try {
      await t.api.put('/api/v1/config/development').send({ metadataSource: 'http://other.example' }).expect(200);
      const settings = t.app.get(MetadataSourceSettings);
      expect(await settings.effectiveMetadataSource()).toBe('http://127.0.0.1:9/ol');
      expect(await settings.effectiveCoverSource()).toBe('http://127.0.0.1:9/covers');
      expect((await t.api.get('/api/v1/config/development')).body.metadataSource).toBe('http://127.0.0.1:9/ol');
    } finally {
      await t.close();
    }
  });
});

describe('language, localization, indexer flags, update', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists languages sorted by name, id 0 written', async () => {
    const list = (await t.api.get('/api/v1/language').expect(200)).body;
    expect(list).toHaveLength(34);
    expect(list.map((language: { name: string }) => language.name)).toEqual(
      [...list.map((language: { name: string }) => language.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(list).toContainEqual({ id: 0, name: 'Unknown', nameLower: 'unknown' });
    expect((await t.api.get('/api/v1/language/0').expect(200)).body).toEqual({
      id: 0,
      name: 'Unknown',
      nameLower: 'unknown',
    });
    expect((await t.api.get('/api/v1/language/30').expect(200)).body.nameLower).toBe('portuguese (brazil)');
    expect((await t.api.get('/api/v1/language/-2').expect(200)).body.name).toBe('Original');
    await t.api.get('/api/v1/language/77').expect(404);
    await t.api.get('/api/v1/language/abc').expect(400);
  });

  it('serves the localization table with PascalCase keys', async () => {
    const body = (await t.api.get('/api/v1/localization').expect(200)).body;
    expect(Object.keys(body)).toEqual(['Strings']);
    expect(body.Strings.AddNewAuthor).toBe('Add New Author');
  });

  it('answers every key a Readarr-era front end asks for with a readable label, never the raw key', async () => {
    const strings = (await t.api.get('/api/v1/localization').expect(200)).body.Strings as Record<string, string>;
    expect(READARR_UI_KEYS.length).toBeGreaterThan(1040);
    const missing = READARR_UI_KEYS.filter((key) => !strings[key]);
    expect(missing).toEqual([]);
    // A multi-word key shows as words: hand-written, or derived from the key.
    const raw = READARR_UI_KEYS.filter((key) => /[a-z][A-Z]/.test(key) && strings[key] === key);
    expect(raw).toEqual([]);
    expect(strings).toMatchObject({
      UnmappedFiles: 'Unmapped Files',
      QueueIsEmpty: 'The queue is empty',
      UnableToLoadHistory: 'Unable to load history',
      DeleteTagMessageText: "Delete the tag '{0}'?",
      CountAuthorsSelected: '{selectedCount} authors selected',
    });
  });

  it('lists indexer flags', async () => {
    const flags = (await t.api.get('/api/v1/indexerflag').expect(200)).body;
    expect(flags).toContainEqual({ id: 1, name: 'Freeleech', nameLower: 'freeleech' });
    expect(flags).toContainEqual({ id: 64, name: 'Freeleech25', nameLower: 'freeleech25' });
    expect(flags).toHaveLength(7);
  });

  it('reports the running version as the only, installed update', async () => {
    const status = (await t.api.get('/api/v1/system/status')).body;
    const updates = (await t.api.get('/api/v1/update').expect(200)).body;
    expect(updates).toEqual([
      expect.objectContaining({ version: status.version, installed: true, latest: true, installable: false }),
    ]);
    expect(updates[0].changes).toEqual({ new: [], fixed: [] });
  });
});
