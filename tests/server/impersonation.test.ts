/**
 * `/?impersonateToken=…` (issue 25: "/?impersonateToken=<any token> silently replaces the session"): the server
 * accepts only tokens minted for impersonation — single use, 5 minutes — at POST /api/auth/impersonate; an access
 * token, a sign-in code or a guess is refused with 422.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import * as t from '@server/db/schema';
import { issueImpersonationToken, issueOAuthCode } from '@server/auth/tokens';

const s = useTestServer();
const REFUSED = { message: 'The given data was invalid.', type: 'validation', errors: { token: ['This impersonation link is invalid or has expired.'] } };
const userId = async (email: string) => (await s.db.select().from(t.users).where(eq(t.users.email, email)))[0]!.id;
const impersonate = (token: string) => s.call('POST', '/api/auth/impersonate', { body: { token } });

describe('POST /api/auth/impersonate', () => {
  it('a minted token signs in as that user, once', async () => {
    const token = await issueImpersonationToken(s.db, await userId('plus@demo.test'), s.clock.now());
    const r = await impersonate(token);
    expect(r.status).toBe(200);
    expect(r.body.data.user.email).toBe('plus@demo.test');
    expect((await s.call('GET', '/api/auth/getUser', { token: r.body.access_token })).body.data.user.email).toBe('plus@demo.test');
    const again = await impersonate(token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(REFUSED);
  });

  it('an access token, a sign-in code, an expired token and a guess are refused', async () => {
    const access = await s.login('pro@demo.test');
    const code = await issueOAuthCode(s.db, await userId('pro@demo.test'), 'writer-web', 'http://localhost/home', s.clock.now());
    const expired = await issueImpersonationToken(s.db, await userId('pro@demo.test'), s.clock.now());
    s.clock.advance(5 * 60 * 1000);
    for (const token of [access, code, expired, 'guess-123']) {
      const r = await impersonate(token);
      expect(r.status, token).toBe(422);
      expect(r.body).toEqual(REFUSED);
    }
  });

  it('the dev route mints one for an email (development only)', async () => {
    const r = await s.call('POST', '/api/dev/impersonation-token', { body: { email: 'free@demo.test' } });
    expect(r.status).toBe(200);
    expect((await impersonate(r.body.token)).body.data.user.email).toBe('free@demo.test');
    expect((await s.call('POST', '/api/dev/impersonation-token', { body: { email: 'nobody@demo.test' } })).status).toBe(404);
  });
});
