/** Access tokens, refresh tokens, authorization codes: opaque random strings stored as SHA-256 hashes. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newToken, sha256 } from '../lib/crypto';
import { addDays, addMinutes } from '../lib/dates';

/** Access token lifetime: 30 days. */
export const ACCESS_TOKEN_TTL_DAYS = 30;
export const ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_TTL_DAYS * 24 * 60 * 60;
/** Refresh token lifetime: 60 days (rotated on use). */
export const REFRESH_TOKEN_TTL_DAYS = 60;
/** Authorization codes are single use and valid 5 minutes. */
export const OAUTH_CODE_TTL_MINUTES = 5;
/** Password reset and email verification links. */
export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_DAYS = 7;

export async function issueAccessToken(db: Db, userId: number, now: Date) {
  const token = newToken();
  const expiresAt = addDays(now, ACCESS_TOKEN_TTL_DAYS);
  const [row] = await db
    .insert(t.accessTokens)
    .values({ userId, tokenHash: sha256(token), expiresAt, createdAt: now })
    .returning({ id: t.accessTokens.id });
  return { token, id: row.id, expiresAt };
}

export async function issueTokenPair(db: Db, userId: number, now: Date) {
  const access = await issueAccessToken(db, userId, now);
  const refresh = newToken();
  await db.insert(t.refreshTokens).values({
    userId,
    accessTokenId: access.id,
    tokenHash: sha256(refresh),
    expiresAt: addDays(now, REFRESH_TOKEN_TTL_DAYS),
    createdAt: now,
  });
  return {
    access_token: access.token,
    refresh_token: refresh,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

export type TokenCheck =
  | { status: 'ok'; userId: number; tokenId: number }
  | { status: 'expired' }
  | { status: 'invalid' };

/**
 * How long a valid access token's lookup is remembered in this process, on the embedded database only. Not a
 * spec constant: a speed choice — every API call checks its bearer token, and on the embedded database that lookup
 * is a large part of a status poll's work (scripts/load-test.ts shows it). The embedded database has one process,
 * so every revocation happens in it and forgets the token here at once (forgetAccessTokens): the cache cannot
 * answer a revoked token, and losing it (a restart) only costs lookups. On a PostgreSQL server other app servers
 * may revoke a token (log out, password change) at any moment, so there every call reads the token's row.
 */
export const ACCESS_TOKEN_CACHE_TTL_MS = 30_000;
/** At most this many tokens are remembered (the oldest are dropped first). */
export const ACCESS_TOKEN_CACHE_MAX = 10_000;

interface CachedToken {
  userId: number;
  tokenId: number;
  expiresAt: number;
  cachedAt: number;
}

/**
 * Valid tokens only (an unknown or revoked token is looked up every time, so guessed tokens cannot fill the
 * memory), keyed by the token's hash. Expiry is still checked on every use against the caller's clock.
 * A lookup that started before an invalidation does not store its (possibly stale) answer: `generation` counts
 * invalidations, and an answer is kept only when none happened while it was read.
 */
const tokenCache = new Map<string, CachedToken>();
let generation = 0;

/**
 * Forgets the remembered tokens of a user (all users when omitted). Called by every revocation, and again by
 * its caller once the transaction that revoked has committed: a lookup running meanwhile still reads the old
 * row, and the generation check keeps it from being remembered after the second call.
 */
export function forgetAccessTokens(userId?: number) {
  generation++;
  if (userId === undefined) tokenCache.clear();
  else for (const [hash, entry] of tokenCache) if (entry.userId === userId) tokenCache.delete(hash);
}

/** Whether `db` is the embedded PGlite (one process) rather than a PostgreSQL server that other processes share. */
const embedded = new WeakMap<Db, boolean>();
function isEmbedded(db: Db): boolean {
  let known = embedded.get(db);
  if (known === undefined) {
    const client = (db as unknown as { $client?: Record<string, unknown> }).$client;
    known = !!client && typeof client.exec === 'function' && 'waitReady' in client;
    embedded.set(db, known);
  }
  return known;
}

export async function checkAccessToken(db: Db, token: string, now: Date): Promise<TokenCheck> {
  const hash = sha256(token);
  const nowMs = now.getTime();
  const cacheable = isEmbedded(db);
  let entry = cacheable ? tokenCache.get(hash) : undefined;
  if (entry && (nowMs - entry.cachedAt >= ACCESS_TOKEN_CACHE_TTL_MS || nowMs < entry.cachedAt)) {
    tokenCache.delete(hash);
    entry = undefined;
  }
  if (!entry) {
    const started = generation;
    const [row] = await db
      .select({
        id: t.accessTokens.id,
        userId: t.accessTokens.userId,
        expiresAt: t.accessTokens.expiresAt,
        revokedAt: t.accessTokens.revokedAt,
        deletedAt: t.users.deletedAt,
      })
      .from(t.accessTokens)
      .innerJoin(t.users, eq(t.users.id, t.accessTokens.userId))
      .where(eq(t.accessTokens.tokenHash, hash))
      .limit(1);
    if (!row || row.revokedAt || row.deletedAt) return { status: 'invalid' };
    entry = { userId: row.userId, tokenId: row.id, expiresAt: row.expiresAt.getTime(), cachedAt: nowMs };
    if (cacheable && started === generation) {
      if (tokenCache.size >= ACCESS_TOKEN_CACHE_MAX) tokenCache.delete(tokenCache.keys().next().value as string);
      tokenCache.set(hash, entry);
    }
  }
  if (entry.expiresAt <= nowMs) return { status: 'expired' };
  return { status: 'ok', userId: entry.userId, tokenId: entry.tokenId };
}

export async function revokeAccessToken(db: Db, tokenId: number, now: Date) {
  const [revoked] = await db
    .update(t.accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(t.accessTokens.id, tokenId), isNull(t.accessTokens.revokedAt)))
    .returning({ userId: t.accessTokens.userId });
  await db
    .update(t.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(t.refreshTokens.accessTokenId, tokenId), isNull(t.refreshTokens.revokedAt)));
  if (revoked) forgetAccessTokens(revoked.userId);
}

export async function revokeAllTokens(db: Db, userId: number, now: Date, exceptTokenId?: number) {
  const rows = await db
    .select({ id: t.accessTokens.id })
    .from(t.accessTokens)
    .where(and(eq(t.accessTokens.userId, userId), isNull(t.accessTokens.revokedAt)));
  for (const r of rows) if (r.id !== exceptTokenId) await revokeAccessToken(db, r.id, now);
}

/** Rotates a refresh token: the old pair is revoked, a new pair issued. Null when unknown/expired/revoked. */
export async function rotateRefreshToken(db: Db, refreshToken: string, now: Date) {
  const [row] = await db
    .select()
    .from(t.refreshTokens)
    .where(eq(t.refreshTokens.tokenHash, sha256(refreshToken)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  // Conditional update: a concurrent second use of the same token loses.
  const used = await db
    .update(t.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(t.refreshTokens.id, row.id), isNull(t.refreshTokens.revokedAt)))
    .returning({ id: t.refreshTokens.id });
  if (used.length === 0) return null;
  if (row.accessTokenId) await revokeAccessToken(db, row.accessTokenId, now);
  return issueTokenPair(db, row.userId, now);
}

export async function issueOAuthCode(db: Db, userId: number, clientId: string, redirectUri: string, now: Date) {
  const code = newToken();
  await db.insert(t.oauthCodes).values({
    codeHash: sha256(code),
    userId,
    clientId,
    redirectUri,
    expiresAt: addMinutes(now, OAUTH_CODE_TTL_MINUTES),
    createdAt: now,
  });
  return code;
}

/** Consumes a code: single use, unexpired, same redirect_uri (and client_id when given). */
export async function consumeOAuthCode(db: Db, code: string, redirectUri: string, clientId: string | undefined, now: Date) {
  const [row] = await db.select().from(t.oauthCodes).where(eq(t.oauthCodes.codeHash, sha256(code))).limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.redirectUri !== redirectUri) return null;
  if (clientId !== undefined && clientId !== row.clientId) return null;
  const used = await db
    .update(t.oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(t.oauthCodes.id, row.id), isNull(t.oauthCodes.usedAt)))
    .returning({ id: t.oauthCodes.id });
  if (used.length === 0) return null;
  return row.userId;
}

/**
 * Impersonation tokens (`/?impersonateToken=…`, 01 §2): single-use codes of their own kind (an OAuth code for the
 * client 'impersonation' and a redirect no browser has), so a session's access token, a sign-in code or anything
 * else is never accepted as one. Minted by an operator's tool (the dev route in development).
 */
export const IMPERSONATION_CLIENT_ID = 'impersonation';
const IMPERSONATION_REDIRECT = 'urn:wordsmith:impersonation';

export function issueImpersonationToken(db: Db, userId: number, now: Date): Promise<string> {
  return issueOAuthCode(db, userId, IMPERSONATION_CLIENT_ID, IMPERSONATION_REDIRECT, now);
}

/** The impersonated user's id, or null when the token was not minted for impersonation, is used or expired. */
export function consumeImpersonationToken(db: Db, token: string, now: Date): Promise<number | null> {
  return consumeOAuthCode(db, token, IMPERSONATION_REDIRECT, IMPERSONATION_CLIENT_ID, now);
}
