import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagService } from '../../../../src/library/tag/tag.service';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('tag and tag/detail', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = async (label: string) => (await t.api.post('/api/v1/tag').send({ label }).expect(200)).body;

  it('create → read → update → list → delete; labels are lower-cased and adding one twice returns it', async () => {
    const created = await create('Audio-Books');
    expect(created).toEqual({ id: expect.any(Number), label: 'audio-books' });
    expect(await create('AUDIO-BOOKS')).toEqual(created);
    await t.api.get(`/api/v1/tag/${created.id}`).expect(200, created);

    const updated = await t.api.put(`/api/v1/tag/${created.id}`).send({ label: 'Audio' }).expect(200);
    expect(updated.body).toEqual({ id: created.id, label: 'audio' });
    const viaBody = await t.api.put('/api/v1/tag').send({ id: created.id, label: 'spoken' }).expect(200);
    expect(viaBody.body.label).toBe('spoken');

    await create('alpha');
    const list = (await t.api.get('/api/v1/tag').expect(200)).body;
    expect(list.map((tag: any) => tag.label)).toEqual(['alpha', 'spoken']);

    await t.api.delete(`/api/v1/tag/${created.id}`).expect(200);
    await t.api.get(`/api/v1/tag/${created.id}`).expect(404);
    await t.api.delete(`/api/v1/tag/${created.id}`).expect(404);
    await t.api.get('/api/v1/tag/abc').expect(400);
  });

  it('validates labels and types', async () => {
    const failure = async (body: object, status = 400) =>
      (await t.api.post('/api/v1/tag').send(body).expect(status)).body.map((f: any) => [
        f.propertyName,
        f.errorMessage,
      ]);
    expect(await failure({})).toEqual([['Label', "'Label' must not be empty."]]);
    expect(await failure({ label: 'two words' })).toEqual([['Label', 'Allowed characters a-z, 0-9 and -']]);
    expect((await failure({ label: 12 }))[0][0]).toBe('Label');
    const a = await create('first');
    await create('second');
    const clash = await t.api.put(`/api/v1/tag/${a.id}`).send({ label: 'SECOND' }).expect(400);
    expect(clash.body[0]).toMatchObject({ propertyName: 'Label', errorMessage: 'Should be unique' });
    await t.api.put('/api/v1/tag/9999').send({ label: 'ghost' }).expect(404);
  });

  it('assertExist names unknown ids', async () => {
    const tag = await create('known');
    const service = t.app.get(TagService);
    await expect(service.assertExist([tag.id])).resolves.toBeUndefined();
    await expect(service.assertExist([tag.id, 777, 778])).rejects.toMatchObject({
      status: 400,
      failures: [expect.objectContaining({ propertyName: 'Tags', errorMessage: 'Unknown tag ids: 777, 778' })],
    });
  });

  it('tag/detail lists what uses each tag, and a tag in use cannot be deleted', async () => {
    const used = await create('used');
    const free = await create('free');
    const folderTag = await create('folder-default');

    const delay = (
      await t.api
        .post('/api/v1/delayprofile')
        .send({ tags: [used.id] })
        .expect(200)
    ).body;
    const [indexer] = await sql<{ id: number }>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, tags)
       VALUES ('indexer', 'Fake', 'Newznab', 'NewznabSettings', $1) RETURNING id`,
      [[used.id]],
    );
    const [client] = await sql<{ id: number }>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, tags)
       VALUES ('downloadClient', 'Fake', 'Sabnzbd', 'SabnzbdSettings', $1) RETURNING id`,
      [[used.id]],
    );
    const [profile] = (await t.api.get('/api/v1/qualityprofile').expect(200)).body;
    const [metadata] = (await t.api.get('/api/v1/metadataprofile').expect(200)).body;
    const [{ id: metadataId }] = await sql<{ id: number }>(
      `INSERT INTO author_metadata (foreign_author_id, name, sort_name) VALUES ('OL1A', 'Ann', 'ann') RETURNING id`,
    );
    const [author] = await sql<{ id: number }>(
      `INSERT INTO author (author_metadata_id, clean_name, path, quality_profile_id, metadata_profile_id, tags)
       VALUES ($1, 'ann', '/library/Ann', $2, $3, $4) RETURNING id`,
      [metadataId, profile.id, metadata.id, [used.id]],
    );
    await t.api
      .post('/api/v1/rootfolder')
      .send({
        name: 'Tagged',
        path: mkdtempSync(join(tmpdir(), 'quire-tag-root-')),
        defaultQualityProfileId: profile.id,
        defaultMetadataProfileId: metadata.id,
        defaultTags: [folderTag.id],
      })
      .expect(200);

    const detail = (await t.api.get(`/api/v1/tag/detail/${used.id}`).expect(200)).body;
    expect(detail).toEqual({
      id: used.id,
      label: 'used',
      delayProfileIds: [delay.id],
      importListIds: [],
      notificationIds: [],
      restrictionIds: [],
      indexerIds: [indexer.id],
      downloadClientIds: [client.id],
      authorIds: [author.id],
    });
    const all = (await t.api.get('/api/v1/tag/detail').expect(200)).body;
    expect(all.find((d: any) => d.id === free.id)).toMatchObject({
      delayProfileIds: [],
      authorIds: [],
      indexerIds: [],
    });
    expect(all.find((d: any) => d.id === used.id)).toEqual(detail);
    await t.api.get('/api/v1/tag/detail/9999').expect(404);

    const refused = await t.api.delete(`/api/v1/tag/${used.id}`).expect(409);
    expect(refused.body.message).toBe("'used' cannot be deleted since it's still in use");
    await t.api.delete(`/api/v1/tag/${folderTag.id}`).expect(409);
    await t.api.delete(`/api/v1/tag/${free.id}`).expect(200);

    // The same author blocks deleting its profiles, with a count in the message.
    const inUse = await t.api.delete(`/api/v1/qualityprofile/${profile.id}`).expect(409);
    expect(inUse.body.message).toBe(
      `Quality profile [${profile.name}] is in use by 1 author, 1 root folder and cannot be deleted`,
    );
    const metadataInUse = await t.api.delete(`/api/v1/metadataprofile/${metadata.id}`).expect(409);
    expect(metadataInUse.body.message).toContain('in use by 1 author');
  });
});
