import { describe, expect, it } from 'vitest';
import { protocolSummary, reorderRequest } from './delay-profile';

const listed = [{ id: 3 }, { id: 2 }, { id: 4 }, { id: 1 }];

describe('delay profile reorder', () => {
  it('moving up lands after the one two above, or first', () => {
    expect(reorderRequest(listed, 2, -1)).toEqual({ id: 4, afterId: 3 });
    expect(reorderRequest(listed, 1, -1)).toEqual({ id: 2, afterId: undefined });
  });

  it('moving down lands after the next one', () => {
    expect(reorderRequest(listed, 0, 1)).toEqual({ id: 3, afterId: 2 });
    expect(reorderRequest(listed, 1, 1)).toEqual({ id: 2, afterId: 4 });
  });

  it('cannot move past either end, below the global profile, nor the global profile itself', () => {
    expect(reorderRequest(listed, 0, -1)).toBeUndefined();
    expect(reorderRequest(listed, 2, 1)).toBeUndefined();
    expect(reorderRequest(listed, 3, -1)).toBeUndefined();
  });

  it('summarises the enabled protocols and their delays', () => {
    expect(
      protocolSummary({
        enableUsenet: true,
        enableTorrent: true,
        usenetDelay: 60,
        torrentDelay: 0,
        preferredProtocol: 'torrent',
      }),
    ).toBe('Usenet 60 min, Torrent 0 min (prefers torrent)');
    expect(protocolSummary({ enableUsenet: false, enableTorrent: true, torrentDelay: 5 })).toBe('Torrent 5 min');
  });
});
