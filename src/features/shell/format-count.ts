/**
 * Counts abbreviated as the spec asks (01 §9, 03 §9): K at 1e3, M at 1e6, B at 1e9, with one decimal.
 *
 *   formatCount(999)        → '999'
 *   formatCount(1000)       → '1K'      (a trailing '.0' is dropped: '1K' reads better than '1.0K')
 *   formatCount(1250)       → '1.2K'    (the decimal is cut, not rounded: a count is never overstated)
 *   formatCount(999_999)    → '999.9K'
 *   formatCount(1_500_000)  → '1.5M'
 *   formatCount(2.5e9)      → '2.5B'
 * Below 1,000 the integer part is shown (fractions are cut too). Negative values keep their sign; anything
 * that is not a finite number shows '0'.
 */
const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (const { value, suffix } of UNITS) {
    if (abs >= value) {
      // Cut to one decimal in tenths (integers, so no floating-point surprises like 1.2999…).
      const tenths = Math.floor((abs * 10) / value);
      const text = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
      return `${sign}${text}${suffix}`;
    }
  }
  const whole = Math.floor(abs);
  return whole === 0 ? '0' : `${sign}${whole}`;
}
