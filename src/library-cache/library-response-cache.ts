import { Injectable } from '@nestjs/common';
import { InjectMetric, makeGaugeProvider } from '@willsoto/nestjs-prometheus';
import type { Gauge } from 'prom-client';
import { EnvService } from '../env/env.service';
import { type LibraryVersionReading, LibraryVersionRepository } from './library-version.repository';

export interface RecordedBody {
  chunks: Buffer[];
  bytes: number;
}

export const METRIC_CACHED_BYTES = 'quire_response_cache_bytes';

export const responseCacheMetricProviders = [
  makeGaugeProvider({
    name: METRIC_CACHED_BYTES,
    help: 'Bytes of whole-library answers kept by the response cache, by answer (author, book)',
    labelNames: ['answer'],
  }),
];

interface Entry extends RecordedBody {
  version: bigint;
  /** Epoch ms (database clock) from which a release date has passed since the body was built. */
  validUntil: number | null;
}

/**
 * A whole-library answer being built: its chunks are kept and handed to `end` once the body is complete
 * (`finish`), or `undefined` when it was cut short or grew beyond `limit` bytes (`abandon`, or `finish`).
 */
export class BodyRecorder {
  private chunks: Buffer[] | undefined = [];
  private bytes = 0;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly end: (body: RecordedBody | undefined) => void,
  ) {}

  /** The chunk as the Buffer to send (converted once, for the answer and the cache alike). */
  add(chunk: string): Buffer {
    const buffer = Buffer.from(chunk);
    this.bytes += buffer.length;
    if (this.bytes > this.limit) this.chunks = undefined; // too large to keep: still sent, never cached
    this.chunks?.push(buffer);
    return buffer;
  }

  /** The last chunk was added. */
  finish(): void {
    this.close(this.chunks && { chunks: this.chunks, bytes: this.bytes });
  }

  /** The answer ends here (call it in a `finally`): a body not finished is not cached. */
  abandon(): void {
    this.close(undefined);
  }

  private close(body: RecordedBody | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.chunks = undefined;
    this.end(body);
  }
}

export interface CacheLookup {
  /** The cached body, when the library has not changed since it was built. */
  cached?: readonly Buffer[];
  /** The database clock (epoch ms) that a body being built should count released books against. */
  now: number;
  recorder: BodyRecorder;
}

interface Build {
  version: bigint;
  done: Promise<void>;
}

/**
 * Whole-library answers (GET /author: ~2.5 MB for 2,000 authors; GET /book: ~56 MB for 100,000 books), kept
 * as the bytes sent until the library changes. Every request reads the library version (one small
 * statement); an answer is reused only when it was built at the same version and no release date has
 * passed since — what Readarr's statistics and next/last book depend on besides the rows. The version is
 * read before the rows, so a body is never older than the version it is filed under; processes sharing
 * the database each see the others' writes through it (migration 1763881300000). Requests that find the
 * same version being built wait for that build instead of starting their own.
 */
@Injectable()
export class LibraryResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly builds = new Map<string, Build>();
  private readonly capacity: number;

  constructor(
    private readonly versions: LibraryVersionRepository,
    env: EnvService,
    @InjectMetric(METRIC_CACHED_BYTES) private readonly cachedBytes: Gauge<string>,
  ) {
    this.capacity = env.get('RESPONSE_CACHE_MB') * 1024 * 1024;
  }

  async lookup(key: string): Promise<CacheLookup> {
    if (this.capacity === 0) return { now: Date.now(), recorder: notRecorded() };
    let reading = await this.versions.read();
    const running = this.builds.get(key);
    if (running?.version === reading.version && !this.current(key, reading)) {
      await running.done;
      reading = await this.versions.read();
    }
    const entry = this.current(key, reading);
    if (entry) return { cached: entry.chunks, now: reading.now, recorder: notRecorded() };
    return { now: reading.now, recorder: this.startBuild(key, reading) };
  }

  private current(key: string, reading: LibraryVersionReading): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version > reading.version) return undefined; // built after this request's reading
    if (entry.version === reading.version && (entry.validUntil === null || reading.now < entry.validUntil)) return entry;
    // Superseded for good (versions and the clock only move forward): freed now rather than when the
    // rebuild is stored, so a rebuild does not hold two copies. Requests still sending it keep their reference.
    this.remove(key);
    return undefined;
  }

  private startBuild(key: string, reading: LibraryVersionReading): BodyRecorder {
    let ended!: () => void;
    const build: Build = { version: reading.version, done: new Promise<void>((resolve) => (ended = resolve)) };
    this.builds.set(key, build);
    return new BodyRecorder(this.capacity, (body) => {
      if (body) this.store(key, reading, body);
      if (this.builds.get(key) === build) this.builds.delete(key);
      ended();
    });
  }

  private store(key: string, reading: LibraryVersionReading, body: RecordedBody): void {
    const existing = this.entries.get(key);
    if (existing && existing.version > reading.version) return; // a newer build finished first
    this.remove(key);
    let used = body.bytes;
    for (const other of this.entries.values()) used += other.bytes;
    // Oldest first (Map order) out until this one fits.
    for (const [otherKey, other] of this.entries) {
      if (used <= this.capacity) break;
      this.remove(otherKey);
      used -= other.bytes;
    }
    this.entries.set(key, { ...body, version: reading.version, validUntil: reading.nextRelease });
    this.cachedBytes.set({ answer: key }, body.bytes);
  }

  private remove(key: string): void {
    if (this.entries.delete(key)) this.cachedBytes.set({ answer: key }, 0);
  }
}

function notRecorded(): BodyRecorder {
  return new BodyRecorder(0, () => undefined);
}
