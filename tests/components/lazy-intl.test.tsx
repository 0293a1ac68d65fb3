import { describe, expect, it } from 'vitest';
import { lazyIntl } from '@/ui/lazy-intl';

describe('lazyIntl', () => {
  it('makes the formatter on first use only, once', () => {
    let made = 0;
    const format = lazyIntl(() => {
      made++;
      return new Intl.NumberFormat('en-US');
    });
    expect(made).toBe(0);
    expect(format().format(1234.5)).toBe('1,234.5');
    expect(format().format(1)).toBe('1');
    expect(made).toBe(1);
  });
});
