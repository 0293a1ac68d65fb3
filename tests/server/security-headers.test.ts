/**
 * The production server's security headers (quality issue: "a Content-Security-Policy without inline scripts,
 * plus the usual security headers"), and the third-party origins it allows only when they are configured.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { contentSecurityPolicy, securityHeaders } from '@server/security-headers';
import { DEFAULT_ANALYTICS_HOST } from '@machines/integrations';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers of the production server', () => {
  it('every answer carries the CSP and the usual headers', async () => {
    const app = new Hono();
    app.use('*', securityHeaders({}));
    app.get('*', (c) => c.html('<!doctype html><title>x</title>'));
    const res = await app.request('/login');
    const csp = directives(res.headers.get('Content-Security-Policy')!);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it('never allows inline or evaluated scripts, whatever is configured', () => {
    for (const env of [{}, { VITE_POSTHOG_KEY: 'k' }, { VITE_SUPPORT_WIDGET_SRC: 'https://w.example.com/w.js' }]) {
      const script = directives(contentSecurityPolicy(env)).get('script-src')!;
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
    }
  });

  it('allows no third party when nothing is configured', () => {
    const csp = contentSecurityPolicy({});
    expect(csp).not.toMatch(/https?:\/\//);
    expect(directives(csp).has('frame-src')).toBe(false);
  });

  it('allows the analytics host for requests only (its strict-CSP build loads no scripts)', () => {
    const byDefault = directives(contentSecurityPolicy({ VITE_POSTHOG_KEY: 'k' }));
    expect(byDefault.get('connect-src')).toEqual(["'self'", DEFAULT_ANALYTICS_HOST]);
    expect(byDefault.get('script-src')).toEqual(["'self'"]);
    const own = directives(contentSecurityPolicy({ VITE_POSTHOG_KEY: 'k', VITE_POSTHOG_HOST: 'https://ph.example.com/ingest' }));
    expect(own.get('connect-src')).toEqual(["'self'", 'https://ph.example.com']);
    // a host without a key turns nothing on
    expect(contentSecurityPolicy({ VITE_POSTHOG_HOST: 'https://ph.example.com' })).not.toContain('ph.example.com');
  });

  it("allows the support widget's origin for its script, requests, frames and images", () => {
    const csp = directives(contentSecurityPolicy({ VITE_SUPPORT_WIDGET_SRC: 'https://w.example.com/widget/w.js' }));
    for (const d of ['script-src', 'connect-src', 'frame-src', 'img-src']) expect(csp.get(d)).toContain('https://w.example.com');
    expect(contentSecurityPolicy({ VITE_SUPPORT_WIDGET_SRC: 'javascript:alert(1)' })).not.toContain('javascript');
  });
});
