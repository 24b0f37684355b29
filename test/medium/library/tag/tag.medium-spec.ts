import { TagModule } from '../../../../src/library/tag/tag.module';
import { TagService } from '../../../../src/library/tag/tag.service';
import { ConflictError, NotFoundError, ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { createAuthor, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * Tags on PostgreSQL: labels stored lower-case and unique in any case (also when created concurrently), and
 * "in use" read from every table that carries tags — the details lists, and the refusal to delete a used tag.
 */
describe('tags (medium)', () => {
  let medium: Medium;
  let tags: TagService;
  let profiles: { qualityProfileId: number; metadataProfileId: number };

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [TagModule],
      tables: [
        'tag',
        'author_metadata',
        'author',
        'delay_profile',
        'release_profile',
        'provider_definition',
        'root_folder',
      ],
    });
    profiles = await ensureProfiles(medium.dataSource);
    tags = medium.get(TagService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const provider = (kind: string, name: string, tagIds: number[]) =>
    medium.sql(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, tags)
       VALUES ($1, $2, 'Impl', 'ImplSettings', $3::int[])`,
      [kind, name, tagIds],
    );

  it('stores labels lower-case; creating an existing label in any case answers that tag, also concurrently', async () => {
    const created = await tags.create('  Fantasy ');
    expect(created.label).toBe('fantasy');
    expect((await tags.create('FANTASY')).id).toBe(created.id);
    const racing = await Promise.all(['sci-fi', 'SCI-FI', 'Sci-Fi', 'sci-fi'].map((label) => tags.create(label)));
    expect(new Set(racing.map((tag) => tag.id)).size).toBe(1);
    expect((await tags.findAll()).map((tag) => tag.label)).toEqual(['fantasy', 'sci-fi']);

    for (const bad of ['', '  ', 'two words', 'émile', 'a_b'])
      await expect(tags.create(bad)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a rename may not take another tag’s label (any case), but may keep its own', async () => {
    const fantasy = await tags.create('fantasy');
    await tags.create('crime');
    await expect(tags.update(fantasy.id, 'CRIME')).rejects.toBeInstanceOf(ValidationError);
    expect((await tags.update(fantasy.id, 'Fantasy')).label).toBe('fantasy');
    expect((await tags.update(fantasy.id, 'epic-fantasy')).label).toBe('epic-fantasy');
    await expect(tags.update(9_999, 'x')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('details list what uses each tag, from every table that carries tags', async () => {
    const [used, other, unused] = [await tags.create('used'), await tags.create('other'), await tags.create('unused')];
    const author = await createAuthor(medium.dataSource, { tags: [used.id, other.id] });
    await medium.sql(`INSERT INTO delay_profile ("order", tags) VALUES (1, $1::int[])`, [[used.id]]);
    const [restriction] = await medium.sql<{ id: number }>(
      `INSERT INTO release_profile (required, tags) VALUES ('{epub}', $1::int[]) RETURNING id`,
      [[used.id, used.id]],
    );
    for (const kind of ['indexer', 'downloadClient', 'importList', 'notification'])
      await provider(kind, `${kind} 1`, [used.id]);

    const details = await tags.details(used.id);
    expect(details).toMatchObject({
      label: 'used',
      authorIds: [author.id],
      restrictionIds: [restriction.id],
    });
    for (const key of ['delayProfileIds', 'indexerIds', 'downloadClientIds', 'importListIds', 'notificationIds'])
      expect(details[key as keyof typeof details]).toHaveLength(1);
    const all = await tags.allDetails();
    expect(all.find((tag) => tag.id === other.id)?.authorIds).toEqual([author.id]);
    expect(all.find((tag) => tag.id === unused.id)).toMatchObject({
      authorIds: [],
      indexerIds: [],
      delayProfileIds: [],
    });
  });

  it('a tag in use (also only by a root folder default or a metadata consumer) cannot be deleted', async () => {
    const byAuthor = await tags.create('by-author');
    const byRoot = await tags.create('by-root');
    const byMetadata = await tags.create('by-metadata');
    const free = await tags.create('free');
    await createAuthor(medium.dataSource, { tags: [byAuthor.id] });
    await medium.sql(
      `INSERT INTO root_folder (name, path, default_quality_profile_id, default_metadata_profile_id, default_tags)
       VALUES ('Books', '/books', $1, $2, $3::int[])`,
      [profiles.qualityProfileId, profiles.metadataProfileId, [byRoot.id]],
    );
    await provider('metadata', 'Calibre', [byMetadata.id]);

    for (const tag of [byAuthor, byRoot, byMetadata])
      await expect(tags.delete(tag.id)).rejects.toBeInstanceOf(ConflictError);
    await tags.delete(free.id);
    expect((await tags.findAll()).map((tag) => tag.label)).toEqual(['by-author', 'by-metadata', 'by-root']);
    await expect(tags.assertExist([byAuthor.id, free.id, free.id])).rejects.toMatchObject({
      failures: [expect.objectContaining({ errorMessage: `Unknown tag ids: ${free.id}` })],
    });
    await expect(tags.assertExist([byAuthor.id])).resolves.toBeUndefined();
  });
});
