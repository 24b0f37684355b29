import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('/api/v1/releaseprofile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, lists, updates (PUT with or without id) and deletes release profiles', async () => {
    const created = (
      await t.api
        .post('/api/v1/releaseprofile')
        .send({ required: ['retail', ' retail ', 'epub'], ignored: ['abridged'], indexerId: 0, tags: [] })
        .expect(200)
    ).body;
    expect(created).toEqual({
      id: expect.any(Number),
      enabled: true,
      required: ['retail', 'epub'],
      ignored: ['abridged'],
      indexerId: 0,
      tags: [],
    });
    expect((await t.api.get('/api/v1/releaseprofile').expect(200)).body).toEqual([created]);
    const updated = (
      await t.api
        .put(`/api/v1/releaseprofile/${created.id}`)
        .send({ ...created, enabled: false })
        .expect(200)
    ).body;
    expect(updated.enabled).toBe(false);
    await t.api
      .put('/api/v1/releaseprofile')
      .send({ ...updated, ignored: [] })
      .expect(200);
    expect((await t.api.get(`/api/v1/releaseprofile/${created.id}`).expect(200)).body.ignored).toEqual([]);
    await t.api.delete(`/api/v1/releaseprofile/${created.id}`).expect(200);
    await t.api.get(`/api/v1/releaseprofile/${created.id}`).expect(404);
  });

  it('needs at least one term and valid types', async () => {
    const empty = await t.api.post('/api/v1/releaseprofile').send({ required: [], ignored: [] }).expect(400);
    expect(empty.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(['Required', 'Ignored']);
    await t.api.post('/api/v1/releaseprofile').send({ required: 'retail' }).expect(400);
  });
});
