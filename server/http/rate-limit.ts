/**
 * Sign-in and password-reset rate limiting (quality requirement "Sign-in attempts are rate-limited"; issue 25).
 *
 * Sign-in — POST /api/auth/login, /api/auth/googlelogin and /oauth/authorize go through signInGate(c, email)
 * before any credential is checked. Within a sliding window of 15 minutes:
 *   - 5 failed attempts for the same email (trimmed, case-insensitive), or
 *   - 20 failed attempts from the same client address
 * refuse further attempts with 429 {message: 'Too many sign-in attempts. Please try again in N minutes.',
 * type: 'Too Many Attempts'} and Retry-After (seconds) — without checking the password, so a correct password
 * is refused too until the window has moved on. A refused attempt is not counted (it cannot extend the lockout).
 * Every attempt is counted as a failure when it starts (so concurrent guesses cannot all pass the check while
 * the password hashes are computed); attempt.succeeded() withdraws it from the address and clears the email's
 * failures.
 *
 * Password reset — counted apart from sign-in, so that reset requests (which anyone can send for any address)
 * can never lock the real password out: resetRequestGate (link requests: 5 per email, 20 per client address)
 * and resetTokenGate (new passwords with a token: 20 guesses per client address), same window and answer. A
 * link request never "succeeds" (the answer must not reveal accounts), so each one counts; a reset that works
 * ends the account's sign-in lockout (the mailbox owner chose a new password).
 *
 * State: the rate_limit_hits table, one row per counted attempt, so a restart forgets nothing and every server
 * process on the same database counts together. A check and its count run in one transaction holding an
 * advisory lock per key (the same code on PGlite and PostgreSQL), so concurrent attempts cannot all pass.
 * Time comes from the injected clock (deps.clock), never Date.now, so tests run on simulated time.
 *
 * Client address: the socket's remote address from @hono/node-server's conninfo when the app is served
 * with Node bindings (c.env.incoming); X-Forwarded-For is used only when TRUST_PROXY=1 (deps.config.env, else
 * process.env), and then its last entry, the address the trusted proxy saw (this assumes exactly one proxy).
 * Without either the address is 'unknown', and 'unknown' has no per-address limit: one shared bucket would
 * let 20 failures from anyone lock everybody out. The per-email limit applies regardless.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { normaliseEmail } from '../db/queries';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_RESET_REQUESTS_PER_EMAIL = 5;
export const MAX_RESET_REQUESTS_PER_ADDRESS = 20;
export const MAX_RESET_GUESSES_PER_ADDRESS = 20;
export const UNKNOWN_ADDRESS = 'unknown';
export const TOO_MANY_ATTEMPTS_TYPE = 'Too Many Attempts';

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The client's address (see the file comment); 'unknown' when the app is not served with Node bindings. */
export function clientAddress(c: Context<AppEnv>): string {
  const { config } = c.get('deps');
  const trustProxy = (config.env.TRUST_PROXY ?? process.env.TRUST_PROXY) === '1';
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    if (forwarded?.length) return forwarded[forwarded.length - 1];
  }
  try {
    return getConnInfo(c).remote.address || UNKNOWN_ADDRESS;
  } catch {
    return UNKNOWN_ADDRESS; // no c.env.incoming: app.request(...) in tests, or a server that drops the bindings
  }
}

export interface SignInAttempt {
  ok: true;
  /** The credentials were right: clears the failures of the email (and of `alsoEmail`), withdraws this attempt from the address. */
  succeeded(alsoEmail?: string): Promise<void>;
}
export interface SignInRefusal {
  ok: false;
  retryAfterSeconds: number;
  body: { message: string; type: string };
}

interface Limit {
  key: string;
  max: number;
}

const signInEmailKey = (email: string) => `signin-email:${normaliseEmail(email)}`;

/** Milliseconds until `key` has fewer than `max` hits in the window ending at `now` (0: not over the limit). */
async function blockedForMs(tx: Db, { key, max }: Limit, now: Date): Promise<number> {
  const from = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const newest = await tx
    .select({ at: t.rateLimitHits.at })
    .from(t.rateLimitHits)
    .where(and(eq(t.rateLimitHits.key, key), gt(t.rateLimitHits.at, from)))
    .orderBy(desc(t.rateLimitHits.at))
    .limit(max);
  if (newest.length < max) return 0;
  return newest[max - 1].at.getTime() + SIGN_IN_WINDOW_MS - now.getTime();
}

/** Checks every limit and, when all allow it, counts the attempt against each (module comment). */
async function gate(c: Context<AppEnv>, limits: Limit[]): Promise<SignInAttempt | SignInRefusal> {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  const keys = [...new Set(limits.map((l) => l.key))].sort();
  const outcome = await db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate-limit:${key}`}))`);
    let waitMs = 0;
    for (const limit of limits) waitMs = Math.max(waitMs, await blockedForMs(tx, limit, now));
    if (waitMs > 0) return { waitMs, ids: [] as number[] };
    if (keys.length === 0) return { waitMs: 0, ids: [] as number[] };
    const cutoff = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    await tx.delete(t.rateLimitHits).where(and(inArray(t.rateLimitHits.key, keys), lte(t.rateLimitHits.at, cutoff)));
    const rows = await tx
      .insert(t.rateLimitHits)
      .values(keys.map((key) => ({ key, at: now })))
      .returning({ id: t.rateLimitHits.id, key: t.rateLimitHits.key });
    return { waitMs: 0, ids: rows.filter((r) => !r.key.startsWith('signin-email:')).map((r) => r.id) };
  });
  if (outcome.waitMs > 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil(outcome.waitMs / 1000));
    return {
      ok: false,
      retryAfterSeconds,
      body: { message: tooManyAttemptsMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))), type: TOO_MANY_ATTEMPTS_TYPE },
    };
  }
  const emailKeys = keys.filter((k) => k.startsWith('signin-email:'));
  return {
    ok: true,
    async succeeded(alsoEmail) {
      const clear = alsoEmail?.trim() ? [...emailKeys, signInEmailKey(alsoEmail)] : emailKeys;
      if (clear.length) await db.delete(t.rateLimitHits).where(inArray(t.rateLimitHits.key, clear));
      if (outcome.ids.length) await db.delete(t.rateLimitHits).where(inArray(t.rateLimitHits.id, outcome.ids));
    },
  };
}

function addressKey(c: Context<AppEnv>, prefix: string): string | undefined {
  const address = clientAddress(c);
  return address === UNKNOWN_ADDRESS ? undefined : `${prefix}:${address}`;
}

/**
 * Checks the sign-in limits for this attempt and, when allowed, counts it as a failure until succeeded() is
 * called. email: the address the attempt is for, when the request names one.
 */
export function signInGate(c: Context<AppEnv>, email: string | undefined): Promise<SignInAttempt | SignInRefusal> {
  const limits: Limit[] = [];
  if (email?.trim()) limits.push({ key: signInEmailKey(email), max: MAX_FAILURES_PER_EMAIL });
  const addr = addressKey(c, 'signin-addr');
  if (addr) limits.push({ key: addr, max: MAX_FAILURES_PER_ADDRESS });
  return gate(c, limits);
}

/**
 * Counts one request against each `limits` entry (any keys; the window above) unless one is already full:
 * for callers other than sign-in (crash reports), which answer a refusal in their own words.
 */
export function countRequest(c: Context<AppEnv>, limits: { key: string; max: number }[]): Promise<SignInAttempt | SignInRefusal> {
  return gate(c, limits);
}

/** A reset-link request for `email`: counted per email and per client address, apart from sign-in. */
export function resetRequestGate(c: Context<AppEnv>, email: string): Promise<SignInAttempt | SignInRefusal> {
  const limits: Limit[] = [];
  if (email.trim()) limits.push({ key: `reset-email:${normaliseEmail(email)}`, max: MAX_RESET_REQUESTS_PER_EMAIL });
  const addr = addressKey(c, 'reset-addr');
  if (addr) limits.push({ key: addr, max: MAX_RESET_REQUESTS_PER_ADDRESS });
  return gate(c, limits);
}

/** A new password with a reset token (a guess until it works): counted per client address, apart from sign-in. */
export function resetTokenGate(c: Context<AppEnv>): Promise<SignInAttempt | SignInRefusal> {
  const addr = addressKey(c, 'reset-token-addr');
  return gate(c, addr ? [{ key: addr, max: MAX_RESET_GUESSES_PER_ADDRESS }] : []);
}

/** The 429 reply of a refused attempt (JSON endpoints). */
export function tooManyAttempts(c: Context<AppEnv>, refusal: SignInRefusal): Response {
  return c.json(refusal.body, 429, { 'Retry-After': String(refusal.retryAfterSeconds) });
}
