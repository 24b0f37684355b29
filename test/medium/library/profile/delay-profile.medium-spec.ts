import { DelayProfileService } from '../../../../src/library/profile/delay-profile/delay-profile.service';
import { ProfileModule } from '../../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../../src/library/profile/profile-seeder.service';
import { MethodNotAllowedError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { Medium, newMediumService } from '../../medium';

/**
 * Delay profiles on PostgreSQL: a tagged profile needs tags that exist and that no other profile has, the
 * global one has none and stays last, and the profile for a set of tags is the first by order that shares one.
 */
describe('delay profiles (medium)', () => {
  let medium: Medium;
  let delays: DelayProfileService;
  let tags: number[];

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      tables: ['delay_profile', 'tag', 'quality_definition', 'quality_profile', 'metadata_profile'],
    });
    delays = medium.get(DelayProfileService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
    tags = (await medium.sql<{ id: number }>(`INSERT INTO tag (label) VALUES ('a'), ('b'), ('c') RETURNING id`)).map(
      (row) => row.id,
    );
  });

  const reasons = (promise: Promise<unknown>) =>
    promise.then(
      () => [],
      (error: unknown) => {
        if (!(error instanceof ValidationError)) throw error;
        return error.failures.map((failure) => failure.errorMessage);
      },
    );

  it('a tagged profile needs existing tags no other profile has; the global one may have none', async () => {
    const [a, b, c] = tags;
    const first = await delays.create({ tags: [a, a], usenetDelay: 60 });
    expect(first.tags).toEqual([a]);
    expect(await reasons(delays.create({ tags: [b, a] }))).toEqual(['One or more tags is used in another profile']);
    expect(await reasons(delays.create({ tags: [] }))).toEqual(["'Tags' must not be empty."]);
    expect(await reasons(delays.create({ tags: [9_999] }))).toEqual(['Unknown tag ids: 9999']);
    expect(await reasons(delays.create({ tags: [c], enableUsenet: false, enableTorrent: false }))).toEqual([
      'Either Usenet or Torrent should be enabled',
    ]);
    // Its own tags are no clash on update; the global profile takes none.
    await delays.update(first.id, { tags: [a, b] });
    expect(await reasons(delays.update(1, { tags: [c] }))).toEqual(['The global delay profile cannot have tags']);
    await expect(delays.delete(1)).rejects.toBeInstanceOf(MethodNotAllowedError);
  });

  it('profiles are kept in order with the global one last; the first sharing a tag applies, else the global one', async () => {
    const [a, b, c] = tags;
    const first = await delays.create({ tags: [a], usenetDelay: 10 });
    const second = await delays.create({ tags: [b], usenetDelay: 20 });
    const third = await delays.create({ tags: [c], usenetDelay: 30 });
    const order = async () => (await delays.findAll()).map((profile) => profile.id);
    expect(await order()).toEqual([first.id, second.id, third.id, 1]);

    expect((await delays.bestForTags([c, b])).id).toBe(second.id);
    expect((await delays.bestForTags([])).id).toBe(1);
    expect((await delays.bestForTags([9_999])).id).toBe(1);

    await delays.reorder(third.id, undefined);
    expect(await order()).toEqual([third.id, first.id, second.id, 1]);
    expect((await delays.bestForTags([c, b])).id).toBe(third.id);
    await delays.reorder(third.id, second.id);
    expect(await order()).toEqual([first.id, second.id, third.id, 1]);
    await delays.delete(first.id);
    expect((await delays.findAll()).map((profile) => [profile.id, profile.order])).toEqual([
      [second.id, 1],
      [third.id, 2],
      [1, 2147483647],
    ]);
  });
});
