import { createTestApp, TestApp } from '../../../utils/create-test-app';

interface InventoryField {
  name: string;
  status: string;
  detail: string;
}

describe('settings inventory over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fieldsOf = async (id: string): Promise<Map<string, InventoryField>> => {
    const body = (await t.api.get('/api/v1/quire/settings-inventory').expect(200)).body as {
      surfaces: { id: string; fields: InventoryField[] }[];
    };
    const surface = body.surfaces.find((item) => item.id === id)!;
    return new Map(surface.fields.map((field) => [field.name, field]));
  };

  it('serves every field’s status to an authenticated caller only', async () => {
    await t.anonymous().get('/api/v1/quire/settings-inventory').expect(401);
    const host = await fieldsOf('config/host');
    expect(host.get('launchBrowser')).toMatchObject({ status: 'unsupported', detail: expect.stringMatching(/server/) });
    expect(host.get('applicationUrl')).toMatchObject({ status: 'pending' });
    expect(host.get('backupRetention')).toMatchObject({ status: 'acts' });
    const webhook = await fieldsOf('notification/Webhook');
    expect(webhook.get('fields.url')).toMatchObject({ status: 'acts' });
    expect(webhook.get('onApplicationUpdate')).toMatchObject({ status: 'unsupported' });
  });

  it('refuses an unsupported host or development setting with a 400 naming it, and stores nothing', async () => {
    const before = (await t.api.get('/api/v1/config/host')).body as Record<string, unknown>;
    const refused = await t.api
      .put('/api/v1/config/host')
      .send({ ...before, launchBrowser: true })
      .expect(400);
    expect(refused.body).toEqual([
      expect.objectContaining({
        propertyName: 'LaunchBrowser',
        errorMessage: expect.stringMatching(/^Not supported by Quire: /),
        attemptedValue: true,
        severity: 'error',
      }),
    ]);
    expect((await t.api.get('/api/v1/config/host')).body).toEqual(before);
    await t.api.put('/api/v1/config/development').send({ logSql: true }).expect(400);
    expect((await t.api.get('/api/v1/config/development')).body.logSql).toBe(false);
  });

  it('accepts what GET showed, listening settings included, and pending settings', async () => {
    const host = (await t.api.get('/api/v1/config/host')).body as Record<string, unknown>;
    await t.api.put('/api/v1/config/host').send(host).expect(200);
    const saved = await t.api.put('/api/v1/config/mediamanagement').send({ chownGroup: 'media' }).expect(200);
    expect(saved.body.chownGroup).toBe('media');
  });

  it('refuses a connection that turns on an unsupported trigger', async () => {
    const refused = await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: 'Updates',
        implementation: 'Webhook',
        configContract: 'WebhookSettings',
        onApplicationUpdate: true,
        fields: [{ name: 'url', value: 'http://127.0.0.1:9/hook' }],
      })
      .expect(400);
    expect(refused.body[0]).toMatchObject({ propertyName: 'OnApplicationUpdate', attemptedValue: true });
    expect((await t.api.get('/api/v1/notification')).body).toEqual([]);
  });
});
