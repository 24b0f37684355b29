import { BlocklistService } from '../../../../src/acquisition/blocklist/blocklist.service';
import { Clock } from '../../../../src/acquisition/decision/clock';
import {
  AuthorDecisionStateLoader,
  DecisionSettingsLoader,
} from '../../../../src/acquisition/decision/decision-context.loader';
import { DecisionRepository } from '../../../../src/acquisition/decision/decision.repository';
import { DecisionService } from '../../../../src/acquisition/decision/decision.service';
import { ProfileModule } from '../../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../../src/library/profile/profile-seeder.service';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { ReleaseProfileService } from '../../../../src/acquisition/release-profile/release-profile.service';
import { IndexerConfigService } from '../../../../src/platform/settings/indexer/indexer-config.service';
import { IndexerService } from '../../../../src/integrations/indexer/indexer.service';
import { MediaManagementConfigService } from '../../../../src/platform/settings/media-management/media-management-config.service';
import { MEDIA_MANAGEMENT_CONFIG_DEFAULTS } from '../../../../src/platform/settings/media-management/media-management-config';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { author as libraryAuthor, book as libraryBook, context, NOW, remote } from '../../../factories/decision';
import { Medium, newMediumService } from '../../medium';

/**
 * The decision engine with its real repository and the real profile services on PostgreSQL (default profiles
 * seeded as at start-up); blocklist, queue, release profiles, indexer settings and indexers are faked as empty,
 * media management as its defaults.
 */
describe('decision engine (medium)', () => {
  let medium: Medium;
  let decisions: DecisionService;
  const blocklist: { release: string }[] = [];

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      providers: [DecisionRepository, DecisionSettingsLoader, AuthorDecisionStateLoader, DecisionService],
      fakes: [
        [BlocklistService, { forAuthor: async () => blocklist }],
        [TrackedDownloadService, { activeForBooks: async () => [] }],
        [ReleaseProfileService, { findAll: async () => [] }],
        [IndexerConfigService, { load: async () => context().indexerConfig }],
        [IndexerService, { releaseRules: async () => new Map() }],
        [MediaManagementConfigService, { load: async () => MEDIA_MANAGEMENT_CONFIG_DEFAULTS }],
        [Clock, { now: () => NOW }],
      ],
    });
    decisions = medium.get(DecisionService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  /** An author and a book in the database, and the parser's view of them for a release. */
  async function libraryWithOneBook() {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const book = await createBook(medium.dataSource, author, { title: 'The Book' });
    const found = {
      author: libraryAuthor({ id: author.id, qualityProfileId: author.qualityProfileId }),
      books: [libraryBook({ id: book.id, authorId: author.id })],
    };
    return { author, book, found };
  }

  it('approves a wanted EPUB for a book without a file', async () => {
    const { found } = await libraryWithOneBook();
    const [decision] = await decisions.decide([remote({}, found)], { kind: 'automatic', monitoredOnly: true });
    expect(decision.rejections).toEqual([]);
    expect(decision.approved).toBe(true);
  });

  it('rejects a release that is no upgrade over the file on disk (read from book_file)', async () => {
    const { book, found } = await libraryWithOneBook();
    await createBookFile(medium.dataSource, book.editionId, { qualityId: QUALITY_IDS.epub });
    const [decision] = await decisions.decide([remote({}, found)], { kind: 'automatic', monitoredOnly: true });
    expect(decision.approved).toBe(false);
    expect(decision.rejections.map((rejection) => rejection.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Existing file meets cutoff/)]),
    );
  });

  it('an audiobook on disk does not stop an ebook release (files compare within their media kind)', async () => {
    const { book, found } = await libraryWithOneBook();
    await createBookFile(medium.dataSource, book.editionId, { qualityId: QUALITY_IDS.m4b, path: '/books/a.m4b' });
    const [decision] = await decisions.decide([remote({}, found)], { kind: 'automatic', monitoredOnly: true });
    expect(decision.rejections).toEqual([]);
  });

  it('puts the better quality first among approved releases', async () => {
    const { found } = await libraryWithOneBook();
    const result = await decisions.decide(
      [
        remote({ title: 'Ann Author - The Book (pdf)', guid: 'pdf' }, found),
        remote({ title: 'Ann Author - The Book (epub)', guid: 'epub' }, found),
      ],
      { kind: 'automatic', monitoredOnly: true },
    );
    expect(result.map((decision) => decision.remote.release.guid)).toEqual(['epub', 'pdf']);
  });
});
