import { ErrorKinds, type LoadResult } from './load';

export interface AfterWritesOptions {
  url: string;
  headers: Record<string, string>;
  /** A library write (through Quire's API), made before each timed request and not timed itself. */
  write: () => Promise<void>;
  requests: number;
}

/**
 * One client, every request right after a library write: the cached whole-library answer is rebuilt each
 * time, which is what a UI waits for after a change. Latencies are of the timed requests only.
 */
export async function loadAfterWrites(options: AfterWritesOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const kinds = new ErrorKinds();
  let busyMs = 0;
  for (let i = 0; i < options.requests; i++) {
    await options.write();
    const started = performance.now();
    const response = await fetch(options.url, { headers: options.headers });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) kinds.count(String(response.status));
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
