import { ResetQualityDefinitionsHandler } from '../../../../src/library/profile/quality/reset-quality-definitions.handler';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql, truncateAllTables } from '../../../utils/test-database';

const ORDER = ['Unknown Text', 'PDF', 'MOBI', 'EPUB', 'AZW3', 'Unknown Audio', 'MP3', 'M4B', 'FLAC'];

describe('quality definitions and quality profiles', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('seeded defaults', () => {
    it('lists one definition per quality, by weight, with Readarr defaults', async () => {
      const { body } = await t.api.get('/api/v1/qualitydefinition').expect(200);
      expect(body.map((d: any) => d.title)).toEqual(ORDER);
      expect(body.map((d: any) => d.weight)).toEqual([1, 5, 10, 11, 12, 50, 100, 105, 110]);
      expect(body[0]).toEqual({
        id: expect.any(Number),
        quality: { id: 0, name: 'Unknown Text' },
        title: 'Unknown Text',
        weight: 1,
        minSize: 0,
        maxSize: 350,
      });
      const flac = body.find((d: any) => d.quality.id === 11);
      expect(flac.maxSize).toBeUndefined();
      expect(flac.minSize).toBe(0);
    });

    it('has the eBook and Spoken profiles with every quality listed', async () => {
      const { body } = await t.api.get('/api/v1/qualityprofile').expect(200);
      expect(body.map((p: any) => p.name)).toEqual(['eBook', 'Spoken']);
      const [ebook, spoken] = body;
      expect(ebook.items.map((i: any) => i.quality.name)).toEqual(ORDER);
      expect(ebook.items[0]).toEqual({ quality: { id: 0, name: 'Unknown Text' }, items: [], allowed: false });
      const allowed = (p: any) => p.items.filter((i: any) => i.allowed).map((i: any) => i.quality.name);
      expect(allowed(ebook)).toEqual(['MOBI', 'EPUB', 'AZW3']);
      expect(ebook.cutoff).toBe(2);
      expect(allowed(spoken)).toEqual(['Unknown Audio', 'MP3', 'M4B', 'FLAC']);
      expect(spoken.cutoff).toBe(10);
      expect(ebook).toMatchObject({ upgradeAllowed: false, minFormatScore: 0, cutoffFormatScore: 0, formatItems: [] });
    });

    it('seeds once when two processes start on an empty database at the same time', async () => {
      await truncateAllTables();
      const apps = await Promise.all([createTestApp({}, { fresh: false }), createTestApp({}, { fresh: false })]);
      await Promise.all(apps.map((app) => app.close()));
      const counts = await sql<{ table: string; count: number }>(`
        SELECT 'quality_definition' AS table, count(*)::int FROM quality_definition UNION ALL
        SELECT 'quality_profile', count(*)::int FROM quality_profile UNION ALL
        SELECT 'metadata_profile', count(*)::int FROM metadata_profile UNION ALL
        SELECT 'delay_profile', count(*)::int FROM delay_profile`);
      expect(Object.fromEntries(counts.map((row) => [row.table, row.count]))).toEqual({
        quality_definition: 9,
        quality_profile: 2,
        metadata_profile: 2,
        delay_profile: 1,
      });
    });

    it('does not seed again when profiles exist, but does when the table is empty', async () => {
      await sql(`DELETE FROM quality_profile WHERE name = 'Spoken'`);
      const again = await createTestApp({}, { fresh: false });
      const { body } = await again.api.get('/api/v1/qualityprofile').expect(200);
      expect(body.map((p: any) => p.name)).toEqual(['eBook']);
      await again.close();
    });
  });

  describe('qualitydefinition', () => {
    it('reads, updates by route or body id, and 404s unknown ids', async () => {
      const list = (await t.api.get('/api/v1/qualitydefinition').expect(200)).body;
      const epub = list.find((d: any) => d.title === 'EPUB');
      await t.api.get(`/api/v1/qualitydefinition/${epub.id}`).expect(200, epub);
      const updated = await t.api
        .put(`/api/v1/qualitydefinition/${epub.id}`)
        .send({ ...epub, title: 'ePub', minSize: 1, maxSize: 20, weight: 999 })
        .expect(200);
      expect(updated.body).toMatchObject({ title: 'ePub', minSize: 1, maxSize: 20, weight: 11 });
      const viaBody = await t.api
        .put('/api/v1/qualitydefinition')
        .send({ ...updated.body, maxSize: null })
        .expect(200);
      expect(viaBody.body.maxSize).toBeUndefined();
      await t.api.get('/api/v1/qualitydefinition/9999').expect(404);
      await t.api.put('/api/v1/qualitydefinition/9999').send({ title: 'x' }).expect(404);
      await t.api.get('/api/v1/qualitydefinition/0').expect(400);
    });

    it('rejects wrong types and max below min', async () => {
      const [first] = (await t.api.get('/api/v1/qualitydefinition').expect(200)).body;
      const wrongType = await t.api.put(`/api/v1/qualitydefinition/${first.id}`).send({ minSize: 'big' }).expect(400);
      expect(wrongType.body[0].propertyName).toBe('MinSize');
      const inverted = await t.api
        .put(`/api/v1/qualitydefinition/${first.id}`)
        .send({ minSize: 10, maxSize: 5 })
        .expect(400);
      expect(inverted.body[0].propertyName).toBe('MaxSize');
    });

    it('bulk-updates with PUT /update, all or nothing', async () => {
      const list = (await t.api.get('/api/v1/qualitydefinition').expect(200)).body;
      const changed = list.map((d: any) => ({ ...d, maxSize: 100 }));
      const { body } = await t.api.put('/api/v1/qualitydefinition/update').send(changed).expect(200);
      expect(body).toHaveLength(9);
      expect(body.every((d: any) => d.maxSize === 100)).toBe(true);
      await t.api
        .put('/api/v1/qualitydefinition/update')
        .send([
          { ...list[0], maxSize: 7 },
          { id: 9999, title: 'ghost' },
        ])
        .expect(404);
      const after = (await t.api.get(`/api/v1/qualitydefinition/${list[0].id}`).expect(200)).body;
      expect(after.maxSize).toBe(100);
      await t.api.put('/api/v1/qualitydefinition/update').send({ not: 'an array' }).expect(400);
      const wrongType = await t.api
        .put('/api/v1/qualitydefinition/update')
        .send([{ ...list[0], minSize: 'small' }])
        .expect(400);
      expect(wrongType.body[0]).toMatchObject({ propertyName: 'MinSize', severity: 'error' });
    });

    it('ResetQualityDefinitions restores sizes, and titles when asked', async () => {
      const list = (await t.api.get('/api/v1/qualitydefinition').expect(200)).body;
      const mobi = list.find((d: any) => d.quality.id === 2);
      await t.api
        .put(`/api/v1/qualitydefinition/${mobi.id}`)
        .send({ title: 'Kindle', minSize: 3, maxSize: 4 })
        .expect(200);
      const handler = t.app.get(ResetQualityDefinitionsHandler);
      await handler.execute({ resetTitles: false });
      let after = (await t.api.get(`/api/v1/qualitydefinition/${mobi.id}`).expect(200)).body;
      expect(after).toMatchObject({ title: 'Kindle', minSize: 0, maxSize: 350 });
      await handler.execute({ resetTitles: true });
      after = (await t.api.get(`/api/v1/qualitydefinition/${mobi.id}`).expect(200)).body;
      expect(after.title).toBe('MOBI');
      await t.api.put(`/api/v1/qualitydefinition/${mobi.id}`).send({ title: 'Kindle', maxSize: 9 }).expect(200);
      const command = await runCommand(t, 'ResetQualityDefinitions', { resetTitles: true });
      expect(command).toMatchObject({ status: 'completed', message: 'Quality definitions reset' });
      expect((await t.api.get(`/api/v1/qualitydefinition/${mobi.id}`).expect(200)).body).toMatchObject({
        title: 'MOBI',
        maxSize: 350,
      });
      const flac = (await t.api.get('/api/v1/qualitydefinition').expect(200)).body.find(
        (d: any) => d.quality.id === 11,
      );
      expect(flac.maxSize).toBeUndefined();
    });
  });

  describe('qualityprofile', () => {
    it('serves a schema with every quality and no allowed one', async () => {
      const { body } = await t.api.get('/api/v1/qualityprofile/schema').expect(200);
      expect(body.id).toBeUndefined();
      expect(body.items).toHaveLength(9);
      expect(body.items.some((i: any) => i.allowed)).toBe(false);
      expect(body.formatItems).toEqual([]);
    });

    it('create → read → update → list → delete, with groups', async () => {
      const schema = (await t.api.get('/api/v1/qualityprofile/schema').expect(200)).body;
      const items = schema.items.filter((i: any) => ![3, 4].includes(i.quality.id));
      items.splice(2, 0, {
        id: 1000,
        name: 'Modern',
        allowed: true,
        items: [
          { quality: { id: 3 }, items: [], allowed: true },
          { quality: { id: 4 }, items: [], allowed: true },
        ],
      });
      const created = await t.api
        .post('/api/v1/qualityprofile')
        .send({ ...schema, name: 'Readers', cutoff: 1000, upgradeAllowed: true, items })
        .expect(200);
      expect(created.body).toMatchObject({ name: 'Readers', cutoff: 1000, upgradeAllowed: true });
      expect(created.body.items[2]).toEqual({
        id: 1000,
        name: 'Modern',
        items: [
          { quality: { id: 3, name: 'EPUB' }, items: [], allowed: true },
          { quality: { id: 4, name: 'AZW3' }, items: [], allowed: true },
        ],
        allowed: true,
      });
      const id = created.body.id;
      await t.api.get(`/api/v1/qualityprofile/${id}`).expect(200, created.body);

      const updated = await t.api
        .put(`/api/v1/qualityprofile/${id}`)
        .send({ ...created.body, name: 'Readers 2', upgradeAllowed: false })
        .expect(200);
      expect(updated.body).toMatchObject({ id, name: 'Readers 2', upgradeAllowed: false });
      const list = (await t.api.get('/api/v1/qualityprofile').expect(200)).body;
      expect(list.map((p: any) => p.name)).toContain('Readers 2');

      await t.api.delete(`/api/v1/qualityprofile/${id}`).expect(200);
      await t.api.get(`/api/v1/qualityprofile/${id}`).expect(404);
      await t.api.delete(`/api/v1/qualityprofile/${id}`).expect(404);
    });

    it('validates name, cutoff and items like Readarr', async () => {
      const schema = (await t.api.get('/api/v1/qualityprofile/schema').expect(200)).body;
      const allowMobi = schema.items.map((i: any) => ({ ...i, allowed: i.quality.id === 2 }));
      const failures = async (body: object) =>
        (await t.api.post('/api/v1/qualityprofile').send(body).expect(400)).body.map((f: any) => [
          f.propertyName,
          f.errorMessage,
        ]);

      expect(await failures({ ...schema, name: '', cutoff: 2, items: allowMobi })).toEqual([
        ['Name', "'Name' must not be empty."],
      ]);
      expect(await failures({ ...schema, name: 'ebook', cutoff: 2, items: allowMobi })).toEqual([
        ['Name', 'Should be unique'],
      ]);
      expect(await failures({ ...schema, name: 'X', cutoff: 3, items: allowMobi })).toEqual([
        ['Cutoff', 'Cutoff must be an allowed quality or group'],
      ]);
      expect(await failures({ ...schema, name: 'X', cutoff: 2, items: allowMobi.slice(1) })).toEqual([
        ['Items', 'Must contain all qualities (missing: Unknown Text)'],
      ]);
      expect(await failures({ ...schema, name: 'X', cutoff: 2, items: [...allowMobi, allowMobi[2]] })).toEqual([
        ['Items', 'Qualities can only be used once'],
      ]);
      expect(await failures({ ...schema, name: 'X', cutoff: 0, items: schema.items })).toEqual(
        expect.arrayContaining([['Items', 'Must contain at least one allowed quality']]),
      );
      const wrongType = await t.api
        .post('/api/v1/qualityprofile')
        .send({ name: 5, cutoff: 'x', items: 'all' })
        .expect(400);
      expect(wrongType.body.map((f: any) => f.propertyName)).toEqual(
        expect.arrayContaining(['Name', 'Cutoff', 'Items']),
      );
    });

    it('refuses to delete a profile a root folder uses (409 naming the users)', async () => {
      const { mkdtempSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const [ebook] = (await t.api.get('/api/v1/qualityprofile').expect(200)).body;
      const [standard] = (await t.api.get('/api/v1/metadataprofile').expect(200)).body;
      const folder = await t.api
        .post('/api/v1/rootfolder')
        .send({
          name: 'Books',
          path: mkdtempSync(join(tmpdir(), 'quire-root-')),
          defaultQualityProfileId: ebook.id,
          defaultMetadataProfileId: standard.id,
        })
        .expect(200);
      const refused = await t.api.delete(`/api/v1/qualityprofile/${ebook.id}`).expect(409);
      expect(refused.body.message).toBe('Quality profile [eBook] is in use by 1 root folder and cannot be deleted');
      const refusedMeta = await t.api.delete(`/api/v1/metadataprofile/${standard.id}`).expect(409);
      expect(refusedMeta.body.message).toContain('in use by 1 root folder');
      await t.api.delete(`/api/v1/rootfolder/${folder.body.id}`).expect(200);
    });
  });
});
