/**
 * callback_url gets a fresh token only for an allowed host (issue 25): the app's own origin, or a host named in
 * CALLBACK_HOSTS (the harness allows blog.example). Any other address, javascript: included, is ignored — the
 * sign-in works, but no fe_token and no callbackurl come back.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { useTestServer } from './harness';
import { acceptedCallbackUrl, callbackHosts } from '@server/http/callback-url';

const s = useTestServer({ reset: 'once' });

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)//https://blog.example/',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/steal',
  'https://blog.example.evil.example/x',
  'https://user:pass@blog.example/x',
  '//evil.example/x',
  'ftp://blog.example/x',
  '/relative/path',
];

const login = (callback_url: string) =>
  s.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: 'demo1234', callback_url } });

describe('callback_url', () => {
  it('an allowed host (CALLBACK_HOSTS) and the app’s own origin receive fe_token and callbackurl', async () => {
    for (const url of ['https://blog.example/wp-admin', 'http://BLOG.example/wp-admin?x=1', 'http://localhost/connectWordPress']) {
      const r = await login(url);
      expect(r.status).toBe(200);
      expect(r.body.callbackurl).toBe(url);
      expect(r.body.fe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('any other address is ignored on login, register, Google sign-in and getUser: no token is handed to it', async () => {
    const token = await s.login('free@demo.test');
    let n = 0;
    for (const url of REFUSED) {
      const r = await login(url);
      expect(r.status).toBe(200);
      expect(r.body.access_token).toBeTruthy();
      expect(r.body).not.toHaveProperty('fe_token');
      expect(r.body).not.toHaveProperty('callbackurl');

      const reg = await s.call('POST', '/api/auth/register', {
        body: { name: 'Cb', email: `cb${++n}@example.com`, password: 'callback-pass-1', callback_url: url },
      });
      expect(reg.status).toBe(200);
      expect(reg.body).not.toHaveProperty('fe_token');

      const g = await s.call('POST', '/api/auth/googlelogin', { body: { googletoken: `test-google:cbg${n}@example.com`, callback_url: url } });
      expect(g.status).toBe(200);
      expect(g.body).not.toHaveProperty('fe_token');

      const me = await s.call('GET', `/api/auth/getUser?callback_url=${encodeURIComponent(url)}`, { token });
      expect(me.status).toBe(200);
      expect(me.body).not.toHaveProperty('fe_token');
      expect(me.body).not.toHaveProperty('callbackurl');
    }
  });

  it('without CALLBACK_HOSTS only the app’s own origin (PUBLIC_URL when set) is allowed', async () => {
    const app = createApp({ db: s.db, clock: s.clock, config: { devRoutes: true, aiPaceMs: 0, publicUrl: 'https://app.example.com', env: {} } });
    const ask = async (callback_url: string) => {
      const res = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-application': 'writer-web' },
        body: JSON.stringify({ email: 'free@demo.test', password: 'demo1234', callback_url }),
      });
      return (await res.json()) as { callbackurl?: string };
    };
    expect((await ask('https://app.example.com/connectWordPress')).callbackurl).toBe('https://app.example.com/connectWordPress');
    expect((await ask('https://blog.example/wp-admin')).callbackurl).toBeUndefined();
    expect((await ask('http://localhost/connectWordPress')).callbackurl).toBeUndefined(); // the Host header is not the origin
  });

  it('CALLBACK_HOSTS is a comma-separated list of host names', () => {
    expect(callbackHosts({ CALLBACK_HOSTS: ' Blog.Example , shop.example.org,,' })).toEqual(['blog.example', 'shop.example.org']);
    expect(callbackHosts({})).toEqual([]);
    expect(typeof acceptedCallbackUrl).toBe('function');
  });
});
