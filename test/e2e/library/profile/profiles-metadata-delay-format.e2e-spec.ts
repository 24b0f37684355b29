import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('metadata profiles, delay profiles, custom formats', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('metadataprofile', () => {
    it('has Standard and None seeded', async () => {
      const { body } = await t.api.get('/api/v1/metadataprofile').expect(200);
      expect(body).toEqual([
        {
          id: expect.any(Number),
          name: 'Standard',
          minPopularity: 350,
          skipMissingDate: true,
          skipMissingIsbn: false,
          skipPartsAndSets: true,
          skipSeriesSecondary: false,
          allowedLanguages: 'eng, null',
          minPages: 0,
          ignored: [],
        },
        expect.objectContaining({ name: 'None', minPopularity: 1e10 }),
      ]);
    });

    it('serves a schema', async () => {
      const { body } = await t.api.get('/api/v1/metadataprofile/schema').expect(200);
      expect(body).toMatchObject({ name: '', minPopularity: 0, skipMissingDate: false, ignored: [] });
      expect(body.id).toBeUndefined();
    });

    it('create → read → update → list → delete', async () => {
      const created = await t.api
        .post('/api/v1/metadataprofile')
        .send({
          name: 'Picky',
          minPopularity: 10.5,
          allowedLanguages: 'eng,NULL ,  fre',
          minPages: 50,
          ignored: ['Box Set'],
        })
        .expect(200);
      expect(created.body).toMatchObject({
        name: 'Picky',
        minPopularity: 10.5,
        allowedLanguages: 'eng, null, fre',
        minPages: 50,
        ignored: ['Box Set'],
      });
      const id = created.body.id;
      await t.api.get(`/api/v1/metadataprofile/${id}`).expect(200, created.body);
      const updated = await t.api
        .put('/api/v1/metadataprofile')
        .send({ ...created.body, skipMissingIsbn: true, allowedLanguages: '' })
        .expect(200);
      expect(updated.body.skipMissingIsbn).toBe(true);
      expect(updated.body.allowedLanguages).toBeUndefined();
      expect((await t.api.get('/api/v1/metadataprofile').expect(200)).body).toHaveLength(3);
      await t.api.delete(`/api/v1/metadataprofile/${id}`).expect(200);
      await t.api.get(`/api/v1/metadataprofile/${id}`).expect(404);
    });

    it('validates names, languages and types; None is reserved', async () => {
      const failures = async (body: object) =>
        (await t.api.post('/api/v1/metadataprofile').send(body).expect(400)).body.map((f: any) => [
          f.propertyName,
          f.errorMessage,
        ]);
      expect(await failures({ name: 'STANDARD' })).toEqual([['Name', 'Should be unique']]);
      expect(await failures({})).toEqual([['Name', "'Name' must not be empty."]]);
      expect(await failures({ name: 'L', allowedLanguages: 'eng; fre' })).toEqual([
        [
          'AllowedLanguages',
          'Must be a comma separated list of ISO 639 language codes, English language names or null',
        ],
      ]);
      expect(await failures({ name: 'K', allowedLanguages: 'English, Klingon' })).toEqual([
        [
          'AllowedLanguages',
          'Must be a comma separated list of ISO 639 language codes, English language names or null',
        ],
      ]);
      const named = await t.api
        .post('/api/v1/metadataprofile')
        .send({ name: 'Named languages', allowedLanguages: 'English, fra,de, null' })
        .expect(200);
      expect(named.body.allowedLanguages).toBe('English, fra, de, null');
      await t.api.delete(`/api/v1/metadataprofile/${named.body.id}`).expect(200);
      expect((await failures({ name: 'T', minPopularity: 'high', ignored: 'x' })).map((f: string[]) => f[0])).toEqual(
        expect.arrayContaining(['MinPopularity', 'Ignored']),
      );
      const none = (await t.api.get('/api/v1/metadataprofile').expect(200)).body.find((p: any) => p.name === 'None');
      await t.api
        .put(`/api/v1/metadataprofile/${none.id}`)
        .send({ ...none, minPopularity: 1 })
        .expect(400);
      const refused = await t.api.delete(`/api/v1/metadataprofile/${none.id}`).expect(409);
      expect(refused.body.message).toMatch(/None/);
      await t.api.put('/api/v1/metadataprofile/424242').send({ name: 'ghost' }).expect(404);
      await t.api.delete('/api/v1/metadataprofile/424242').expect(404);
    });
  });

  describe('delayprofile', () => {
    const tag = async (label: string) =>
      (await t.api.post('/api/v1/tag').send({ label }).expect(200)).body.id as number;

    it('has the global profile (id 1, last, usenet preferred, no tags) that cannot be deleted', async () => {
      const { body } = await t.api.get('/api/v1/delayprofile').expect(200);
      expect(body).toEqual([
        {
          id: 1,
          enableUsenet: true,
          enableTorrent: true,
          preferredProtocol: 'usenet',
          usenetDelay: 0,
          torrentDelay: 0,
          bypassIfHighestQuality: false,
          bypassIfAboveCustomFormatScore: false,
          minimumCustomFormatScore: 0,
          order: 2147483647,
          tags: [],
        },
      ]);
      const refused = await t.api.delete('/api/v1/delayprofile/1').expect(405);
      expect(refused.body).toEqual({ message: 'MethodNotAllowed: Cannot delete global delay profile' });
      const tagged = await t.api
        .put('/api/v1/delayprofile/1')
        .send({ ...body[0], tags: [await tag('global')] })
        .expect(400);
      expect(tagged.body[0].propertyName).toBe('Tags');
      const edited = await t.api
        .put('/api/v1/delayprofile/1')
        .send({ ...body[0], usenetDelay: 60, preferredProtocol: 2 })
        .expect(200);
      expect(edited.body).toMatchObject({ id: 1, usenetDelay: 60, preferredProtocol: 'torrent', order: 2147483647 });
    });

    it('create → read → update → list → reorder → delete', async () => {
      const [a, b, c] = [await tag('delay-a'), await tag('delay-b'), await tag('delay-c')];
      const create = async (tags: number[]) =>
        (
          await t.api
            .post('/api/v1/delayprofile')
            .send({ enableUsenet: true, enableTorrent: true, preferredProtocol: 'torrent', torrentDelay: 30, tags })
            .expect(200)
        ).body;
      const first = await create([a]);
      const second = await create([b]);
      const third = await create([c]);
      expect([first.order, second.order, third.order]).toEqual([1, 2, 3]);
      expect(first).toMatchObject({ preferredProtocol: 'torrent', torrentDelay: 30, tags: [a] });
      await t.api.get(`/api/v1/delayprofile/${first.id}`).expect(200, first);

      const updated = await t.api
        .put(`/api/v1/delayprofile/${first.id}`)
        .send({ ...first, usenetDelay: 15 })
        .expect(200);
      expect(updated.body).toMatchObject({ usenetDelay: 15, order: 1 });

      const moved = await t.api.put(`/api/v1/delayprofile/reorder/${first.id}?afterId=${third.id}`).expect(200);
      expect(moved.body.map((p: any) => [p.id, p.order])).toEqual([
        [second.id, 1],
        [third.id, 2],
        [first.id, 3],
        [1, 2147483647],
      ]);
      const top = await t.api.put(`/api/v1/delayprofile/reorder/${third.id}`).expect(200);
      expect(top.body.map((p: any) => p.id)).toEqual([third.id, second.id, first.id, 1]);

      await t.api.delete(`/api/v1/delayprofile/${third.id}`).expect(200);
      const list = (await t.api.get('/api/v1/delayprofile').expect(200)).body;
      expect(list.map((p: any) => [p.id, p.order])).toEqual([
        [second.id, 1],
        [first.id, 2],
        [1, 2147483647],
      ]);
      await t.api.get(`/api/v1/delayprofile/${third.id}`).expect(404);
      await t.api.put('/api/v1/delayprofile/reorder/9999').expect(404);
    });

    it('validates tags, protocols and types', async () => {
      const failures = async (body: object) =>
        (await t.api.post('/api/v1/delayprofile').send(body).expect(400)).body.map((f: any) => [
          f.propertyName,
          f.errorMessage,
        ]);
      expect(await failures({ tags: [] })).toEqual([['Tags', "'Tags' must not be empty."]]);
      const used = await tag('used-by-delay');
      await t.api
        .post('/api/v1/delayprofile')
        .send({ tags: [used] })
        .expect(200);
      expect(await failures({ tags: [used] })).toEqual([['Tags', 'One or more tags is used in another profile']]);
      expect(await failures({ enableUsenet: false, enableTorrent: false, tags: [await tag('neither')] })).toEqual([
        ['', 'Either Usenet or Torrent should be enabled'],
      ]);
      expect((await failures({ tags: [987654] }))[0][0]).toBe('Tags');
      expect(
        (await failures({ usenetDelay: -1, preferredProtocol: 'carrier-pigeon', tags: 'x' })).map(
          (f: string[]) => f[0],
        ),
      ).toEqual(expect.arrayContaining(['UsenetDelay', 'PreferredProtocol', 'Tags']));
    });
  });

  describe('customformat', () => {
    it('serves the four specification templates', async () => {
      const { body } = await t.api.get('/api/v1/customformat/schema').expect(200);
      expect(body.map((s: any) => [s.implementation, s.implementationName])).toEqual([
        ['ReleaseTitleSpecification', 'Release Title'],
        ['ReleaseGroupSpecification', 'Release Group'],
        ['IndexerFlagSpecification', 'Indexer Flag'],
        ['SizeSpecification', 'Size'],
      ]);
      expect(body[0].fields).toEqual([
        expect.objectContaining({ order: 0, name: 'value', label: 'Regular Expression', type: 'textbox' }),
      ]);
      expect(body[2].fields[0].selectOptions).toEqual(
        expect.arrayContaining([{ value: 1, name: 'Freeleech', order: 0 }]),
      );
      expect(body[3].fields.map((f: any) => [f.name, f.unit])).toEqual([
        ['min', 'GB'],
        ['max', 'GB'],
      ]);
    });

    it('create → read → update → list → delete, and profiles list the format', async () => {
      const schema = (await t.api.get('/api/v1/customformat/schema').expect(200)).body;
      const title = { ...schema[0], name: 'x265', negate: true, fields: [{ name: 'value', value: '\\bx265\\b' }] };
      const size = {
        ...schema[3],
        name: 'small',
        required: true,
        fields: [
          { name: 'min', value: 0 },
          { name: 'max', value: '1.5' },
        ],
      };
      const created = await t.api
        .post('/api/v1/customformat')
        .send({ name: 'Preferred', includeCustomFormatWhenRenaming: true, specifications: [title, size] })
        .expect(200);
      expect(created.body).toMatchObject({ name: 'Preferred', includeCustomFormatWhenRenaming: true });
      expect(created.body.specifications[0]).toMatchObject({
        name: 'x265',
        implementation: 'ReleaseTitleSpecification',
        negate: true,
        required: false,
      });
      expect(created.body.specifications[0].fields[0].value).toBe('\\bx265\\b');
      expect(created.body.specifications[1].fields.map((f: any) => f.value)).toEqual([0, 1.5]);
      const id = created.body.id;
      await t.api.get(`/api/v1/customformat/${id}`).expect(200, created.body);

      const profiles = (await t.api.get('/api/v1/qualityprofile').expect(200)).body;
      expect(profiles[0].formatItems).toEqual([{ format: id, name: 'Preferred', score: 0 }]);
      const scored = await t.api
        .put(`/api/v1/qualityprofile/${profiles[0].id}`)
        .send({ ...profiles[0], formatItems: [{ format: id, score: 25 }], minFormatScore: 10 })
        .expect(200);
      expect(scored.body.formatItems).toEqual([{ format: id, name: 'Preferred', score: 25 }]);
      const unreachable = await t.api
        .put(`/api/v1/qualityprofile/${profiles[0].id}`)
        .send({ ...profiles[0], formatItems: [{ format: id, score: 5 }], minFormatScore: 10 })
        .expect(400);
      expect(unreachable.body[0].errorMessage).toBe('Minimum Custom Format Score can never be satisfied');

      const updated = await t.api
        .put('/api/v1/customformat')
        .send({ ...created.body, name: 'Preferred 2' })
        .expect(200);
      expect(updated.body.name).toBe('Preferred 2');
      expect((await t.api.get('/api/v1/customformat').expect(200)).body).toHaveLength(1);

      await t.api.delete(`/api/v1/customformat/${id}`).expect(200);
      await t.api.get(`/api/v1/customformat/${id}`).expect(404);
      const after = (await t.api.get(`/api/v1/qualityprofile/${profiles[0].id}`).expect(200)).body;
      expect(after.formatItems).toEqual([]);
    });

    it('validates names and each specification against its implementation', async () => {
      const schema = (await t.api.get('/api/v1/customformat/schema').expect(200)).body;
      const failures = async (body: object) =>
        (await t.api.post('/api/v1/customformat').send(body).expect(400)).body.map((f: any) => [
          f.propertyName,
          f.errorMessage,
        ]);
      expect(await failures({ name: 'Empty', specifications: [] })).toEqual([
        ['Specifications', 'Must contain at least one Condition'],
      ]);
      expect(
        await failures({
          name: 'Regex',
          specifications: [{ ...schema[0], name: 'bad', fields: [{ name: 'value', value: '(' }] }],
        }),
      ).toEqual([['Specifications[0].Value', 'Invalid Regex']]);
      expect(
        await failures({
          name: 'Flag',
          specifications: [{ ...schema[2], name: 'f', fields: [{ name: 'value', value: 3 }] }],
        }),
      ).toEqual([['Specifications[0].Value', 'Must be a valid Indexer Flag']]);
      expect(
        await failures({
          name: 'Size',
          specifications: [
            {
              ...schema[3],
              name: 's',
              fields: [
                { name: 'min', value: 5 },
                { name: 'max', value: 2 },
              ],
            },
          ],
        }),
      ).toEqual([['Specifications[0].Max', "'Max' must be greater than 'Min'."]]);
      expect(
        await failures({
          name: 'Impl',
          specifications: [{ name: 'x', implementation: 'LanguageSpecification', fields: [] }],
        }),
      ).toEqual([['Specifications[0].Implementation', 'Unknown custom format condition']]);
      const ok = { ...schema[2], name: 'flag', fields: [{ name: 'value', value: 1 }] };
      await t.api
        .post('/api/v1/customformat')
        .send({ name: 'Freeleech', specifications: [ok] })
        .expect(200);
      expect(await failures({ name: 'FREELEECH', specifications: [ok] })).toEqual([['Name', 'Should be unique']]);
      await t.api.post('/api/v1/customformat').send({ name: 'Types', specifications: 'none' }).expect(400);
      await t.api
        .put('/api/v1/customformat/5555')
        .send({ name: 'x', specifications: [ok] })
        .expect(404);
    });
  });
});
