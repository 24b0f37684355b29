import { Injectable } from '@nestjs/common';
import { InjectMetric, makeGaugeProvider } from '@willsoto/nestjs-prometheus';
import type { Gauge } from 'prom-client';
import { EnvService } from '../../platform/env/env.service';
import { BodyRecorder, ListRecorder } from './body-recorder';
import {
  type LibraryChangesReading,
  type LibraryVersionReading,
  LibraryVersionRepository,
} from './library-version.repository';
import type { ListItem, PatchableList } from './patchable-list';

export const METRIC_CACHED_BYTES = 'quire_response_cache_bytes';

export const responseCacheMetricProviders = [
  makeGaugeProvider({
    name: METRIC_CACHED_BYTES,
    help: 'Bytes of whole-library answers kept by the response cache, by answer (author, book)',
    labelNames: ['answer'],
  }),
];

/** More touched books than this and a rebuild is cheaper than a patch. */
const MAX_PATCHED_ITEMS = 5_000;

interface Entry {
  /** The answer as the buffers to send. */
  chunks: readonly Buffer[];
  bytes: number;
  version: bigint;
  /** Epoch ms (database clock) from which a release date has passed since the body was built. */
  validUntil: number | null;
  /** A patchable list (GET /book), with the change rows it reflects. */
  list?: { items: PatchableList; seen: ReadonlySet<string> };
}

type ListEntry = Entry & Required<Pick<Entry, 'list'>>;

export interface CacheLookup {
  /** The cached body, when the library has not changed since it was built. */
  cached?: readonly Buffer[];
  /** The database clock (epoch ms) that a body being built should count released books against. */
  now: number;
  recorder: BodyRecorder;
}

export interface ListLookup {
  /** The cached list, patched for the writes since it was built when that was possible. */
  cached?: PatchableList;
  now: number;
  recorder: ListRecorder;
}

/** The items of these ids as they are now, rendered against `now`; an id without an item is gone. */
export type RenderItems = (ids: number[], now: number) => Promise<ListItem[]>;

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
 *
 * GET /book is kept as a patchable list: after a write, the change rows name the books it touched (migration
 * 1763883000000), and only those are read again and put in place; a change that names no books (a restore,
 * TRUNCATE, a bulk write) or a passed release date rebuilds it.
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
    if (this.capacity === 0) return { now: Date.now(), recorder: new BodyRecorder(0, () => undefined) };
    const reading = await this.readAfterRunningBuild(key);
    const entry = this.current(key, reading);
    if (entry) return { cached: entry.chunks, now: reading.now, recorder: new BodyRecorder(0, () => undefined) };
    this.removeSuperseded(key, reading.version);
    const build = this.startBuild(key, reading.version);
    return {
      now: reading.now,
      recorder: new BodyRecorder(this.capacity, (body) =>
        build.end(
          body && { chunks: body.chunks, bytes: body.bytes, version: reading.version, validUntil: reading.nextRelease },
        ),
      ),
    };
  }

  async lookupList(key: string, render: RenderItems): Promise<ListLookup> {
    const notRecorded = () => new ListRecorder(0, () => undefined);
    if (this.capacity === 0) return { now: Date.now(), recorder: notRecorded() };
    const reading = await this.readAfterRunningBuild(key);
    const current = this.current(key, reading);
    if (current?.list) return { cached: current.list.items, now: reading.now, recorder: notRecorded() };
    // Requests that read the same version wait for this patch or build instead of making their own.
    const build = this.startBuild(key, reading.version);
    let snapshot: LibraryChangesReading;
    try {
      snapshot = await this.versions.readWithChanges();
      const patched = await this.patch(key, snapshot, render);
      if (patched) {
        build.end(patched);
        return { cached: patched.list.items, now: snapshot.now, recorder: notRecorded() };
      }
    } catch (error) {
      build.end(undefined);
      throw error;
    }
    this.removeSuperseded(key, snapshot.version);
    return {
      now: snapshot.now,
      recorder: new ListRecorder(this.capacity, (items) => build.end(items && listEntry(items, snapshot))),
    };
  }

  /** The reading, taken again once a build of the same version under way has ended. */
  private async readAfterRunningBuild(key: string): Promise<LibraryVersionReading> {
    const reading = await this.versions.read();
    const running = this.builds.get(key);
    if (running?.version !== reading.version || this.current(key, reading)) return reading;
    await running.done;
    return this.versions.read();
  }

  private current(key: string, reading: LibraryVersionReading): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== reading.version || !stillValid(entry, reading.now)) return undefined;
    return entry;
  }

  /**
   * The cached list with the books touched since it was built read again and put in place; undefined when it
   * must be rebuilt (nothing cached, a release date passed, or a change that names no books or too many).
   */
  private async patch(
    key: string,
    snapshot: LibraryChangesReading,
    render: RenderItems,
  ): Promise<ListEntry | undefined> {
    const entry = this.entries.get(key);
    if (!entry?.list || entry.version > snapshot.version || !stillValid(entry, snapshot.now)) return undefined;
    const { seen } = entry.list;
    const unseen = snapshot.changes.filter((change) => !seen.has(change.id));
    if (unseen.some((change) => change.bookIds === null)) return undefined;
    const ids = [...new Set(unseen.flatMap((change) => change.bookIds ?? []))];
    if (ids.length > MAX_PATCHED_ITEMS) return undefined;
    // Read after the snapshot, so the items are at least as new as the changes they are filed under.
    const items = await render(ids, snapshot.now);
    const found = new Set(items.map((item) => item.id));
    const patched = entry.list.items.patched(
      items,
      ids.filter((id) => !found.has(id)),
    );
    return listEntry(patched, snapshot);
  }

  private startBuild(key: string, version: bigint): { end(entry: Entry | undefined): void } {
    let ended!: () => void;
    const build: Build = { version, done: new Promise<void>((resolve) => (ended = resolve)) };
    this.builds.set(key, build);
    return {
      end: (entry) => {
        if (entry) this.store(key, entry);
        if (this.builds.get(key) === build) this.builds.delete(key);
        ended();
      },
    };
  }

  private store(key: string, entry: Entry): void {
    const existing = this.entries.get(key);
    if (existing && existing.version > entry.version) return; // a newer build finished first
    if (entry.bytes > this.capacity) return this.remove(key);
    this.remove(key);
    let used = entry.bytes;
    for (const other of this.entries.values()) used += other.bytes;
    // Oldest first (Map order) out until this one fits.
    for (const [otherKey, other] of this.entries) {
      if (used <= this.capacity) break;
      this.remove(otherKey);
      used -= other.bytes;
    }
    this.entries.set(key, entry);
    this.cachedBytes.set({ answer: key }, entry.bytes);
  }

  /**
   * Frees an answer older than `version` now rather than when its rebuild is stored, so a rebuild does not hold
   * two copies; requests still sending it keep their reference. One built after this reading stays.
   */
  private removeSuperseded(key: string, version: bigint): void {
    const entry = this.entries.get(key);
    if (entry && entry.version <= version) this.remove(key);
  }

  private remove(key: string): void {
    if (this.entries.delete(key)) this.cachedBytes.set({ answer: key }, 0);
  }
}

function stillValid(entry: Entry, now: number): boolean {
  return entry.validUntil === null || now < entry.validUntil;
}

/** A list's entry: it reflects every change row the reading saw. */
function listEntry(items: PatchableList, reading: LibraryChangesReading): ListEntry {
  return {
    chunks: items.body(),
    bytes: items.bytes,
    version: reading.version,
    validUntil: reading.nextRelease,
    list: { items, seen: new Set(reading.changes.map((change) => change.id)) },
  };
}
