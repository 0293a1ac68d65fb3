/**
 * Sign-in rate limiting (server/http/rate-limit.ts): 5 failed attempts per email or 20 per client address in a
 * sliding 15-minute window, then 429 'Too Many Attempts' with Retry-After, on simulated time (the test clock).
 * The counters are in the database (reset only once for this file), so every test uses its own emails and addresses.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from './harness';
import { createApp } from '@server/app';

const s = useTestServer({ reset: 'once' });

const MIN = 60 * 1000;
const PASSWORD = 'right-password-1';
const TOO_MANY = (minutes: number) => ({
  message: `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  type: 'Too Many Attempts',
});
const STATE = 'Rl7'.repeat(13) + 'q';

let seq = 0;
/** A fresh account with PASSWORD (registration is not rate-limited). */
async function newUser(): Promise<string> {
  const email = `rate${++seq}@example.com`;
  const r = await s.call('POST', '/api/auth/register', { body: { name: 'Rate Limit', email, password: PASSWORD } });
  expect(r.status).toBe(200);
  return email;
}

/** A request as @hono/node-server would pass it: with the socket's remote address in the bindings. */
async function request(app: TestServer['app'], path: string, o: { json?: unknown; form?: Record<string, string>; from?: string; headers?: Record<string, string> }) {
  const headers: Record<string, string> = { 'x-application': 'writer-web', ...o.headers };
  let body: string;
  if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  }
  const env = o.from ? { incoming: { socket: { remoteAddress: o.from, remotePort: 50000, remoteFamily: 'IPv4' } } } : undefined;
  const res = await app.request(path, { method: 'POST', headers, body }, env as never);
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
  return { status: res.status, body: json, text, res };
}
const login = (email: string, password: string, from?: string, app = s.app) => request(app, '/api/auth/login', { json: { email, password }, from });

describe('per email', () => {
  it('after 5 wrong passwords even the right one is refused with 429, Retry-After and the verbatim message; 15 minutes later it works', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      const r = await login(i % 2 ? email.toUpperCase() : email, `wrong-${i}`);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Invalid credentials.' });
    }
    const refused = await login(email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many sign-in attempts. Please try again in 15 minutes.', type: 'Too Many Attempts' });
    expect(refused.res.headers.get('retry-after')).toBe('900');
    expect(refused.res.headers.get('content-type')).toContain('application/json');

    // The lockout is not extended by refused attempts; the wait shrinks as simulated time passes.
    s.clock.advance(10 * MIN);
    const later = await login(email.toUpperCase(), PASSWORD);
    expect(later.status).toBe(429);
    expect(later.body).toEqual(TOO_MANY(5));
    expect(later.res.headers.get('retry-after')).toBe('300');
    s.clock.advance(4 * MIN + 30_000);
    const last = await login(email, PASSWORD);
    expect(last.body).toEqual(TOO_MANY(1));
    expect(last.res.headers.get('retry-after')).toBe('30');

    s.clock.advance(30_000); // 15 minutes after the failures
    const ok = await login(email, PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('the window slides: failures older than 15 minutes stop counting one by one', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await login(email, 'wrong')).status).toBe(401);
      s.clock.advance(MIN);
    }
    // Failures at 0..4 min, now 5 min: locked until the first one is 15 minutes old (10 more minutes).
    const r = await login(email, PASSWORD);
    expect(r.status).toBe(429);
    expect(r.res.headers.get('retry-after')).toBe('600');
    s.clock.advance(10 * MIN);
    expect((await login(email, 'wrong')).status).toBe(401); // one slot free again
    expect((await login(email, PASSWORD)).status).toBe(429);
  });

  it('a successful sign-in resets the email’s counter', async () => {
    const email = await newUser();
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(429);
  });

  it('different emails are independent (unknown emails count too)', async () => {
    const a = await newUser();
    const b = await newUser();
    for (let i = 0; i < 5; i++) expect((await login(a, 'wrong')).status).toBe(401);
    expect((await login(a, PASSWORD)).status).toBe(429);
    expect((await login(b, 'wrong')).status).toBe(401);
    expect((await login(b, PASSWORD)).status).toBe(200);

    const ghost = `ghost${++seq}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(ghost, 'wrong')).status).toBe(401);
    const r = await login(ghost, 'wrong');
    expect(r.status).toBe(429); // same answer as for an existing account: the limit does not reveal accounts
    expect(r.body).toEqual(TOO_MANY(15));
  });

  it('concurrent guesses cannot slip past the limit (each attempt counts before the password is checked)', async () => {
    const email = await newUser();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, `guess-${i}`)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 401)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(7);
  });
});

describe('per client address', () => {
  it('20 failures from one address refuse every further attempt from it, for any email; other addresses are unaffected', async () => {
    const victim = await newUser();
    const from = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      // 4 emails × 5 would trip the email limit first, so every failure is for a different email.
      expect((await login(`spray${++seq}@example.com`, 'wrong', from)).status).toBe(401);
    }
    const refused = await login(victim, PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY(15));
    expect(refused.res.headers.get('retry-after')).toBe('900');
    expect((await login(victim, PASSWORD, '203.0.113.8')).status).toBe(200);
    expect((await login(victim, PASSWORD)).status).toBe(200); // no conninfo: 'unknown' has no address limit
    s.clock.advance(15 * MIN);
    expect((await login(victim, PASSWORD, from)).status).toBe(200);
  });

  it('successful sign-ins do not count towards the address limit', async () => {
    const user = await newUser();
    const from = '198.51.100.23';
    for (let i = 0; i < 19; i++) expect((await login(`miss${++seq}@example.com`, 'wrong', from)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(user, PASSWORD, from)).status).toBe(200);
    expect((await login(`miss${++seq}@example.com`, 'wrong', from)).status).toBe(401); // the 20th failure
    expect((await login(user, PASSWORD, from)).status).toBe(429);
  });

  it('X-Forwarded-For is ignored unless TRUST_PROXY=1, then its last entry is the address', async () => {
    const from = '192.0.2.50';
    for (let i = 0; i < 20; i++) {
      const r = await request(s.app, '/api/auth/login', {
        json: { email: `xff${++seq}@example.com`, password: 'wrong' },
        from,
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(r.status).toBe(401);
    }
    expect((await login(`xff${++seq}@example.com`, 'wrong', from)).status).toBe(429);

    const proxied = createApp({ db: s.db, clock: s.clock, config: { devRoutes: true, aiPaceMs: 0, env: { TRUST_PROXY: '1' } } });
    const viaProxy = (client: string) =>
      request(proxied, '/api/auth/login', {
        json: { email: `proxy${++seq}@example.com`, password: 'wrong' },
        from: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.18.0.1, ${client}` },
      });
    for (let i = 0; i < 20; i++) expect((await viaProxy('198.18.5.5')).status).toBe(401);
    expect((await viaProxy('198.18.5.5')).status).toBe(429);
    expect((await viaProxy('198.18.6.6')).status).toBe(401); // another client behind the same proxy
  });
});

describe('every sign-in entry point', () => {
  const form = (email: string, password: string) => ({
    client_id: 'writer-web',
    redirect_uri: 'http://localhost/home',
    state: STATE,
    email,
    password,
  });

  it('the hosted sign-in form shows the message on the page (200) and signs in again after 15 minutes', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      const r = await request(s.app, '/oauth/authorize', { form: form(email, 'wrong') });
      expect(r.status).toBe(200);
      expect(r.text).toContain('These credentials do not match our records.');
    }
    const refused = await request(s.app, '/oauth/authorize', { form: form(email, PASSWORD) });
    expect(refused.status).toBe(200);
    expect(refused.res.headers.get('location')).toBeNull();
    expect(refused.text).toContain('<p class="error" role="alert" id="form-error">Too many sign-in attempts. Please try again in 15 minutes.</p>');
    expect(refused.text).toContain('<form method="post" action="/oauth/authorize"');
    expect((await login(email, PASSWORD)).status).toBe(429); // one counter for all entry points
    s.clock.advance(15 * MIN);
    const ok = await request(s.app, '/oauth/authorize', { form: form(email, PASSWORD) });
    expect(ok.status).toBe(302);
    expect(new URL(ok.res.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('Google sign-in: refused for a locked email, and rejected tokens count per address', async () => {
    const email = await newUser();
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).status).toBe(401);
    const locked = await request(s.app, '/api/auth/googlelogin', { json: { googletoken: `test-google:${email}` } });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY(15));
    expect(locked.res.headers.get('retry-after')).toBe('900');

    const from = '203.0.113.99';
    for (let i = 0; i < 20; i++) {
      expect((await request(s.app, '/api/auth/googlelogin', { json: { googletoken: `forged-${i}` }, from })).status).toBe(401);
    }
    const r = await request(s.app, '/api/auth/googlelogin', { json: { googletoken: `test-google:fresh${++seq}@example.com` }, from });
    expect(r.status).toBe(429);
  });

  it('a Google sign-in resets the email’s counter', async () => {
    const email = await newUser();
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await request(s.app, '/api/auth/googlelogin', { json: { googletoken: `test-google:${email}` } })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('reset-link requests count on their own (whether or not the account exists); the 6th is refused and mails nothing', async () => {
    for (const email of [await newUser(), `nobody${++seq}@example.com`]) {
      for (let i = 0; i < 5; i++) expect((await request(s.app, '/api/auth/password/email', { json: { email } })).status).toBe(200);
      const sent = s.mailer.outbox.length;
      const r = await request(s.app, '/api/auth/password/email', { json: { email: email.toUpperCase() } });
      expect(r.status).toBe(429);
      expect(r.body).toEqual(TOO_MANY(15));
      expect(r.res.headers.get('retry-after')).toBe('900');
      expect(s.mailer.outbox.length).toBe(sent);
    }
  });

  it('resetting the password with the mailed link ends the email’s lockout', async () => {
    const email = await newUser();
    expect((await request(s.app, '/api/auth/password/email', { json: { email } })).status).toBe(200);
    const token = new URL(s.mailer.outbox.at(-1)!.link!).searchParams.get('token')!;
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(429);
    const reset = await request(s.app, '/api/auth/password/email', {
      json: { token, password: 'after-reset-1', password_confirmation: 'after-reset-1' },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'after-reset-1')).status).toBe(200);
  });

  it('guessing reset tokens counts per address', async () => {
    const from = '203.0.113.150';
    for (let i = 0; i < 20; i++) {
      const r = await request(s.app, '/api/auth/password/email', {
        json: { token: `guess-${i}`, password: 'whatever-1', password_confirmation: 'whatever-1' },
        from,
      });
      expect(r.status).toBe(422);
    }
    const r = await request(s.app, '/api/auth/password/email', {
      json: { token: 'guess-x', password: 'whatever-1', password_confirmation: 'whatever-1' },
      from,
    });
    expect(r.status).toBe(429);
    expect(r.body).toEqual(TOO_MANY(15));
  });
});
