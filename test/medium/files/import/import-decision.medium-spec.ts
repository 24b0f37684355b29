import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportCandidatesRepository } from '../../../../src/files/import/import-candidates.repository';
import { ImportDecisionService } from '../../../../src/files/import/import-decision.service';
import { MediaFileReader } from '../../../../src/library/media-file/media-file-reader.service';
import { ProfileModule } from '../../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../../src/library/profile/profile-seeder.service';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { MEDIA_MANAGEMENT_CONFIG_DEFAULTS } from '../../../../src/platform/settings/media-management/media-management-config';
import { DOWNLOAD_CLIENT_CONFIG_DEFAULTS } from '../../../../src/platform/settings/download-client/download-client-config';
import { DownloadClientConfigService } from '../../../../src/platform/settings/download-client/download-client-config.service';
import { MediaManagementConfigService } from '../../../../src/platform/settings/media-management/media-management-config.service';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { Medium, newMediumService } from '../../medium';

/**
 * The import matcher: real files on disk read by the real reader, candidate books from PostgreSQL through the
 * real repository, the real quality profiles; media-management settings faked (threshold 70, no free-space check).
 */
describe('import decisions (medium)', () => {
  let medium: Medium;
  let imports: ImportDecisionService;
  const folder = mkdtempSync(join(tmpdir(), 'quire-medium-import-'));

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      providers: [ImportCandidatesRepository, ImportDecisionService, MediaFileReader],
      fakes: [
        [
          MediaManagementConfigService,
          { load: async () => ({ ...MEDIA_MANAGEMENT_CONFIG_DEFAULTS, skipFreeSpaceCheckWhenImporting: true }) },
        ],
        [DownloadClientConfigService, { load: async () => DOWNLOAD_CLIENT_CONFIG_DEFAULTS }],
      ],
    });
    imports = medium.get(ImportDecisionService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  async function library() {
    const author = await createAuthor(medium.dataSource, { name: 'Ursula K. Le Guin' });
    const wizard = await createBook(medium.dataSource, author, { title: 'A Wizard of Earthsea' });
    const tombs = await createBook(medium.dataSource, author, { title: 'The Tombs of Atuan' });
    return { author, wizard, tombs };
  }

  it('matches a file to the book its tags name, among the author’s books', async () => {
    const { author, tombs } = await library();
    const path = join(folder, 'Ursula K. Le Guin - The Tombs of Atuan.epub');
    await makeEpub(path, { title: 'The Tombs of Atuan', author: 'Ursula K. Le Guin' });
    const [decision] = await imports.decide([path], { authorId: author.id });
    expect(decision.rejections).toEqual([]);
    expect(decision.book?.bookId).toBe(tombs.id);
    expect(decision.editionId).toBe(tombs.editionId);
    expect(decision.qualityId).toBe(QUALITY_IDS.epub);
  });

  it('finds the author from the file when no hint is given', async () => {
    const { wizard } = await library();
    const path = join(folder, 'A Wizard of Earthsea.epub');
    await makeEpub(path, { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin' });
    const [decision] = await imports.decide([path], {});
    expect(decision.book?.bookId).toBe(wizard.id);
  });

  it('rejects a file that matches no book closely enough', async () => {
    const { author } = await library();
    const path = join(folder, 'Completely Different.epub');
    await makeEpub(path, { title: 'Completely Different Story', author: 'Somebody Else' });
    const [decision] = await imports.decide([path], { authorId: author.id });
    expect(decision.book).toBeUndefined();
    expect(decision.rejections[0].reason).toMatch(/not close enough|Couldn't find/);
  });

  it('rejects a same-quality file when the book already has one (read from book_file)', async () => {
    const { author, tombs } = await library();
    await createBookFile(medium.dataSource, tombs.editionId, { qualityId: QUALITY_IDS.epub, path: '/books/old.epub' });
    const path = join(folder, 'The Tombs of Atuan (retail).epub');
    await makeEpub(path, { title: 'The Tombs of Atuan', author: 'Ursula K. Le Guin' });
    const [decision] = await imports.decide([path], { authorId: author.id });
    expect(decision.book?.bookId).toBe(tombs.id);
    expect(decision.rejections).toEqual([{ reason: 'Not an upgrade for existing book file(s)', type: 'permanent' }]);
  });
});
