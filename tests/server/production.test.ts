/**
 * Production is the default for every start that is not the dev server or a test (server/runtime.ts): no dev
 * reset, no test Google sign-in, no test checkout; a start without PUBLIC_URL or QUEUE_JWT_SECRET is refused,
 * naming them; links in mails come from PUBLIC_URL, never from the Host header; HSTS over https.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import { memoryMailer } from '@server/app-env';
import { startRuntime } from '@server/runtime';
import { securityHeaders } from '@server/security-headers';

const s = useTestServer();

const PUBLIC_URL = 'https://app.wordsmith.example';

function productionApp(publicUrl: string | undefined = PUBLIC_URL) {
  const mailer = memoryMailer();
  const app = createApp({ db: s.db, clock: s.clock, mailer, config: { devRoutes: false, publicUrl, aiPaceMs: 0, env: {} } });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { 'x-application': 'writer-web', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { app, mailer, call };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a start outside the dev server and tests is production', () => {
  it('is refused without PUBLIC_URL and QUEUE_JWT_SECRET, naming both', async () => {
    vi.stubEnv('PUBLIC_URL', '');
    vi.stubEnv('QUEUE_JWT_SECRET', '');
    const started = startRuntime({ databaseUrl: 'memory://', dev: false });
    await expect(started).rejects.toThrow(/PUBLIC_URL[\s\S]*QUEUE_JWT_SECRET/);
  });

  it('starts with them, and answers 404 on the dev reset, refuses the test Google sign-in and has no test checkout', async () => {
    vi.stubEnv('PUBLIC_URL', PUBLIC_URL);
    vi.stubEnv('QUEUE_JWT_SECRET', 'x'.repeat(40));
    const rt = await startRuntime({ databaseUrl: 'memory://', dev: false });
    try {
      const req = (method: string, path: string, body?: unknown) =>
        rt.app.request(path, {
          method,
          headers: { 'x-application': 'writer-web', 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      expect((await req('POST', '/api/dev/reset')).status).toBe(404);
      const google = await req('POST', '/api/auth/googlelogin', { googletoken: 'test-google:free@demo.test' });
      expect(google.status).toBe(401);
      expect((await req('GET', `/test-checkout/${'a'.repeat(64)}`)).status).toBe(404);
      expect((await req('POST', `/test-checkout/${'a'.repeat(64)}/pay`)).status).toBe(404);
    } finally {
      await rt.close();
    }
  });
});

describe('links in mails', () => {
  it('a password reset requested with Host: evil.example mails a link to PUBLIC_URL', async () => {
    const { call, mailer } = productionApp();
    const r = await call('POST', 'http://evil.example/api/auth/password/email', { email: 'free@demo.test' }, { host: 'evil.example' });
    expect(r.status).toBe(200);
    const link = mailer.outbox.at(-1)?.link ?? '';
    expect(new URL(link).origin).toBe(PUBLIC_URL);
  });
});

describe('HSTS', () => {
  it('is sent when the public URL is https', async () => {
    const root = new Hono();
    root.use('*', securityHeaders({ PUBLIC_URL }));
    root.get('/', (c) => c.text('ok'));
    expect((await root.request('http://127.0.0.1/')).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const plain = new Hono();
    plain.use('*', securityHeaders({}));
    plain.get('/', (c) => c.text('ok'));
    expect((await plain.request('http://127.0.0.1/')).headers.get('strict-transport-security')).toBeNull();
  });
});
