import { CustomFilter } from '../../../../src/delivery/custom-filter/custom-filter.entity';
import { CustomFilterRepository } from '../../../../src/delivery/custom-filter/custom-filter.repository';
import { CustomFilterService } from '../../../../src/delivery/custom-filter/custom-filter.service';
import { NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

/** The UI's saved filters on PostgreSQL: trimmed type and label, the filter list stored as the client sent it. */
describe('custom filters (medium)', () => {
  let medium: Medium;
  let filters: CustomFilterService;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [CustomFilter],
      providers: [CustomFilterRepository, CustomFilterService],
      tables: ['custom_filter'],
    });
    filters = medium.get(CustomFilterService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('stores the filter list as sent (nested values, Unicode) with a trimmed type and label', async () => {
    const list = [
      { key: 'authorName', value: ['Émile Zola', '書'], type: 'contains' },
      { key: 'sizeOnDisk', value: 5 * 1024 ** 3, type: 'greaterThan' },
    ];
    const created = await filters.create({ type: ' authorIndex ', label: ' Big French ', filters: list });
    expect(await filters.findById(created.id)).toMatchObject({
      type: 'authorIndex',
      label: 'Big French',
      filters: list,
    });
    const updated = await filters.update(created.id, { type: 'authorIndex', label: 'Renamed' });
    expect(updated).toMatchObject({ label: 'Renamed', filters: [] });
    expect((await filters.findAll()).map((filter) => filter.id)).toEqual([created.id]);
  });

  it('needs a type and a label; a missing filter is a 404', async () => {
    await expect(filters.create({ type: ' ', label: 'x' })).rejects.toBeInstanceOf(ValidationError);
    await expect(filters.create({ type: 'x' })).rejects.toBeInstanceOf(ValidationError);
    const created = await filters.create({ type: 'bookIndex', label: 'Mine' });
    await filters.delete(created.id);
    await expect(filters.delete(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(filters.update(created.id, { type: 'x', label: 'y' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
