import { DelayProfileRepository } from '../../../../src/library/profile/delay-profile/delay-profile.repository';
import { MetadataProfileRepository } from '../../../../src/library/profile/metadata-profile/metadata-profile.repository';
import { ProfileModule } from '../../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../../src/library/profile/profile-seeder.service';
import { QualityDefinitionRepository } from '../../../../src/library/profile/quality/quality-definition.repository';
import { QualityProfileRepository } from '../../../../src/library/profile/quality-profile/quality-profile.repository';
import { TransactionRunner } from '../../../../src/platform/database/transaction';
import { createAuthor } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/** The profile tables through their repositories: seeding, renumbering, bulk size edits, names and users. */
describe('profile repositories (medium)', () => {
  let medium: Medium;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      tables: [
        'quality_definition',
        'quality_profile',
        'metadata_profile',
        'delay_profile',
        'author',
        'author_metadata',
        'root_folder',
        'provider_definition',
      ],
    });
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  const insertDelayProfile = async (order: number, tag: number) => {
    const [row] = await medium.sql<{ id: number }>(
      `INSERT INTO delay_profile (enable_usenet, enable_torrent, preferred_protocol, usenet_delay, torrent_delay,
         "order", tags) VALUES (true, true, 'usenet', 0, 0, $1, $2::int[]) RETURNING id`,
      [order, [tag]],
    );
    return row.id;
  };

  it('seeding twice leaves one set of defaults (the global delay profile keeps id 1, last)', async () => {
    await medium.get(ProfileSeeder).onModuleInit();
    const [counts] = await medium.sql<{ quality: number; metadata: number; delay: number }>(
      `SELECT (SELECT count(*) FROM quality_profile)::int AS quality,
              (SELECT count(*) FROM metadata_profile)::int AS metadata,
              (SELECT count(*) FROM delay_profile)::int AS delay`,
    );
    expect(counts).toEqual({ quality: 2, metadata: 2, delay: 1 });
    const second = await insertDelayProfile(1, 5);
    expect((await medium.get(DelayProfileRepository).findAll()).map((profile) => profile.id)).toEqual([second, 1]);
  });

  it('a delete and a renumbering in one transaction give the remaining profiles orders 1, 2, …', async () => {
    const [a, b, c] = [await insertDelayProfile(1, 1), await insertDelayProfile(2, 2), await insertDelayProfile(3, 3)];
    const delays = medium.get(DelayProfileRepository);
    await medium.get(TransactionRunner).run(async (tx) => {
      await delays.delete(tx, b);
      expect((await delays.findAll(tx)).map((profile) => profile.id)).toEqual([a, c, 1]);
      await delays.renumber(tx, [c, a]);
    });
    const rows = await medium.sql<{ id: number; order: number }>(
      `SELECT id, "order" FROM delay_profile ORDER BY "order", id`,
    );
    expect(rows).toEqual([
      { id: c, order: 1 },
      { id: a, order: 2 },
      { id: 1, order: 2_147_483_647 },
    ]);
  });

  it('quality definitions: sizes (and titles) of several qualities change together', async () => {
    const definitions = medium.get(QualityDefinitionRepository);
    const [first, second] = await definitions.findAll();
    await definitions.updateByQuality([
      { qualityId: first.qualityId, values: { minSize: 1, maxSize: 2, title: 'Renamed' } },
      { qualityId: second.qualityId, values: { minSize: 3, maxSize: 4 } },
    ]);
    const updated = await definitions.findAll();
    expect(updated[0]).toMatchObject({ qualityId: first.qualityId, minSize: 1, maxSize: 2, title: 'Renamed' });
    expect(updated[1]).toMatchObject({ qualityId: second.qualityId, minSize: 3, maxSize: 4, title: second.title });
  });

  it('names are taken case-insensitively by another profile, not by the profile itself', async () => {
    const qualities = medium.get(QualityProfileRepository);
    const ebook = (await qualities.findAll()).find((profile) => profile.name === 'eBook')!;
    expect(await qualities.nameTaken('EBOOK', undefined)).toBe(true);
    expect(await qualities.nameTaken('ebook', ebook.id)).toBe(false);
    expect(await qualities.nameTaken('Audio', undefined)).toBe(false);
  });

  it('users of a profile: authors, root folders and import lists are counted', async () => {
    const metadata = medium.get(MetadataProfileRepository);
    const standard = (await metadata.findByName('Standard'))!;
    const quality = (await medium.get(QualityProfileRepository).findAll())[0];
    expect(await metadata.users(standard.id)).toEqual({ authors: 0, rootFolders: 0, importLists: 0 });

    await createAuthor(medium.dataSource, { metadataProfileId: standard.id, qualityProfileId: quality.id });
    await createAuthor(medium.dataSource, { metadataProfileId: standard.id, qualityProfileId: quality.id });
    await medium.sql(
      `INSERT INTO root_folder (name, path, default_metadata_profile_id, default_quality_profile_id)
       VALUES ('Books', '/books', $1, $2)`,
      [standard.id, quality.id],
    );
    await medium.sql(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, options)
       VALUES ('importList', 'List', 'Goodreads', 'GoodreadsSettings', $1::jsonb)`,
      [JSON.stringify({ metadataProfileId: standard.id })],
    );
    expect(await metadata.users(standard.id)).toEqual({ authors: 2, rootFolders: 1, importLists: 1 });
    expect(await medium.get(QualityProfileRepository).users(quality.id)).toEqual({
      authors: 2,
      rootFolders: 1,
      importLists: 0,
    });
  });
});
