/**
 * The video queue service's API token (02 §7: "Generation and the credit estimate use a token from
 * POST /api/jwt/generate and POST /api/jwt/validate"): a real HS256 JWT {sub: user id, aud, iat, exp},
 * signed with a secret made at start-up (QUEUE_JWT_SECRET overrides it, e.g. for several processes).
 * Tokens do not survive a restart; the client then gets a 401 from the queue service, drops its token
 * and fetches a new one (02 §8 "A 401 on poll also clears the JWT token").
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const QUEUE_TOKEN_TTL_SECONDS = 60 * 60;
export const QUEUE_TOKEN_AUDIENCE = 'video-queue';
/** The header the queue service reads the token from (openapi/queue.yaml securitySchemes.queueToken). */
export const QUEUE_TOKEN_HEADER = 'X-Api-Token';

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export interface QueueTokenIssuer {
  issue(userId: number, now: Date): { token: string; expiresIn: number };
  /** The user id and seconds left, or null when the token is malformed, forged, for another audience, or expired. */
  verify(token: string, now: Date): { userId: number; expiresIn: number } | null;
}

export function queueTokenIssuer(secret: string = process.env.QUEUE_JWT_SECRET || randomBytes(32).toString('hex')): QueueTokenIssuer {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();
  return {
    issue(userId, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
      const body = b64(JSON.stringify({ sub: String(userId), aud: QUEUE_TOKEN_AUDIENCE, iat, exp: iat + QUEUE_TOKEN_TTL_SECONDS }));
      return { token: `${head}.${body}.${b64(sign(`${head}.${body}`))}`, expiresIn: QUEUE_TOKEN_TTL_SECONDS };
    },
    verify(token, now) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [head, body, sig] = parts as [string, string, string];
      const expected = sign(`${head}.${body}`);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const h = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
        const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { sub?: string; aud?: string; exp?: number };
        if (h.alg !== 'HS256' || p.aud !== QUEUE_TOKEN_AUDIENCE || typeof p.exp !== 'number' || !/^\d+$/.test(p.sub ?? '')) return null;
        const left = p.exp - Math.floor(now.getTime() / 1000);
        if (left <= 0) return null;
        return { userId: Number(p.sub), expiresIn: left };
      } catch {
        return null;
      }
    },
  };
}
