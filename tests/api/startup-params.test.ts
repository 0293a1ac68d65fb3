import { describe, expect, test } from 'vitest';
import { readStartupParams } from '@/app/startup-params';

function memory() {
  const data = new Map<string, string>();
  return { data, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('start-up parameters (01 §2)', () => {
  test('no parameters: nothing changes', () => {
    const s = memory();
    expect(readStartupParams('https://app.test/home?x=1', s)).toEqual({ replaceWith: null, token: null });
    expect(s.data.size).toBe(0);
  });

  test('an impersonation token signs in, sets impersonate mode, goes to /home and leaves the URL', () => {
    const s = memory();
    const out = readStartupParams('https://app.test/?impersonateToken=abc123&impersonateMode=1&utm=x', s);
    expect(out).toEqual({ replaceWith: '/home?utm=x', token: 'abc123' });
    expect(out.replaceWith).not.toContain('abc123');
    expect(s.data.get('impersonateMode')).toBe('1');
  });

  test('a callback goes to the WordPress connect page and remembers callback, domain and brand', () => {
    const s = memory();
    const out = readStartupParams('https://app.test/?callback_url=https%3A%2F%2Fblog.test%2Fwp&domain=blog.test&brand_id=7', s);
    expect(out).toEqual({ replaceWith: '/connectWordPress', token: null });
    expect(Object.fromEntries(s.data)).toEqual({ callback_url: 'https://blog.test/wp', domain: 'blog.test', brand_id: '7' });
  });

  test('brand_id alone stays on the page, without the parameter', () => {
    const s = memory();
    expect(readStartupParams('https://app.test/dashboard?brand_id=3#top', s)).toEqual({ replaceWith: '/dashboard#top', token: null });
  });
});
