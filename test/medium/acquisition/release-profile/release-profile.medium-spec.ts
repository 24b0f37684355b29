import { ReleaseProfileModule } from '../../../../src/acquisition/release-profile/release-profile.module';
import { ReleaseProfileService } from '../../../../src/acquisition/release-profile/release-profile.service';
import { NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

/**
 * Release profiles on PostgreSQL: terms trimmed and de-duplicated (Unicode and `/regex/` terms kept as written),
 * at least one term required, defaults for what a client leaves out, and updates that keep what was not sent.
 */
describe('release profiles (medium)', () => {
  let medium: Medium;
  let profiles: ReleaseProfileService;

  beforeAll(async () => {
    medium = await newMediumService({ imports: [ReleaseProfileModule], tables: ['release_profile'] });
    profiles = medium.get(ReleaseProfileService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('stores trimmed, de-duplicated terms and tags, with defaults for what was left out', async () => {
    const created = await profiles.create({
      required: ['  epub ', 'epub', '', '   ', '/\\bretail\\b/i', 'Ünïcödé'],
      ignored: ['german', ' german'],
      tags: [3, 3, 1],
    });
    expect(created).toMatchObject({
      enabled: true,
      required: ['epub', '/\\bretail\\b/i', 'Ünïcödé'],
      ignored: ['german'],
      indexerId: 0,
      tags: [3, 1],
    });
    const [row] = await medium.sql<{ required: string[] }>(`SELECT required FROM release_profile`);
    expect(row.required).toEqual(['epub', '/\\bretail\\b/i', 'Ünïcödé']);
  });

  it('needs one required or ignored term that is not blank', async () => {
    // create() throws before it returns a promise; callers await it inside async functions, as here.
    const error = await (async () => profiles.create({ required: ['  '], ignored: [] }))().catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).failures.map((failure) => failure.propertyName)).toEqual(['Required', 'Ignored']);
    expect(await profiles.findAll()).toEqual([]);
    await expect(profiles.create({ ignored: ['x'] })).resolves.toMatchObject({ required: [], ignored: ['x'] });
  });

  it('an update keeps the fields it does not send, and cannot empty both term lists', async () => {
    const profile = await profiles.create({ required: ['epub'], indexerId: 4, tags: [1], enabled: false });
    const updated = await profiles.update(profile.id, { ignored: ['abridged'] });
    expect(updated).toMatchObject({
      required: ['epub'],
      ignored: ['abridged'],
      indexerId: 4,
      tags: [1],
      enabled: false,
    });
    await expect(profiles.update(profile.id, { required: [], ignored: [] })).rejects.toBeInstanceOf(ValidationError);
    expect((await profiles.findById(profile.id)).required).toEqual(['epub']);
  });

  it('lists in creation order; a missing profile is a 404 for get, update and delete', async () => {
    const first = await profiles.create({ required: ['a'] });
    const second = await profiles.create({ required: ['b'] });
    expect((await profiles.findAll()).map((profile) => profile.id)).toEqual([first.id, second.id]);
    await profiles.delete(first.id);
    expect((await profiles.findAll()).map((profile) => profile.id)).toEqual([second.id]);
    await expect(profiles.findById(first.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(profiles.update(first.id, { required: ['c'] })).rejects.toBeInstanceOf(NotFoundError);
    await expect(profiles.delete(first.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
