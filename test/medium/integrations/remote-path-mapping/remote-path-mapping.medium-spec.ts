import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemotePathMappingModule } from '../../../../src/integrations/remote-path-mapping/remote-path-mapping.module';
import { RemotePathMappingService } from '../../../../src/integrations/remote-path-mapping/remote-path-mapping.service';
import { NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

/**
 * Remote path mappings on PostgreSQL: stored with one trailing separator (POSIX or Windows), validated against the
 * local disk and against each other, and applied to the paths download clients report.
 */
describe('remote path mappings (medium)', () => {
  let medium: Medium;
  let mappings: RemotePathMappingService;
  const local = mkdtempSync(join(tmpdir(), 'quire-medium-rpm-'));
  const otherLocal = mkdtempSync(join(tmpdir(), 'quire-medium-rpm-'));

  beforeAll(async () => {
    medium = await newMediumService({ imports: [RemotePathMappingModule], tables: ['remote_path_mapping'] });
    mappings = medium.get(RemotePathMappingService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const failures = (promise: Promise<unknown>) =>
    promise.then(
      () => [],
      (error: unknown) => {
        if (!(error instanceof ValidationError)) throw error;
        return error.failures.map((failure) => `${failure.propertyName}: ${failure.errorMessage}`);
      },
    );

  it('stores both sides with one trailing separator of their own kind', async () => {
    const posix = await mappings.create({ host: ' nas ', remotePath: '/downloads//', localPath: `${local}///` });
    const windows = await mappings.create({ host: 'win', remotePath: 'D:\\Torrents', localPath: otherLocal });
    expect(posix).toMatchObject({ host: 'nas', remotePath: '/downloads/', localPath: `${local}/` });
    expect(windows).toMatchObject({ remotePath: 'D:\\Torrents\\', localPath: `${otherLocal}/` });
  });

  it('refuses empty, relative or missing paths, and a host and remote path already mapped (any case)', async () => {
    expect(await failures(mappings.create({ host: '', remotePath: '', localPath: '' }))).toEqual([
      "Host: 'Host' must not be empty.",
      "RemotePath: 'Remote Path' must not be empty.",
      "LocalPath: 'Local Path' must not be empty.",
    ]);
    expect(await failures(mappings.create({ host: 'nas', remotePath: 'downloads', localPath: 'relative' }))).toEqual([
      'RemotePath: Invalid Path',
      'LocalPath: Invalid Path',
    ]);
    expect(await failures(mappings.create({ host: 'nas', remotePath: '/dl', localPath: '/does/not/exist' }))).toEqual([
      'LocalPath: Path does not exist',
    ]);

    const first = await mappings.create({ host: 'NAS', remotePath: '/Downloads', localPath: local });
    expect(await failures(mappings.create({ host: 'nas', remotePath: '/downloads/', localPath: otherLocal }))).toEqual([
      'RemotePath: RemotePath already configured.',
    ]);
    // Another host may map the same remote path; the mapping itself may be saved again unchanged.
    await mappings.create({ host: 'seedbox', remotePath: '/downloads', localPath: otherLocal });
    await mappings.update(first.id, { localPath: otherLocal });
    expect((await mappings.list()).map((mapping) => [mapping.host, mapping.localPath])).toEqual([
      ['NAS', `${otherLocal}/`],
      ['seedbox', `${otherLocal}/`],
    ]);
  });

  it("translates a client's path on the mapped host (host and prefix in any case), at folder boundaries only", async () => {
    await mappings.create({ host: 'nas', remotePath: '/downloads/', localPath: local });
    await mappings.create({ host: 'win', remotePath: 'D:\\Torrents\\', localPath: otherLocal });

    expect(await mappings.remoteToLocal('NAS', '/downloads/Author/Book.epub')).toBe(`${local}/Author/Book.epub`);
    expect(await mappings.remoteToLocal('nas', '/Downloads/Book.epub')).toBe(`${local}/Book.epub`);
    expect(await mappings.remoteToLocal('nas', '/downloads')).toBe(`${local}/`);
    expect(await mappings.remoteToLocal('nas', '/downloads-other/Book.epub')).toBe('/downloads-other/Book.epub');
    expect(await mappings.remoteToLocal('other', '/downloads/Book.epub')).toBe('/downloads/Book.epub');
    expect(await mappings.remoteToLocal('win', 'd:\\torrents\\Author\\Book.epub')).toBe(
      `${otherLocal}/Author/Book.epub`,
    );
  });

  it('updates keep what was not sent; a missing mapping is a 404', async () => {
    const mapping = await mappings.create({ host: 'nas', remotePath: '/dl', localPath: local });
    expect(await mappings.update(mapping.id, { remotePath: '/data/dl' })).toMatchObject({
      host: 'nas',
      remotePath: '/data/dl/',
      localPath: `${local}/`,
    });
    await mappings.delete(mapping.id);
    await expect(mappings.get(mapping.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(mappings.delete(mapping.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
