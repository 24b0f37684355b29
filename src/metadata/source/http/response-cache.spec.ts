import { ResponseCache } from './response-cache';

describe('ResponseCache (bounded LRU with TTL)', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => (now = 0));

  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new ResponseCache<string>({ maxEntries: 2, maxBytes: 1000, ttlMs: 1000 }, clock);
    cache.set('a', 'A', 1);
    cache.set('b', 'B', 1);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.size).toBe(2);
  });

  it('keeps the summed size under maxBytes and refuses entries larger than the cap', () => {
    const cache = new ResponseCache<string>({ maxEntries: 100, maxBytes: 10, ttlMs: 1000 }, clock);
    cache.set('a', 'A', 6);
    cache.set('b', 'B', 6);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.totalBytes).toBe(6);
    cache.set('huge', 'H', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.totalBytes).toBe(6);
  });

  it('expires entries after the TTL and replaces entries of the same key', () => {
    const cache = new ResponseCache<string>({ maxEntries: 10, maxBytes: 100, ttlMs: 1000 }, clock);
    cache.set('a', 'A', 5);
    cache.set('a', 'A2', 7);
    expect(cache.totalBytes).toBe(7);
    now = 999;
    expect(cache.get('a')).toBe('A2');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });
});
