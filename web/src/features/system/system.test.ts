import { describe, expect, it } from 'vitest';
import { diskUsed, fixPage, formatDuration, formatInterval } from './system';

describe('system page mapping', () => {
  it('links a health check to the page that fixes it', () => {
    expect(fixPage('IndexerStatusCheck')).toBe('/settings/indexers');
    expect(fixPage('RootFolderCheck')).toBe('/settings/mediamanagement');
    expect(fixPage('SomethingElse')).toBeUndefined();
  });

  it('computes the used share of a disk', () => {
    expect(diskUsed({ freeSpace: 25, totalSpace: 100 })).toBe(75);
    expect(diskUsed({ freeSpace: 0, totalSpace: 0 })).toBe(0);
  });

  it('formats task intervals in the largest whole unit', () => {
    expect(formatInterval(0)).toBe('manual');
    expect(formatInterval(1)).toBe('1 minute');
    expect(formatInterval(15)).toBe('15 minutes');
    expect(formatInterval(360)).toBe('6 hours');
    expect(formatInterval(10080)).toBe('7 days');
  });

  it('formats .NET durations', () => {
    expect(formatDuration('00:00:01.2340000')).toBe('1.2 s');
    expect(formatDuration('00:00:00')).toBe('0.0 s');
    expect(formatDuration('01:02:03.5')).toBe('01:02:03');
    expect(formatDuration(undefined)).toBe('');
  });
});
