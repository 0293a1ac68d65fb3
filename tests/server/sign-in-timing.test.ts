/**
 * Equal-time sign-in answers (issue 25, account enumeration): an unknown email, a Google-only account (no
 * password hash) and a password account each cost exactly one scrypt, on the JSON sign-in and on the hosted
 * sign-in form. Counted calls of the hash function, not wall time, so the test cannot flake under load.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer } from './harness';

const scryptCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof real.scrypt>) => {
    scryptCalls.n++;
    return (real.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof real.scrypt;
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const s = useTestServer({ reset: 'once' });
const STATE = 'Tm9'.repeat(13) + 'q';
const GOOGLE_ONLY = 'google-only-timing@example.com';
const WITH_PASSWORD = 'password-timing@example.com';

beforeAll(async () => {
  expect((await s.call('POST', '/api/auth/googlelogin', { body: { googletoken: `test-google:${GOOGLE_ONLY}` } })).status).toBe(200);
  expect((await s.call('POST', '/api/auth/register', { body: { name: 'Timing', email: WITH_PASSWORD, password: 'right-password-1' } })).status).toBe(200);
  // the dummy hash is made once per process: made now, so it is not counted below
  expect((await s.call('POST', '/api/auth/login', { body: { email: 'warm-up@example.com', password: 'x-password' } })).status).toBe(401);
});

async function hashesFor(run: () => Promise<unknown>): Promise<number> {
  const before = scryptCalls.n;
  await run();
  return scryptCalls.n - before;
}

describe('a wrong password costs the same for every kind of account', () => {
  it('POST /api/auth/login: unknown, Google-only and password accounts each run one password hash and answer the same 401', async () => {
    const replies: unknown[] = [];
    const counts = [];
    for (const email of ['nobody-timing@example.com', GOOGLE_ONLY, WITH_PASSWORD]) {
      counts.push(
        await hashesFor(async () => {
          const r = await s.call('POST', '/api/auth/login', { body: { email, password: 'wrong-password-1' } });
          expect(r.status).toBe(401);
          replies.push(r.body);
        }),
      );
    }
    expect(counts).toEqual([1, 1, 1]);
    expect(new Set(replies.map((b) => JSON.stringify(b))).size).toBe(1);
    // the right password is one hash too
    expect(await hashesFor(() => s.login(WITH_PASSWORD, 'right-password-1'))).toBe(1);
  });

  it('POST /oauth/authorize: the same one hash for each', async () => {
    const counts = [];
    for (const email of ['nobody-form@example.com', GOOGLE_ONLY, WITH_PASSWORD]) {
      counts.push(
        await hashesFor(async () => {
          const form = new URLSearchParams({ client_id: 'writer-web', redirect_uri: 'http://localhost/home', state: STATE, email, password: 'wrong-password-1' });
          const r = await s.app.request('/oauth/authorize', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-application': 'writer-web' },
            body: form.toString(),
          });
          expect(r.status).toBe(200);
          expect(await r.text()).toContain('These credentials do not match our records.');
        }),
      );
    }
    expect(counts).toEqual([1, 1, 1]);
  });

  it('a Google-only account’s placeholder hash never matches, whatever is typed', async () => {
    const r = await s.call('POST', '/api/auth/login', { body: { email: GOOGLE_ONLY, password: '!external:' } });
    expect(r.status).toBe(401);
  });
});
