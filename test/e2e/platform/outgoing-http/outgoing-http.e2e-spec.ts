import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeHttpProxy } from '../../../fakes/http-proxy.fake';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { FakeSocksProxy } from '../../../fakes/socks.fake';
import { TlsFront } from '../../../fakes/tls-front.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const API_KEY = 'outgoing-indexer-key';
const PROXY_USER = { username: 'quire', password: 'proxy-secret-pw' };

/** The fakes all listen on loopback, so every case names the local-address rule explicitly. */
describe('outgoing requests follow the proxy and certificate-validation settings', () => {
  let t: TestApp;
  let openLibrary: FakeOpenLibrary;
  let newznab: FakeNewznab;
  let proxy: FakeHttpProxy;
  let socks: FakeSocksProxy;
  let https: TlsFront;
  let httpsLocalhost: TlsFront;

  beforeAll(async () => {
    openLibrary = await FakeOpenLibrary.start();
    newznab = await new FakeNewznab({
      apiKey: API_KEY,
      bookSearch: true,
      releases: [{ title: 'A - B', size: 1 }],
    }).start();
    proxy = await new FakeHttpProxy(PROXY_USER).start();
    socks = await new FakeSocksProxy(PROXY_USER).start();
    // 127.0.0.2: loopback but not one of the two names Readarr always trusts (localhost, 127.0.0.1).
    https = await new TlsFront('127.0.0.2', newznab.port).start();
    httpsLocalhost = await new TlsFront('127.0.0.1', newznab.port).start();
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url, COVER_SOURCE_URL: openLibrary.coversUrl });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([
      openLibrary.close(),
      newznab.stop(),
      proxy.stop(),
      socks.stop(),
      https.stop(),
      httpsLocalhost.stop(),
    ]);
  });

  const saveHost = async (changes: Record<string, unknown>) => {
    const current = (await t.api.get('/api/v1/config/host').expect(200)).body;
    return (
      await t.api
        .put('/api/v1/config/host')
        .send({ ...current, ...changes })
        .expect(200)
    ).body;
  };
  const httpProxy = (changes: Record<string, unknown> = {}) =>
    saveHost({
      proxyEnabled: true,
      proxyType: 'http',
      proxyHostname: '127.0.0.1',
      proxyPort: proxy.port,
      proxyUsername: PROXY_USER.username,
      proxyPassword: PROXY_USER.password,
      proxyBypassFilter: '',
      proxyBypassLocalAddresses: false,
      certificateValidation: 'enabled',
      ...changes,
    });
  const testIndexer = (baseUrl: string) =>
    t.api.post('/api/v1/indexer/test').send({
      name: 'Proxied',
      enableRss: true,
      enableAutomaticSearch: true,
      enableInteractiveSearch: false,
      implementation: 'Newznab',
      configContract: 'NewznabSettings',
      fields: [
        { name: 'baseUrl', value: baseUrl },
        { name: 'apiKey', value: API_KEY },
        { name: 'categories', value: '7020' },
      ],
    });
  const newznabHost = () => `127.0.0.1:${newznab.port}`;
  let lookups = 0;
  /** A fresh term each time, so the metadata client's response cache does not answer instead of the source. */
  const lookup = () => t.api.get(`/api/v1/author/lookup?term=tolkien${++lookups}`);

  it('with the HTTP proxy on, metadata lookups and indexer tests go through it and reach the fakes', async () => {
    await httpProxy();
    proxy.seen.length = 0;
    const before = newznab.requests.length;
    await lookup().expect(200);
    await testIndexer(newznab.url).expect(200);
    const lines = proxy.seen.map((entry) => entry.line);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^GET ${openLibrary.url}/search/authors\\.json\\?`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^GET http://${newznabHost()}/api\\?t=caps`)));
    expect(proxy.seen.every((entry) => entry.authorized)).toBe(true);
    expect(newznab.requests.length).toBeGreaterThan(before);
  });

  it('bypassed hosts and, when asked, local addresses go direct', async () => {
    await httpProxy({ proxyBypassFilter: 'indexer.example, 127.0.0.*' });
    proxy.seen.length = 0;
    await testIndexer(newznab.url).expect(200);
    await lookup().expect(200);
    expect(proxy.seen).toEqual([]);

    await httpProxy({ proxyBypassLocalAddresses: true });
    await testIndexer(newznab.url).expect(200);
    expect(proxy.seen).toEqual([]);

    // The same host without the local rule is proxied again: the setting, not the address, decided.
    await httpProxy({ proxyBypassLocalAddresses: false });
    await testIndexer(newznab.url).expect(200);
    expect(proxy.seen.map((entry) => entry.line)).toContainEqual(expect.stringContaining(newznabHost()));
  });

  it('wrong proxy credentials make the indexer test fail clearly, without repeating the password', async () => {
    await httpProxy({ proxyPassword: 'not-the-password' });
    const failed = await testIndexer(newznab.url).expect(400);
    expect(failed.body[0].errorMessage).toContain('Proxy authentication failed (407)');
    expect(JSON.stringify(failed.body)).not.toContain('not-the-password');
    const shown = (await t.api.get('/api/v1/config/host').expect(200)).body;
    expect(shown.proxyPassword).not.toBe('not-the-password');
    // HTTPS goes through a CONNECT tunnel, refused the same way.
    await httpProxy({ proxyPassword: 'not-the-password', certificateValidation: 'disabled' });
    const tunnel = await testIndexer(https.url).expect(400);
    expect(tunnel.body[0].errorMessage).toContain('Proxy authentication failed (407)');
  });

  it('HTTPS through the HTTP proxy uses a CONNECT tunnel', async () => {
    await httpProxy({ certificateValidation: 'disabled' });
    proxy.seen.length = 0;
    await testIndexer(https.url).expect(200);
    expect(proxy.seen).toContainEqual({ line: `CONNECT 127.0.0.2:${https.port}`, authorized: true });
  });

  it('a SOCKS5 proxy with username and password carries the requests; a wrong password is refused clearly', async () => {
    await httpProxy({ proxyType: 'socks5', proxyPort: socks.port });
    socks.connections.length = 0;
    await testIndexer(newznab.url).expect(200);
    await lookup().expect(200);
    expect(socks.connections).toContainEqual({ destination: newznabHost(), username: PROXY_USER.username, version: 5 });
    expect(socks.connections.map((entry) => entry.destination)).toContain(new URL(openLibrary.url).host);

    await httpProxy({ proxyType: 'socks5', proxyPort: socks.port, proxyPassword: 'wrong' });
    const failed = await testIndexer(newznab.url).expect(400);
    expect(failed.body[0].errorMessage).toMatch(/SOCKS5 proxy failed: .*Authentication failed/i);
    expect(socks.refusedLogins).toContain(PROXY_USER.username);
  });

  it('a SOCKS4 proxy carries the requests, with the username as its user id', async () => {
    await httpProxy({ proxyType: 'socks4', proxyPort: socks.port });
    socks.connections.length = 0;
    await testIndexer(newznab.url).expect(200);
    expect(socks.connections).toContainEqual({ destination: newznabHost(), username: PROXY_USER.username, version: 4 });
    await httpProxy({ proxyType: 'socks4', proxyPort: socks.port, proxyUsername: 'someone-else' });
    const failed = await testIndexer(newznab.url).expect(400);
    expect(failed.body[0].errorMessage).toMatch(/SOCKS4 proxy failed/);
  });

  it('certificate validation: enabled refuses a self-signed server, the two relaxed settings accept it', async () => {
    await saveHost({ proxyEnabled: false, certificateValidation: 'enabled' });
    const refused = await testIndexer(https.url).expect(400);
    expect(refused.body[0].errorMessage).toContain('Certificate validation for 127.0.0.2 failed');
    // As in Readarr, 127.0.0.1 and localhost are trusted whatever the setting.
    await testIndexer(httpsLocalhost.url).expect(200);

    await saveHost({ certificateValidation: 'disabledForLocalAddresses' });
    await testIndexer(https.url).expect(200);

    await saveHost({ certificateValidation: 'disabled' });
    await testIndexer(https.url).expect(200);

    await saveHost({ certificateValidation: 'enabled' });
    await testIndexer(https.url).expect(400);
  });
});
