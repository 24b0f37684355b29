import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import type { Counter } from 'prom-client';
import { describeOutgoingError, outgoingFetch } from '../../../platform/outgoing-http/outgoing-http';
import { MetadataNotReadyError, MetadataSourceUnavailableError } from '../metadata-source';
import { ResponseCache, ResponseCacheOptions } from './response-cache';
import { TokenBucket } from './token-bucket';

export const METADATA_REQUESTS_METRIC = 'quire_metadata_source_requests_total';

export const metadataHttpMetricProviders = [
  makeCounterProvider({
    name: METADATA_REQUESTS_METRIC,
    help: 'Requests to the metadata source by outcome (ok, cached, not_found, not_ready, retry, failed)',
    labelNames: ['outcome'],
  }),
];

export interface MetadataHttpOptions {
  timeoutMs: number;
  /** Attempts after the first one, for 429, 5xx, timeouts and network errors. */
  retries: number;
  /** First backoff delay; doubles with each retry (plus up to 25 % jitter). */
  backoffMs: number;
  maxBackoffMs: number;
  /** Tokens saved up by the rate limiter (short bursts, e.g. a lookup's parallel calls). */
  burst: number;
  cache: ResponseCacheOptions;
}

export const METADATA_HTTP_OPTIONS = Symbol('MetadataHttpOptions');

export const DEFAULT_METADATA_HTTP_OPTIONS: MetadataHttpOptions = {
  timeoutMs: 15_000,
  retries: 3,
  backoffMs: 250,
  maxBackoffMs: 10_000,
  burst: 5,
  cache: { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, ttlMs: 60 * 60 * 1000 },
};

/** Per-call identity and politeness settings (resolved from config by the caller). */
export interface RequestIdentity {
  sourceName: string;
  userAgent: string;
  requestsPerMinute: number;
}

export interface BinaryResponse {
  body: Buffer;
  contentType: string;
}

/**
 * The one HTTP client of the metadata source: descriptive User-Agent, a timeout per attempt, retries with
 * exponential backoff on 429/5xx/network errors (honouring Retry-After), a token-bucket rate limit shared by
 * every call of this process, and a bounded LRU cache of successful JSON answers.
 */
@Injectable()
export class MetadataHttpClient {
  private readonly logger = new Logger(MetadataHttpClient.name);
  private readonly options: MetadataHttpOptions;
  private readonly bucket: TokenBucket;
  private readonly cache: ResponseCache<unknown>;

  constructor(
    @InjectMetric(METADATA_REQUESTS_METRIC) private readonly requests: Counter<string>,
    @Optional() @Inject(METADATA_HTTP_OPTIONS) options?: Partial<MetadataHttpOptions>,
  ) {
    this.options = { ...DEFAULT_METADATA_HTTP_OPTIONS, ...options };
    this.bucket = new TokenBucket(60, this.options.burst);
    this.cache = new ResponseCache(this.options.cache);
  }

  get cacheStats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.totalBytes };
  }

  clearCache(): void {
    this.cache.clear();
  }

  /**
   * GET a JSON document; `undefined` for 404. `fresh` skips the cache but stores the new answer; `store: false`
   * keeps the answer out of the cache (one-off bulk lookups whose callers keep what they need). A 202 or an
   * empty body ("still loading") throws MetadataNotReadyError and is never cached.
   */
  async getJson<T>(
    url: string,
    identity: RequestIdentity,
    options: { fresh?: boolean; store?: boolean; retries?: number; timeoutMs?: number } = {},
  ): Promise<T | undefined> {
    if (!options.fresh) {
      const cached = this.cache.get(url);
      if (cached !== undefined) {
        this.requests.inc({ outcome: 'cached' });
        return cached as T;
      }
    }
    const response = await this.fetchWithRetry(url, identity, 'application/json', options);
    if (!response) return undefined;
    const text = await response.text();
    if (response.status === 202 || !text.trim()) {
      this.requests.inc({ outcome: 'not_ready' });
      throw new MetadataNotReadyError(
        identity.sourceName,
        redact(url),
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
    let parsed: T;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      this.requests.inc({ outcome: 'failed' });
      throw new MetadataSourceUnavailableError(identity.sourceName, `invalid JSON from ${redact(url)}`);
    }
    if (options.store !== false) this.cache.set(url, parsed, Buffer.byteLength(text));
    return parsed;
  }

  /** GET an image (never cached here: covers are stored on disk by the media-cover feature). */
  async getBinary(url: string, identity: RequestIdentity): Promise<BinaryResponse | undefined> {
    const response = await this.fetchWithRetry(url, identity, 'image/*');
    if (!response) return undefined;
    return {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  private async fetchWithRetry(
    url: string,
    identity: RequestIdentity,
    accept: string,
    overrides: { retries?: number; timeoutMs?: number } = {},
  ): Promise<Response | undefined> {
    this.bucket.configure(identity.requestsPerMinute, this.options.burst);
    const retries = overrides.retries ?? this.options.retries;
    let lastProblem = 'no attempt made';
    for (let attempt = 0; attempt <= retries; attempt++) {
      await this.bucket.take();
      let retryAfterMs: number | undefined;
      try {
        const response = await outgoingFetch(url, {
          headers: { 'User-Agent': identity.userAgent, Accept: accept },
          redirect: 'follow',
          signal: AbortSignal.timeout(overrides.timeoutMs ?? this.options.timeoutMs),
        });
        if (response.ok) {
          this.requests.inc({ outcome: 'ok' });
          return response;
        }
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) {
          this.requests.inc({ outcome: 'not_found' });
          return undefined;
        }
        lastProblem = `HTTP ${response.status} from ${redact(url)}`;
        if (response.status !== 429 && response.status < 500) break;
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      } catch (error) {
        lastProblem = `${describeFetchError(error)} (${redact(url)})`;
      }
      if (attempt < retries) {
        this.requests.inc({ outcome: 'retry' });
        const backoff = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** attempt);
        const delay = Math.min(this.options.maxBackoffMs, retryAfterMs ?? backoff * (1 + Math.random() * 0.25));
        this.logger.debug(`Retrying in ${Math.round(delay)} ms: ${lastProblem}`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    this.requests.inc({ outcome: 'failed' });
    this.logger.warn(`Metadata source request failed: ${lastProblem}`);
    throw new MetadataSourceUnavailableError(identity.sourceName, lastProblem);
  }
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describeFetchError(error: unknown): string {
  // DOMException (timeouts) is not always `instanceof Error` (other realm under jest), so go by shape.
  const candidate = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string; name?: string };
  };
  if (candidate?.name === 'TimeoutError' || candidate?.name === 'AbortError') return 'timed out';
  if (candidate?.cause?.name === 'TimeoutError') return 'timed out';
  return describeOutgoingError(error);
}

/** URLs carry no secrets today, but keep query strings out of logs and messages anyway. */
function redact(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? url : url.slice(0, index);
}
