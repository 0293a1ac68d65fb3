/** Auth calls of 01 §7: login, register, Google, getUser, password reset, logout. */
import { Hono, type Context } from 'hono';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, MSG, validationError } from '../http/errors';
import { resetRequestGate, resetTokenGate, signInGate, tooManyAttempts } from '../http/rate-limit';
import { acceptedCallbackUrl } from '../http/callback-url';
import { checkPassword, hashPassword, newToken, sha256 } from '../lib/crypto';
import { addDays, addMinutes } from '../lib/dates';
import { findUserByEmail, loadUserView, normaliseEmail } from '../db/queries';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_DAYS,
  issueAccessToken,
  revokeAccessToken,
  revokeAllTokens,
  forgetAccessTokens,
  consumeImpersonationToken,
} from '../auth/tokens';
import { ENGLISH_ID } from '../seed/catalogue';
import { PLAN_ID } from '../../machines/constants';

export function gravatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${sha256(normaliseEmail(email))}?d=mp`;
}

/** Creates a user on the free plan (plan 1, active) with a verification link; call inside a transaction. */
export async function createUser(
  db: Db,
  input: { name: string; email: string; password: string | null },
  now: Date,
  originUrl: string,
  mail: (to: string, subject: string, text: string, link: string) => Promise<void>,
) {
  const passwordHash = input.password === null ? `!external:${newToken()}` : await hashPassword(input.password);
  const [user] = await db
    .insert(t.users)
    .values({
      name: input.name.trim(),
      email: normaliseEmail(input.email),
      passwordHash,
      languageId: ENGLISH_ID,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(t.subscriptions).values({
    userId: user.id,
    planId: PLAN_ID.free,
    status: 'active',
    paymentFrequency: 'monthly',
    startAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const token = newToken();
  await db.insert(t.emailVerifications).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: addDays(now, VERIFY_TOKEN_TTL_DAYS),
    createdAt: now,
  });
  const link = `${originUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await mail(user.email, 'Verify your email address', `Welcome ${user.name}! Confirm your address: ${link}`, link);
  return user;
}

/** The sign-in reply (AuthReply); with callback_url it also carries fe_token and callbackurl (01 §2). */
export async function authReply(
  db: Db,
  userId: number,
  now: Date,
  callbackUrl: string | undefined,
  message?: string,
): Promise<Schemas['AuthReply']> {
  const access = await issueAccessToken(db, userId, now);
  const user = (await loadUserView(db, userId, now))!;
  const reply: Schemas['AuthReply'] = {
    data: { user },
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    gravator: gravatarUrl(user.email),
    email: user.email,
  };
  if (message) reply.message = message;
  if (callbackUrl) {
    reply.fe_token = (await issueAccessToken(db, userId, now)).token;
    reply.callbackurl = callbackUrl;
  }
  return reply;
}

function mailerOf(c: Context<AppEnv>) {
  const mailer = c.get('deps').mailer!;
  return (to: string, subject: string, text: string, link: string) => mailer.send({ to, subject, text, link });
}

/**
 * Offline stand-in for Google sign-in (the reference backend cannot verify Google ID tokens without the
 * network): outside production a token 'test-google:<email>[:<name>]' signs in or creates that account.
 * Any other token, and every token in production, is rejected with 401.
 */
function parseTestGoogleToken(token: string | undefined, devRoutes: boolean) {
  if (!devRoutes || !token) return null;
  const m = /^test-google:([^:\s]+@[^:\s]+)(?::(.+))?$/.exec(token);
  return m ? { email: m[1], name: m[2] ?? m[1].split('@')[0] } : null;
}

export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/api/auth/login', async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/auth/login', 'post'>>(c);
    const gate = await signInGate(c, b.email);
    if (!gate.ok) return tooManyAttempts(c, gate);
    const user = await findUserByEmail(db, b.email);
    // Same work for unknown emails, so response time does not reveal accounts.
    const ok = await checkPassword(b.password, user?.passwordHash);
    if (!user || !ok || user.deletedAt) throw new HttpError(401, MSG.invalidCredentials);
    await gate.succeeded();
    const now = clock.now();
    const reply = await db.transaction(async (tx) => {
      if (b.log_out) await revokeAllTokens(tx, user.id, now);
      await tx.update(t.users).set({ lastLoginAt: now }).where(eq(t.users.id, user.id));
      return authReply(tx, user.id, now, acceptedCallbackUrl(c, b.callback_url), 'Login successful.');
    });
    // after the commit (see forgetAccessTokens): the other sessions' tokens are refused from now on
    if (b.log_out) forgetAccessTokens(user.id);
    return c.json(reply satisfies JsonResponse<'/api/auth/login', 'post', 200>, 200);
  });

  r.post('/api/auth/register', async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/auth/register', 'post'>>(c);
    if (!b.name.trim()) throw validationError({ name: ['The name field is required.'] });
    if (await findUserByEmail(db, b.email)) throw validationError({ email: ['The email has already been taken.'] });
    const now = clock.now();
    const reply = await db
      .transaction(async (tx) => {
        const user = await createUser(tx, { name: b.name, email: b.email, password: b.password }, now, origin(c), mailerOf(c));
        return authReply(tx, user.id, now, acceptedCallbackUrl(c, b.callback_url), 'Registration successful.');
      })
      .catch((err: unknown) => {
        // A concurrent registration of the same email hits the unique index.
        if (String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === '23505')
          throw validationError({ email: ['The email has already been taken.'] });
        throw err;
      });
    return c.json(reply satisfies JsonResponse<'/api/auth/register', 'post', 200>, 200);
  });

  const google = async (c: Context<AppEnv>, token: string | undefined, callbackUrl?: string, logOut?: boolean) => {
    const { db, clock, config } = c.get('deps');
    const parsed = parseTestGoogleToken(token, config.devRoutes);
    if (!parsed) throw new HttpError(401, 'The Google sign-in could not be verified.');
    const now = clock.now();
    const reply = await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, parsed.email);
      if (user?.deletedAt) throw new HttpError(401, 'The Google sign-in could not be verified.');
      if (!user) {
        user = await createUser(tx, { name: parsed.name, email: parsed.email, password: null }, now, origin(c), mailerOf(c));
        await tx.update(t.users).set({ emailVerifiedAt: now }).where(eq(t.users.id, user.id));
      }
      if (logOut) await revokeAllTokens(tx, user.id, now);
      await tx.update(t.users).set({ lastLoginAt: now }).where(eq(t.users.id, user.id));
      return authReply(tx, user.id, now, callbackUrl, 'Login successful.');
    });
    // after the commit (see forgetAccessTokens); the user's id is only known inside the transaction
    if (logOut) forgetAccessTokens();
    return reply;
  };

  r.post('/api/auth/googlelogin', async (c) => {
    const b = body<JsonBody<'/api/auth/googlelogin', 'post'>>(c);
    // The email is known before verification only for the offline stand-in's tokens; else the address limit applies.
    const gate = await signInGate(c, parseTestGoogleToken(b.googletoken, c.get('deps').config.devRoutes)?.email);
    if (!gate.ok) return tooManyAttempts(c, gate);
    const reply = await google(c, b.googletoken, acceptedCallbackUrl(c, b.callback_url), b.log_out);
    await gate.succeeded(reply.email);
    return c.json(reply, 200);
  });

  r.post('/api/auth/handleGoogleCallback', async (c) => {
    const b = body<NonNullable<JsonBody<'/api/auth/handleGoogleCallback', 'post'>>>(c) ?? {};
    return c.json(await google(c, b.credential ?? b.code), 200);
  });

  r.get('/api/auth/getUser', requireAuth(), async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const { userId } = c.get('auth');
    const user = await loadUserView(db, userId, now);
    if (!user) throw new HttpError(401, MSG.unauthenticated);
    const reply: JsonResponse<'/api/auth/getUser', 'get', 200> = {
      data: { user },
      gravator: gravatarUrl(user.email),
      email: user.email,
    };
    const callbackUrl = acceptedCallbackUrl(c, c.req.query('callback_url'));
    if (callbackUrl) {
      reply.callbackurl = callbackUrl;
      reply.fe_token = (await issueAccessToken(db, userId, now)).token;
    }
    return c.json(reply, 200);
  });

  r.post('/api/auth/password/email', async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const b = body<JsonBody<'/api/auth/password/email', 'post'>>(c);
    if ('token' in b) {
      if (b.password !== b.password_confirmation)
        throw validationError({ password_confirmation: ['The password field confirmation does not match.'] });
      const gate = await resetTokenGate(c);
      if (!gate.ok) return tooManyAttempts(c, gate);
      const passwordHash = await hashPassword(b.password);
      const reset = await db.transaction(async (tx) => {
        const used = await tx
          .update(t.passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(t.passwordResets.tokenHash, sha256(b.token)),
              isNull(t.passwordResets.usedAt),
              gt(t.passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: t.passwordResets.userId });
        if (used.length === 0) throw validationError({ token: ['This password reset token is invalid or has expired.'] });
        const [changed] = await tx
          .update(t.users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(t.users.id, used[0].userId))
          .returning({ email: t.users.email });
        await revokeAllTokens(tx, used[0].userId, now);
        // every other reset link of the account dies with the password it would have replaced
        await tx
          .update(t.passwordResets)
          .set({ usedAt: now })
          .where(and(eq(t.passwordResets.userId, used[0].userId), isNull(t.passwordResets.usedAt)));
        return { email: changed?.email, userId: used[0].userId };
      });
      forgetAccessTokens(reset.userId); // after the commit (see forgetAccessTokens)
      await gate.succeeded(reset.email); // the mailbox owner chose a new password: the account's sign-in lockout ends
      return c.json({ message: 'Your password has been reset.', status: true }, 200);
    }
    // Every link request counts (it never "succeeds": the answer must not reveal whether the account exists),
    // apart from sign-in, so these requests cannot lock the real password out.
    const gate = await resetRequestGate(c, b.email);
    if (!gate.ok) return tooManyAttempts(c, gate);
    const user = await findUserByEmail(db, b.email);
    if (user && !user.deletedAt) {
      const token = newToken();
      // Only the newest link works: the older ones of the account are spent.
      await db
        .update(t.passwordResets)
        .set({ usedAt: now })
        .where(and(eq(t.passwordResets.userId, user.id), isNull(t.passwordResets.usedAt)));
      await db.insert(t.passwordResets).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: addMinutes(now, RESET_TOKEN_TTL_MINUTES),
        createdAt: now,
      });
      const link = `${origin(c)}/resetpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      await mailerOf(c)(user.email, 'Reset your password', `Reset your password within 60 minutes: ${link}`, link);
    }
    // Same answer whether or not the account exists.
    return c.json({ message: 'If the address is registered, we have emailed a password reset link.', status: true }, 200);
  });

  r.post('/api/auth/impersonate', async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/auth/impersonate', 'post'>>(c);
    // guesses count per client address like reset tokens (never against a sign-in)
    const gate = await resetTokenGate(c);
    if (!gate.ok) return tooManyAttempts(c, gate);
    const now = clock.now();
    const reply = await db.transaction(async (tx) => {
      const userId = await consumeImpersonationToken(tx, b.token, now);
      if (userId === null) throw validationError({ token: ['This impersonation link is invalid or has expired.'] });
      return authReply(tx, userId, now, undefined, 'Login successful.');
    });
    await gate.succeeded();
    return c.json(reply satisfies JsonResponse<'/api/auth/impersonate', 'post', 200>, 200);
  });

  r.post('/api/logout', requireAuth(), async (c) => {
    const { db, clock } = c.get('deps');
    await revokeAccessToken(db, c.get('auth').tokenId, clock.now());
    return c.json({ message: 'Successfully logged out.', status: true } satisfies JsonResponse<'/api/logout', 'post', 200>, 200);
  });

  return r;
}
