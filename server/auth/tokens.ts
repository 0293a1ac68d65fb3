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

export async function checkAccessToken(db: Db, token: string, now: Date): Promise<TokenCheck> {
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
    .where(eq(t.accessTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.revokedAt || row.deletedAt) return { status: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return { status: 'ok', userId: row.userId, tokenId: row.id };
}

export async function revokeAccessToken(db: Db, tokenId: number, now: Date) {
  await db
    .update(t.accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(t.accessTokens.id, tokenId), isNull(t.accessTokens.revokedAt)));
  await db
    .update(t.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(t.refreshTokens.accessTokenId, tokenId), isNull(t.refreshTokens.revokedAt)));
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
