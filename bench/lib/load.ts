import autocannon from 'autocannon';
import { Agent, request } from 'node:http';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were, e.g. "2 × 503" or "1 × timeout" (empty when none). */
  errorKinds: string;
  requests: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** A body of megabytes: driven with node:http rather than autocannon (see `loadLargeBodies`). */
  largeBody?: boolean;
}

/** Bodies from this size on count as large. */
export const LARGE_BODY_BYTES = 1024 * 1024;
const TIMEOUT_SECONDS = 30;

/** Drives one URL at a fixed concurrency; errors = transport errors + timeouts + non-2xx answers. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return options.largeBody ? loadLargeBodies(options) : loadWithAutocannon(options);
}

async function loadWithAutocannon(options: LoadOptions): Promise<LoadResult> {
  const kinds = new ErrorKinds();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: TIMEOUT_SECONDS,
      },
      (error: Error | null, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, statusCode: number) => {
      if (statusCode < 200 || statusCode >= 300) kinds.count(String(statusCode));
    });
    instance.on('reqError', (error: Error) => kinds.count(error.message));
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    errorKinds: kinds.describe(),
    requests: result.requests.total,
  };
}

/**
 * autocannon parses bodies in JavaScript (http-parser-js), about 180 MB/s on the 2-core bench machine, so
 * with a 56 MB answer it measured itself: Quire and the bare-http baseline came out equal. Here each of
 * `connections` loops sends its next request when the previous answer has ended, over a kept-alive
 * node:http connection whose C parser hands the body over to be dropped unread.
 */
async function loadLargeBodies(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const kinds = new ErrorKinds();
  // One outcome per request: its latency and status, or the first error (a timeout's hang-up is not another).
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      let settled = false;
      const settle = (error?: string, status?: number) => {
        if (settled) return;
        settled = true;
        if (error) kinds.count(error);
        else {
          latencies.push(performance.now() - started);
          if (status === undefined || status < 200 || status >= 300) kinds.count(String(status));
        }
        resolve();
      };
      const sent = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: options.method ?? 'GET',
          headers: options.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => settle(undefined, response.statusCode));
          response.on('error', (error) => settle(error.message));
        },
      );
      sent.setTimeout(TIMEOUT_SECONDS * 1000, () => {
        settle('timeout');
        sent.destroy();
      });
      sent.on('error', (error) => settle(error.message));
      sent.end(options.body);
    });
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    errors: kinds.total(),
    errorKinds: kinds.describe(),
    requests: latencies.length,
  };
}

/** What went wrong in a load run, counted by kind (a status code, "timeout", a socket error). */
export class ErrorKinds {
  private readonly counts = new Map<string, number>();

  count(kind: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** "2 × 503, 1 × timeout"; empty when there were none. */
  describe(): string {
    return [...this.counts].map(([kind, n]) => `${n} × ${kind}`).join(', ');
  }
}
