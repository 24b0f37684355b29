import { DecisionRepository } from '../../../../src/acquisition/decision/decision.repository';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/** The files the decision rules compare a release with: every file of the books, from any of their editions. */
describe('decision repository (medium)', () => {
  let medium: Medium;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [DecisionRepository],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file'],
    });
    await ensureProfiles(medium.dataSource);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it("answers each book's files with quality, media kind and revision (version 1 when the stored one has none)", async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const other = await createBook(medium.dataSource, author);
    const second = await createEdition(medium.dataSource, book.id);
    const epub = await createBookFile(medium.dataSource, book.editionId, { qualityId: QUALITY_IDS.epub });
    const audio = await createBookFile(medium.dataSource, second.id, { qualityId: QUALITY_IDS.m4b, path: '/b/a.m4b' });
    await medium.sql(`UPDATE book_file SET quality_revision = '{"version": 2, "real": 1}' WHERE id = $1`, [audio.id]);
    await medium.sql(
      `UPDATE book_file SET quality_revision = '{}', scene_name = 'Ann - Book RETAIL (epub)', release_group = 'GRP',
         indexer_flags = 1 WHERE id = $1`,
      [epub.id],
    );
    await createBookFile(medium.dataSource, other.editionId);
    await createBookFile(medium.dataSource, null);

    const files = await medium.get(DecisionRepository).existingFiles([book.id, book.id]);
    expect(files.sort((a, b) => a.qualityId - b.qualityId)).toEqual([
      expect.objectContaining({
        bookId: book.id,
        qualityId: QUALITY_IDS.epub,
        revision: { version: 1, real: 0 },
        mediaKind: 'ebook',
        // What custom formats are scored on: the scene name first (Readarr's order), group, size, flags.
        formatTitle: 'Ann - Book RETAIL (epub)',
        releaseGroup: 'GRP',
        size: 1_000_000,
        indexerFlags: 1,
      }),
      expect.objectContaining({
        bookId: book.id,
        qualityId: QUALITY_IDS.m4b,
        revision: { version: 2, real: 1 },
        mediaKind: 'audio',
        // Without a scene name or original path: the file's name.
        formatTitle: 'a.m4b',
        releaseGroup: null,
      }),
    ]);
    expect(files[0].dateAdded).toBeInstanceOf(Date);
    expect(await medium.get(DecisionRepository).existingFiles([])).toEqual([]);
  });
});
