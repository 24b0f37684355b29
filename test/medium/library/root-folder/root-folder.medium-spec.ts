import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootFolder } from '../../../../src/library/root-folder/root-folder.entity';
import { RootFolderRepository } from '../../../../src/library/root-folder/root-folder.repository';
import { RootFolderService } from '../../../../src/library/root-folder/root-folder.service';
import { createAuthor, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * Root folders on PostgreSQL and a real disk: the configured paths, the root holding a path, and the folders
 * under a root that no author's path points into — for any characters in the root's name.
 */
describe('root folders (medium)', () => {
  let medium: Medium;
  let folders: RootFolderService;
  let profiles: { qualityProfileId: number; metadataProfileId: number };

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [RootFolder],
      providers: [RootFolderRepository, RootFolderService],
      tables: ['root_folder', 'author_metadata', 'author'],
    });
    profiles = await ensureProfiles(medium.dataSource);
    folders = medium.get(RootFolderService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const addRoot = (path: string) =>
    medium.get(RootFolderRepository).insert({
      name: path,
      path,
      defaultQualityProfileId: profiles.qualityProfileId,
      defaultMetadataProfileId: profiles.metadataProfileId,
    });

  it('lists the configured paths sorted, and finds the deepest root holding a path', async () => {
    await addRoot('/srv/books');
    await addRoot('/srv/books/audio');
    await addRoot('/mnt/a');
    expect(await medium.get(RootFolderRepository).paths()).toEqual(['/mnt/a', '/srv/books', '/srv/books/audio']);
    expect(await medium.get(RootFolderRepository).isConfigured('/srv/books')).toBe(true);
    expect(await folders.bestMatchFor('/srv/books/audio/Ann/x.m4b')).toBe('/srv/books/audio');
    expect(await folders.bestMatchFor('/srv/books-old/Ann')).toBeUndefined();
    expect(await folders.bestMatchFor('relative/path')).toBeUndefined();
  });

  for (const name of ['Books', 'Bücher', '本棚', 'Books 📚'])
    it(`lists the sub-folders of "${name}" that no author's path points into`, async () => {
      const root = join(mkdtempSync(join(tmpdir(), 'quire-medium-root-')), name);
      for (const sub of ['Ann Author', 'Ann Authority', 'New Author', '.hidden'])
        mkdirSync(join(root, sub), { recursive: true });
      const folder = await addRoot(root);
      await createAuthor(medium.dataSource, { name: 'Ann Author', path: join(root, 'Ann Author') });
      await createAuthor(medium.dataSource, { name: 'Elsewhere', path: '/elsewhere/Ann Authority' });

      const unmapped = await folders.unmappedFolders(folder);
      expect(unmapped.map((entry) => entry.name).sort()).toEqual(['Ann Authority', 'New Author']);
    });
});
