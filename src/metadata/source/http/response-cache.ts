interface Entry<V> {
  value: V;
  size: number;
  expires: number;
}

export interface ResponseCacheOptions {
  /** Most entries kept. */
  maxEntries: number;
  /** Upper bound of the summed entry sizes (bytes of the response body). */
  maxBytes: number;
  /** Lifetime of an entry in milliseconds. */
  ttlMs: number;
}

/**
 * A bounded in-memory LRU with a time to live. Readarr's unbounded HTTP cache (cache.db) grew to 5.5 GB
 * on large libraries; this one never holds more than `maxEntries` entries or `maxBytes` bytes, evicting the
 * least recently used first. A Map keeps insertion order, so re-inserting on read makes it an LRU.
 */
export class ResponseCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(
    private readonly options: ResponseCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, { value, size, expires: this.now() + this.options.ttlMs });
    this.bytes += size;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
