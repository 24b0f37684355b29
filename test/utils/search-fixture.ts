import { DataSource } from 'typeorm';
import { FakeSabnzbd } from '../fakes/sabnzbd-fake';
import { TestApp } from './create-test-app';

/**
 * The shared set-up of the search / queue e2e tests: fake providers registered through the real API
 * (`POST /indexer`, `POST /downloadclient`) and the seeded eBook quality profile. Each helper sends exactly
 * the body the tests used to write inline; optional values left `undefined` are not sent at all.
 */

export interface IndexerFixture {
  /** `Newznab` (usenet) or `Torznab` (torrent); the name is `Fake <implementation>`. */
  implementation: 'Newznab' | 'Torznab';
  url: string;
  apiKey: string;
  categories?: string;
  priority?: number;
}

/** Registers a fake Newznab/Torznab indexer with RSS, automatic and interactive search enabled; returns its id. */
export async function addIndexer(t: TestApp, indexer: IndexerFixture): Promise<number> {
  const { implementation, url, apiKey, categories = '7020', priority } = indexer;
  const response = await t.api
    .post('/api/v1/indexer')
    .send({
      name: `Fake ${implementation}`,
      enableRss: true,
      enableAutomaticSearch: true,
      enableInteractiveSearch: true,
      priority,
      implementation,
      configContract: `${implementation}Settings`,
      fields: [
        { name: 'baseUrl', value: url },
        { name: 'apiKey', value: apiKey },
        { name: 'categories', value: categories },
      ],
    })
    .expect(200);
  return response.body.id as number;
}

interface ClientFixture {
  name?: string;
  priority?: number;
  tags?: number[];
  /** Further settings fields, sent after the connection fields. */
  fields?: { name: string; value: unknown }[];
  /** Further top-level resource properties (e.g. `removeCompletedDownloads`). */
  extra?: Record<string, unknown>;
}

async function addDownloadClient(
  t: TestApp,
  implementation: string,
  defaultName: string,
  connection: { name: string; value: unknown }[],
  client: ClientFixture,
): Promise<number> {
  const response = await t.api
    .post('/api/v1/downloadclient')
    .send({
      name: client.name ?? defaultName,
      enable: true,
      priority: client.priority ?? 1,
      tags: client.tags,
      ...client.extra,
      implementation,
      configContract: `${implementation}Settings`,
      fields: [...connection, ...(client.fields ?? [])],
    })
    .expect(200);
  return response.body.id as number;
}

/** Registers a fake SABnzbd on 127.0.0.1 (category `Books` unless given); returns the client's id. */
export function addSabnzbd(
  t: TestApp,
  sab: { port: number; apiKey: string; category?: string } & ClientFixture,
): Promise<number> {
  return addDownloadClient(
    t,
    'Sabnzbd',
    'Fake SAB',
    [
      { name: 'host', value: '127.0.0.1' },
      { name: 'port', value: sab.port },
      { name: 'apiKey', value: sab.apiKey },
      { name: 'musicCategory', value: sab.category ?? 'Books' },
    ],
    sab,
  );
}

/** Registers a fake qBittorrent on 127.0.0.1; returns the client's id. */
export function addQBittorrent(
  t: TestApp,
  qbit: { port: number; username: string; password: string } & ClientFixture,
): Promise<number> {
  return addDownloadClient(
    t,
    'QBittorrent',
    'Fake qBit',
    [
      { name: 'host', value: '127.0.0.1' },
      { name: 'port', value: qbit.port },
      { name: 'username', value: qbit.username },
      { name: 'password', value: qbit.password },
    ],
    qbit,
  );
}

/** Starts a fake SABnzbd that knows the given categories (`books` by default). */
export async function startSabnzbd(apiKey: string, categories: string[] = ['books']): Promise<FakeSabnzbd> {
  const sab = await new FakeSabnzbd(apiKey).start();
  sab.categories.push(...categories);
  return sab;
}

/** The id of the seeded `eBook` quality profile. */
export async function ebookProfileId(db: DataSource): Promise<number> {
  const [profile] = await db.query<{ id: number }[]>(`SELECT id FROM quality_profile WHERE name = 'eBook'`);
  return profile.id;
}

/** Holds usenet releases back `minutes` through the global delay profile (id 1), as a user would set it. */
export async function setUsenetDelay(t: TestApp, minutes: number): Promise<void> {
  const global = (await t.api.get('/api/v1/delayprofile/1').expect(200)).body;
  await t.api
    .put('/api/v1/delayprofile/1')
    .send({ ...global, usenetDelay: minutes })
    .expect(200);
}
