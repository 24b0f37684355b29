import { createTestApp, TestApp } from '../../../utils/create-test-app';

const USER = 'reader';
const PASSWORD = 'pw-basic-7781';

/**
 * `authenticationMethod` basic and external, and `authenticationRequired`, over real HTTP: the web UI's page and
 * `/initialize.json` follow Readarr's UI policy, the API always takes the key.
 */
describe('authentication methods: basic, external, disabledForLocalAddresses', () => {
  let t: TestApp;

  const configureHost = async (changes: Record<string, unknown>, status = 200) => {
    const current = (await t.api.get('/api/v1/config/host').expect(200)).body;
    return t.api
      .put('/api/v1/config/host')
      .send({ ...current, ...changes })
      .expect(status);
  };
  const page = () => t.anonymous().get('/').set('Accept', 'text/html');

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses basic without a username and password, and keeps the method it had', async () => {
    const response = await configureHost({ authenticationMethod: 'basic', username: '', password: '' }, 400);
    expect(response.body.map((failure: { propertyName: string }) => failure.propertyName)).toEqual(
      expect.arrayContaining(['Username', 'Password']),
    );
    expect((await t.api.get('/api/v1/config/host').expect(200)).body.authenticationMethod).toBe('none');
  });

  describe('basic', () => {
    beforeAll(async () => {
      await configureHost({
        authenticationMethod: 'basic',
        authenticationRequired: 'enabled',
        username: USER,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      });
    });

    it('challenges a browser without credentials, on the page, /initialize.json and the API', async () => {
      for (const response of [
        await page().expect(401),
        await t.anonymous().get('/author/some-author').set('Accept', 'text/html').expect(401),
        await t.anonymous().get('/initialize.json').expect(401),
        await t.anonymous().get('/api/v1/author').expect(401),
      ]) {
        expect(response.headers['www-authenticate']).toBe('Basic realm="Quire"');
        expect(response.text).not.toContain('<base href=');
      }
    });

    it('serves the UI and the API to the right credentials', async () => {
      const html = await page().auth(USER, PASSWORD).expect(200);
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(html.text).toContain('<base href="/" />');
      const init = await t.anonymous().get('/initialize.json').auth(USER, PASSWORD).expect(200);
      expect(init.body.apiKey).toBe(t.env.get('API_KEY'));
      await t.anonymous().get('/api/v1/author').auth(USER, PASSWORD).expect(200);
    });

    it('refuses wrong credentials with the challenge again', async () => {
      for (const [user, password] of [
        [USER, 'wrong'],
        ['someone', PASSWORD],
      ]) {
        const response = await page().auth(user, password).expect(401);
        expect(response.headers['www-authenticate']).toBe('Basic realm="Quire"');
        await t.anonymous().get('/api/v1/author').auth(user, password).expect(401);
      }
    });

    it('a state-changing request with Basic alone must come from this server', async () => {
      await t
        .anonymous()
        .post('/api/v1/tag')
        .auth(USER, PASSWORD)
        .set('Origin', 'https://evil.example')
        .send({ label: 'forged' })
        .expect(403);
      const host = 'quire.test';
      await t
        .anonymous()
        .post('/api/v1/tag')
        .auth(USER, PASSWORD)
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .send({ label: 'basic-tag' })
        .expect(200);
      const labels = (await t.api.get('/api/v1/tag').expect(200)).body.map((tag: { label: string }) => tag.label);
      expect(labels).toContain('basic-tag');
      expect(labels).not.toContain('forged');
    });

    it('keeps the API key working', async () => {
      await t.api.get('/api/v1/author').expect(200);
      await t
        .anonymous()
        .get(`/api/v1/system/status?apikey=${t.env.get('API_KEY')}`)
        .expect(200);
    });
  });

  describe('external', () => {
    beforeAll(async () => {
      await configureHost({ authenticationMethod: 'external', authenticationRequired: 'enabled' });
    });

    it('leaves the UI to the reverse proxy: the page and /initialize.json load without a login, even from afar', async () => {
      const html = await page().set('X-Forwarded-For', '203.0.113.9').expect(200);
      expect(html.headers['www-authenticate']).toBeUndefined();
      expect(html.text).toContain('<base href="/" />');
      const init = await t.anonymous().get('/initialize.json').set('X-Forwarded-For', '203.0.113.9').expect(200);
      expect(init.body.apiKey).toBe(t.env.get('API_KEY'));
    });

    it('still needs the key for the API', async () => {
      const response = await t.anonymous().get('/api/v1/author').expect(401);
      expect(response.headers['www-authenticate']).toBeUndefined();
      await t.anonymous().get('/api/v1/author').auth(USER, PASSWORD).expect(401);
      await t.api.get('/api/v1/author').expect(200);
    });
  });

  describe('disabledForLocalAddresses', () => {
    it('with basic, asks no login from 127.0.0.1 but does from a forwarded remote address', async () => {
      await configureHost({ authenticationMethod: 'basic', authenticationRequired: 'disabledForLocalAddresses' });
      const html = await page().expect(200);
      expect(html.headers['www-authenticate']).toBeUndefined();
      await t.anonymous().get('/initialize.json').expect(200);

      const remote = await page().set('X-Forwarded-For', '203.0.113.9').expect(401);
      expect(remote.headers['www-authenticate']).toBe('Basic realm="Quire"');
      await t.anonymous().get('/initialize.json').set('X-Forwarded-For', '203.0.113.9').expect(401);
    });

    it('with forms, lets a local browser into the UI without a sign-in; the API still needs the key', async () => {
      await configureHost({ authenticationMethod: 'forms', authenticationRequired: 'disabledForLocalAddresses' });
      const init = await t.anonymous().get('/initialize.json').expect(200);
      expect(init.body.apiKey).toBe(t.env.get('API_KEY'));
      await t.anonymous().get('/initialize.json').set('X-Forwarded-For', '203.0.113.9').expect(401);
      await t.anonymous().get('/api/v1/author').expect(401);
    });
  });
});
