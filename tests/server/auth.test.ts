import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import { hashPassword, verifyPassword, sha256 } from '@server/lib/crypto';
import * as t from '@server/db/schema';
import { ACCESS_TOKEN_CACHE_TTL_MS, checkAccessToken, forgetAccessTokens } from '@server/auth/tokens';

const s = useTestServer();

const DAY = 24 * 60 * 60 * 1000;
const STATE = 'a'.repeat(20) + 'B'.repeat(10) + '0123456789';

describe('password hashing', () => {
  it('salts, verifies and rejects', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });
});

describe('login and bearer tokens', () => {
  it('signs in and answers getUser', async () => {
    const r = await s.call('POST', '/api/auth/login', { body: { email: 'Plus@Demo.test', password: 'demo1234' } });
    expect(r.status).toBe(200);
    expect(r.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.data.user.email).toBe('plus@demo.test');
    const me = await s.call('GET', '/api/auth/getUser', { token: r.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.name).toBe('Paula Plummer');
  });

  it('rejects a wrong password and an unknown email with 401 and a clear message', async () => {
    for (const body of [
      { email: 'plus@demo.test', password: 'wrong-password' },
      { email: 'nobody@demo.test', password: 'demo1234' },
    ]) {
      const r = await s.call('POST', '/api/auth/login', { body });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Invalid credentials.' });
    }
  });

  it('stores only the SHA-256 of the token, with a 30-day expiry', async () => {
    const token = await s.login('free@demo.test');
    const rows = await s.db.select().from(t.accessTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const row = rows.find((r) => r.tokenHash === sha256(token))!;
    expect(row).toBeDefined();
    expect(row.expiresAt.getTime() - s.clock.now().getTime()).toBe(30 * DAY);
  });

  it("answers 401 'Unauthenticated.' without, with an unknown or a malformed token", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const r = await s.call('GET', '/api/auth/getUser', { headers });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it("answers 401 'Token expired.' once the token is 30 days old", async () => {
    const token = await s.login('free@demo.test');
    s.clock.advance(30 * DAY - 1000);
    expect((await s.call('GET', '/api/auth/getUser', { token })).status).toBe(200);
    s.clock.advance(1000);
    const r = await s.call('GET', '/api/auth/getUser', { token });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Token expired.' });
  });

  it('logout revokes the token (and only that one)', async () => {
    const a = await s.login('free@demo.test');
    const b = await s.login('free@demo.test');
    const out = await s.call('POST', '/api/logout', { token: a });
    expect(out.status).toBe(200);
    const r = await s.call('GET', '/api/auth/getUser', { token: a });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Unauthenticated.');
    expect((await s.call('GET', '/api/auth/getUser', { token: b })).status).toBe(200);
    expect((await s.call('POST', '/api/logout', { token: a })).status).toBe(401);
  });

  it('a deleted account\'s token in use is refused at once', async () => {
    const token = await s.login('free@demo.test');
    const me = await s.call('GET', '/api/auth/getUser', { token });
    expect(me.status).toBe(200);
    const del = await s.call('POST', `/api/deleteUser/${me.body.data.user.id}`, { token, body: { deleted_reason: 'leaving' } });
    expect(del.status).toBe(200);
    const after = await s.call('GET', '/api/auth/getUser', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Unauthenticated.');
  });

  it('login with log_out signs out the other sessions', async () => {
    const a = await s.login('free@demo.test');
    expect((await s.call('GET', '/api/auth/getUser', { token: a })).status).toBe(200); // a token in use (remembered by the server)
    const r = await s.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: 'demo1234', log_out: true } });
    expect((await s.call('GET', '/api/auth/getUser', { token: a })).status).toBe(401);
    expect((await s.call('GET', '/api/auth/getUser', { token: r.body.access_token })).status).toBe(200);
  });

  it('with callback_url the reply carries fe_token and callbackurl', async () => {
    const r = await s.call('POST', '/api/auth/login', {
      body: { email: 'free@demo.test', password: 'demo1234', domain: 'blog.example', callback_url: 'https://blog.example/wp-admin' },
    });
    expect(r.body.callbackurl).toBe('https://blog.example/wp-admin');
    expect((await s.call('GET', '/api/auth/getUser', { token: r.body.fe_token })).status).toBe(200);
  });
});

describe('registration, verification and password reset', () => {
  it('registers on the free plan and refuses a taken email (any case)', async () => {
    const r = await s.call('POST', '/api/auth/register', { body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' } });
    expect(r.status).toBe(200);
    expect(r.body.data.user.user_subscription).toMatchObject({ plan_id: 1, status: 'active' });
    expect(r.body.data.user.isFirstLogin).toBe(true);
    const again = await s.call('POST', '/api/auth/register', { body: { name: 'Ada', email: 'ADA@example.com', password: 'analytical' } });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken.']);
    const demo = await s.call('POST', '/api/auth/register', { body: { name: 'X', email: 'plus@demo.test', password: 'analytical' } });
    expect(demo.status).toBe(422);
  });

  it('verifies the email with the mailed token, once', async () => {
    await s.call('POST', '/api/auth/register', { body: { name: 'Ada', email: 'ada@example.com', password: 'analytical' } });
    const link = s.mailer.outbox.find((m) => m.to === 'ada@example.com')!.link!;
    const token = new URL(link).searchParams.get('token')!;
    const ok = await s.call('POST', '/api/profile/userVerification', { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    const again = await s.call('POST', '/api/profile/userVerification', { body: { token } });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toBeDefined();
  });

  it('resets the password with the mailed token; the token is single use and old sessions end', async () => {
    const old = await s.login('free@demo.test');
    expect((await s.call('GET', '/api/auth/getUser', { token: old })).status).toBe(200);
    const ask = await s.call('POST', '/api/auth/password/email', { body: { email: 'free@demo.test' } });
    expect(ask.status).toBe(200);
    const unknown = await s.call('POST', '/api/auth/password/email', { body: { email: 'nobody@demo.test' } });
    expect(unknown.body).toEqual(ask.body); // does not reveal accounts
    const token = new URL(s.mailer.outbox.at(-1)!.link!).searchParams.get('token')!;

    const mismatch = await s.call('POST', '/api/auth/password/email', {
      body: { token, password: 'new-password-1', password_confirmation: 'other' },
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors)).toEqual(['password_confirmation']);

    const reset = await s.call('POST', '/api/auth/password/email', {
      body: { token, password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect((await s.call('GET', '/api/auth/getUser', { token: old })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: 'demo1234' } })).status).toBe(401);
    await s.login('free@demo.test', 'new-password-1');
    const reuse = await s.call('POST', '/api/auth/password/email', {
      body: { token, password: 'new-password-2', password_confirmation: 'new-password-2' },
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.token).toBeDefined();
  });

  it('update-password keeps this session and ends the others', async () => {
    const a = await s.login('free@demo.test');
    const b = await s.login('free@demo.test');
    expect((await s.call('GET', '/api/auth/getUser', { token: b })).status).toBe(200);
    const r = await s.call('POST', '/api/profile/update-password', { token: a, body: { password: 'brand-new-pw', confirm_password: 'brand-new-pw' } });
    expect(r.status).toBe(200);
    expect((await s.call('GET', '/api/auth/getUser', { token: a })).status).toBe(200);
    expect((await s.call('GET', '/api/auth/getUser', { token: b })).status).toBe(401);
    await s.login('free@demo.test', 'brand-new-pw');
  });

  it('the offline Google stand-in signs in only test tokens', async () => {
    const bad = await s.call('POST', '/api/auth/googlelogin', { body: { googletoken: 'eyJhbGciOi.fake.token' } });
    expect(bad.status).toBe(401);
    const ok = await s.call('POST', '/api/auth/googlelogin', { body: { googletoken: 'test-google:gina@example.com:Gina Google' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: 'gina@example.com', name: 'Gina Google' });
  });
});

describe('hosted sign-in (authorization code flow)', () => {
  const ORIGIN = 'http://localhost';
  const authorizeUrl = (q: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(q)}`;
  const good = { client_id: 'writer-web', redirect_uri: `${ORIGIN}/home`, state: STATE, response_type: 'code' };

  async function signIn(over: Record<string, string> = {}) {
    const form = new URLSearchParams({ ...good, email: 'pro@demo.test', password: 'demo1234', ...over });
    form.delete('response_type');
    return s.app.request('/oauth/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  it('serves an accessible sign-in page', async () => {
    const res = await s.app.request(authorizeUrl(good));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toContain(`value="${STATE}"`);
    expect(html).not.toMatch(/<script/i);
  });

  it('rejects a malformed state and foreign or missing redirect_uri', async () => {
    const cases = [
      { ...good, state: STATE.slice(1) },
      { ...good, state: STATE.slice(1) + '!' },
      { ...good, state: '' },
      { ...good, redirect_uri: 'https://evil.example/home' },
      { ...good, redirect_uri: '//evil.example/home' },
      { ...good, redirect_uri: 'javascript:alert(1)' },
      { ...good, response_type: 'token' },
    ];
    for (const q of cases) {
      const res = await s.app.request(authorizeUrl(q));
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    const post = await signIn({ redirect_uri: 'https://evil.example/home' });
    expect(post.status).toBe(400);
    expect(post.headers.get('location')).toBeNull();
  });

  it('shows the form again with an error on wrong credentials', async () => {
    const res = await signIn({ password: 'nope' });
    expect(res.status).toBe(200); // openapi: the page again with the error
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('These credentials do not match our records.');
  });

  it('redirects with code and state; the code is single use and tied to redirect_uri', async () => {
    const res = await signIn();
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe(`${ORIGIN}/home`);
    expect(loc.searchParams.get('state')).toBe(STATE);
    const code = loc.searchParams.get('code')!;

    const mismatch = await s.call('POST', '/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/other` } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('invalid_grant');

    const ok = await s.call('POST', '/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/home` } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600 });
    const me = await s.call('GET', '/api/auth/getUser', { token: ok.body.access_token });
    expect(me.body.data.user.email).toBe('pro@demo.test');

    const again = await s.call('POST', '/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/home` } });
    expect(again.status).toBe(400);
  });

  it('codes expire after 5 minutes', async () => {
    const code = new URL((await signIn()).headers.get('location')!).searchParams.get('code')!;
    s.clock.advance(5 * 60 * 1000);
    const r = await s.call('POST', '/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/home` } });
    expect(r.status).toBe(400);
  });

  it('refresh rotates: new pair works, the old refresh token and access token do not', async () => {
    const code = new URL((await signIn()).headers.get('location')!).searchParams.get('code')!;
    const first = (await s.call('POST', '/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/home` } })).body;
    expect((await s.call('GET', '/api/auth/getUser', { token: first.access_token })).status).toBe(200);
    const r = await s.call('POST', '/oauth/token/refresh', { body: { refresh_token: first.refresh_token } });
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(first.refresh_token);
    expect((await s.call('GET', '/api/auth/getUser', { token: r.body.access_token })).status).toBe(200);
    expect((await s.call('GET', '/api/auth/getUser', { token: first.access_token })).status).toBe(401);
    expect((await s.call('POST', '/oauth/token/refresh', { body: { refresh_token: first.refresh_token } })).status).toBe(400);
  });

  it('stores codes hashed', async () => {
    const code = new URL((await signIn()).headers.get('location')!).searchParams.get('code')!;
    const [row] = await s.db.select().from(t.oauthCodes).where(eq(t.oauthCodes.codeHash, sha256(code)));
    expect(row.redirectUri).toBe(`${ORIGIN}/home`);
  });
});

/**
 * The in-process memory of valid access tokens (server/auth/tokens.ts), kept on the embedded database only (one
 * process); on PostgreSQL, which several app servers may share, every call reads the token's row. The routes that
 * revoke tokens are tested in auth.test.ts with tokens in use; here, what the memory itself promises. A token
 * revoked behind the server's back (straight in the database, as another server process on the same PostgreSQL
 * would) shows what is remembered and for how long.
 */
/** What a remembered token answers: on PostgreSQL nothing is remembered, so the database's answer. */
const rememberedOr = (remembered: string, fromTheDatabase: string) => (s.driver === 'pglite' ? remembered : fromTheDatabase);
const revokeBehindTheServersBack = (token: string) =>
  s.db.update(t.accessTokens).set({ revokedAt: s.clock.now() }).where(eq(t.accessTokens.tokenHash, sha256(token)));

describe('remembered access tokens', () => {
  it('a valid token is remembered for ACCESS_TOKEN_CACHE_TTL_MS on the embedded database, then looked up again; on PostgreSQL another server’s revocation counts at once', async () => {
    const token = await s.login('free@demo.test');
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('ok');
    await revokeBehindTheServersBack(token);
    s.clock.advance(ACCESS_TOKEN_CACHE_TTL_MS - 1);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe(rememberedOr('ok', 'invalid'));
    s.clock.advance(1);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('invalid');
  });

  it('expiry is checked on every use, remembered or not', async () => {
    const token = await s.login('free@demo.test');
    const [{ expiresAt }] = await s.db.select({ expiresAt: t.accessTokens.expiresAt }).from(t.accessTokens).where(eq(t.accessTokens.tokenHash, sha256(token)));
    s.clock.set(new Date(expiresAt.getTime() - 1000));
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('ok');
    s.clock.advance(1000);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('expired');
    const r = await s.call('GET', '/api/auth/getUser', { token });
    expect(r.body.message).toBe('Token expired.');
  });

  it('forgetting a user drops only that user’s tokens', async () => {
    const free = await s.login('free@demo.test');
    const plus = await s.login('plus@demo.test');
    const freeId = (await checkAccessToken(s.db, free, s.clock.now())) as { userId: number };
    await checkAccessToken(s.db, plus, s.clock.now());
    await revokeBehindTheServersBack(free);
    await revokeBehindTheServersBack(plus);
    forgetAccessTokens(freeId.userId);
    expect((await checkAccessToken(s.db, free, s.clock.now())).status).toBe('invalid');
    expect((await checkAccessToken(s.db, plus, s.clock.now())).status).toBe(rememberedOr('ok', 'invalid'));
  });

  it('a lookup that was running when tokens were forgotten is not remembered (it may have read the row before a revocation committed)', async () => {
    const token = await s.login('free@demo.test');
    const running = checkAccessToken(s.db, token, s.clock.now());
    forgetAccessTokens(); // while the lookup reads the database
    expect((await running).status).toBe('ok');
    await revokeBehindTheServersBack(token);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('invalid');
  });

  it('unknown and revoked tokens are never remembered', async () => {
    const token = await s.login('free@demo.test');
    await revokeBehindTheServersBack(token);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('invalid');
    // un-revoked straight in the database: looked up again, so valid again
    await s.db.update(t.accessTokens).set({ revokedAt: null }).where(eq(t.accessTokens.tokenHash, sha256(token)));
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('ok');
  });

  it('the database reset forgets every token', async () => {
    const token = await s.login('free@demo.test');
    expect((await s.call('GET', '/api/auth/getUser', { token })).status).toBe(200);
    await s.reset();
    expect((await s.call('GET', '/api/auth/getUser', { token })).status).toBe(401);
  });
});
