/**
 * Crash-report tokens (POST /logs/crash-report-token): a signed-out browser sends its crash reports with one, so
 * a report comes from a session the server handed out (and is rate-limited per session) instead of from anyone.
 * `<session id>.<expiry in s>.<HMAC-SHA256>`, signed with QUEUE_JWT_SECRET when set (required in production, so
 * every process accepts every process's tokens), else with a secret made at start-up.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CRASH_TOKEN_TTL_SECONDS = 60 * 60;

export interface CrashTokenIssuer {
  issue(now: Date): { token: string; expiresIn: number };
  /** The session id, or null when the token is malformed, forged or expired. */
  verify(token: string, now: Date): string | null;
}

export function crashTokenIssuer(secret: string = process.env.QUEUE_JWT_SECRET || randomBytes(32).toString('hex')): CrashTokenIssuer {
  const sign = (data: string) => createHmac('sha256', `crash-report:${secret}`).update(data).digest('base64url');
  return {
    issue(now) {
      const data = `${randomBytes(16).toString('base64url')}.${Math.floor(now.getTime() / 1000) + CRASH_TOKEN_TTL_SECONDS}`;
      return { token: `${data}.${sign(data)}`, expiresIn: CRASH_TOKEN_TTL_SECONDS };
    },
    verify(token, now) {
      const m = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const expected = Buffer.from(sign(`${m[1]}.${m[2]}`));
      const given = Buffer.from(m[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(m[2]) * 1000 <= now.getTime()) return null;
      return m[1];
    },
  };
}
