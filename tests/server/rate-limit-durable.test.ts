/**
 * Rate-limit counters are in the database (issue 25): a restart forgets none and a second server process on the
 * same database counts with the first; password-reset requests and token guesses are counted apart from sign-in,
 * so they can never lock the real password out.
 */
import { describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';

const s = useTestServer({ reset: 'once' });
const PASSWORD = 'right-password-1';
const MIN = 60 * 1000;

let seq = 0;
async function newUser(): Promise<string> {
  const email = `durable${++seq}@example.com`;
  expect((await s.call('POST', '/api/auth/register', { body: { name: 'Durable', email, password: PASSWORD } })).status).toBe(200);
  return email;
}
/** Another server on the same database: a restarted process, or a second one beside the first. */
const otherProcess = () => createApp({ db: s.db, clock: s.clock, config: { devRoutes: true, aiPaceMs: 0, env: {} } });

async function post(app: ReturnType<typeof createApp>, path: string, json: unknown, from?: string) {
  const env = from ? { incoming: { socket: { remoteAddress: from, remotePort: 50000, remoteFamily: 'IPv4' } } } : undefined;
  const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-application': 'writer-web' }, body: JSON.stringify(json) }, env as never);
  return { status: res.status, body: (await res.json()) as { message?: string; access_token?: string } };
}

describe('counters shared through the database', () => {
  it('failures counted by one server process lock the email on another (and after a restart)', async () => {
    const email = await newUser();
    const first = otherProcess();
    for (let i = 0; i < 3; i++) expect((await post(first, '/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
    const second = otherProcess();
    for (let i = 0; i < 2; i++) expect((await post(second, '/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
    const restarted = otherProcess();
    const refused = await post(restarted, '/api/auth/login', { email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many sign-in attempts. Please try again in 15 minutes.', type: 'Too Many Attempts' });
    expect((await post(first, '/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    s.clock.advance(15 * MIN);
    expect((await post(second, '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('parallel guesses on two processes cannot pass the limit together', async () => {
    const email = await newUser();
    const apps = [otherProcess(), otherProcess()];
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => post(apps[i % 2], '/api/auth/login', { email, password: `guess-${i}` })));
    expect(replies.filter((r) => r.status === 401)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('the counters are rows of rate_limit_hits, and old ones are swept when the key is counted again', async () => {
    const email = await newUser();
    await post(s.app, '/api/auth/login', { email, password: 'wrong' });
    const rows = async () => (await s.db.select({ n: count() }).from(t.rateLimitHits).where(like(t.rateLimitHits.key, `%${email}`)))[0].n;
    expect(await rows()).toBe(1);
    s.clock.advance(16 * MIN);
    await post(s.app, '/api/auth/login', { email, password: 'wrong' });
    expect(await rows()).toBe(1);
  });
});

describe('password reset never locks the real password out', () => {
  it('any number of reset-link requests for an account leave its sign-in open', async () => {
    const email = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(s.app, '/api/auth/password/email', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const ok = await post(s.app, '/api/auth/login', { email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('reset requests from one client address are limited per address (20), and that address can still sign in', async () => {
    const email = await newUser();
    const from = '203.0.113.201';
    for (let i = 0; i < 20; i++) expect((await post(s.app, '/api/auth/password/email', { email: `someone${++seq}@example.com` }, from)).status).toBe(200);
    expect((await post(s.app, '/api/auth/password/email', { email: `someone${++seq}@example.com` }, from)).status).toBe(429);
    expect((await post(s.app, '/api/auth/login', { email, password: PASSWORD }, from)).status).toBe(200);
  });

  it('reset-token guesses from an address do not lock sign-in from it', async () => {
    const email = await newUser();
    const from = '203.0.113.202';
    for (let i = 0; i < 20; i++)
      expect((await post(s.app, '/api/auth/password/email', { token: `guess-${i}`, password: 'whatever-1', password_confirmation: 'whatever-1' }, from)).status).toBe(422);
    expect((await post(s.app, '/api/auth/password/email', { token: 'guess-x', password: 'whatever-1', password_confirmation: 'whatever-1' }, from)).status).toBe(429);
    expect((await post(s.app, '/api/auth/login', { email, password: PASSWORD }, from)).status).toBe(200);
  });

  it('sign-in failures do not use up the reset requests either', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) expect((await post(s.app, '/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
    expect((await post(s.app, '/api/auth/password/email', { email })).status).toBe(200);
    expect(s.mailer.outbox.at(-1)!.to).toBe(email);
  });
});
