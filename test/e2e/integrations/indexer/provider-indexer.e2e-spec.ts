import { Logger } from '@nestjs/common';
import { IndexerFactory } from '../../../../src/integrations/indexer';
import { ProviderStatusService } from '../../../../src/integrations/core/provider-status.service';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const API_KEY = 'indexer-secret-key-1234';

interface WireField {
  name: string;
  value?: unknown;
  order: number;
  type: string;
  advanced: boolean;
}

const fieldsOf = (resource: { fields: WireField[] }) =>
  Object.fromEntries(resource.fields.map((field) => [field.name, field]));

const logged: string[] = [];
for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const)
  jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? arg.message : JSON.stringify(arg))).join(' '));
  });

describe('providers: indexers (Newznab, Torznab)', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let torznab: FakeNewznab;

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: API_KEY,
      bookSearch: true,
      releases: [
        { title: 'Ursula K Le Guin - A Wizard of Earthsea (epub)', size: 1_234_567, author: 'Ursula K. Le Guin' },
        { title: 'Ursula K Le Guin - The Dispossessed (mobi)', size: 2_000_000, sizeInEnclosureOnly: true },
        { title: 'Iain M Banks - Excession', size: 999 },
      ],
    }).start();
    torznab = await new FakeNewznab({
      apiKey: API_KEY,
      torznab: true,
      maxLimit: 2,
      releases: [
        {
          title: 'Le Guin - Earthsea Cycle',
          size: 50_000,
          seeders: 12,
          peers: 15,
          infoHash: 'abcdef0123456789abcdef0123456789abcdef01',
        },
        { title: 'Le Guin - The Left Hand of Darkness', size: 60_000, seeders: 0, peers: 1 },
        { title: 'Le Guin - Lathe of Heaven', size: 70_000, seeders: 3, peers: 4 },
      ],
    }).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await torznab.stop();
  });

  it('schema lists Newznab and Torznab with Readarr’s exact fields and the Newznab presets', async () => {
    const schema = (await t.api.get('/api/v1/indexer/schema').expect(200)).body;
    expect(schema.map((item: { implementation: string }) => item.implementation)).toEqual([
      'Newznab',
      'TorrentRssIndexer',
      'Torznab',
    ]);
    const [nz, , tz] = schema;
    expect(nz).toMatchObject({
      name: 'Newznab',
      implementationName: 'Newznab',
      configContract: 'NewznabSettings',
      infoLink: 'https://wiki.servarr.com/readarr/supported#newznab',
      protocol: 'usenet',
      priority: 25,
      enableRss: false,
      enableAutomaticSearch: false,
      enableInteractiveSearch: false,
      supportsRss: true,
      supportsSearch: true,
      tags: [],
    });
    expect(nz.id).toBeUndefined();
    expect(nz.fields.map((f: WireField) => [f.order, f.name, f.type, f.advanced])).toEqual([
      [0, 'baseUrl', 'textbox', false],
      [1, 'apiPath', 'textbox', true],
      [2, 'apiKey', 'textbox', false],
      [3, 'categories', 'select', false],
      [4, 'earlyReleaseLimit', 'number', true],
      [5, 'additionalParameters', 'textbox', true],
    ]);
    const nzFields = fieldsOf(nz);
    expect(nzFields.apiPath.value).toBe('/api');
    expect(nzFields.categories.value).toEqual([3030, 7020, 8010]);
    expect(nzFields.categories).toMatchObject({ selectOptionsProviderAction: 'newznabCategories' });
    expect(nz.presets.map((p: { name: string }) => p.name)).toContain('NZBgeek');
    const tabula = nz.presets.find((p: { name: string }) => p.name === 'Tabula Rasa');
    expect(fieldsOf(tabula).apiPath.value).toBe('/api/v1/api');
    expect(tz.protocol).toBe('torrent');
    expect(tz.fields.map((f: WireField) => f.name)).toEqual([
      'baseUrl',
      'apiPath',
      'apiKey',
      'categories',
      'earlyReleaseLimit',
      'additionalParameters',
      'minimumSeeders',
      'seedCriteria.seedRatio',
      'seedCriteria.seedTime',
      'seedCriteria.discographySeedTime',
      'rejectBlocklistedTorrentHashesWhileGrabbing',
    ]);
    expect(fieldsOf(tz).minimumSeeders.value).toBe(1);
    expect(tz.fields.map((f: WireField) => f.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('walks Prowlarr’s flow: schema → fill fields → POST (live test) → PUT with a masked key → DELETE', async () => {
    const schema = (await t.api.get('/api/v1/indexer/schema').expect(200)).body;
    const template = schema.find((item: { implementation: string }) => item.implementation === 'Newznab');
    const fill: Record<string, unknown> = {
      baseUrl: `${newznab.url}/1/`,
      apiPath: '/api',
      apiKey: API_KEY,
      categories: [3030, 7020],
    };
    const body = {
      name: 'Fake (Prowlarr)',
      enableRss: true,
      enableAutomaticSearch: true,
      enableInteractiveSearch: true,
      priority: 25,
      implementation: template.implementation,
      configContract: template.configContract,
      tags: [],
      fields: template.fields
        .filter((field: WireField) => field.name in fill)
        .map((field: WireField) => ({ name: field.name, value: fill[field.name] })),
    };
    const created = await t.api.post('/api/v1/indexer').send(body).expect(200);
    expect(created.text).not.toContain(API_KEY);
    expect(created.body.id).toEqual(expect.any(Number));
    expect(fieldsOf(created.body).apiKey.value).toBe('********');
    expect(fieldsOf(created.body).categories.value).toEqual([3030, 7020]);
    expect(newznab.requests.some((r) => r.url.pathname === '/1/api' && r.url.searchParams.get('t') === 'caps')).toBe(
      true,
    );

    const listed = await t.api.get('/api/v1/indexer').expect(200);
    expect(listed.text).not.toContain(API_KEY);
    const mine = listed.body.find((item: { id: number }) => item.id === created.body.id);
    expect(fieldsOf(mine).baseUrl.value).toBe(`${newznab.url}/1/`);

    const putBody = {
      ...body,
      id: created.body.id,
      priority: 10,
      fields: created.body.fields.map((f: WireField) => ({ name: f.name, value: f.value })),
    };
    const before = newznab.requests.length;
    const updated = await t.api.put(`/api/v1/indexer/${created.body.id}`).send(putBody).expect(200);
    expect(updated.body.priority).toBe(10);
    expect(updated.text).not.toContain(API_KEY);
    // The live test on PUT used the stored key, not the mask.
    const keyed = newznab.requests.slice(before).filter((r) => r.url.searchParams.has('apikey'));
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.every((r) => r.url.searchParams.get('apikey') === API_KEY)).toBe(true);

    await t.api.delete(`/api/v1/indexer/${created.body.id}`).expect(200, {});
    await t.api.get(`/api/v1/indexer/${created.body.id}`).expect(404);
    expect(logged.join('\n')).not.toContain(API_KEY);
  });

  const newznabBody = (name: string, apiKey: string, extra: Record<string, unknown> = {}) => ({
    name,
    enableRss: true,
    enableAutomaticSearch: true,
    enableInteractiveSearch: false,
    implementation: 'Newznab',
    configContract: 'NewznabSettings',
    fields: [
      { name: 'baseUrl', value: newznab.url },
      { name: 'apiKey', value: apiKey },
      { name: 'categories', value: '7020,3030' },
    ],
    ...extra,
  });

  it('rejects a wrong key with an ApiKey failure unless forceSave, and names must be unique', async () => {
    const failed = await t.api.post('/api/v1/indexer').send(newznabBody('Wrong key', 'nope')).expect(400);
    expect(failed.body).toEqual([
      expect.objectContaining({ propertyName: 'ApiKey', errorMessage: 'Invalid API Key', isWarning: false }),
    ]);
    const forced = await t.api
      .post('/api/v1/indexer?forceSave=true')
      .send(newznabBody('Wrong key', 'nope'))
      .expect(200);
    expect(fieldsOf(forced.body).categories.value).toEqual([7020, 3030]);
    const duplicate = await t.api
      .post('/api/v1/indexer?forceSave=true')
      .send(newznabBody('WRONG KEY', API_KEY))
      .expect(400);
    expect(duplicate.body[0]).toMatchObject({ propertyName: 'Name', errorMessage: 'Should be unique' });
    // Disabled indexers are neither validated nor tested.
    await t.api
      .post('/api/v1/indexer')
      .send(newznabBody('Disabled', 'nope', { enableRss: false, enableAutomaticSearch: false, fields: [] }))
      .expect(200);
    const unreachable = await t.api
      .post('/api/v1/indexer/test')
      .send(newznabBody('Nowhere', API_KEY, { fields: [{ name: 'baseUrl', value: 'http://127.0.0.1:1' }] }))
      .expect(400);
    expect(unreachable.body[0].propertyName).toBe('BaseUrl');
    const invalidUrl = await t.api
      .post('/api/v1/indexer/test')
      .send(newznabBody('Bad', API_KEY, { fields: [] }))
      .expect(400);
    expect(invalidUrl.body[0]).toMatchObject({ propertyName: 'BaseUrl', errorMessage: 'Invalid Url' });
    await t.api.post('/api/v1/indexer/test').send(newznabBody('Good', API_KEY)).expect(200, {});
  });

  it('testall reports each enabled indexer; the stored test uses the stored key', async () => {
    const all = await t.api.post('/api/v1/indexer/testall').expect(400);
    const wrong = all.body.find((r: { isValid: boolean }) => !r.isValid);
    expect(wrong.validationFailures[0]).toMatchObject({ propertyName: 'ApiKey' });
    expect(wrong.validationFailures[0].isWarning).toBeUndefined();
    const list = (await t.api.get('/api/v1/indexer').expect(200)).body;
    const forced = list.find((i: { name: string }) => i.name === 'Wrong key');
    const fixed = await t.api
      .put('/api/v1/indexer')
      .send({ ...forced, fields: [{ name: 'apiKey', value: API_KEY }] })
      .expect(200);
    await t.api.post('/api/v1/indexer/test').send(fixed.body).expect(200);
    await t.api.post('/api/v1/indexer/testall').expect(200);
  });

  it('answers newznabCategories from caps, or the standard list without a URL', async () => {
    const fromCaps = await t.api
      .post('/api/v1/indexer/action/newznabCategories')
      .send(newznabBody('x', API_KEY))
      .expect(200);
    expect(fromCaps.body.options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 7000, name: 'Books' }),
        expect.objectContaining({ value: 7030, name: 'Comics', parentValue: 7000 }),
      ]),
    );
    const standard = await t.api
      .post('/api/v1/indexer/action/newznabCategories')
      .send({ implementation: 'Newznab', fields: [] })
      .expect(200);
    expect(standard.body.options).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 7020, name: 'EBook' })]),
    );
  });

  it('bulk edits and deletes; empty ids are rejected', async () => {
    const ids = (await t.api.get('/api/v1/indexer').expect(200)).body.map((i: { id: number }) => i.id);
    const edited = await t.api
      .put('/api/v1/indexer/bulk')
      .send({ ids, priority: 7, enableRss: false, tags: [3], applyTags: 'add' })
      .expect(200);
    expect(edited.body.every((i: { priority: number; tags: number[] }) => i.priority === 7 && i.tags.includes(3))).toBe(
      true,
    );
    const empty = await t.api.put('/api/v1/indexer/bulk').send({ ids: [] }).expect(400);
    expect(empty.body.message).toContain('ids must be provided');
    await t.api.delete('/api/v1/indexer/bulk').send({ ids }).expect(200, {});
    expect((await t.api.get('/api/v1/indexer').expect(200)).body).toEqual([]);
  });

  it('searches by author/title when caps allow, pages, and reads sizes from attrs or enclosures', async () => {
    const created = await t.api.post('/api/v1/indexer').send(newznabBody('Search me', API_KEY)).expect(200);
    const factory = t.app.get(IndexerFactory);
    const client = await factory.client(created.body.id);
    const before = newznab.requests.length;
    const releases = await client.search({ author: 'Ursula K Le Guin', title: '' });
    const searchCall = newznab.requests.slice(before).find((r) => r.url.searchParams.get('t') === 'book');
    expect(searchCall?.url.searchParams.get('author')).toBe('Ursula K Le Guin');
    expect(releases.map((r) => r.title)).toHaveLength(2);
    const dispossessed = releases.find((r) => r.title.includes('Dispossessed'))!;
    expect(dispossessed).toMatchObject({
      size: 2_000_000,
      protocol: 'usenet',
      indexerId: created.body.id,
      indexer: 'Search me',
    });
    expect(dispossessed.downloadUrl).toContain('/getnzb/');
    expect(dispossessed.infoUrl).toMatch(/\/details\/[^#]+$/);
    expect(dispossessed.commentUrl).toMatch(/#comments$/);
    expect(dispossessed.publishDate?.toISOString()).toBe('2025-11-04T10:00:00.000Z');
    expect(releases.find((r) => r.title.includes('Wizard'))).toMatchObject({
      size: 1_234_567,
      categories: [7020],
      author: 'Ursula K. Le Guin',
    });
    const rss = await client.fetchRss();
    expect(rss).toHaveLength(3);
  });

  it('Torznab: falls back to t=search&q=, pages by the caps limit, parses seeders, peers and hash', async () => {
    const created = await t.api
      .post('/api/v1/indexer')
      .send({
        ...newznabBody('Torrents', API_KEY),
        implementation: 'Torznab',
        configContract: 'TorznabSettings',
        fields: [
          { name: 'baseUrl', value: torznab.url },
          { name: 'apiKey', value: API_KEY },
          { name: 'seedCriteria.seedRatio', value: '1.5' },
          { name: 'minimumSeeders', value: '2' },
        ],
      })
      .expect(200);
    expect(fieldsOf(created.body)['seedCriteria.seedRatio'].value).toBe(1.5);
    expect(fieldsOf(created.body).minimumSeeders.value).toBe(2);
    const client = await t.app.get(IndexerFactory).client(created.body.id);
    const before = torznab.requests.length;
    const releases = await client.search({ author: 'Le Guin', title: 'Earthsea' });
    const calls = torznab.requests.slice(before).filter((r) => r.url.searchParams.get('t') === 'search');
    expect(calls[0].url.searchParams.get('q')).toBe('Le Guin Earthsea');
    expect(releases).toEqual([
      expect.objectContaining({
        protocol: 'torrent',
        seeders: 12,
        peers: 15,
        infoHash: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01',
      }),
    ]);
    const rssBefore = torznab.requests.length;
    await client.fetchRss();
    const rssCalls = torznab.requests.slice(rssBefore).filter((r) => r.url.searchParams.get('t') === 'search');
    expect(rssCalls[0].url.searchParams.get('limit')).toBe('2');
    const allPages = await client.search({ query: 'Le Guin' });
    expect(allPages).toHaveLength(3);
  });

  it('backs off an indexer that keeps failing, escalating, and lifts it on success', async () => {
    const created = await t.api
      .post('/api/v1/indexer?forceSave=true')
      .send(newznabBody('Flaky', API_KEY, { fields: [{ name: 'baseUrl', value: 'http://127.0.0.1:1' }] }))
      .expect(200);
    const factory = t.app.get(IndexerFactory);
    const client = await factory.client(created.body.id);
    await expect(client.fetchRss()).rejects.toThrow();
    expect(await factory.isBackedOff(created.body.id)).toBe(true);
    expect((await factory.enabledFor('rss')).map((c) => c.indexerId)).not.toContain(created.body.id);
    const status = t.app.get(ProviderStatusService);
    const second = await status.recordFailure(created.body.id, new Error('again'));
    expect(second.escalationLevel).toBe(2);
    expect(second.disabledTill!.getTime() - second.mostRecentFailure!.getTime()).toBe(15 * 60_000);
    await status.recordSuccess(created.body.id);
    expect(await factory.isBackedOff(created.body.id)).toBe(false);
  });
});
