import { readDate, readIds, readQuality, readStrings } from './readarr-values';

describe('Readarr column values', () => {
  it('reads Readarr’s DATETIME text (seven fractional digits, Z) and FluentMigrator’s T form as UTC', () => {
    expect(readDate('2024-03-26 14:32:51.5123456Z')?.toISOString()).toBe('2024-03-26T14:32:51.512Z');
    expect(readDate('2025-06-10T09:00:00')?.toISOString()).toBe('2025-06-10T09:00:00.000Z');
    expect(readDate('2021-05-01 10:00:00Z')?.toISOString()).toBe('2021-05-01T10:00:00.000Z');
    expect(readDate(null)).toBeNull();
    expect(readDate('not a date')).toBeNull();
  });

  it('reads quality JSON in its current and older shapes', () => {
    expect(readQuality('{\n  "quality": 3,\n  "revision": {"version": 2, "real": 0, "isRepack": true}\n}')).toEqual({
      quality: 3,
      revision: { version: 2, real: 0, isRepack: true },
    });
    expect(readQuality('{"quality": {"id": 12}}')).toEqual({
      quality: 12,
      revision: { version: 1, real: 0, isRepack: false },
    });
    expect(readQuality('garbage').quality).toBe(0);
  });

  it('reads JSON id and string lists, tolerating nulls and malformed text', () => {
    expect(readIds('[1, 3]')).toEqual([1, 3]);
    expect(readIds(null)).toEqual([]);
    expect(readIds('{')).toEqual([]);
    expect(readStrings('["epub", 4, "mobi"]')).toEqual(['epub', 'mobi']);
  });
});
