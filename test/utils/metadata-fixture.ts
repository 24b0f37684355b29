import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../fakes/open-library.fake';
import { createTestApp, TestApp } from './create-test-app';

export interface MetadataFixture {
  fake: FakeOpenLibrary;
  t: TestApp;
  root: string;
  /** Id of the metadata profile the root folder defaults to. */
  metadataProfileId: number;
}

/**
 * An app against the fake Open Library (rate limit lifted) with one root folder in a temp dir whose default
 * metadata profile is the named one (or the first listed).
 */
export async function startMetadataFixture(folderPrefix: string, profileName?: string): Promise<MetadataFixture> {
  const fake = await FakeOpenLibrary.start();
  const t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: fake.coversUrl });
  await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
  const root = mkdtempSync(join(tmpdir(), folderPrefix));
  const profiles = (await t.api.get('/api/v1/metadataprofile').expect(200)).body as { id: number; name: string }[];
  const metadataProfileId = (profileName ? profiles.find((profile) => profile.name === profileName)! : profiles[0]).id;
  await t.api
    .post('/api/v1/rootfolder')
    .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: metadataProfileId })
    .expect(200);
  return { fake, t, root, metadataProfileId };
}
