import { describe, expect, it } from 'vitest';
import { statusColor } from './ui-settings';

describe('colour-impaired status colours', () => {
  it('swaps green/teal and red for blue and vermilion, moving the colours they would collide with', () => {
    expect(['teal', 'green', 'red', 'blue', 'orange', 'yellow', 'gray'].map((c) => statusColor(c, true))).toEqual([
      'blue',
      'blue',
      'vermilion',
      'cyan',
      'violet',
      'yellow',
      'gray',
    ]);
    expect(statusColor('orange.7', true)).toBe('violet.7');
  });

  it('leaves every colour alone when the mode is off', () => {
    expect(['teal', 'red', 'orange.7'].map((c) => statusColor(c, false))).toEqual(['teal', 'red', 'orange.7']);
  });
});
