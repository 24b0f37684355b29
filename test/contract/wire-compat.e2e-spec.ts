import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createBookFile } from '../factories';
import { FakeNewznab } from '../fakes/newznab-fake';
import { FakeOpenLibrary } from '../fakes/open-library.fake';
import { FakeSabnzbd } from '../fakes/sabnzbd-fake';
import { createTestApp, TEST_API_KEY, TestApp } from '../utils/create-test-app';

/**
 * Wire-compatibility audit as third-party Readarr clients see it (readarr-py / devopsarr generated clients,
 * Prowlarr, Homepage, Readarr's UI): a small library is built through the API, then every GET endpoint of
 * Readarr's OpenAPI document that Quire serves is called and its JSON validated against Readarr's schema
 * (types, date formats, enum names, no nulls, no `id: 0`, fields clients rely on).
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  nullable?: boolean;
}
interface Operation {
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const READARR: Document = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'shared', 'reference', 'readarr-openapi.json'), 'utf8'),
);
const SCHEMAS = READARR.components.schemas;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
/** .NET TimeSpan constant format `[-][d.]hh:mm:ss[.fffffff]`, as Readarr writes durations. */
const TIME_SPAN = /^-?(\d+\.)?\d\d:\d\d:\d\d(\.\d{1,7})?$/;
/** Resources that write `id` even when it is 0, as Readarr's do. */
const KEEP_ZERO_ID = new Set(['LanguageResource', 'CustomFormatResource']);

/**
 * Fields Readarr clients read without a null check (UI, Homepage, Prowlarr, generated clients); checked on the
 * top-level records of list/get endpoints. `id` is required on every stored resource.
 */
const REQUIRED: Record<string, string[]> = {
  AuthorResource: [
    'id',
    'authorName',
    'foreignAuthorId',
    'status',
    'path',
    'qualityProfileId',
    'metadataProfileId',
    'monitored',
    'monitorNewItems',
    'tags',
    'added',
    'statistics',
  ],
  BookResource: ['id', 'title', 'authorTitle', 'authorId', 'foreignBookId', 'monitored', 'statistics', 'releaseDate'],
  BookFileResource: ['id', 'authorId', 'bookId', 'path', 'size', 'dateAdded', 'quality', 'qualityWeight'],
  EditionResource: ['id', 'bookId', 'foreignEditionId', 'title', 'monitored', 'isEbook'],
  TagResource: ['id', 'label'],
  TagDetailsResource: ['id', 'label', 'authorIds', 'delayProfileIds', 'indexerIds', 'downloadClientIds'],
  RootFolderResource: ['id', 'name', 'path', 'defaultQualityProfileId', 'defaultMetadataProfileId', 'accessible'],
  QualityProfileResource: ['id', 'name', 'upgradeAllowed', 'cutoff', 'items', 'formatItems'],
  MetadataProfileResource: ['id', 'name', 'minPopularity', 'ignored'],
  DelayProfileResource: ['id', 'enableUsenet', 'enableTorrent', 'preferredProtocol', 'order', 'tags'],
  ReleaseProfileResource: ['id', 'enabled', 'required', 'ignored', 'indexerId', 'tags'],
  CustomFormatResource: ['id', 'name', 'specifications'],
  CustomFilterResource: ['id', 'type', 'label', 'filters'],
  IndexerResource: ['id', 'name', 'fields', 'implementation', 'configContract', 'protocol', 'tags', 'enableRss'],
  DownloadClientResource: ['id', 'name', 'fields', 'implementation', 'configContract', 'protocol', 'tags', 'enable'],
  CommandResource: ['id', 'name', 'commandName', 'status', 'queued', 'trigger', 'priority', 'body'],
  HistoryResource: ['id', 'bookId', 'authorId', 'eventType', 'date', 'sourceTitle', 'quality', 'data'],
  BlocklistResource: ['id', 'authorId', 'bookIds', 'sourceTitle', 'date', 'protocol', 'quality'],
  QueueResource: ['id', 'title', 'size', 'sizeleft', 'status', 'trackedDownloadState', 'protocol', 'downloadId'],
  QualityDefinitionResource: ['id', 'quality', 'title', 'weight'],
  TaskResource: ['id', 'name', 'taskName', 'interval', 'lastExecution', 'nextExecution'],
  LanguageResource: ['id', 'name', 'nameLower'],
  IndexerFlagResource: ['id', 'name', 'nameLower'],
  RemotePathMappingResource: ['id', 'host', 'remotePath', 'localPath'],
  ImportListExclusionResource: ['id', 'foreignId', 'authorName'],
  SeriesResource: ['id', 'title', 'links'],
  QueueStatusResource: ['totalCount', 'count', 'unknownCount', 'errors', 'warnings'],
  SystemResource: ['appName', 'version', 'startTime', 'databaseType', 'authentication', 'urlBase'],
  HostConfigResource: ['id', 'port', 'authenticationMethod', 'apiKey', 'urlBase', 'branch'],
  NamingConfigResource: ['id', 'renameBooks', 'standardBookFormat', 'authorFolderFormat'],
  MediaManagementConfigResource: ['id', 'recycleBinCleanupDays', 'downloadPropersAndRepacks', 'fileDate'],
  IndexerConfigResource: ['id', 'minimumAge', 'retention', 'rssSyncInterval'],
  DownloadClientConfigResource: ['id', 'enableCompletedDownloadHandling', 'autoRedownloadFailed'],
  MetadataProviderConfigResource: ['id', 'writeAudioTags', 'writeBookTags'],
  DevelopmentConfigResource: ['id'],
  UiConfigResource: ['id', 'firstDayOfWeek', 'uiLanguage', 'theme'],
  BookResourcePagingResource: ['page', 'pageSize', 'sortKey', 'sortDirection', 'totalRecords', 'records'],
  HistoryResourcePagingResource: ['page', 'pageSize', 'sortKey', 'sortDirection', 'totalRecords', 'records'],
  QueueResourcePagingResource: ['page', 'pageSize', 'sortKey', 'sortDirection', 'totalRecords', 'records'],
  BlocklistResourcePagingResource: ['page', 'pageSize', 'sortKey', 'sortDirection', 'totalRecords', 'records'],
  LogResourcePagingResource: ['page', 'pageSize', 'sortKey', 'sortDirection', 'totalRecords', 'records'],
  ApiInfoResource: ['current', 'deprecated'],
  PingResource: ['status'],
};

/** Properties Quire writes that Readarr's schema lacks (reported, not failed: clients ignore unknown keys). */
const EXTRAS = new Set<string>();

/** Fields required wherever the schema occurs, embedded ones included (authors embedded in books/history/queue). */
const EVERYWHERE: Record<string, string[]> = {
  AuthorResource: ['authorName', 'foreignAuthorId', 'statistics'],
  AuthorStatisticsResource: [
    'bookFileCount',
    'bookCount',
    'availableBookCount',
    'totalBookCount',
    'sizeOnDisk',
    'percentOfBooks',
  ],
  BookStatisticsResource: ['bookFileCount', 'bookCount', 'totalBookCount', 'sizeOnDisk', 'percentOfBooks'],
  QualityModel: ['quality', 'revision'],
  Quality: ['id', 'name'],
  Revision: ['version', 'real', 'isRepack'],
  Field: ['order', 'name', 'type', 'advanced'],
  MediaCover: ['url', 'coverType'],
};

/** Lookup results are not in the library: no id, path, library author id or statistics. */
const LOOKUP_EXEMPT = ['id', 'path', 'authorId', 'statistics'];

const refName = (schema: Schema | undefined) => schema?.$ref?.split('/').pop();

/** Walks a JSON value against Readarr's schema, collecting `<json path>: <problem>` strings. */
function validate(value: unknown, schema: Schema | undefined, path: string, problems: string[], owner?: string): void {
  if (!schema) return;
  const name = refName(schema);
  if (name) return validate(value, SCHEMAS[name], path, problems, name);
  if (schema.allOf?.length) return validate(value, schema.allOf[0], path, problems, owner);
  if (value === null) {
    problems.push(`${path}: null (Quire omits nulls)`);
    return;
  }
  if (schema.enum) {
    // IndexerFlags is a bit-flag enum carried as an int by every resource.
    if (owner === 'IndexerFlags') return;
    if (typeof value !== 'string' || !schema.enum.includes(value))
      problems.push(`${path}: ${JSON.stringify(value)} is not one of ${owner ?? 'enum'} ${schema.enum.join('|')}`);
    return;
  }
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  const wrong = (expected: string) => {
    problems.push(`${path}: expected ${expected}, got ${JSON.stringify(value)}`);
  };
  switch (type) {
    case undefined:
      return; // `any` (Field.value, …)
    case 'integer':
      if (!Number.isInteger(value)) wrong('integer');
      return;
    case 'number':
      if (typeof value !== 'number') wrong('number');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') wrong('boolean');
      return;
    case 'string':
      if (typeof value !== 'string') return wrong('string');
      if (schema.format === 'date-time' && !DATE_TIME.test(value)) wrong('yyyy-MM-ddTHH:mm:ssZ');
      if (schema.format === 'date-span' && !TIME_SPAN.test(value)) wrong('[d.]hh:mm:ss[.fffffff]');
      return;
    case 'array':
      if (!Array.isArray(value)) return wrong('array');
      value.forEach((item, index) => validate(item, schema.items, `${path}[${index}]`, problems));
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return wrong('object');
      const record = value as Record<string, unknown>;
      for (const field of EVERYWHERE[owner ?? ''] ?? [])
        if (!(field in record)) problems.push(`${path}.${field}: missing (clients rely on it)`);
      for (const [key, item] of Object.entries(record)) {
        // Only REST resources omit a zero id; embedded models (Quality 0 "Unknown Text", …) write it.
        if (key === 'id' && item === 0 && owner?.endsWith('Resource') && !KEEP_ZERO_ID.has(owner))
          problems.push(`${path}.id: 0 (must be omitted)`);
        const property = schema.properties?.[key];
        if (property) validate(item, property, `${path}.${key}`, problems);
        else if (typeof schema.additionalProperties === 'object')
          validate(item, schema.additionalProperties, `${path}.${key}`, problems);
        else {
          if (item === null) problems.push(`${path}.${key}: null (Quire omits nulls)`);
          if (schema.properties && owner) EXTRAS.add(`${owner}.${key}`);
        }
      }
      return;
    }
  }
}

function requiredFields(value: unknown, schemaName: string, path: string, problems: string[], except: string[] = []) {
  const required = (REQUIRED[schemaName] ?? []).filter((field) => !except.includes(field));
  const records = Array.isArray(value) ? value : [value];
  records.forEach((record, index) => {
    if (!record || typeof record !== 'object') return;
    const at = Array.isArray(value) ? `${path}[${index}]` : path;
    for (const field of required)
      if (!(field in (record as object))) problems.push(`${at}.${field}: missing (clients rely on it)`);
    if (schemaName.endsWith('PagingResource')) {
      const items = SCHEMAS[schemaName].properties?.records?.items;
      const itemName = refName(items);
      if (itemName)
        requiredFields((record as { records?: unknown }).records ?? [], itemName, `${at}.records`, problems);
    }
  });
}

const DAY = 24 * 3600 * 1000;
const NZB_KEY = 'wire-newznab-key-0001';
const SAB_KEY = 'wire-sab-key-0001';

describe('wire compatibility with real Readarr clients', () => {
  let t: TestApp;
  let db: DataSource;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let openLibrary: FakeOpenLibrary;
  let root: string;
  const ids: Record<string, number> = {};
  let authorPath = '';

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: NZB_KEY,
      bookSearch: true,
      releases: [
        { title: 'Ursula K. Le Guin - The Dispossessed (epub)', guid: 'wire-epub', size: 1_500_000 },
        { title: 'Ursula K. Le Guin - The Dispossessed (mobi)', guid: 'wire-mobi', size: 1_200_000 },
      ],
    }).start();
    sab = await new FakeSabnzbd(SAB_KEY).start();
    openLibrary = await FakeOpenLibrary.start();
    t = await createTestApp({
      COMMAND_POLL_INTERVAL_MS: '60000',
      METADATA_SOURCE_URL: openLibrary.url,
      COVER_SOURCE_URL: openLibrary.coversUrl,
    });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-wire-'));
    const api = t.api;

    ids.tagA = (await api.post('/api/v1/tag').send({ label: 'wire-a' }).expect(200)).body.id;
    ids.tagB = (await api.post('/api/v1/tag').send({ label: 'wire-b' }).expect(200)).body.id;
    ids.rootFolder = (
      await api
        .post('/api/v1/rootfolder')
        .send({
          name: 'Wire Books',
          path: root,
          defaultQualityProfileId: 1,
          defaultMetadataProfileId: 1,
          defaultTags: [ids.tagB],
        })
        .expect(200)
    ).body.id;
    const author = (
      await api
        .post('/api/v1/author')
        .send({
          authorName: 'Ursula K. Le Guin',
          foreignAuthorId: 'ol-test-1',
          qualityProfileId: 1,
          metadataProfileId: 1,
          rootFolderPath: root,
          monitored: true,
          monitorNewItems: 'all',
          tags: [ids.tagA],
          addOptions: { monitor: 'all', searchForMissingBooks: false },
        })
        .expect(200)
    ).body;
    ids.author = author.id;
    authorPath = author.path;
    const postBook = async (title: string, foreignBookId: string, releaseDate: Date) =>
      (
        await api
          .post('/api/v1/book')
          .send({
            title,
            foreignBookId,
            monitored: true,
            releaseDate: releaseDate.toISOString(),
            genres: ['science fiction'],
            author: {
              authorName: 'Ursula K. Le Guin',
              foreignAuthorId: 'ol-test-1',
              qualityProfileId: 1,
              metadataProfileId: 1,
              rootFolderPath: root,
            },
            editions: [
              {
                foreignEditionId: `${foreignBookId}-e1`,
                title,
                monitored: true,
                isEbook: true,
                format: 'Kindle Edition',
                pageCount: 320,
                isbn13: '9780000000001',
                images: [{ url: 'https://covers.example/c.jpg', coverType: 'cover' }],
              },
              { foreignEditionId: `${foreignBookId}-e2`, title, monitored: false, isEbook: false, format: 'Audio' },
            ],
            addOptions: { addType: 'manual', searchForNewBook: false },
          })
          .expect(200)
      ).body;
    const now = Date.now();
    const dispossessed = await postBook('The Dispossessed', 'ol-test-w1', new Date(now - 10 * DAY));
    const lathe = await postBook('The Lathe of Heaven', 'ol-test-w2', new Date(now + 20 * DAY));
    ids.book = lathe.id;
    ids.bookWithFile = dispossessed.id;
    ids.missingBook = dispossessed.id;
    // a file for the future book, so the released one stays "missing"
    const [edition] = (await api.get(`/api/v1/edition?bookId=${lathe.id}`).expect(200)).body.filter(
      (e: { monitored: boolean }) => e.monitored,
    );
    ids.edition = edition.id;
    mkdirSync(authorPath, { recursive: true });
    const filePath = join(authorPath, 'The Lathe of Heaven.epub');
    writeFileSync(filePath, 'not really an epub');
    ids.bookFile = (await createBookFile(db, edition.id, { path: filePath, qualityId: 2, size: 18 })).id;
    ids.bookWithFile = lathe.id;

    ids.delayProfile = (
      await api
        .post('/api/v1/delayprofile')
        .send({
          enableUsenet: true,
          enableTorrent: true,
          preferredProtocol: 'usenet',
          usenetDelay: 0,
          tags: [ids.tagB],
        })
        .expect(200)
    ).body.id;
    ids.releaseProfile = (
      await api
        .post('/api/v1/releaseprofile')
        .send({ enabled: true, required: ['epub'], ignored: ['abridged'], indexerId: 0, tags: [] })
        .expect(200)
    ).body.id;

    const schema = (await api.get('/api/v1/indexer/schema').expect(200)).body;
    const template = schema.find((s: { implementation: string }) => s.implementation === 'Newznab');
    const values: Record<string, unknown> = { baseUrl: newznab.url, apiKey: NZB_KEY, categories: [7020, 3030] };
    ids.indexer = (
      await api
        .post('/api/v1/indexer?forceSave=true')
        .send({
          ...template,
          name: 'Wire Newznab',
          enableRss: true,
          enableAutomaticSearch: true,
          enableInteractiveSearch: true,
          tags: [],
          fields: template.fields.map((f: { name: string; value?: unknown }) => ({
            ...f,
            value: f.name in values ? values[f.name] : f.value,
          })),
        })
        .expect(200)
    ).body.id;
    ids.downloadClient = (
      await api
        .post('/api/v1/downloadclient?forceSave=true')
        .send({
          name: 'Wire SABnzbd',
          enable: true,
          priority: 1,
          implementation: 'Sabnzbd',
          configContract: 'SabnzbdSettings',
          tags: [],
          fields: [
            { name: 'host', value: '127.0.0.1' },
            { name: 'port', value: sab.port },
            { name: 'apiKey', value: SAB_KEY },
          ],
        })
        .expect(200)
    ).body.id;
    ids.customFormat = (
      await api
        .post('/api/v1/customformat')
        .send({
          name: 'Retail',
          includeCustomFormatWhenRenaming: false,
          specifications: [
            {
              name: 'retail',
              implementation: 'ReleaseTitleSpecification',
              negate: false,
              required: false,
              fields: [{ name: 'value', value: '\\bretail\\b' }],
            },
          ],
        })
        .expect(200)
    ).body.id;
    ids.customFilter = (
      await api
        .post('/api/v1/customfilter')
        .send({ type: 'authorIndex', label: 'Monitored', filters: [{ key: 'monitored', value: true, type: 'equal' }] })
        .expect(200)
    ).body.id;
    ids.remotePathMapping = (
      await api
        .post('/api/v1/remotepathmapping')
        .send({ host: '127.0.0.1', remotePath: '/downloads/', localPath: root })
        .expect(200)
    ).body.id;
    ids.importListExclusion = (
      await api.post('/api/v1/importlistexclusion').send({ foreignId: 'OL1X', authorName: 'Excluded' }).expect(200)
    ).body.id;
    ids.notification = (
      await api
        .post('/api/v1/notification?forceSave=true')
        .send({
          name: 'Wire Webhook',
          implementation: 'Webhook',
          configContract: 'WebhookSettings',
          onGrab: true,
          onReleaseImport: true,
          tags: [ids.tagA],
          fields: [{ name: 'url', value: 'http://127.0.0.1:9/hook' }],
        })
        .expect(200)
    ).body.id;
    ids.importList = (
      await api
        .post('/api/v1/importlist?forceSave=true')
        .send({
          name: 'Wire Readarr',
          implementation: 'ReadarrImport',
          configContract: 'ReadarrSettings',
          enableAutomaticAdd: false,
          shouldMonitor: 'entireAuthor',
          shouldSearch: false,
          rootFolderPath: root,
          qualityProfileId: 1,
          metadataProfileId: 1,
          tags: [],
          fields: [
            { name: 'baseUrl', value: 'http://127.0.0.1:9' },
            { name: 'apiKey', value: 'remote-key-0001' },
          ],
        })
        .expect(200)
    ).body.id;
    await db.query(
      `INSERT INTO blocklist (author_id, book_ids, source_title, quality, protocol, indexer, message, size)
       VALUES ($1, $2, 'Ursula K. Le Guin - The Dispossessed (pdf)', $3, 'usenet', 'Wire Newznab', 'Manually blocklisted', 1000)`,
      [
        ids.author,
        [ids.missingBook],
        { quality: { id: 1, name: 'PDF' }, revision: { version: 1, real: 0, isRepack: false } },
      ],
    );
    ids.command = (await api.post('/api/v1/command').send({ name: 'CheckHealth' }).expect(200)).body.id;

    // interactive search → grab: history (grabbed) and a tracked download in the queue
    const releases = (await api.get(`/api/v1/release?bookId=${ids.missingBook}`).expect(200)).body;
    const release = releases.find((r: { guid: string }) => r.guid === 'wire-epub');
    expect(release).toEqual(expect.objectContaining({ approved: true }));
    const grab = await api.post('/api/v1/release').send({ guid: release.guid, indexerId: ids.indexer });
    expect({ status: grab.status, message: grab.body.message }).toEqual({ status: 200, message: undefined });
    expect(sab.queue).toHaveLength(1);
    ids.series = (
      await db.query(`INSERT INTO series (foreign_series_id, title) VALUES ('ol-s-1', 'Hainish') RETURNING id`)
    )[0].id;
    await db.query(
      `INSERT INTO series_book_link (series_id, book_id, position, series_position) VALUES ($1, $2, '6', 6)`,
      [ids.series, dispossessed.id],
    );
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
    await openLibrary.close();
  });

  /** Query strings for the GET endpoints that need one, and real ids for `{id}`/`{filename}` segments. */
  function concrete(path: string): string | undefined {
    const start = new Date(Date.now() - 30 * DAY).toISOString();
    const end = new Date(Date.now() + 60 * DAY).toISOString();
    const queries: Record<string, string> = {
      '/api/v1/book': `authorId=${ids.author}`,
      '/api/v1/bookfile': `authorId=${ids.author}`,
      '/api/v1/edition': `bookId=${ids.book}`,
      '/api/v1/calendar': `start=${start}&end=${end}&unmonitored=true&includeAuthor=true`,
      '/api/v1/history/since': 'date=2000-01-01T00:00:00Z&includeAuthor=true&includeBook=true',
      '/api/v1/history/author': `authorId=${ids.author}&includeAuthor=true&includeBook=true`,
      '/api/v1/history': 'includeAuthor=true&includeBook=true',
      '/api/v1/queue': 'includeAuthor=true&includeBook=true',
      '/api/v1/queue/details': 'includeAuthor=true&includeBook=true',
      '/api/v1/wanted/missing': 'includeAuthor=true',
      '/api/v1/wanted/cutoff': 'includeAuthor=true',
      '/api/v1/series': `authorId=${ids.author}`,
      '/api/v1/rename': `authorId=${ids.author}`,
      '/api/v1/retag': `authorId=${ids.author}`,
      '/api/v1/manualimport': `folder=${encodeURIComponent(root)}`,
      '/api/v1/parse': `title=${encodeURIComponent('Ursula K Le Guin - The Dispossessed (epub)')}`,
      '/api/v1/release': `bookId=${ids.missingBook}`,
      '/api/v1/filesystem': `path=${encodeURIComponent(root)}&includeFiles=true`,
      '/api/v1/filesystem/type': `path=${encodeURIComponent(root)}`,
      '/api/v1/filesystem/mediafiles': `path=${encodeURIComponent(authorPath)}`,
      '/api/v1/log': 'page=1&pageSize=5',
      '/api/v1/author/lookup': 'term=tolkien',
      '/api/v1/book/lookup': 'term=hobbit',
      '/api/v1/search': 'term=tolkien',
    };
    const byId: Record<string, number | undefined> = {
      author: ids.author,
      book: ids.book,
      bookfile: ids.bookFile,
      calendar: ids.book,
      command: ids.command,
      customfilter: ids.customFilter,
      customformat: ids.customFormat,
      cutoff: ids.book,
      missing: ids.missingBook,
      delayprofile: ids.delayProfile,
      downloadclient: ids.downloadClient,
      indexer: ids.indexer,
      notification: ids.notification,
      importlist: ids.importList,
      importlistexclusion: ids.importListExclusion,
      language: 1,
      metadataprofile: 1,
      qualityprofile: 1,
      qualitydefinition: 1,
      releaseprofile: ids.releaseProfile,
      remotepathmapping: ids.remotePathMapping,
      rootfolder: ids.rootFolder,
      tag: ids.tagA,
      detail: ids.tagA,
      task: 1,
    };
    if (path.includes('{filename}') || path.includes('{authorId}') || path.includes('{bookId}')) return undefined;
    let concretePath = path;
    if (path.includes('{id}')) {
      const segments = path.split('/');
      const owner = segments[segments.indexOf('{id}') - 1];
      const id = owner === 'config' || path.startsWith('/api/v1/config/') ? 1 : byId[owner];
      if (id === undefined) return undefined;
      concretePath = path.replace('{id}', String(id));
    }
    const query = queries[path];
    return query ? `${concretePath}?${query}` : concretePath;
  }

  /** Response schema for GETs the OpenAPI file leaves untyped. */
  const UNTYPED: Record<string, Schema> = {
    '/api/v1/customformat/schema': {
      type: 'array',
      items: { $ref: '#/components/schemas/CustomFormatSpecificationSchema' },
    },
    '/api/v1/author/lookup': { type: 'array', items: { $ref: '#/components/schemas/AuthorResource' } },
    '/api/v1/book/lookup': { type: 'array', items: { $ref: '#/components/schemas/BookResource' } },
    '/api/v1/search': {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          foreignId: { type: 'string' },
          author: { $ref: '#/components/schemas/AuthorResource' },
          book: { $ref: '#/components/schemas/BookResource' },
        },
      },
    },
    '/api/v1/book/{id}/overview': {
      type: 'object',
      properties: { id: { type: 'integer' }, overview: { type: 'string' } },
    },
  };
  /** Not JSON resources, UI routes, or endpoints that need the (absent) metadata source. */
  const SKIPPED = new Set([
    '/login',
    '/logout',
    '/content/{path}',
    '/',
    '/{path}',
    '/feed/v1/calendar/readarr.ics',
    '/api/v1/localization',
    '/api/v1/system/routes',
    '/api/v1/system/routes/duplicate',
  ]);

  it('every GET endpoint Quire serves answers JSON that matches Readarr’s schema', async () => {
    const problems: string[] = [];
    const notServed: string[] = [];
    const checked: string[] = [];
    const served = new Set(
      Object.keys(((await t.anonymous().get('/docs-json').expect(200)).body as Document).paths).map((p) =>
        p.toLowerCase(),
      ),
    );
    for (const [path, item] of Object.entries(READARR.paths)) {
      const operation = item.get;
      if (!operation || SKIPPED.has(path)) continue;
      if (!served.has(path.toLowerCase())) {
        notServed.push(path);
        continue;
      }
      const url = concrete(path);
      if (!url) continue;
      const content = operation.responses?.['200']?.content;
      const schema =
        UNTYPED[path] ?? (content ? (content['application/json'] ?? Object.values(content)[0]).schema : undefined);
      const response = await t.api.get(url).set('Accept', 'application/json');
      if (response.status !== 200) {
        problems.push(`GET ${url}: status ${response.status} ${response.text.slice(0, 200)}`);
        continue;
      }
      checked.push(url);
      if (!/^application\/json/.test(String(response.headers['content-type'])))
        problems.push(`GET ${url}: content-type ${response.headers['content-type']}`);
      if (path.startsWith('/api') && !response.headers['x-application-version'])
        problems.push(`GET ${url}: no X-Application-Version header`);
      if (!schema) continue;
      const body: unknown = response.body;
      validate(body, schema, `GET ${url} $`, problems);
      const name = refName(schema) ?? refName(schema.items);
      // lookup results are not in the library: no id
      if (name && !path.endsWith('/schema'))
        requiredFields(body, name, `GET ${url} $`, problems, path.endsWith('/lookup') ? LOOKUP_EXEMPT : []);
      if (schema.type === 'array' && Array.isArray(body) && body.length === 0 && !EMPTY_OK.has(path))
        problems.push(`GET ${url}: empty list (the test library should fill it)`);
    }
    console.log(`[wire] properties beyond Readarr's schema: ${[...EXTRAS].sort().join(', ')}`);
    console.log(
      `[wire] validated ${checked.length} GET endpoints; not served by Quire: ${notServed.join(', ') || 'none'}`,
    );
    expect(checked.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  /** Lists that may legitimately be empty in the test library. */
  const EMPTY_OK = new Set([
    '/api/v1/system/backup',
    '/api/v1/metadata',
    '/api/v1/health',
    '/api/v1/manualimport',
    '/api/v1/retag',
    '/api/v1/rename',
    '/api/v1/update',
    '/api/v1/log/file',
    '/api/v1/log/file/update',
    '/api/v1/metadata/schema',
    '/api/v1/release',
    '/api/v1/diskspace',
  ]);

  describe('PUT round-trips: GET, PUT back unchanged → 200 and the same body', () => {
    /** Free space moves while other processes write to the disk. */
    const stable = (body: Record<string, unknown>) => ({ ...body, freeSpace: undefined });
    const roundTrip = async (path: string) => {
      const before = (await t.api.get(path).expect(200)).body;
      const put = await t.api.put(path).send(before);
      expect({ path, status: put.status, body: put.body }).toEqual({ path, status: 200, body: before });
      expect((await t.api.get(path).expect(200)).body).toEqual(before);
    };
    it.each([
      ['author', () => `/api/v1/author/${ids.author}`],
      ['rootfolder', () => `/api/v1/rootfolder/${ids.rootFolder}`],
      ['qualityprofile', () => '/api/v1/qualityprofile/1'],
      ['metadataprofile', () => '/api/v1/metadataprofile/1'],
      ['delayprofile', () => `/api/v1/delayprofile/${ids.delayProfile}`],
      ['delayprofile (global)', () => '/api/v1/delayprofile/1'],
      ['qualitydefinition', () => '/api/v1/qualitydefinition/1'],
      ['remotepathmapping', () => `/api/v1/remotepathmapping/${ids.remotePathMapping}`],
      ['importlistexclusion', () => `/api/v1/importlistexclusion/${ids.importListExclusion}`],
      ['tag', () => `/api/v1/tag/${ids.tagA}`],
      ['indexer', () => `/api/v1/indexer/${ids.indexer}?forceSave=true`],
      ['downloadclient', () => `/api/v1/downloadclient/${ids.downloadClient}?forceSave=true`],
      ['notification', () => `/api/v1/notification/${ids.notification}?forceSave=true`],
      ['importlist', () => `/api/v1/importlist/${ids.importList}?forceSave=true`],
      ['releaseprofile', () => `/api/v1/releaseprofile/${ids.releaseProfile}`],
      ['customformat', () => `/api/v1/customformat/${ids.customFormat}`],
      ['customfilter', () => `/api/v1/customfilter/${ids.customFilter}`],
      ['config/host', () => '/api/v1/config/host'],
      ['config/naming', () => '/api/v1/config/naming'],
      ['config/mediamanagement', () => '/api/v1/config/mediamanagement'],
      ['config/indexer', () => '/api/v1/config/indexer'],
      ['config/downloadclient', () => '/api/v1/config/downloadclient'],
      ['config/metadataprovider', () => '/api/v1/config/metadataprovider'],
      ['config/development', () => '/api/v1/config/development'],
      ['config/ui', () => '/api/v1/config/ui'],
    ])('%s', async (_name, path) => {
      const url = path();
      const [resource] = url.split('?');
      const before = (await t.api.get(resource).expect(200)).body;
      const put = await t.api.put(url).send(before);
      expect({ url, status: put.status, body: stable(put.body) }).toEqual({ url, status: 200, body: stable(before) });
      expect(stable((await t.api.get(resource).expect(200)).body)).toEqual(stable(before));
    });

    it('a round-tripped provider keeps its masked secrets (the live test still authenticates)', async () => {
      for (const kind of ['indexer', 'downloadclient']) {
        const id = kind === 'indexer' ? ids.indexer : ids.downloadClient;
        const resource = (await t.api.get(`/api/v1/${kind}/${id}`).expect(200)).body;
        expect(JSON.stringify(resource)).toContain('********');
        await t.api.put(`/api/v1/${kind}/${id}`).send(resource).expect(200);
        const test = await t.api.post(`/api/v1/${kind}/test`).send(resource);
        expect({ kind, status: test.status, body: test.body }).toEqual({ kind, status: 200, body: {} });
      }
      expect(sab.requests.some((r) => String(r.url).includes(`apikey=${SAB_KEY}`))).toBe(true);
    });

    it('book (with its editions, which PUT /book requires)', async () => {
      const before = (await t.api.get(`/api/v1/book/${ids.book}`).expect(200)).body;
      const editions = (await t.api.get(`/api/v1/edition?bookId=${ids.book}`).expect(200)).body;
      const put = await t.api.put(`/api/v1/book/${ids.book}`).send({ ...before, editions });
      expect({ status: put.status, body: put.body }).toEqual({ status: 200, body: before });
      expect((await t.api.get(`/api/v1/book/${ids.book}`).expect(200)).body).toEqual(before);
    });

    it('PUT without the id in the path (id from the body) works the same', async () => {
      await roundTrip(`/api/v1/tag/${ids.tagB}`);
      const tag = (await t.api.get(`/api/v1/tag/${ids.tagB}`).expect(200)).body;
      await t.api.put('/api/v1/tag').send(tag).expect(200, tag);
    });
  });

  it('request bodies match property names case-insensitively, nested DTOs included (exact keys win)', async () => {
    const tag = await t.api.post('/api/v1/tag').send({ Label: 'CaseTag' }).expect(200);
    expect(tag.body).toEqual({ id: expect.any(Number), label: 'casetag' });
    const exact = await t.api.post('/api/v1/tag').send({ LABEL: 'shadowed', label: 'exact' }).expect(200);
    expect(exact.body.label).toBe('exact');
    const format = await t.api
      .post('/api/v1/customformat')
      .send({
        Name: 'Case Format',
        IncludeCustomFormatWhenRenaming: true,
        Specifications: [
          {
            NAME: 'case spec',
            Implementation: 'ReleaseTitleSpecification',
            Negate: true,
            Required: false,
            Fields: [{ Name: 'value', Value: 'retail' }],
          },
        ],
      })
      .expect(200);
    expect(format.body).toMatchObject({
      name: 'Case Format',
      includeCustomFormatWhenRenaming: true,
      specifications: [{ name: 'case spec', implementation: 'ReleaseTitleSpecification', negate: true }],
    });
    expect(format.body.specifications[0].fields[0].value).toBe('retail');
    // free-form objects are stored verbatim
    const filter = await t.api
      .post('/api/v1/customfilter')
      .send({ Type: 'bookIndex', Label: 'Verbatim', Filters: [{ Key: 'monitored', value: true, type: 'equal' }] })
      .expect(200);
    expect(filter.body.filters).toEqual([{ Key: 'monitored', value: true, type: 'equal' }]);
  });

  it('request bodies may carry trailing commas (strings untouched); other malformed JSON is still a 400', async () => {
    const body = '{ "type": "bookIndex", "label": "comma,}",\n  "filters": [{"key": "x", "value": [1, 2, ],}, ],\n}';
    const filter = await t.api.post('/api/v1/customfilter').set('Content-Type', 'application/json').send(body);
    expect({ status: filter.status, body: filter.body }).toEqual({
      status: 200,
      body: { id: expect.any(Number), type: 'bookIndex', label: 'comma,}', filters: [{ key: 'x', value: [1, 2] }] },
    });
    const broken = await t.api.post('/api/v1/tag').set('Content-Type', 'application/json').send('{"label":,}');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^Malformed JSON/);
  });

  it('the validator reports wrong types, nulls, zero ids, bad enums, dates and missing fields', () => {
    const problems: string[] = [];
    const author = {
      id: 0,
      authorName: null,
      status: 'Continuing',
      monitored: 'yes',
      added: '2024-01-01T00:00:00.123Z',
      tags: ['1'],
      statistics: { bookFileCount: 1.5 },
    };
    validate(author, { $ref: '#/components/schemas/AuthorResource' }, '$', problems);
    requiredFields(author, 'AuthorResource', '$', problems);
    validate({ lastDuration: '1 second' }, { $ref: '#/components/schemas/TaskResource' }, '$', problems);
    validate({ id: 0, name: 'Unknown' }, { $ref: '#/components/schemas/LanguageResource' }, '$', problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        '$.id: 0 (must be omitted)',
        '$.authorName: null (Quire omits nulls)',
        expect.stringMatching(/^\$\.status: "Continuing" is not one of AuthorStatusType/),
        '$.monitored: expected boolean, got "yes"',
        '$.added: expected yyyy-MM-ddTHH:mm:ssZ, got "2024-01-01T00:00:00.123Z"',
        '$.tags[0]: expected integer, got "1"',
        '$.statistics.bookFileCount: expected integer, got 1.5',
        '$.statistics.sizeOnDisk: missing (clients rely on it)',
        '$.qualityProfileId: missing (clients rely on it)',
        '$.lastDuration: expected [d.]hh:mm:ss[.fffffff], got "1 second"',
      ]),
    );
    expect(problems.some((p) => p.includes('Unknown'))).toBe(false);
  });

  it('answers what Homepage and Prowlarr read', async () => {
    const books = (await t.api.get('/api/v1/book').expect(200)).body;
    expect(books.filter((b: { statistics: { bookFileCount: number } }) => b.statistics.bookFileCount > 0)).toEqual([
      expect.objectContaining({ id: ids.book }),
    ]);
    expect((await t.api.get('/api/v1/wanted/missing').expect(200)).body.totalRecords).toBe(1);
    expect((await t.api.get('/api/v1/queue/status').expect(200)).body).toMatchObject({ totalCount: 1, count: 1 });
    const start = new Date(Date.now() - 30 * DAY).toISOString();
    const end = new Date(Date.now() + 60 * DAY).toISOString();
    const calendar = (
      await t.api.get(`/api/v1/calendar?start=${start}&end=${end}&unmonitored=false&includeAuthor=false`).expect(200)
    ).body;
    const dispossessed = calendar.find((b: { id: number }) => b.id === ids.missingBook);
    expect(dispossessed).toMatchObject({
      title: 'The Dispossessed',
      authorTitle: 'le guin, ursula k. The Dispossessed',
      seriesTitle: 'Hainish #6',
      releaseDate: expect.stringMatching(DATE_TIME),
    });
    const author = (await t.api.get(`/api/v1/author/${ids.author}`).expect(200)).body;
    expect(author.statistics).toEqual({
      bookFileCount: 1,
      bookCount: 2,
      availableBookCount: 1,
      totalBookCount: 2,
      sizeOnDisk: 18,
      percentOfBooks: 50,
    });
    expect(author.nextBook).toMatchObject({ title: 'The Lathe of Heaven' });
    expect(author.lastBook).toMatchObject({ title: 'The Dispossessed' });
    // Prowlarr: version, and the indexer's baseUrl/apiKey fields (the key masked)
    expect((await t.api.get('/api/v1/system/status').expect(200)).body.version).toMatch(/^\d+\.\d+\.\d+/);
    const indexer = (await t.api.get(`/api/v1/indexer/${ids.indexer}`).expect(200)).body;
    const fields = Object.fromEntries(indexer.fields.map((f: { name: string; value: unknown }) => [f.name, f.value]));
    expect(fields).toMatchObject({ baseUrl: newznab.url, apiKey: '********', apiPath: '/api' });
  });

  it('POST → GET returns the same body for tags and custom filters', async () => {
    const tag = await t.api.post('/api/v1/tag').send({ label: 'wire-roundtrip' }).expect(200);
    await t.api.get(`/api/v1/tag/${tag.body.id}`).expect(200, tag.body);
    const filter = await t.api
      .post('/api/v1/customfilter')
      .send({
        type: 'bookIndex',
        label: 'Saved',
        filters: [
          { key: 'monitored', value: false, type: 'equal' },
          { key: 'tags', value: [ids.tagA], type: 'contains' },
        ],
      })
      .expect(200);
    await t.api.get(`/api/v1/customfilter/${filter.body.id}`).expect(200, filter.body);
    expect((await t.api.get('/api/v1/customfilter').expect(200)).body).toContainEqual(filter.body);
  });

  it('the iCal feed accepts ?apikey= (and refuses a request without a key)', async () => {
    const feed = await t
      .anonymous()
      .get(`/feed/v1/calendar/quire.ics?apikey=${TEST_API_KEY}&pastDays=30&futureDays=60`)
      .expect(200);
    expect(feed.headers['content-type']).toMatch(/text\/calendar/);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain('The Lathe of Heaven');
    await t.anonymous().get('/feed/v1/calendar/quire.ics').expect(401);
    await t.anonymous().get(`/api/v1/system/status?apikey=${TEST_API_KEY}`).expect(200);
  });

  it('query booleans are case-insensitive (True / FALSE)', async () => {
    const withAuthor = (await t.api.get('/api/v1/wanted/missing?includeAuthor=True').expect(200)).body;
    expect(withAuthor.records.length).toBeGreaterThan(0);
    expect(withAuthor.records[0].author).toEqual(expect.objectContaining({ id: ids.author }));
    const without = (await t.api.get('/api/v1/wanted/missing?includeAuthor=FALSE').expect(200)).body;
    expect(without.records[0].author).toBeUndefined();

    const start = new Date(Date.now() - 30 * DAY).toISOString();
    const end = new Date(Date.now() + 60 * DAY).toISOString();
    const calendar = (await t.api.get(`/api/v1/calendar?start=${start}&end=${end}&includeAuthor=TRUE`).expect(200))
      .body;
    expect(calendar.length).toBe(2);
    expect(calendar.every((b: { author?: unknown }) => b.author)).toBe(true);
    const noAuthor = (await t.api.get(`/api/v1/calendar?start=${start}&end=${end}&includeAuthor=False`).expect(200))
      .body;
    expect(noAuthor.some((b: { author?: unknown }) => b.author)).toBe(false);

    const unmapped = await t.api.get('/api/v1/bookfile?unmapped=True').expect(200);
    expect(Array.isArray(unmapped.body)).toBe(true);
    const queue = (await t.api.get('/api/v1/queue?includeBook=TRUE&includeUnknownAuthorItems=false').expect(200)).body;
    expect(queue.records.every((r: { book?: unknown }) => r.book)).toBe(true);
    await t.api.get('/api/v1/author?foo=1').expect(200);
    await t.api.get('/api/v1/calendar?unmonitored=notabool').expect(400);
  });

  it('repeated-key query arrays select several records', async () => {
    const books = (await t.api.get(`/api/v1/book?bookIds=${ids.book}&bookIds=${ids.missingBook}`).expect(200)).body;
    expect(books.map((b: { id: number }) => b.id).sort()).toEqual([ids.book, ids.missingBook].sort());
    const second = await createBookFile(db, ids.edition, { path: join(authorPath, 'Lathe.mobi'), qualityId: 2 });
    const files = (await t.api.get(`/api/v1/bookfile?bookFileIds=${ids.bookFile}&bookFileIds=${second.id}`).expect(200))
      .body;
    expect(files.map((f: { id: number }) => f.id).sort()).toEqual([ids.bookFile, second.id].sort());
    const byBook = (await t.api.get(`/api/v1/bookfile?bookId=${ids.book}&bookId=${ids.missingBook}`).expect(200)).body;
    expect(byBook).toHaveLength(2);
    await t.api.delete(`/api/v1/bookfile/${second.id}`).expect(200);
    const editions = (await t.api.get(`/api/v1/edition?bookId=${ids.book}&bookId=${ids.missingBook}`).expect(200)).body;
    expect(editions).toHaveLength(4);
    expect(new Set(editions.map((e: { bookId: number }) => e.bookId))).toEqual(new Set([ids.book, ids.missingBook]));
    const details = (
      await t.api.get(`/api/v1/queue/details?bookIds=${ids.book}&bookIds=${ids.missingBook}`).expect(200)
    ).body;
    expect(details.map((q: { bookId: number }) => q.bookId)).toEqual([ids.missingBook]);
    expect((await t.api.get(`/api/v1/queue/details?bookIds=${ids.book}`).expect(200)).body).toEqual([]);
    const history = (await t.api.get('/api/v1/history?eventType=1&eventType=3').expect(200)).body;
    expect(history.records.map((h: { eventType: string }) => h.eventType)).toEqual(['grabbed']);
    expect((await t.api.get('/api/v1/history?eventType=3&eventType=4').expect(200)).body.totalRecords).toBe(0);
  });
});
