/** 01 §9 / 03 §9: counts abbreviated K at 1e3, M at 1e6, B at 1e9, with one decimal. */
import { describe, expect, it } from 'vitest';
import { formatCount } from '@/features/shell/format-count';

describe('formatCount (01 §9 counts abbreviated)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [999.9, '999'],
  ])('below 1,000 shows the whole number: %d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([
    [1000, '1K'],
    [1250, '1.2K'],
    [1299, '1.2K'],
    [12_450, '12.4K'],
    [999_999, '999.9K'],
  ])('K from 1e3 with one decimal: %d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([
    [1_000_000, '1M'],
    [1_254_300, '1.2M'],
    [2_310_000, '2.3M'],
    [999_999_999, '999.9M'],
  ])('M from 1e6: %d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([
    [1e9, '1B'],
    [2.5e9, '2.5B'],
    [12_345_678_901, '12.3B'],
  ])('B from 1e9: %d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('never overstates a count (the decimal is cut, not rounded)', () => {
    expect(formatCount(1999)).toBe('1.9K');
    expect(formatCount(999_950)).toBe('999.9K');
  });

  it('keeps the sign and treats non-numbers as 0', () => {
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
