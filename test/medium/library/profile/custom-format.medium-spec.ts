import { CustomFormatRepository } from '../../../../src/library/profile/custom-format/custom-format.repository';
import { CustomFormatService } from '../../../../src/library/profile/custom-format/custom-format.service';
import type { CustomFormatResource } from '../../../../src/library/profile/custom-format/custom-format.resource';
import { ProfileModule } from '../../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../../src/library/profile/profile-seeder.service';
import { NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

const retail = (name = 'Retail'): CustomFormatResource => ({
  name,
  specifications: [
    {
      name: 'Title',
      implementation: 'ReleaseTitleSpecification',
      fields: [{ name: 'value', value: '\\bretail\\b' }],
    },
    {
      name: 'Size',
      implementation: 'SizeSpecification',
      fields: [
        { name: 'min', value: '1' },
        { name: 'max', value: '50' },
      ],
    },
  ],
});

/**
 * Custom formats on PostgreSQL: validated conditions with typed fields, names unique in any case, and a delete
 * that takes the format's scores out of every quality profile in the same transaction (or leaves both).
 */
describe('custom formats (medium)', () => {
  let medium: Medium;
  let formats: CustomFormatService;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      tables: ['custom_format', 'quality_definition', 'quality_profile', 'metadata_profile', 'delay_profile'],
    });
    formats = medium.get(CustomFormatService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  const formatItems = async () =>
    (
      await medium.sql<{ format_items: { format: number; score: number }[] }>(
        `SELECT format_items FROM quality_profile ORDER BY id`,
      )
    ).map((row) => row.format_items);

  it('stores conditions with numbers as numbers and text as text; names are unique in any case', async () => {
    const created = await formats.create(retail());
    expect(created.specifications).toEqual([
      expect.objectContaining({ implementation: 'ReleaseTitleSpecification', fields: { value: '\\bretail\\b' } }),
      expect.objectContaining({ implementation: 'SizeSpecification', fields: { min: 1, max: 50 } }),
    ]);
    await expect(formats.create(retail(' RETAIL '))).rejects.toBeInstanceOf(ValidationError);
    expect((await formats.update(created.id, retail('retail'))).name).toBe('retail');

    const error = (await formats
      .create({ name: 'Broken', specifications: [{ name: '', implementation: 'NoSuchSpecification' }] })
      .catch((caught: unknown) => caught)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.failures.map((failure) => failure.errorMessage)).toEqual([
      "'Name' must not be empty.",
      'Unknown custom format condition',
    ]);
    await expect(formats.create({ name: 'Empty', specifications: [] })).rejects.toBeInstanceOf(ValidationError);
  });

  it("a delete takes the format's scores out of every quality profile, and only its own", async () => {
    const kept = await formats.create(retail('Kept'));
    const removed = await formats.create(retail('Removed'));
    const items = [
      { format: removed.id, score: 10 },
      { format: kept.id, score: 5 },
    ];
    await medium.sql(`UPDATE quality_profile SET format_items = $1::jsonb`, [JSON.stringify(items)]);

    await formats.delete(removed.id);
    const after = await formatItems();
    expect(after.length).toBeGreaterThan(1);
    for (const profileItems of after) expect(profileItems).toEqual([{ format: kept.id, score: 5 }]);
    expect((await formats.findAll()).map((format) => format.id)).toEqual([kept.id]);
    await expect(formats.delete(removed.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('when the format cannot be deleted, the profiles keep its scores (one transaction)', async () => {
    const format = await formats.create(retail());
    const items = [{ format: format.id, score: 10 }];
    await medium.sql(`UPDATE quality_profile SET format_items = $1::jsonb`, [JSON.stringify(items)]);
    const repository = medium.get(CustomFormatRepository);
    const spy = jest.spyOn(repository, 'delete').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(formats.delete(format.id)).rejects.toThrow('disk full');
    } finally {
      spy.mockRestore();
    }
    for (const profileItems of await formatItems()) expect(profileItems).toEqual(items);
    expect((await formats.findAll()).map((found) => found.id)).toEqual([format.id]);
  });
});
