import { ProviderCoreModule } from '../../../../src/integrations/core/provider-core.module';
import type { ProviderDefinition, ProviderKind } from '../../../../src/integrations/core/provider-definition.entity';
import { ProviderDefinitionRepository } from '../../../../src/integrations/core/provider-definition.repository';
import { BACKOFF_MINUTES, ProviderStatusService } from '../../../../src/integrations/core/provider-status.service';
import { ProviderHealthRepository } from '../../../../src/platform/system/health/checks/provider-health.repository';
import { Medium, newMediumService } from '../../medium';

const MINUTE = 60_000;

/**
 * What every provider kind shares, on PostgreSQL: the definitions (per kind, names unique case-insensitively),
 * the failure back-off of indexers and download clients, and the health checks' counts over both tables.
 */
describe('provider definitions and status (medium)', () => {
  let medium: Medium;
  let definitions: ProviderDefinitionRepository;
  let statuses: ProviderStatusService;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProviderCoreModule],
      providers: [ProviderHealthRepository],
      tables: ['provider_definition', 'provider_status'],
    });
    definitions = medium.get(ProviderDefinitionRepository);
    statuses = medium.get(ProviderStatusService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const save = (kind: ProviderKind, name: string, fields: Partial<ProviderDefinition> = {}) =>
    definitions.save({ kind, name, implementation: 'Impl', configContract: 'ImplSettings', ...fields });

  it('lists a kind by name, its enabled ones by priority; looks up and deletes within the kind only', async () => {
    const b = await save('indexer', 'b', { enable: true, priority: 10 });
    const a2 = await save('indexer', 'a', { enable: true, priority: 50 });
    const c = await save('indexer', 'c', { enable: false, priority: 1 });
    const client = await save('downloadClient', 'a', { enable: true, priority: 1 });

    expect((await definitions.listByKind('indexer')).map((d) => d.id)).toEqual([a2.id, b.id, c.id]);
    expect((await definitions.listEnabled('indexer')).map((d) => d.id)).toEqual([b.id, a2.id]);
    expect(await definitions.findOne('indexer', client.id)).toBeNull();
    expect((await definitions.findMany('indexer', [client.id, c.id, b.id])).map((d) => d.id)).toEqual([b.id, c.id]);

    await definitions.remove('indexer', [client.id, c.id]);
    expect((await definitions.listByKind('downloadClient')).map((d) => d.id)).toEqual([client.id]);
    expect((await definitions.listByKind('indexer')).map((d) => d.id)).toEqual([a2.id, b.id]);
  });

  it('a name is taken case-insensitively and trimmed, within its kind, except by the definition itself', async () => {
    const own = await save('indexer', 'NZBgeek');
    expect(await definitions.nameTaken('indexer', '  nzbGEEK ')).toBe(true);
    expect(await definitions.nameTaken('indexer', 'nzbgeek', own.id)).toBe(false);
    expect(await definitions.nameTaken('downloadClient', 'NZBgeek')).toBe(false);
    expect(await definitions.nameTaken('indexer', 'NZBgeek2')).toBe(false);
  });

  it('each failure in a row backs the provider off longer, up to a day; a success steps back one level', async () => {
    const { id } = await save('indexer', 'flaky');
    const now = new Date('2025-06-01T12:00:00Z');
    const levels: number[] = [];
    for (let failure = 1; failure <= BACKOFF_MINUTES.length + 2; failure++) {
      const status = await statuses.recordFailure(id, new Error(`failure ${failure}`), now);
      levels.push((status.disabledTill!.getTime() - now.getTime()) / MINUTE);
    }
    expect(levels).toEqual([...BACKOFF_MINUTES, 1440, 1440]);
    expect(await statuses.isBackedOff(id, new Date(now.getTime() + 1439 * MINUTE))).toBe(true);
    expect(await statuses.isBackedOff(id, new Date(now.getTime() + 1441 * MINUTE))).toBe(false);

    await statuses.recordSuccess(id);
    const [row] = await medium.sql<{ escalation_level: number; disabled_till: Date | null; initial_failure: Date }>(
      `SELECT escalation_level, disabled_till, initial_failure FROM provider_status WHERE provider_id = $1`,
      [id],
    );
    expect(row).toEqual({ escalation_level: BACKOFF_MINUTES.length - 1, disabled_till: null, initial_failure: now });
    expect(await statuses.isBackedOff(id)).toBe(false);
    // The next failure starts from the lowered level, not from the top.
    const again = await statuses.recordFailure(id, 'x', now);
    expect((again.disabledTill!.getTime() - now.getTime()) / MINUTE).toBe(1440);
  });

  it('the first failure after a full recovery starts again at five minutes with a new initial failure time', async () => {
    const { id } = await save('downloadClient', 'client');
    const first = new Date('2025-06-01T12:00:00Z');
    await statuses.recordFailure(id, new Error('down'), first);
    await statuses.recordSuccess(id);
    const later = new Date('2025-06-02T12:00:00Z');
    const status = await statuses.recordFailure(id, new Error('x'.repeat(2000)), later);
    expect(status).toMatchObject({
      escalationLevel: 1,
      initialFailure: later,
      disabledTill: new Date(later.getTime() + 5 * MINUTE),
    });
    expect(status.lastError).toHaveLength(1000);
  });

  it('track() records the outcome of a call and rethrows its failure; backed-off providers are left out', async () => {
    const [one, two, three] = [await save('indexer', 'one'), await save('indexer', 'two'), await save('indexer', '3')];
    await expect(statuses.track(one.id, () => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout');
    expect(await statuses.track(two.id, async () => 'ok')).toBe('ok');
    expect(await statuses.isBackedOff(one.id)).toBe(true);
    const providers = [one, two, three].map(({ id }) => ({ id }));
    expect(await statuses.notBackedOff(providers)).toEqual([{ id: two.id }, { id: three.id }]);
    expect((await statuses.blocked([one.id, two.id, three.id])).map((status) => status.providerId)).toEqual([one.id]);
    expect(await statuses.blocked([])).toEqual([]);
  });

  it('health counts usable indexers (any use enabled), enabled clients, and names the backed-off ones', async () => {
    const health = medium.get(ProviderHealthRepository);
    expect(await health.tablesExist()).toBe(true);
    await save('indexer', 'rss only', { options: { enableRss: true } });
    await save('indexer', 'enabled', { enable: true });
    await save('indexer', 'off', { options: { enableRss: false } });
    const broken = await save('downloadClient', 'Zeta', { enable: true });
    const alsoBroken = await save('downloadClient', 'Alpha', { enable: true });
    await save('downloadClient', 'disabled', { enable: false });
    await statuses.recordFailure(broken.id, 'down');
    await statuses.recordFailure(alsoBroken.id, 'down');
    await medium.sql(`UPDATE provider_status SET disabled_till = now() - interval '1 minute' WHERE provider_id = $1`, [
      alsoBroken.id,
    ]);

    expect(await health.countUsableIndexers()).toBe(2);
    expect(await health.countEnabledDownloadClients()).toBe(2);
    expect(await health.backedOffNames('downloadClient')).toEqual(['Zeta']);
    expect(await health.backedOffNames('indexer')).toEqual([]);
  });
});
