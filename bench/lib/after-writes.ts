import { request } from 'node:http';
import { ErrorKinds, type LoadResult } from './load';

export interface AfterWritesOptions {
  url: string;
  headers: Record<string, string>;
  /** A library write (through Quire's API), made before each timed request and not timed itself. */
  write: () => Promise<void>;
  requests: number;
}

/**
 * One client, every request right after a library write: the cached whole-library answer must be rebuilt or
 * patched each time, which is what a client waits for after a change. Latencies are of the timed requests only.
 */
export async function loadAfterWrites(options: AfterWritesOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const kinds = new ErrorKinds();
  let busyMs = 0;
  for (let i = 0; i < options.requests; i++) {
    await options.write();
    const started = performance.now();
    const status = await getDroppingBody(options.url, options.headers);
    const elapsed = performance.now() - started;
    if (status < 200 || status >= 300) kinds.count(String(status));
    latencies.push(elapsed);
    busyMs += elapsed;
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return {
    requestsPerSecond: (options.requests * 1000) / busyMs,
    p50: at(0.5),
    p99: at(0.99),
    errors: kinds.total(),
    errorKinds: kinds.describe(),
    requests: options.requests,
  };
}

/**
 * One GET, its body dropped unread by node:http's C parser (as the bench's other whole-library rows do), so the
 * time is Quire's and the wire's, not a client decoding 56 MB of JSON or gzip.
 */
function getDroppingBody(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}
