import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderStatusService } from '../../../../src/integrations/core/provider-status.service';
import { DownloadClientFactory } from '../../../../src/integrations/download-client/download-client-factory.service';
import { DownloadClientModule } from '../../../../src/integrations/download-client/download-client.module';
import type { DownloadClientResource } from '../../../../src/integrations/download-client/download-client.resource';
import { DownloadClientService } from '../../../../src/integrations/download-client/download-client.service';
import { BadRequestError, NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

const folder = () => mkdtempSync(join(tmpdir(), 'quire-medium-blackhole-'));

/**
 * Download clients as the API edits them and the grab code uses them, on PostgreSQL: saving an enabled client
 * validates and tests it (blackholes test their folders, so no network is involved), names are unique per kind,
 * bulk edits recompute the enabled flag, and the factory hands out enabled clients of a protocol, not backed off.
 */
describe('download clients (medium)', () => {
  let medium: Medium;
  let clients: DownloadClientService;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [DownloadClientModule],
      tables: ['provider_definition', 'provider_status'],
    });
    clients = medium.get(DownloadClientService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const torrentBlackhole = (
    name: string,
    folders: { torrentFolder: string; watchFolder: string },
    extra: Partial<DownloadClientResource> = {},
  ): DownloadClientResource => ({
    name,
    implementation: 'TorrentBlackhole',
    enable: true,
    fields: [
      { name: 'torrentFolder', value: folders.torrentFolder },
      { name: 'watchFolder', value: folders.watchFolder },
    ],
    ...extra,
  });
  const usenetBlackhole = (name: string, extra: Partial<DownloadClientResource> = {}): DownloadClientResource => ({
    name,
    implementation: 'UsenetBlackhole',
    enable: true,
    fields: [
      { name: 'nzbFolder', value: folder() },
      { name: 'watchFolder', value: folder() },
    ],
    ...extra,
  });
  const failures = (promise: Promise<unknown>) =>
    promise.then(
      () => [],
      (error: unknown) => {
        if (!(error instanceof ValidationError)) throw error;
        return error.failures.map((failure) => failure.propertyName);
      },
    );

  it('an enabled client is tested on save (unless forced); a disabled one is saved as it is', async () => {
    const missing = { torrentFolder: '/does/not/exist', watchFolder: '/does/not/exist/either' };
    expect(await failures(clients.create(torrentBlackhole('Broken', missing)))).not.toEqual([]);
    expect(await medium.sql(`SELECT id FROM provider_definition`)).toEqual([]);

    const forced = await clients.create(torrentBlackhole('Forced', missing), true);
    const disabled = await clients.create(torrentBlackhole('Disabled', missing, { enable: false }));
    const working = await clients.create(
      torrentBlackhole('Working', { torrentFolder: folder(), watchFolder: folder() }),
    );
    expect([forced.enable, disabled.enable, working.enable]).toEqual([true, false, true]);
    expect(working).toMatchObject({
      protocol: 'torrent',
      priority: 1,
      removeCompletedDownloads: true,
      removeFailedDownloads: true,
      implementationName: 'Torrent Blackhole',
    });
    expect((await clients.list()).map((client) => client.name)).toEqual(['Disabled', 'Forced', 'Working']);
    // An enabled client without a required setting fails validation before any test.
    expect(
      await failures(clients.create(torrentBlackhole('Empty', { torrentFolder: '', watchFolder: '' }), true)),
    ).toEqual(expect.arrayContaining(['TorrentFolder']));
  });

  it('names are unique case-insensitively (trimmed) among download clients; a rename to its own name is fine', async () => {
    const saved = await clients.create(usenetBlackhole('SABnzbd'));
    expect(await failures(clients.create(usenetBlackhole('  sabNZBD  ')))).toEqual(['Name']);
    expect(await failures(clients.create(usenetBlackhole('   ')))).toEqual(['Name']);
    const renamed = await clients.update(saved.id!, { ...usenetBlackhole(' SABnzbd '), priority: 5 });
    expect(renamed).toMatchObject({ name: 'SABnzbd', priority: 5 });
    await expect(clients.get(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a bulk edit applies tags (add, remove, replace) and flags, and recomputes whether each is enabled', async () => {
    const a = await clients.create(usenetBlackhole('a', { tags: [1, 2, 2] }));
    const b = await clients.create(usenetBlackhole('b', { tags: [2, 3] }));
    expect(a.tags).toEqual([1, 2]);

    const tags = async () => (await clients.list()).map((client) => client.tags);
    await clients.bulkUpdate({ ids: [a.id!, b.id!], tags: [3, 4], applyTags: 'add' });
    expect(await tags()).toEqual([
      [1, 2, 3, 4],
      [2, 3, 4],
    ]);
    await clients.bulkUpdate({ ids: [a.id!, b.id!], tags: [2, 4], applyTags: 'remove' });
    expect(await tags()).toEqual([[1, 3], [3]]);
    await clients.bulkUpdate({ ids: [b.id!], tags: [9], applyTags: 'replace', enable: false, priority: 7 });
    expect(await tags()).toEqual([[1, 3], [9]]);
    expect((await clients.get(b.id!)).enable).toBe(false);
    expect((await clients.listEnabled()).map((definition) => definition.id)).toEqual([a.id]);
    await expect(clients.bulkUpdate({ ids: [] })).rejects.toBeInstanceOf(BadRequestError);

    await clients.bulkDelete({ ids: [a.id!] });
    expect((await clients.list()).map((client) => client.id)).toEqual([b.id]);
    expect(await clients.namesById([a.id!, b.id!])).toEqual(new Map([[b.id!, 'b']]));
  });

  it('the factory hands out the enabled clients of a protocol by priority, leaving out backed-off ones', async () => {
    await clients.create(
      torrentBlackhole('second', { torrentFolder: folder(), watchFolder: folder() }, { priority: 2 }),
    );
    const first = await clients.create(
      torrentBlackhole('first', { torrentFolder: folder(), watchFolder: folder() }, { priority: 1 }),
    );
    const usenet = await clients.create(usenetBlackhole('usenet'));
    await clients.create(usenetBlackhole('off', { enable: false }));
    const factory = medium.get(DownloadClientFactory);

    const names = async (protocol?: 'torrent' | 'usenet') =>
      (await factory.enabledFor(protocol)).map((client) => client.name);
    expect(await names('torrent')).toEqual(['first', 'second']);
    expect(await names('usenet')).toEqual(['usenet']);
    expect(await names()).toEqual(['first', 'usenet', 'second']);

    await medium.get(ProviderStatusService).recordFailure(first.id!, new Error('unreachable'));
    expect(await factory.isBackedOff(first.id!)).toBe(true);
    expect(await names('torrent')).toEqual(['second']);
    expect((await factory.client(usenet.id!)).protocol).toBe('usenet');
  });

  it('a stored client whose implementation is unknown is listed but cannot be used', async () => {
    const [row] = await medium.sql<{ id: number }>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, enable)
       VALUES ('downloadClient', 'Gone', 'RetiredClient', 'RetiredClientSettings', true) RETURNING id`,
    );
    expect(await clients.list()).toEqual([
      expect.objectContaining({ id: row.id, implementation: 'RetiredClient', implementationName: 'RetiredClient', fields: [] }),
    ]);
    await expect(medium.get(DownloadClientFactory).client(row.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await medium.get(DownloadClientFactory).enabledFor()).toEqual([]);
  });
});
