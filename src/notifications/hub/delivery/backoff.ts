/**
 * Delay before retry number `retry` (1 = the first retry): base · 2^(retry-1), capped, with ±20 % jitter
 * so many failed deliveries do not all come back at the same moment.
 */
export function retryDelayMs(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, retry - 1), maxMs);
  const jitter = 1 + (random() * 0.4 - 0.2);
  return Math.max(1, Math.round(Math.min(exponential * jitter, maxMs)));
}
