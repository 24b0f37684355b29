import { ImportListExclusion } from '../../../../src/library/import-list-exclusion/import-list-exclusion.entity';
import { ImportListExclusionRepository } from '../../../../src/library/import-list-exclusion/import-list-exclusion.repository';
import { ImportListExclusionService } from '../../../../src/library/import-list-exclusion/import-list-exclusion.service';
import { NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

/**
 * Import list exclusions on PostgreSQL: one per foreign id (the first name kept when a deletion adds it again, also
 * concurrently), trimmed and validated API edits, and the check import lists make.
 */
describe('import list exclusions (medium)', () => {
  let medium: Medium;
  let exclusions: ImportListExclusionService;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [ImportListExclusion],
      providers: [ImportListExclusionRepository, ImportListExclusionService],
      tables: ['import_list_exclusion'],
    });
    exclusions = medium.get(ImportListExclusionService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const reasons = (promise: Promise<unknown>) =>
    promise.then(
      () => [],
      (error: unknown) => {
        if (!(error instanceof ValidationError)) throw error;
        return error.failures.map((failure) => failure.errorMessage);
      },
    );

  it('a deletion adds the exclusion once, keeping the first name, also when deletions run at once', async () => {
    const added = await Promise.all(
      ['First', 'Second', 'Third'].map((authorName) => exclusions.add({ foreignId: 'OL1A', authorName })),
    );
    expect(new Set(added.map((exclusion) => exclusion.id)).size).toBe(1);
    expect((await exclusions.findAll()).map((exclusion) => exclusion.foreignId)).toEqual(['OL1A']);
    await exclusions.add({ foreignId: 'OL1A', authorName: 'Later' });
    expect((await exclusions.findById(added[0].id)).authorName).toBe(added[0].authorName);
    expect(await exclusions.isExcluded('OL1A')).toBe(true);
    expect(await exclusions.isExcluded('ol1a')).toBe(false);
  });

  it('API edits are trimmed, need both fields, and may not repeat another exclusion’s foreign id', async () => {
    const created = await exclusions.create({ foreignId: ' OL1A ', authorName: ' Ann Author ' });
    expect(created).toMatchObject({ foreignId: 'OL1A', authorName: 'Ann Author' });
    expect(await reasons(exclusions.create({ foreignId: 'OL1A', authorName: 'Again' }))).toEqual([
      'This exclusion has already been added.',
    ]);
    expect(await reasons(exclusions.create({ foreignId: '  ', authorName: '' }))).toEqual([
      "'Foreign Id' must not be empty.",
      "'Author Name' must not be empty.",
    ]);
    const other = await exclusions.create({ foreignId: 'OL2A', authorName: 'Bob' });
    expect(await reasons(exclusions.update(other.id, { foreignId: 'OL1A', authorName: 'Bob' }))).toEqual([
      'This exclusion has already been added.',
    ]);
    expect(await exclusions.update(created.id, { foreignId: 'OL1A', authorName: 'Ann A.' })).toMatchObject({
      authorName: 'Ann A.',
    });
    await exclusions.delete(other.id);
    await expect(exclusions.delete(other.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
