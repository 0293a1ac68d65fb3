/**
 * Sign-in rate limiting (quality requirement "Sign-in attempts are rate-limited").
 *
 * POST /api/auth/login, /api/auth/googlelogin, /oauth/authorize and /api/auth/password/email go through
 * signInGate(c, email) before any credential is checked. Within a sliding window of 15 minutes:
 *   - 5 failed attempts for the same email (trimmed, case-insensitive), or
 *   - 20 failed attempts from the same client address
 * refuse further attempts with 429 {message: 'Too many sign-in attempts. Please try again in N minutes.',
 * type: 'Too Many Attempts'} and Retry-After (seconds) — without checking the password, so a correct password
 * is refused too until the window has moved on. A refused attempt is not counted (it cannot extend the lockout).
 *
 * Every attempt is counted as a failure when it starts (so concurrent guesses cannot all pass the check while
 * the password hashes are computed); attempt.succeeded() withdraws it from the address and clears the email's
 * failures. Reset-link requests never "succeed" (the answer must not reveal accounts), so each one counts.
 *
 * Time comes from the injected clock (deps.clock), never Date.now, so tests run on simulated time.
 *
 * State: in memory, one store per app instance (held in a WeakMap keyed by the app's deps object, which
 * createApp builds once per app). A deployment with several processes or machines needs a shared store
 * (e.g. Redis or a PostgreSQL table) instead, otherwise each process counts on its own and the limits
 * multiply by the number of processes; a restart also forgets every counter.
 *
 * Client address: the socket's remote address from @hono/node-server's conninfo when the app is served
 * with Node bindings (c.env.incoming); X-Forwarded-For is used only when TRUST_PROXY=1 (deps.config.env, else
 * process.env), and then its last entry, the address the trusted proxy saw (this assumes exactly one proxy).
 * Without either the address is 'unknown', and 'unknown' has no per-address limit: one shared bucket would
 * let 20 failures from anyone lock everybody out. The per-email limit applies regardless.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps, AppEnv } from '../app-env';
import { normaliseEmail } from '../db/queries';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const UNKNOWN_ADDRESS = 'unknown';
export const TOO_MANY_ATTEMPTS_TYPE = 'Too Many Attempts';

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Timestamps (ms) per key within a sliding window; expired entries are dropped when a key is read. */
export class SlidingWindowStore {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly windowMs: number,
    /** Upper bound on tracked keys, so a flood of distinct emails cannot grow memory without limit. */
    readonly maxKeys = 100_000,
  ) {}

  /** The key's hits still inside the window at `now`, oldest first. */
  private live(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const from = now - this.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop] <= from) drop++;
    if (drop) list.splice(0, drop);
    if (!list.length) this.hits.delete(key);
    return list;
  }

  count(key: string, now: number): number {
    return this.live(key, now).length;
  }

  /** Milliseconds until the key has fewer than `limit` hits in the window (0: not over the limit). */
  blockedForMs(key: string, limit: number, now: number): number {
    const list = this.live(key, now);
    if (list.length < limit) return 0;
    return list[list.length - limit] + this.windowMs - now;
  }

  add(key: string, now: number): void {
    let list = this.hits.get(key);
    if (!list) {
      if (this.hits.size >= this.maxKeys) this.evict(now);
      list = [];
      this.hits.set(key, list);
    }
    // Keep the list sorted (the clock may be set back in tests).
    let i = list.length;
    while (i > 0 && list[i - 1] > now) i--;
    list.splice(i, 0, now);
  }

  /** Withdraws one hit recorded at `at` (if it is still there). */
  remove(key: string, at: number): void {
    const list = this.hits.get(key);
    if (!list) return;
    const i = list.lastIndexOf(at);
    if (i !== -1) list.splice(i, 1);
    if (!list.length) this.hits.delete(key);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  private evict(now: number) {
    for (const key of [...this.hits.keys()]) this.live(key, now);
    // Still full: forget the keys tracked longest (Map keeps insertion order).
    for (const key of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}

const stores = new WeakMap<AppDeps, SlidingWindowStore>();

/** The sign-in store of this app instance. */
export function signInStore(deps: AppDeps): SlidingWindowStore {
  let store = stores.get(deps);
  if (!store) {
    store = new SlidingWindowStore(SIGN_IN_WINDOW_MS);
    stores.set(deps, store);
  }
  return store;
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
  succeeded(alsoEmail?: string): void;
}
export interface SignInRefusal {
  ok: false;
  retryAfterSeconds: number;
  body: { message: string; type: string };
}

/**
 * Checks the limits for this attempt and, when allowed, counts it as a failure until succeeded() is called.
 * email: the address the attempt is for, when the request names one.
 */
export function signInGate(c: Context<AppEnv>, email: string | undefined): SignInAttempt | SignInRefusal {
  const deps = c.get('deps');
  const store = signInStore(deps);
  const now = deps.clock.now().getTime();
  const emailKey = email?.trim() ? `email:${normaliseEmail(email)}` : undefined;
  const address = clientAddress(c);
  const addressKey = address === UNKNOWN_ADDRESS ? undefined : `addr:${address}`;

  const waitMs = Math.max(
    emailKey ? store.blockedForMs(emailKey, MAX_FAILURES_PER_EMAIL, now) : 0,
    addressKey ? store.blockedForMs(addressKey, MAX_FAILURES_PER_ADDRESS, now) : 0,
  );
  if (waitMs > 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    return {
      ok: false,
      retryAfterSeconds,
      body: { message: tooManyAttemptsMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))), type: TOO_MANY_ATTEMPTS_TYPE },
    };
  }
  if (emailKey) store.add(emailKey, now);
  if (addressKey) store.add(addressKey, now);
  return {
    ok: true,
    succeeded(alsoEmail) {
      if (emailKey) store.clear(emailKey);
      if (alsoEmail?.trim()) store.clear(`email:${normaliseEmail(alsoEmail)}`);
      if (addressKey) store.remove(addressKey, now);
    },
  };
}

/** The 429 reply of a refused attempt (JSON endpoints). */
export function tooManyAttempts(c: Context<AppEnv>, refusal: SignInRefusal): Response {
  return c.json(refusal.body, 429, { 'Retry-After': String(refusal.retryAfterSeconds) });
}
