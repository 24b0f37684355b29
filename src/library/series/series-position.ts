const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };

function romanValue(text: string): number | undefined {
  if (!/^[ivxl]+$/i.test(text)) return undefined;
  let total = 0;
  const digits = [...text.toLowerCase()].map((char) => ROMAN[char]);
  digits.forEach((value, index) => (total += value < (digits[index + 1] ?? 0) ? -value : value));
  return total > 0 ? total : undefined;
}

/**
 * The number a series position sorts by, from the position as a source writes it: `1` → 1, `2.5` → 2.5,
 * `0.5` → 0.5, `Book 3 of 7` → 3, `#4` → 4, `1-3` (an omnibus) → 1, `Book IV` → 4; undefined when the text holds
 * no number (`Prequel`, empty), so such links sort after the numbered ones.
 */
export function seriesPositionNumber(position: string | null | undefined): number | undefined {
  const text = position?.trim();
  if (!text) return undefined;
  const number = /(\d+(?:[.,]\d+)?)/.exec(text);
  if (number) return Number(number[1].replace(',', '.'));
  for (const word of text.split(/[^A-Za-z]+/)) {
    const value = romanValue(word);
    if (value !== undefined && word.length <= 6) return value;
  }
  return undefined;
}

/** Readarr's `seriesPosition` is an integer on the wire; the exact order lives in the stored number. */
export function wireSeriesPosition(value: number | null | undefined): number {
  return value == null ? 0 : Math.floor(value);
}
