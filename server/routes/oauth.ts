/**
 * The hosted sign-in service (01 §2, §4): an authorization-code flow served by this backend.
 * GET /oauth/authorize shows an accessible sign-in page; POST checks the credentials and 302s to
 * redirect_uri?code=…&state=… (wrong credentials: the page again with an error, 200); POST /oauth/token exchanges the code (single use, 5 min, same redirect_uri);
 * POST /oauth/token/refresh rotates the refresh token. redirect_uri must be on the request's origin.
 */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse } from '../types';
import { body, htmlPage, origin } from '../http/util';
import { escapeHtml } from '../lib/html';
import { HttpError } from '../http/errors';
import { signInGate } from '../http/rate-limit';
import { checkPassword } from '../lib/crypto';
import { findUserByEmail } from '../db/queries';
import { consumeOAuthCode, forgetAccessTokens, issueOAuthCode, issueTokenPair, rotateRefreshToken } from '../auth/tokens';
import { OAUTH_STATE_LENGTH } from '../../machines/constants';

const STATE_RE = new RegExp(`^[A-Za-z0-9]{${OAUTH_STATE_LENGTH}}$`);

/** Same-origin check that prevents open redirects: absolute URLs on the request's origin, or a local path. */
export function isAllowedRedirect(redirectUri: string, requestOrigin: string): boolean {
  if (!redirectUri || /[\s\\]/.test(redirectUri) || redirectUri.startsWith('//')) return false;
  try {
    const u = new URL(redirectUri, requestOrigin);
    return u.origin === requestOrigin && (u.protocol === 'http:' || u.protocol === 'https:');
  } catch {
    return false;
  }
}

interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  state: string;
}

function checkParams(p: Partial<AuthorizeParams> & { response_type?: string }, requestOrigin: string, isPost: boolean) {
  const problems: string[] = [];
  if (!isPost && p.response_type !== 'code') problems.push('response_type must be "code".');
  if (!p.client_id) problems.push('client_id is missing.');
  if (!p.state || !STATE_RE.test(p.state)) problems.push(`state must be ${OAUTH_STATE_LENGTH} letters or digits.`);
  if (!p.redirect_uri || !isAllowedRedirect(p.redirect_uri, requestOrigin))
    problems.push('redirect_uri must be an address of this site.');
  return problems;
}

function errorPage(problems: string[]) {
  return htmlPage(
    'Sign-in request rejected',
    `<h1>This sign-in link is not valid</h1>
<div class="error" role="alert"><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>
<p><a href="/">Back to the app</a></p>`,
  );
}

function signInPage(p: AuthorizeParams, opts: { email?: string; error?: string } = {}) {
  const hidden = (name: keyof AuthorizeParams) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(p[name])}">`;
  return htmlPage(
    'Sign in – Wordsmith AI',
    `<h1>Sign in to Wordsmith AI</h1>
${opts.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="/oauth/authorize" novalidate${opts.error ? ' aria-describedby="form-error"' : ''}>
  ${hidden('client_id')}${hidden('redirect_uri')}${hidden('state')}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}"${opts.error ? ' aria-invalid="true"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${opts.error ? ' aria-invalid="true"' : ''}>
  <button type="submit">Sign in</button>
</form>
<p class="muted">Demo accounts use the password <code>demo1234</code>.</p>
<p class="muted"><a href="/register">Create an account</a> · <a href="/forgotpassword">Forgot password?</a></p>`,
  );
}

const noStore = { 'Cache-Control': 'no-store' };

export function oauthRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/oauth/authorize', (c) => {
    const q = c.req.query();
    const problems = checkParams(q, origin(c), false);
    if (problems.length) return c.html(errorPage(problems), 400, noStore);
    return c.html(signInPage(q as unknown as AuthorizeParams), 200, noStore);
  });

  r.post('/oauth/authorize', async (c: Context<AppEnv>) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    const params: AuthorizeParams = { client_id: str('client_id'), redirect_uri: str('redirect_uri'), state: str('state') };
    const problems = checkParams(params, origin(c), true);
    if (problems.length) return c.html(errorPage(problems), 400, noStore);
    const email = str('email').trim();
    const password = str('password');
    if (!email || !password)
      return c.html(signInPage(params, { email, error: 'Enter your email and password.' }), 400, noStore);
    const { db, clock } = c.get('deps');
    // Too many attempts: the page again with the message, 200 like wrong credentials (no password check).
    const gate = await signInGate(c, email);
    if (!gate.ok) return c.html(signInPage(params, { email, error: gate.body.message }), 200, noStore);
    const user = await findUserByEmail(db, email);
    const ok = await checkPassword(password, user?.passwordHash);
    if (!user || !ok || user.deletedAt)
      // openapi: wrong credentials render the page again with the error, status 200 (the usual form pattern).
      return c.html(signInPage(params, { email, error: 'These credentials do not match our records.' }), 200, noStore);
    await gate.succeeded();
    const now = clock.now();
    await db.update(t.users).set({ lastLoginAt: now }).where(eq(t.users.id, user.id));
    const code = await issueOAuthCode(db, user.id, params.client_id, params.redirect_uri, now);
    const target = new URL(params.redirect_uri, origin(c));
    target.searchParams.set('code', code);
    target.searchParams.set('state', params.state);
    return c.redirect(target.toString(), 302);
  });

  r.post('/oauth/token', async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/oauth/token', 'post'>>(c);
    const now = clock.now();
    const reply = await db.transaction(async (tx) => {
      const userId = await consumeOAuthCode(tx, b.code, b.redirect_uri, b.client_id, now);
      if (userId === null) throw new HttpError(400, 'invalid_grant', { type: 'Sign-in failed' });
      return issueTokenPair(tx, userId, now);
    });
    return c.json(reply satisfies JsonResponse<'/oauth/token', 'post', 200>, 200, noStore);
  });

  r.post('/oauth/token/refresh', async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/oauth/token/refresh', 'post'>>(c);
    const reply = await db.transaction((tx) => rotateRefreshToken(tx, b.refresh_token, clock.now()));
    if (!reply) throw new HttpError(400, 'invalid_grant', { type: 'Sign-in failed' });
    // the replaced access token is refused from now on (after the commit, see forgetAccessTokens)
    forgetAccessTokens();
    return c.json(reply satisfies JsonResponse<'/oauth/token/refresh', 'post', 200>, 200, noStore);
  });

  return r;
}
