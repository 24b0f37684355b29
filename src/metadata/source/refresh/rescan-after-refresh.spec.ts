import { shouldRescanAfterRefresh } from './rescan-after-refresh';

describe('shouldRescanAfterRefresh (Readarr RefreshAuthorService)', () => {
  it.each([
    ['always', false, 'manual', true, true],
    ['always', false, 'scheduled', true, true],
    ['always', false, 'manual', false, false],
    ['afterManual', false, 'manual', true, true],
    ['afterManual', false, 'scheduled', true, false],
    ['afterManual', false, 'unspecified', true, false],
    ['never', false, 'manual', true, false],
    ['never', true, 'unspecified', false, true],
    ['afterManual', true, 'scheduled', false, true],
  ] as const)('%s, new author %s, %s trigger, changed %s → %s', (setting, isNew, trigger, changed, expected) => {
    expect(shouldRescanAfterRefresh(setting, isNew, trigger, changed)).toBe(expected);
  });
});
