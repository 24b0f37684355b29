import { SearchRepository } from '../../../../src/acquisition/search/search.repository';
import type { QualityProfile } from '../../../../src/library/profile/quality-profile/quality-profile.entity';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * The book sets the search commands work on, on PostgreSQL: missing (released, monitored, no file) and cutoff
 * unmet (only files below the profile's cutoff of that media kind), for the library or one author.
 */
describe('search book sets (medium)', () => {
  let medium: Medium;
  let search: SearchRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [SearchRepository],
      tables: ['quality_profile', 'metadata_profile', 'author_metadata', 'author', 'book', 'edition', 'book_file'],
    });
    search = medium.get(SearchRepository);
  });
  afterAll(() => medium.close());
  // The expectations depend on the profile's qualities: this file's own, not one another file left behind.
  beforeEach(async () => {
    await medium.resetTables();
    await ensureProfiles(medium.dataSource);
  });

  /** The quality profiles as stored, with upgrades allowed (so the cutoff is the profile's own). */
  async function profiles(): Promise<QualityProfile[]> {
    return medium.sql<QualityProfile>(
      `SELECT id, name, cutoff, true AS "upgradeAllowed", items, min_format_score AS "minFormatScore",
         cutoff_format_score AS "cutoffFormatScore", format_items AS "formatItems" FROM quality_profile`,
    );
  }

  it('missing: released, monitored books of monitored authors without a mapped file', async () => {
    const author = await createAuthor(medium.dataSource);
    const missing = await createBook(medium.dataSource, author);
    const owned = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, owned.editionId);
    // A file of a second edition counts for the book too.
    const ownedByOtherEdition = await createBook(medium.dataSource, author);
    const second = await createEdition(medium.dataSource, ownedByOtherEdition.id);
    await createBookFile(medium.dataSource, second.id);
    await createBook(medium.dataSource, author, { releaseDate: new Date(Date.now() + 86_400_000) });
    await createBook(medium.dataSource, author, { releaseDate: null });
    await createBook(medium.dataSource, author, { monitored: false });
    await createBookFile(medium.dataSource, null); // unmapped: nobody's file
    const resting = await createAuthor(medium.dataSource, { monitored: false });
    await createBook(medium.dataSource, resting);
    const other = await createAuthor(medium.dataSource);
    const othersMissing = await createBook(medium.dataSource, other);

    expect(await search.missingBookIds()).toEqual([missing.id, othersMissing.id]);
    expect(await search.missingBookIds(author.id)).toEqual([missing.id]);
    expect(await search.missingBookIds(resting.id)).toEqual([]);
  });

  it('cutoff unmet: only files below the cutoff of the same media kind; an audiobook does not count', async () => {
    const author = await createAuthor(medium.dataSource);
    const pdfOnly = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, pdfOnly.editionId, { qualityId: QUALITY_IDS.pdf, path: '/b/1.pdf' });
    const upgraded = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, upgraded.editionId, { qualityId: QUALITY_IDS.pdf, path: '/b/2.pdf' });
    await createBookFile(medium.dataSource, upgraded.editionId, { qualityId: QUALITY_IDS.azw3, path: '/b/2.azw3' });
    const audio = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, audio.editionId, { qualityId: QUALITY_IDS.m4b, path: '/b/3.m4b' });
    const mobiAndAudio = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, mobiAndAudio.editionId, { qualityId: QUALITY_IDS.mobi, path: '/b/4.mobi' });
    await createBookFile(medium.dataSource, mobiAndAudio.editionId, { qualityId: QUALITY_IDS.m4b, path: '/b/4.m4b' });
    const unmonitored = await createBook(medium.dataSource, author, { monitored: false });
    await createBookFile(medium.dataSource, unmonitored.editionId, { qualityId: QUALITY_IDS.pdf, path: '/b/5.pdf' });
    await createBook(medium.dataSource, author); // no file: missing, not cutoff unmet

    const all = await profiles();
    expect(await search.cutoffUnmetBookIds(all)).toEqual([pdfOnly.id, mobiAndAudio.id]);
    expect(await search.cutoffUnmetBookIds(all, author.id + 1)).toEqual([]);
    expect(await search.cutoffUnmetBookIds([])).toEqual([]);
  });

  it("an author's monitored books, and marking books searched", async () => {
    const author = await createAuthor(medium.dataSource);
    const first = await createBook(medium.dataSource, author);
    await createBook(medium.dataSource, author, { monitored: false });
    const last = await createBook(medium.dataSource, author, { releaseDate: null });
    expect(await search.monitoredBookIds(author.id)).toEqual([first.id, last.id]);

    await search.markSearched([last.id]);
    await search.markSearched([]);
    const rows = await medium.sql<{ id: number; searched: boolean }>(
      `SELECT id, last_search_time IS NOT NULL AS searched FROM book WHERE id = ANY($1::int[]) ORDER BY id`,
      [[first.id, last.id]],
    );
    expect(rows).toEqual([
      { id: first.id, searched: false },
      { id: last.id, searched: true },
    ]);
  });
});
