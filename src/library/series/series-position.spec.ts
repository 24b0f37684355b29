import { seriesPositionNumber, wireSeriesPosition } from './series-position';

describe('seriesPositionNumber', () => {
  it.each([
    ['1', 1],
    ['2.5', 2.5],
    ['0.5', 0.5],
    ['Book 3 of 7', 3],
    ['#4', 4],
    ['1-3', 1],
    ['Book IV', 4],
    ['Part ix', 9],
    ['3,5', 3.5],
    [' 12 ', 12],
  ])('%s → %s', (position, expected) => {
    expect(seriesPositionNumber(position)).toBe(expected);
  });

  it('is undefined without a number', () => {
    expect(seriesPositionNumber('Prequel')).toBeUndefined();
    expect(seriesPositionNumber('')).toBeUndefined();
    expect(seriesPositionNumber(undefined)).toBeUndefined();
    expect(seriesPositionNumber(null)).toBeUndefined();
  });

  it('sorts fractional positions between their neighbours', () => {
    const positions = ['3', 'Book 2 of 7', '2.5', '0.5', 'Prequel', '1'];
    const sorted = [...positions].sort(
      (a, b) => (seriesPositionNumber(a) ?? Infinity) - (seriesPositionNumber(b) ?? Infinity),
    );
    expect(sorted).toEqual(['0.5', '1', 'Book 2 of 7', '2.5', '3', 'Prequel']);
  });

  it('gives Readarr an integer', () => {
    expect(wireSeriesPosition(2.5)).toBe(2);
    expect(wireSeriesPosition(undefined)).toBe(0);
    expect(wireSeriesPosition(null)).toBe(0);
    expect(wireSeriesPosition(7)).toBe(7);
  });
});
