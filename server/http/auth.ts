/** Bearer-token middleware: 401 'Unauthenticated.' (none/unknown/revoked) or 'Token expired.' (01 §8). */
import type { MiddlewareHandler, Context } from 'hono';
import { checkAccessToken } from '../auth/tokens';
import { HttpError, MSG } from './errors';
import type { AppEnv } from '../app-env';

export function bearerToken(c: Context): string | undefined {
  const h = c.req.header('authorization');
  const m = h ? /^Bearer\s+(\S+)\s*$/i.exec(h) : null;
  return m?.[1];
}

/** Checks the bearer token and sets c.var.auth; throws 401 with the spec's message. */
export async function authenticate(c: Context<AppEnv>): Promise<void> {
  if (c.get('auth')) return;
  const token = bearerToken(c);
  if (!token) throw new HttpError(401, MSG.unauthenticated);
  const { db, clock } = c.get('deps');
  const result = await checkAccessToken(db, token, clock.now());
  if (result.status === 'expired') throw new HttpError(401, MSG.tokenExpired);
  if (result.status !== 'ok') throw new HttpError(401, MSG.unauthenticated);
  c.set('auth', { userId: result.userId, tokenId: result.tokenId });
}

export function requireAuth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await authenticate(c);
    return next();
  };
}

/** Sets auth when a valid token is present; never rejects (public calls that accept a token). */
export function optionalAuth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token && !c.get('auth')) {
      const { db, clock } = c.get('deps');
      const result = await checkAccessToken(db, token, clock.now());
      if (result.status === 'ok') c.set('auth', { userId: result.userId, tokenId: result.tokenId });
    }
    return next();
  };
}
