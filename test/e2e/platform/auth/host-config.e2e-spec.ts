import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESTART_EXIT_CODE } from '../../../../src/platform/system/lifecycle/lifecycle.service';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { QuireProcess, spawnQuire } from '../../../utils/spawn-quire';
import { sql, testDatabaseUrl, truncateAllTables } from '../../../utils/test-database';

const headers = { 'X-Api-Key': TEST_API_KEY, 'Content-Type': 'application/json' };
const CERT_PASSWORD = 'throw-away';

/** A throw-away self-signed certificate as Readarr takes it: a PKCS#12 file with a password. */
function makeCertificate(dir: string): string {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const pfx = join(dir, 'quire.pfx');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2'].concat([
      '-subj',
      '/CN=localhost',
    ]),
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-out', pfx, '-inkey', key, '-in', cert, '-passout', `pass:${CERT_PASSWORD}`],
    { stdio: 'ignore' },
  );
  return pfx;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch (error) {
    return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error));
  }
}

function httpsGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port, path, headers: { 'X-Api-Key': TEST_API_KEY }, rejectUnauthorized: false },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A host row as a previous run saved it through Settings → General. */
async function saveHostRow(value: Record<string, unknown>): Promise<void> {
  await sql(
    `INSERT INTO config (key, value) VALUES ('host', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(value)],
  );
}

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two processes on one PostgreSQL in turn, as a process manager restarts Quire: the saved settings are in the
// database, and the environment leaves PORT, BIND_ADDRESS and LOG_LEVEL unset so that they apply.
(onPostgres ? describe : describe.skip)('host settings in a real process', () => {
  let quire: QuireProcess | undefined;
  let dir: string;
  let certificate: string;
  const env = (overrides: Record<string, string | undefined> = {}) => ({
    DATABASE_URL: testDatabaseUrl(),
    API_KEY: TEST_API_KEY,
    DATA_DIR: dir,
    NODE_ENV: 'test',
    HUB_ROUTES_FILE: join(dir, 'no-routes.yaml'),
    METADATA_SOURCE_URL: 'http://127.0.0.1:9',
    COVER_SOURCE_URL: 'http://127.0.0.1:9',
    PORT: undefined,
    BIND_ADDRESS: undefined,
    LOG_LEVEL: undefined,
    ...overrides,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-host-settings-'));
    certificate = makeCertificate(dir);
    // An app start migrates the test database, so the saved rows below have their table.
    await (await createTestApp()).close();
  });
  beforeEach(() => truncateAllTables());
  afterEach(async () => {
    await quire?.stop('SIGKILL');
    quire = undefined;
  });

  it('saved port, address, URL base and log level apply at the next start; the old port closes', async () => {
    const [first, second] = [await freePort(), await freePort()];
    await saveHostRow({ port: first, bindAddress: '127.0.0.1' });
    quire = await spawnQuire(env(), 180_000);
    // The saved address is used as given (the default, all addresses, would show as localhost).
    expect(quire.url).toBe(`http://127.0.0.1:${first}`);

    const saved = await call(quire.url, 'PUT', '/api/v1/config/host', {
      port: second,
      urlBase: 'books/',
      logLevel: 'Debug',
    });
    expect(saved).toMatchObject({ port: second, urlBase: '/books', logLevel: 'debug' });
    // Nothing changes before the restart.
    expect((await call(quire.url, 'GET', '/api/v1/system/status')).urlBase).toBe('');
    expect(await call(quire.url, 'POST', '/api/v1/system/restart')).toEqual({ restarting: true });
    expect(await quire.stop('SIGCONT')).toBe(RESTART_EXIT_CODE);

    quire = await spawnQuire(env(), 180_000);
    expect(quire.url).toBe(`http://127.0.0.1:${second}`);
    expect(await refused(`http://127.0.0.1:${first}/ping`)).toBe(true);
    expect((await call(quire.url, 'GET', '/books/api/v1/system/status')).urlBase).toBe('/books');
    // The login page (served whether or not the web UI is built) lives under the base and posts back under it.
    const page = await fetch(`${quire.url}/books/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/books/login"');
    const outside = await fetch(`${quire.url}/api/v1/system/status`, { headers, redirect: 'manual' });
    expect(outside.status).toBe(307);
    expect(outside.headers.get('location')).toBe('/books/api/v1/system/status');
    // Successful requests are logged at debug: the saved level reaches the console.
    expect(quire.output()).toMatch(/"level":20,/);
  }, 420_000);

  it('with PORT in the environment the environment wins, and the API and inventory say it is pinned', async () => {
    const savedPort = await freePort();
    await saveHostRow({ port: savedPort });
    quire = await spawnQuire(env({ PORT: '0', BIND_ADDRESS: '127.0.0.1' }), 180_000);
    const running = Number(new URL(quire.url).port);
    expect(running).not.toBe(savedPort);
    const host = await call(quire.url, 'GET', '/api/v1/config/host');
    expect(host.port).toBe(running);
    const inventory = await call(quire.url, 'GET', '/api/v1/quire/settings-inventory');
    const fields = new Map<string, { pinnedBy?: string }>(
      inventory.surfaces
        .find((surface: { id: string }) => surface.id === 'config/host')
        .fields.map((field: { name: string }) => [field.name, field]),
    );
    expect(fields.get('port')?.pinnedBy).toBe('PORT');
    expect(fields.get('bindAddress')?.pinnedBy).toBe('BIND_ADDRESS');
    expect(fields.get('urlBase')?.pinnedBy).toBeUndefined();
    // Sending back what GET showed is accepted; changing a pinned field is refused, naming it.
    await call(quire.url, 'PUT', '/api/v1/config/host', host);
    const response = await fetch(`${quire.url}/api/v1/config/host`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...host, port: savedPort + 1 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      expect.objectContaining({ propertyName: 'Port', errorMessage: 'Set by the PORT environment variable' }),
    ]);
  }, 240_000);

  it('with SSL on, Quire also answers HTTPS on the SSL port with the certificate', async () => {
    const [port, sslPort] = [await freePort(), await freePort()];
    await saveHostRow({ port, bindAddress: '127.0.0.1' });
    quire = await spawnQuire(env(), 180_000);
    await call(quire.url, 'PUT', '/api/v1/config/host', {
      enableSsl: true,
      sslPort,
      sslCertPath: certificate,
      sslCertPassword: CERT_PASSWORD,
    });
    await call(quire.url, 'POST', '/api/v1/system/restart');
    expect(await quire.stop('SIGCONT')).toBe(RESTART_EXIT_CODE);

    quire = await spawnQuire(env(), 180_000);
    const answer = await httpsGet(sslPort, '/api/v1/system/status');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ appName: expect.any(String) });
    expect((await call(quire.url, 'GET', '/api/v1/config/host')).sslCertPassword).toBe('********');
  }, 420_000);
});

describe('host settings validation', () => {
  let t: TestApp;
  let certificate: string;

  beforeAll(async () => {
    certificate = makeCertificate(mkdtempSync(join(tmpdir(), 'quire-host-cert-')));
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses SSL with a certificate path that does not exist, naming the field', async () => {
    const response = await t.api
      .put('/api/v1/config/host')
      .send({ enableSsl: true, sslPort: 9898, sslCertPath: '/nonexistent/quire.pfx', sslCertPassword: 'x' })
      .expect(400);
    expect(response.body).toEqual([
      expect.objectContaining({ propertyName: 'SslCertPath', errorMessage: 'File does not exist' }),
    ]);
    expect((await t.api.get('/api/v1/config/host')).body.enableSsl).toBe(false);
  });

  it('refuses a certificate its password does not open, and an SSL port equal to the port', async () => {
    const wrong = await t.api
      .put('/api/v1/config/host')
      .send({ enableSsl: true, sslPort: 9898, sslCertPath: certificate, sslCertPassword: 'wrong' })
      .expect(400);
    expect(wrong.body).toEqual([
      expect.objectContaining({
        propertyName: 'SslCertPath',
        errorMessage: 'Invalid SSL certificate file or password',
      }),
    ]);
    const same = await t.api
      .put('/api/v1/config/host')
      .send({ enableSsl: true, port: 9898, sslPort: 9898, sslCertPath: certificate, sslCertPassword: CERT_PASSWORD })
      .expect(400);
    expect(same.body).toEqual([expect.objectContaining({ propertyName: 'SslPort' })]);
    await t.api
      .put('/api/v1/config/host')
      .send({ enableSsl: true, sslPort: 9899, sslCertPath: certificate, sslCertPassword: CERT_PASSWORD })
      .expect(200);
  });

  it('refuses ports, addresses and URL bases Readarr refuses', async () => {
    const response = await t.api
      .put('/api/v1/config/host')
      .send({ port: 1000, bindAddress: '0.0.0.0', urlBase: 'http://example.com' })
      .expect(400);
    const names = (response.body as { propertyName: string }[]).map((failure) => failure.propertyName).sort();
    expect(names).toEqual(['BindAddress', 'Port', 'UrlBase']);
  });

  it('refuses a pinned field changed away from what the environment sets', async () => {
    // The test app is given LOG_LEVEL, so the environment pins the log levels.
    const response = await t.api.put('/api/v1/config/host').send({ logLevel: 'debug' }).expect(400);
    expect(response.body).toEqual([
      expect.objectContaining({ propertyName: 'LogLevel', errorMessage: 'Set by the LOG_LEVEL environment variable' }),
    ]);
  });
});
