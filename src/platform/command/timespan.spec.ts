import { formatTimeSpan } from './timespan';
import { backupIntervalMinutes, rssSyncIntervalMinutes } from './scheduled-tasks';

describe('formatTimeSpan (.NET "c" format)', () => {
  it.each([
    [0, '00:00:00'],
    [1234, '00:00:01.2340000'],
    [61_000, '00:01:01'],
    [3_723_004, '01:02:03.0040000'],
    [90_061_500, '1.01:01:01.5000000'],
  ])('%d ms → %s', (ms, text) => expect(formatTimeSpan(ms)).toBe(text));
});

describe('scheduled task intervals', () => {
  it('rssSyncInterval: 0 disables, 1–9 are raised to 10', () => {
    expect(rssSyncIntervalMinutes(0)).toBe(0);
    expect(rssSyncIntervalMinutes(5)).toBe(10);
    expect(rssSyncIntervalMinutes(15)).toBe(15);
    expect(rssSyncIntervalMinutes(120)).toBe(120);
  });

  it('backupInterval is in days', () => {
    expect(backupIntervalMinutes(7)).toBe(10080);
    expect(backupIntervalMinutes(1)).toBe(1440);
  });
});
