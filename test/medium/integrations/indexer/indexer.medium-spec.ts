import { ProviderStatusService } from '../../../../src/integrations/core/provider-status.service';
import { MASKED_SECRET } from '../../../../src/integrations/core/schema-builder';
import { IndexerFactory } from '../../../../src/integrations/indexer/indexer-factory.service';
import { IndexerModule } from '../../../../src/integrations/indexer/indexer.module';
import type { IndexerResource } from '../../../../src/integrations/indexer/indexer.resource';
import { IndexerService } from '../../../../src/integrations/indexer/indexer.service';
import { Medium, newMediumService } from '../../medium';

/**
 * Indexers as the API edits them and search/RSS use them, on PostgreSQL: an indexer counts as enabled when any of
 * its uses is, secrets go out masked and a masked value sent back keeps the stored one, and the factory hands out
 * the indexers enabled for a use by priority, without backed-off ones. Saves are forced: no indexer is contacted.
 */
describe('indexers (medium)', () => {
  let medium: Medium;
  let indexers: IndexerService;

  beforeAll(async () => {
    medium = await newMediumService({ imports: [IndexerModule], tables: ['provider_definition', 'provider_status'] });
    indexers = medium.get(IndexerService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const newznab = (name: string, extra: Partial<IndexerResource> = {}): IndexerResource => ({
    name,
    implementation: 'Newznab',
    fields: [
      { name: 'baseUrl', value: 'http://127.0.0.1:9' },
      { name: 'apiKey', value: `secret-${name}` },
    ],
    enableRss: true,
    enableAutomaticSearch: true,
    enableInteractiveSearch: true,
    ...extra,
  });
  const storedApiKey = async (id: number) =>
    (
      await medium.sql<{ key: string }>(`SELECT settings->>'apiKey' AS key FROM provider_definition WHERE id = $1`, [
        id,
      ])
    )[0].key;

  it('an indexer is enabled while any use is; the flags and priority are stored with it', async () => {
    const all = await indexers.create(newznab('all', { priority: 10 }), true);
    const rssOnly = await indexers.create(
      newznab('rss', { enableAutomaticSearch: false, enableInteractiveSearch: false }),
      true,
    );
    const none = await indexers.create(
      newznab('none', { enableRss: false, enableAutomaticSearch: false, enableInteractiveSearch: false }),
      true,
    );
    expect(all).toMatchObject({ priority: 10, protocol: 'usenet', supportsRss: true, supportsSearch: true });
    expect(none).toMatchObject({ enableRss: false, enableAutomaticSearch: false, enableInteractiveSearch: false });
    expect((await indexers.listEnabled()).map((definition) => definition.id)).toEqual([all.id, rssOnly.id]);

    await indexers.bulkUpdate({ ids: [rssOnly.id!], enableRss: false });
    expect((await indexers.listEnabled()).map((definition) => definition.id)).toEqual([all.id]);
    // A template starts with every use off and the default priority.
    const [template] = indexers.schema();
    expect(template).toMatchObject({ name: 'Newznab', enableRss: false, priority: 25 });
    expect((template as IndexerResource & { presets: IndexerResource[] }).presets.length).toBeGreaterThan(0);
  });

  it('the API key goes out masked; sent back masked it keeps the stored key, sent anew it replaces it', async () => {
    const created = await indexers.create(newznab('geek'), true);
    const apiKey = created.fields!.find((field) => field.name === 'apiKey');
    expect(apiKey?.value).toBe(MASKED_SECRET);
    expect(await storedApiKey(created.id!)).toBe('secret-geek');

    await indexers.update(created.id!, { ...created, name: 'geek renamed' }, true);
    expect(await storedApiKey(created.id!)).toBe('secret-geek');
    const fields = created.fields!.map((field) => (field.name === 'apiKey' ? { ...field, value: 'new-key' } : field));
    await indexers.update(created.id!, { ...created, fields }, true);
    expect(await storedApiKey(created.id!)).toBe('new-key');
    expect((await indexers.get(created.id!)).name).toBe('geek');
  });

  it('the factory hands out the indexers enabled for a use, by priority, without the backed-off ones', async () => {
    await indexers.create(newznab('low', { priority: 50 }), true);
    await indexers.create(newznab('high', { priority: 1, enableRss: false }), true);
    const torznab = await indexers.create(
      { ...newznab('torznab', { priority: 25, enableInteractiveSearch: false }), implementation: 'Torznab' },
      true,
    );
    const factory = medium.get(IndexerFactory);
    const names = async (use: 'rss' | 'automaticSearch' | 'interactiveSearch') =>
      (await factory.enabledFor(use)).map((client) => client.name);

    expect(await names('rss')).toEqual(['torznab', 'low']);
    expect(await names('automaticSearch')).toEqual(['high', 'torznab', 'low']);
    expect(await names('interactiveSearch')).toEqual(['high', 'low']);

    await medium.get(ProviderStatusService).recordFailure(torznab.id!, new Error('HTTP 503'));
    expect(await names('automaticSearch')).toEqual(['high', 'low']);
    expect((await factory.client(torznab.id!)).protocol).toBe('torrent');
  });
});
