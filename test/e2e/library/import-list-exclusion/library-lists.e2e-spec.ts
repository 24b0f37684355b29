import { ImportListExclusionService } from '../../../../src/library/import-list-exclusion/import-list-exclusion.service';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('importlistexclusion and customfilter', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('importlistexclusion', () => {
    it('create → read → update → list → delete', async () => {
      const created = await t.api
        .post('/api/v1/importlistexclusion')
        .send({ foreignId: 'OL23919A', authorName: 'J. K. Rowling' })
        .expect(200);
      expect(created.body).toEqual({ id: expect.any(Number), foreignId: 'OL23919A', authorName: 'J. K. Rowling' });
      const id = created.body.id;
      await t.api.get(`/api/v1/importlistexclusion/${id}`).expect(200, created.body);
      const updated = await t.api
        .put(`/api/v1/importlistexclusion/${id}`)
        .send({ ...created.body, authorName: 'Robert Galbraith' })
        .expect(200);
      expect(updated.body.authorName).toBe('Robert Galbraith');
      expect((await t.api.get('/api/v1/importlistexclusion').expect(200)).body).toEqual([updated.body]);
      await t.api.delete(`/api/v1/importlistexclusion/${id}`).expect(200);
      await t.api.get(`/api/v1/importlistexclusion/${id}`).expect(404);
      await t.api.delete(`/api/v1/importlistexclusion/${id}`).expect(404);
    });

    it('validates required fields, duplicates and types', async () => {
      const names = async (body: object) =>
        (await t.api.post('/api/v1/importlistexclusion').send(body).expect(400)).body.map((f: any) => [
          f.propertyName,
          f.errorMessage,
        ]);
      expect(await names({})).toEqual([
        ['ForeignId', "'Foreign Id' must not be empty."],
        ['AuthorName', "'Author Name' must not be empty."],
      ]);
      await t.api.post('/api/v1/importlistexclusion').send({ foreignId: 'OL1A', authorName: 'A' }).expect(200);
      expect(await names({ foreignId: 'OL1A', authorName: 'B' })).toEqual([
        ['ForeignId', 'This exclusion has already been added.'],
      ]);
      expect((await names({ foreignId: 5, authorName: [] })).map((f: string[]) => f[0])).toEqual([
        'ForeignId',
        'AuthorName',
      ]);
      await t.api.put('/api/v1/importlistexclusion/9999').send({ foreignId: 'x', authorName: 'y' }).expect(404);
    });

    it('add() is idempotent on foreignId and isExcluded() sees it', async () => {
      const service = t.app.get(ImportListExclusionService);
      expect(await service.isExcluded('OL99A')).toBe(false);
      const first = await service.add({ foreignId: 'OL99A', authorName: 'Nobody' });
      const again = await service.add({ foreignId: 'OL99A', authorName: 'Somebody' });
      expect(again.id).toBe(first.id);
      expect(again.authorName).toBe('Nobody');
      expect(await service.isExcluded('OL99A')).toBe(true);
    });
  });

  describe('customfilter', () => {
    it('create → read → update → list → delete, storing filters verbatim', async () => {
      const filters = [
        { key: 'monitored', value: true, type: 'equal' },
        { key: 'tags', value: [1, 2], type: 'contains' },
      ];
      const created = await t.api
        .post('/api/v1/customfilter')
        .send({ type: 'authorIndex', label: 'Watched', filters })
        .expect(200);
      expect(created.body).toEqual({ id: expect.any(Number), type: 'authorIndex', label: 'Watched', filters });
      const id = created.body.id;
      await t.api.get(`/api/v1/customfilter/${id}`).expect(200, created.body);
      const updated = await t.api
        .put('/api/v1/customfilter')
        .send({ ...created.body, label: 'Watching', filters: [] })
        .expect(200);
      expect(updated.body).toMatchObject({ id, label: 'Watching', filters: [] });
      expect((await t.api.get('/api/v1/customfilter').expect(200)).body).toEqual([updated.body]);
      await t.api.delete(`/api/v1/customfilter/${id}`).expect(200);
      await t.api.get(`/api/v1/customfilter/${id}`).expect(404);
    });

    it('validates type, label and filters', async () => {
      const names = async (body: object) => [
        ...new Set(
          (await t.api.post('/api/v1/customfilter').send(body).expect(400)).body.map((f: any) => f.propertyName),
        ),
      ];
      expect(await names({ filters: [] })).toEqual(['Type', 'Label']);
      expect(await names({ type: 'books', label: 'x', filters: 'all' })).toEqual(['Filters']);
      expect(await names({ type: 'books', label: 'x', filters: [1] })).toEqual(['Filters']);
      await t.api.put('/api/v1/customfilter/9999').send({ type: 'a', label: 'b' }).expect(404);
      await t.api.get('/api/v1/customfilter/0').expect(400);
    });
  });
});
