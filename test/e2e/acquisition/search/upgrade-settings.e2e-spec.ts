import { DataSource } from 'typeorm';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import type { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addSabnzbd, ebookProfileId, startSabnzbd } from '../../../utils/search-fixture';

const INDEXER_KEY = 'indexer-key-upgrades';
const SAB_KEY = 'sab-key-upgrades';

interface Release {
  guid: string;
  approved: boolean;
  rejections: string[];
}

/**
 * When a book already has a file, media management's `downloadPropersAndRepacks` and the quality profile's
 * `cutoffFormatScore` decide whether a release replaces it (Readarr's UpgradableSpecification, CutoffSpecification,
 * ProperSpecification), through the real flow: fake Newznab → `GET /release`, BookSearch, RSS sync → fake SABnzbd.
 */
describe('propers and the custom-format cutoff decide upgrades (fake Newznab + fake SABnzbd)', () => {
  let t: TestApp;
  let newznab: FakeNewznab;
  let sab: FakeSabnzbd;
  let profileId: number;
  const books: Record<string, number> = {};

  const setPropers = (value: string) =>
    t.api.put('/api/v1/config/mediamanagement').send({ downloadPropersAndRepacks: value }).expect(200);
  const updateProfile = async (changes: Record<string, unknown>) => {
    const profile = (await t.api.get(`/api/v1/qualityprofile/${profileId}`).expect(200)).body;
    await t.api
      .put(`/api/v1/qualityprofile/${profileId}`)
      .send({ ...profile, ...changes })
      .expect(200);
  };
  const releaseFor = async (bookId: number, guid: string): Promise<Release> =>
    ((await t.api.get(`/api/v1/release?bookId=${bookId}`).expect(200)).body as Release[]).find(
      (release) => release.guid === guid,
    )!;
  const queued = () => sab.queue.map((job) => job.name);

  beforeAll(async () => {
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [
        { title: 'Hal Printer - Second Print PROPER (epub)', guid: 'proper-1', size: 1_000_000 },
        { title: 'Ivy Format - Plain Copy (azw3)', guid: 'plain-1', size: 1_000_000 },
        { title: 'Ivy Format - Shop Copy (azw3)', guid: 'shop-1', size: 1_000_000 },
      ],
    }).start();
    sab = await startSabnzbd(SAB_KEY);
    t = await createTestApp();
    await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY });
    await addSabnzbd(t, { port: sab.port, apiKey: SAB_KEY });

    const db = t.app.get(DataSource);
    profileId = await ebookProfileId(db);
    // The seeded eBook profile (cutoff MOBI) does not upgrade at all; these tests are about what upgrades.
    await updateProfile({ upgradeAllowed: true });
    const hal = await createAuthor(db, { name: 'Hal Printer', qualityProfileId: profileId });
    const ivy = await createAuthor(db, { name: 'Ivy Format', qualityProfileId: profileId });
    const second = await createBook(db, hal, { title: 'Second Print' });
    const plain = await createBook(db, ivy, { title: 'Plain Copy' });
    const shop = await createBook(db, ivy, { title: 'Shop Copy' });
    books.hal = second.id;
    books.plain = plain.id;
    books.shop = shop.id;
    // Every book has an EPUB, above the profile's quality cutoff.
    await createBookFile(db, second.editionId, { qualityId: QUALITY_IDS.epub });
    await createBookFile(db, plain.editionId, { qualityId: QUALITY_IDS.epub, path: '/books/Ivy/Plain Copy.epub' });
    const shopFile = await createBookFile(db, shop.editionId, { qualityId: QUALITY_IDS.epub });
    await db.query(`UPDATE book_file SET scene_name = 'Ivy Format - Shop Copy RETAIL (epub)' WHERE id = $1`, [
      shopFile.id,
    ]);
  });

  afterAll(async () => {
    await t.close();
    await newznab.stop();
    await sab.stop();
  });

  it('doNotPrefer: a proper of the file’s own quality is no upgrade and is not grabbed', async () => {
    await setPropers('doNotPrefer');
    expect((await releaseFor(books.hal, 'proper-1')).rejections).toContain(
      'Existing file on disk is of equal or higher preference: EPUB',
    );
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.hal] })).message).toMatch(/0 grabbed/);
    expect(queued()).not.toContain('Hal Printer - Second Print PROPER (epub)');
  });

  it('doNotUpgrade: RSS does not replace a file with its proper; preferAndUpgrade does', async () => {
    await setPropers('doNotUpgrade');
    // The feed's proper maps onto the book (so what follows is the setting at work, not a parse miss).
    const feed = (await t.api.get('/api/v1/release').expect(200)).body as (Release & { bookId: number })[];
    expect(feed.find((release) => release.guid === 'proper-1')?.bookId).toBe(books.hal);
    await runCommand(t, 'RssSync');
    expect(queued()).not.toContain('Hal Printer - Second Print PROPER (epub)');

    await setPropers('preferAndUpgrade');
    expect((await releaseFor(books.hal, 'proper-1')).approved).toBe(true);
    await runCommand(t, 'RssSync');
    expect(queued()).toContain('Hal Printer - Second Print PROPER (epub)');
  });

  it('cutoffFormatScore: a file at the quality cutoff is upgraded until its custom-format score reaches the cutoff', async () => {
    const schema = (await t.api.get('/api/v1/customformat/schema').expect(200)).body;
    const retail = (
      await t.api
        .post('/api/v1/customformat')
        .send({
          name: 'Retail',
          includeCustomFormatWhenRenaming: false,
          specifications: [{ ...schema[0], name: 'retail', fields: [{ name: 'value', value: '\\bretail\\b' }] }],
        })
        .expect(200)
    ).body.id as number;
    await updateProfile({ formatItems: [{ format: retail, score: 10 }], cutoffFormatScore: 0 });
    // With no format-score cutoff, both EPUBs meet the cutoff.
    expect((await releaseFor(books.plain, 'plain-1')).rejections).toContain('Existing file meets cutoff: EPUB');
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.plain, books.shop] })).message).toMatch(/0 grabbed/);

    await updateProfile({ cutoffFormatScore: 10 });
    // The plain file scores 0, below the cutoff: the better AZW3 replaces it. The retail file scores 10: done.
    expect((await releaseFor(books.plain, 'plain-1')).approved).toBe(true);
    expect((await releaseFor(books.shop, 'shop-1')).rejections).toContain('Existing file meets cutoff: EPUB');
    expect((await runCommand(t, 'BookSearch', { bookIds: [books.plain, books.shop] })).message).toMatch(/1 grabbed/);
    expect(queued()).toContain('Ivy Format - Plain Copy (azw3)');
    expect(queued()).not.toContain('Ivy Format - Shop Copy (azw3)');
  });
});
