import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/** `config/development` `coverSource`: where the cover and author-photo addresses of lookups point. */
describe('coverSource', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    // No COVER_SOURCE_URL in the environment, so the stored setting decides.
    t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: '' });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const posterOfTolkien = async () =>
    (await t.api.get('/api/v1/author/lookup?term=tolkien').expect(200)).body[0].remotePoster as string;

  it('the stored coverSource is where lookups point covers and photos, and a change applies at once', async () => {
    await t.api.put('/api/v1/config/development').send({ coverSource: fake.coversUrl }).expect(200);
    expect(await posterOfTolkien()).toBe(`${fake.coversUrl}/a/olid/OL26320A-L.jpg`);
    const [book] = (await t.api.get('/api/v1/book/lookup?term=hobbit').expect(200)).body;
    expect(book.remoteCover).toBe(`${fake.coversUrl}/b/id/14627509-L.jpg`);

    await t.api.put('/api/v1/config/development').send({ coverSource: 'http://covers.mirror.test/' }).expect(200);
    expect(await posterOfTolkien()).toBe('http://covers.mirror.test/a/olid/OL26320A-L.jpg');
  });
});
