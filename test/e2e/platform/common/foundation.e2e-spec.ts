import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';

describe('foundation: auth, wire conventions, errors', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /ping and GET /api are public', async () => {
    await t.anonymous().get('/ping').expect(200, { status: 'OK' });
    await t.anonymous().get('/api').expect(200, { current: 'v1', deprecated: [] });
  });

  it('rejects a missing or wrong key with 401 and a JSON message', async () => {
    const missing = await t.anonymous().get('/api/v1/system/status').expect(401);
    expect(missing.body.message).toMatch(/API key/);
    await t.anonymous().get('/api/v1/system/status').set('X-Api-Key', 'wrong').expect(401);
  });

  it.each([
    ['query apikey', (path: string) => t.anonymous().get(`${path}?apikey=${TEST_API_KEY}`)],
    ['query ApiKey (any case)', (path: string) => t.anonymous().get(`${path}?ApiKey=${TEST_API_KEY}`)],
    ['X-Api-Key header', (path: string) => t.anonymous().get(path).set('X-Api-Key', TEST_API_KEY)],
    ['Bearer token', (path: string) => t.anonymous().get(path).set('Authorization', `Bearer ${TEST_API_KEY}`)],
  ])('accepts the key from the %s', async (_name, call) => {
    const response = await call('/api/v1/system/status').expect(200);
    expect(response.body).toMatchObject({
      appName: 'Readarr',
      instanceName: 'Quire',
      version: '0.4.19.2811',
      packageAuthor: 'Quire',
      packageVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      databaseType: 'postgreSQL',
      authentication: 'none',
    });
    expect(response.headers['x-application-version']).toBe('0.4.19.2811');
    expect(response.headers['x-quire-version']).toBe(response.body.packageVersion);
    expect(response.body.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('a wrong query key wins over a right header, as in Readarr', async () => {
    await t.anonymous().get('/api/v1/system/status?apikey=nope').set('X-Api-Key', TEST_API_KEY).expect(401);
  });

  it('routes are case-insensitive and CORS is open on /api/v1', async () => {
    const response = await t.api.get('/API/V1/System/Status').expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('shows the API key in config/host and never the password', async () => {
    const host = await t.api.get('/api/v1/config/host').expect(200);
    expect(host.body).toMatchObject({ id: 1, apiKey: TEST_API_KEY, port: 8787, authenticationMethod: 'none' });
    const updated = await t.api
      .put('/api/v1/config/host/1')
      .send({
        ...host.body,
        authenticationMethod: 'forms',
        username: 'reader',
        password: 'secret-pass',
        passwordConfirmation: 'secret-pass',
      })
      .expect(200);
    expect(updated.body.password).toBe('********');
    expect(JSON.stringify(updated.body)).not.toContain('secret-pass');
  });

  it('answers a validation failure with Readarr’s array', async () => {
    const response = await t.api
      .put('/api/v1/config/host')
      .send({ backupRetention: 'many', authenticationMethod: 'bogus' })
      .expect(400);
    expect(Array.isArray(response.body)).toBe(true);
    const names = response.body.map((failure: { propertyName: string }) => failure.propertyName);
    expect(names).toEqual(expect.arrayContaining(['BackupRetention', 'AuthenticationMethod']));
    expect(response.body[0]).toMatchObject({
      severity: 'error',
      errorCode: expect.any(String),
      errorMessage: expect.any(String),
    });
  });

  it('accepts enum integers on input and answers with the camelCase name', async () => {
    const response = await t.api.put('/api/v1/config/host').send({ certificateValidation: 2 }).expect(200);
    expect(response.body.certificateValidation).toBe('disabled');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.api
      .put('/api/v1/config/host/1')
      .set('Content-Type', 'application/json')
      .send('{"port": 80,')
      .expect(400);
    expect(response.body.message).toMatch(/Malformed JSON/);
  });

  it('accepts text/json bodies', async () => {
    await t.api
      .put('/api/v1/config/host/1')
      .set('Content-Type', 'text/json')
      .send('{"backupRetention": 30}')
      .expect(200);
  });

  it('rejects a non-positive id with 400', async () => {
    const response = await t.api.get('/api/v1/config/host/0').expect(400);
    expect(response.body.message).toMatch(/not a valid ID/);
  });

  it('answers an unknown route with 404 and a JSON message', async () => {
    const response = await t.api.get('/api/v1/no-such-thing').expect(404);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('serves the OpenAPI document', async () => {
    const doc = await t.anonymous().get('/docs-json').expect(200);
    // Its content is checked by the contract specs (compiled with the @nestjs/swagger plugin, as `nest build` does).
    expect(doc.body.openapi).toMatch(/^3\./);
    await t.anonymous().get('/docs').expect(200).expect('Content-Type', /html/);
  });
});

describe('foundation: forms login', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.api
      .put('/api/v1/config/host')
      .send({
        authenticationMethod: 'forms',
        username: 'reader',
        password: 'pw-123456',
        passwordConfirmation: 'pw-123456',
      })
      .expect(200);
  });
  afterAll(() => t.close());

  it('sets a session cookie for the right credentials only', async () => {
    await t.anonymous().get('/login').expect(200).expect('Content-Type', /html/);
    await t.anonymous().post('/login').field('username', 'reader').field('password', 'wrong').expect(303);
    const ok = await t
      .anonymous()
      .post('/login')
      .field('username', 'reader')
      .field('password', 'pw-123456')
      .expect(303);
    expect(String(ok.headers['set-cookie'])).toMatch(/QuireAuth=/);
    const out = await t.anonymous().get('/logout').expect(303);
    expect(String(out.headers['set-cookie'])).toMatch(/QuireAuth=;/);
  });
});

describe('foundation: several apps in one process', () => {
  it('boots two instances on one database and serves /metrics publicly', async () => {
    const first = await createTestApp();
    const second = await createTestApp({}, { fresh: false });
    try {
      const metrics = await second.anonymous().get('/metrics').expect(200);
      expect(metrics.text).toContain('# HELP notification_hub_up Service is running');
      expect(metrics.text).toMatch(/^notification_hub_up 1$/m);
      await first.api.get('/api/v1/system/status').expect(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
