import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { ACCESS_TOKEN_CACHE_TTL_MS, checkAccessToken, forgetAccessTokens } from '../../server/auth/tokens';
import { sha256 } from '../../server/lib/crypto';
import * as t from '../../server/db/schema';

/**
 * The in-process memory of valid access tokens (server/auth/tokens.ts). The routes that revoke tokens are tested
 * in auth.test.ts with tokens in use; here, what the memory itself promises. A token revoked behind the server's
 * back (straight in the database, as another server process on the same PostgreSQL would) shows what is
 * remembered and for how long.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.reset();
});

const revokeBehindTheServersBack = (token: string) =>
  s.db.update(t.accessTokens).set({ revokedAt: s.clock.now() }).where(eq(t.accessTokens.tokenHash, sha256(token)));

describe('remembered access tokens', () => {
  it('a valid token is remembered for ACCESS_TOKEN_CACHE_TTL_MS, then looked up again', async () => {
    const token = await s.login('free@demo.test');
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('ok');
    await revokeBehindTheServersBack(token);
    s.clock.advance(ACCESS_TOKEN_CACHE_TTL_MS - 1);
    expect((await checkAccessToken(s.db, token, s.clock.now())).status).toBe('ok');
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
    expect((await checkAccessToken(s.db, plus, s.clock.now())).status).toBe('ok');
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
