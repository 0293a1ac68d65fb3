/** Health, development reset and crash logging (signed in or with a crash-report token; size- and rate-limited). */
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse } from '../types';
import { body } from '../http/util';
import { optionalAuth } from '../http/auth';
import { HttpError, MSG } from '../http/errors';
import { clientAddress, countRequest, UNKNOWN_ADDRESS, type SignInRefusal } from '../http/rate-limit';
import { crashTokenIssuer } from '../http/crash-token';
import { findUserByEmail } from '../db/queries';
import { issueImpersonationToken } from '../auth/tokens';

/** The largest crash report kept (the client sends at most an 8,000-character stack). */
export const CRASH_REPORT_MAX_BYTES = 16 * 1024;
/** Crash reports per session (signed-in user or crash-report token) and per client address, per 15 minutes. */
export const CRASH_REPORTS_PER_SESSION = 10;
export const CRASH_REPORTS_PER_ADDRESS = 60;
export const CRASH_TOKENS_PER_ADDRESS = 30;

function tooManyReports(c: Context<AppEnv>, refusal: SignInRefusal) {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60));
  return c.json(
    { message: `Too many crash reports. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, type: 'Too Many Requests' },
    429,
    { 'Retry-After': String(refusal.retryAfterSeconds) },
  );
}

export function systemRoutes(devRoutes: boolean) {
  const r = new Hono<AppEnv>();
  const crashTokens = crashTokenIssuer();

  r.get('/api/health', async (c) => {
    try {
      await c.get('deps').db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, 'The database is unavailable.');
    }
    return c.json({ status: 'ok' } satisfies JsonResponse<'/api/health', 'get', 200>, 200);
  });

  if (devRoutes) {
    r.post('/api/dev/reset', async (c) => {
      const { reset } = c.get('deps');
      if (!reset) throw new HttpError(404, 'Not Found');
      await reset();
      return c.json({ status: 'ok' } satisfies JsonResponse<'/api/dev/reset', 'post', 200>, 200);
    });

    r.post('/api/dev/impersonation-token', async (c) => {
      const { db, clock } = c.get('deps');
      const user = await findUserByEmail(db, body<JsonBody<'/api/dev/impersonation-token', 'post'>>(c).email);
      if (!user || user.deletedAt) throw new HttpError(404, MSG.notFound);
      const token = await issueImpersonationToken(db, user.id, clock.now());
      return c.json({ token } satisfies JsonResponse<'/api/dev/impersonation-token', 'post', 200>, 200);
    });
  }

  r.post('/logs/crash-report-token', async (c) => {
    const addr = clientAddress(c);
    const limit = await countRequest(c, addr === UNKNOWN_ADDRESS ? [] : [{ key: `crash-token-addr:${addr}`, max: CRASH_TOKENS_PER_ADDRESS }]);
    if (!limit.ok) return tooManyReports(c, limit);
    const { token, expiresIn } = crashTokens.issue(c.get('deps').clock.now());
    return c.json({ token, expires_in: expiresIn } satisfies JsonResponse<'/logs/crash-report-token', 'post', 200>, 200);
  });

  r.post('/logs/log-crash-report', optionalAuth(), async (c) => {
    // From a signed-in session, or a signed-out one the server handed a crash-report token to: never from anyone.
    const userId = c.get('auth')?.userId;
    const header = c.req.header('x-crash-report-token');
    const session = userId !== undefined ? `user:${userId}` : header ? crashTokens.verify(header, c.get('deps').clock.now()) : null;
    if (!session) throw new HttpError(401, MSG.unauthenticated);
    const b = body<JsonBody<'/logs/log-crash-report', 'post'>>(c);
    if (Buffer.byteLength(JSON.stringify(b)) > CRASH_REPORT_MAX_BYTES) return c.json({ message: 'The crash report is too large (limit 16 KB).', type: 'Payload Too Large' }, 413);
    const addr = clientAddress(c);
    const limits = [{ key: `crash-session:${session}`, max: CRASH_REPORTS_PER_SESSION }];
    if (addr !== UNKNOWN_ADDRESS) limits.push({ key: `crash-addr:${addr}`, max: CRASH_REPORTS_PER_ADDRESS });
    const limit = await countRequest(c, limits);
    if (!limit.ok) return tooManyReports(c, limit);
    const err = typeof b.error === 'string' ? { message: b.error } : b.error;
    const url = typeof b.metadata?.url === 'string' ? b.metadata.url.split('?')[0] : undefined;
    // Only the error's name/message and the page path: never tokens or query strings.
    console.warn(
      `[client crash] user=${c.get('auth')?.userId ?? '-'} url=${url ?? '-'} ${'name' in err && err.name ? err.name + ': ' : ''}${String(err.message).slice(0, 500)}`,
    );
    return c.json({ message: 'Crash report logged.', status: true }, 200);
  });

  return r;
}
