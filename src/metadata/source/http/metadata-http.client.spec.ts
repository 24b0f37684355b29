import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Counter } from 'prom-client';
import { MetadataNotReadyError, MetadataSourceUnavailableError } from '../metadata-source';
import { MetadataHttpClient } from './metadata-http.client';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('MetadataHttpClient', () => {
  let server: Server;
  let base: string;
  let handler: Handler;
  const seen: IncomingMessage[] = [];
  const identity = {
    sourceName: 'Open Library',
    userAgent: 'Quire/test (+https://example.org)',
    requestsPerMinute: 6000,
  };
  const counter = { inc: () => undefined } as unknown as Counter<string>;
  const client = (options = {}) =>
    new MetadataHttpClient(counter, { retries: 2, backoffMs: 5, maxBackoffMs: 20, timeoutMs: 300, ...options });

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  const json =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    (_: IncomingMessage, response: ServerResponse) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };

  it('sends the User-Agent and parses JSON', async () => {
    handler = json(200, { ok: true });
    await expect(client().getJson(`${base}/a.json`, identity)).resolves.toEqual({ ok: true });
    expect(seen[0].headers['user-agent']).toBe(identity.userAgent);
    expect(seen[0].headers.accept).toBe('application/json');
  });

  it('retries 5xx with backoff and succeeds', async () => {
    let calls = 0;
    handler = (request, response) =>
      ++calls < 3 ? json(503, {})(request, response) : json(200, { n: calls })(request, response);
    await expect(client().getJson(`${base}/b.json`, identity)).resolves.toEqual({ n: 3 });
  });

  it('honours Retry-After on 429', async () => {
    let calls = 0;
    handler = (request, response) =>
      ++calls === 1
        ? json(429, {}, { 'Retry-After': '0' })(request, response)
        : json(200, { calls })(request, response);
    await expect(client().getJson(`${base}/c.json`, identity)).resolves.toEqual({ calls: 2 });
  });

  it('gives up after the retries with a clear error, and does not retry a 400', async () => {
    handler = json(500, {});
    await expect(client().getJson(`${base}/d.json?q=x`, identity)).rejects.toThrow(
      new MetadataSourceUnavailableError('Open Library', `HTTP 500 from ${base}/d.json`),
    );
    expect(seen).toHaveLength(3);
    seen.length = 0;
    handler = json(400, {});
    await expect(client().getJson(`${base}/e.json`, identity)).rejects.toThrow(/HTTP 400/);
    expect(seen).toHaveLength(1);
  });

  it('answers undefined for 404', async () => {
    handler = json(404, { error: 'notfound' });
    await expect(client().getJson(`${base}/f.json`, identity)).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it("spaces requests by the source identity's requestsPerMinute once the burst is spent", async () => {
    const arrivals: number[] = [];
    handler = (request, response) => {
      arrivals.push(performance.now());
      json(200, {})(request, response);
    };
    // One saved token, then 30 a minute: the second request waits two seconds (the client's own default rate,
    // 60 a minute, would let it go after one).
    const limited = client({ burst: 1 });
    for (const path of ['/r1.json', '/r2.json'])
      await limited.getJson(`${base}${path}`, { ...identity, requestsPerMinute: 30 });
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(1900);
  });

  it('times out a hanging request and reports it', async () => {
    handler = () => undefined; // never answers
    await expect(client({ retries: 0, timeoutMs: 100 }).getJson(`${base}/g.json`, identity)).rejects.toThrow(
      /timed out/,
    );
  });

  it('rejects a non-JSON answer (e.g. a maintenance page)', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html>maintenance</html>');
    };
    await expect(client().getJson(`${base}/h.json`, identity)).rejects.toThrow(/invalid JSON/);
  });

  it('caches answers; fresh skips the cache and refreshes it', async () => {
    let n = 0;
    handler = (request, response) => json(200, { n: ++n })(request, response);
    const http = client();
    expect(await http.getJson(`${base}/i.json`, identity)).toEqual({ n: 1 });
    expect(await http.getJson(`${base}/i.json`, identity)).toEqual({ n: 1 });
    expect(await http.getJson(`${base}/i.json`, identity, { fresh: true })).toEqual({ n: 2 });
    expect(await http.getJson(`${base}/i.json`, identity)).toEqual({ n: 2 });
    expect(http.cacheStats.entries).toBe(1);
  });

  it('never caches failures', async () => {
    let n = 0;
    handler = (request, response) =>
      ++n === 1 ? json(500, {})(request, response) : json(200, { n })(request, response);
    const http = client({ retries: 0 });
    await expect(http.getJson(`${base}/j.json`, identity)).rejects.toThrow();
    await expect(http.getJson(`${base}/j.json`, identity)).resolves.toEqual({ n: 2 });
  });

  it('treats 202 and an empty body as "still loading", with Retry-After, and never caches them', async () => {
    let n = 0;
    handler = (_request, response) => {
      n++;
      if (n === 1) {
        response.writeHead(202, { 'Retry-After': '7' });
        response.end();
      } else if (n === 2) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('');
      } else json(200, { n })(_request, response);
    };
    const http = client({ retries: 0 });
    const first = await http.getJson(`${base}/author/1`, identity).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(MetadataNotReadyError);
    expect((first as MetadataNotReadyError).retryAfterMs).toBe(7000);
    await expect(http.getJson(`${base}/author/1`, identity)).rejects.toBeInstanceOf(MetadataNotReadyError);
    expect(http.cacheStats.entries).toBe(0);
    await expect(http.getJson(`${base}/author/1`, identity)).resolves.toEqual({ n: 3 });
  });
});
