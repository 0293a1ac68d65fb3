/** Profile calls of 01 §7. */
import { Hono, type Context } from 'hono';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse } from '../types';
import { body, idParam, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, MSG, validationError } from '../http/errors';
import { hashPassword, newToken, sha256 } from '../lib/crypto';
import { addDays } from '../lib/dates';
import { getSubscriptionWithPlan, getUser, loadUserView } from '../db/queries';
import { VERIFY_TOKEN_TTL_DAYS, forgetAccessTokens, revokeAllTokens } from '../auth/tokens';
import { authReply } from './auth';
import { ONBOARDING_STEPS_BUSINESS, ONBOARDING_STEPS_INDIVIDUAL, PLAN_ID } from '../../machines/constants';

type UserReply = JsonResponse<'/api/profile/updateUser', 'post', 200>;

async function userReply(c: Context<AppEnv>, message?: string): Promise<UserReply> {
  const { db, clock } = c.get('deps');
  const user = await loadUserView(db, c.get('auth').userId, clock.now());
  if (!user) throw new HttpError(401, MSG.unauthenticated);
  return message ? { data: { user }, message } : { data: { user } };
}

/** Ids in profile paths are the user's own id; another id is answered as not found. */
function ownId(c: Context<AppEnv>): number {
  const id = idParam(c);
  if (id !== c.get('auth').userId) throw new HttpError(404, MSG.notFound);
  return id;
}

export function profileRoutes() {
  const r = new Hono<AppEnv>();

  // Public: the verification link may be opened before sign-in.
  r.post('/api/profile/userVerification', async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const b = body<JsonBody<'/api/profile/userVerification', 'post'>>(c);
    const reply = await db.transaction(async (tx) => {
      const used = await tx
        .update(t.emailVerifications)
        .set({ usedAt: now })
        .where(
          and(
            eq(t.emailVerifications.tokenHash, sha256(b.token)),
            isNull(t.emailVerifications.usedAt),
            gt(t.emailVerifications.expiresAt, now),
          ),
        )
        .returning({ userId: t.emailVerifications.userId });
      if (used.length === 0) throw validationError({ token: ['This verification link is invalid or has expired.'] });
      const user = await getUser(tx, used[0].userId);
      if (!user || user.deletedAt) throw new HttpError(404, MSG.notFound);
      await tx.update(t.users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(t.users.id, user.id));
      return authReply(tx, user.id, now, b.callback_url, 'Your email address is verified.');
    });
    return c.json(reply, 200);
  });

  const auth = requireAuth();

  r.post('/api/profile/updateUser', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/profile/updateUser', 'post'>>(c);
    const name = b.name.trim();
    if (!name) throw validationError({ name: ['The name field is required.'] });
    await db.update(t.users).set({ name, updatedAt: clock.now() }).where(eq(t.users.id, c.get('auth').userId));
    return c.json(await userReply(c, 'Profile updated.'), 200);
  });

  r.post('/api/isFirstLogin', auth, async (c) => {
    const { db, clock } = c.get('deps');
    await db
      .update(t.users)
      .set({ isFirstLogin: false, updatedAt: clock.now() })
      .where(eq(t.users.id, c.get('auth').userId));
    return c.json(await userReply(c), 200);
  });

  r.post('/api/profile/update-password', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/profile/update-password', 'post'>>(c);
    if (b.password !== b.confirm_password)
      throw validationError({ confirm_password: ['The confirm password field must match password.'] });
    const now = clock.now();
    const passwordHash = await hashPassword(b.password);
    const { userId, tokenId } = c.get('auth');
    await db.transaction(async (tx) => {
      await tx.update(t.users).set({ passwordHash, updatedAt: now }).where(eq(t.users.id, userId));
      // Other sessions end; this one stays signed in.
      await revokeAllTokens(tx, userId, now, tokenId);
      // A reset link mailed before the change must not undo it.
      await tx
        .update(t.passwordResets)
        .set({ usedAt: now })
        .where(and(eq(t.passwordResets.userId, userId), isNull(t.passwordResets.usedAt)));
    });
    forgetAccessTokens(userId); // after the commit (see forgetAccessTokens)
    return c.json({ message: 'Password updated successfully.', status: true } satisfies JsonResponse<'/api/profile/update-password', 'post', 200>, 200);
  });

  r.get('/api/profile/resendVerification/:id', auth, async (c) => {
    const { db, clock, mailer } = c.get('deps');
    const id = ownId(c);
    const user = (await getUser(db, id))!;
    if (user.emailVerifiedAt) return c.json({ message: 'Your email address is already verified.', status: true }, 200);
    const now = clock.now();
    const token = newToken();
    await db.insert(t.emailVerifications).values({
      userId: id,
      tokenHash: sha256(token),
      expiresAt: addDays(now, VERIFY_TOKEN_TTL_DAYS),
      createdAt: now,
    });
    const link = `${origin(c)}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer!.send({ to: user.email, subject: 'Verify your email address', text: `Confirm your address: ${link}`, link });
    return c.json({ message: 'A new verification link has been sent to your email address.', status: true }, 200);
  });

  r.get('/api/profile/getLanguage', auth, async (c) => {
    const { db } = c.get('deps');
    const rows = await db.select().from(t.languages).orderBy(t.languages.name);
    const reply: JsonResponse<'/api/profile/getLanguage', 'get', 200> = {
      data: rows.map((l) => ({ id: l.id, language: l.name })),
    };
    return c.json(reply, 200);
  });

  r.put('/api/profile/languageEdit/:id', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const id = ownId(c);
    const languageId = Number(c.req.query('language_id'));
    const [lang] = await db.select().from(t.languages).where(eq(t.languages.id, languageId)).limit(1);
    if (!lang) throw validationError({ language_id: ['The selected language id is invalid.'] });
    await db.update(t.users).set({ languageId, updatedAt: clock.now() }).where(eq(t.users.id, id));
    return c.json(await userReply(c, 'Language updated.'), 200);
  });

  r.post('/api/deleteUser/:id', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const id = ownId(c);
    const b = body<JsonBody<'/api/deleteUser/{id}', 'post'>>(c);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const sp = await getSubscriptionWithPlan(tx, id);
      if (sp && sp.sub.planId !== PLAN_ID.free && ['active', 'overdue', 'pending'].includes(sp.sub.status))
        throw new HttpError(409, 'Please cancel your subscription before deleting your account.', {
          type: 'Active subscription',
        });
      // Soft delete: the row stays for payment records; the address is released for a new account.
      await tx
        .update(t.users)
        .set({ deletedAt: now, deletedReason: b.deleted_reason, email: `deleted-${id}-${now.getTime()}@deleted.invalid`, updatedAt: now })
        .where(eq(t.users.id, id));
      await revokeAllTokens(tx, id, now);
    });
    forgetAccessTokens(id); // after the commit (see forgetAccessTokens)
    return c.json({ message: 'Your account has been deleted.', status: true }, 200);
  });

  r.get('/api/support', auth, async (c) => {
    // No made-up address: without SUPPORT_URL the client says that support is not configured.
    const url = c.get('deps').config.env.SUPPORT_URL || null;
    return c.json({ url } satisfies JsonResponse<'/api/support', 'get', 200>, 200);
  });

  r.post('/api/profile/storeOnBoard', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/profile/storeOnBoard', 'post'>>(c);
    await db
      .update(t.users)
      .set({
        onBoardData: b.on_board_data,
        isOnboard: b.is_onboard === 1,
        ...(b.is_onboard_skipped !== undefined ? { isOnboardSkipped: b.is_onboard_skipped === 1 } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(t.users.id, c.get('auth').userId));
    return c.json(await userReply(c, 'Onboarding details saved.'), 200);
  });

  // ── Onboarding (03 §7 "Onboarding and brands", §9 "steps are saved one by one") ──
  type OnboardingReply = JsonResponse<'/api/onboarding', 'get', 200>;
  type Answers = OnboardingReply['data']['on_board_data'];
  const onboardingState = (row: { onBoardData: unknown; isOnboard: boolean; isOnboardSkipped: boolean }): OnboardingReply['data'] => {
    const answers = (row.onBoardData && typeof row.onBoardData === 'object' ? row.onBoardData : {}) as Answers;
    return {
      on_board_data: answers,
      is_onboard: row.isOnboard ? 1 : 0,
      is_onboard_skipped: row.isOnboardSkipped ? 1 : 0,
      step: typeof answers.step === 'number' ? answers.step : 0,
    };
  };

  r.get('/api/onboarding', auth, async (c) => {
    const { db } = c.get('deps');
    const [row] = await db
      .select({ onBoardData: t.users.onBoardData, isOnboard: t.users.isOnboard, isOnboardSkipped: t.users.isOnboardSkipped })
      .from(t.users)
      .where(eq(t.users.id, c.get('auth').userId));
    if (!row) throw new HttpError(401, MSG.unauthenticated);
    return c.json({ data: onboardingState(row) } satisfies OnboardingReply, 200);
  });

  r.post('/api/onboarding/:step/save', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const raw = c.req.param('step');
    const step = /^[1-9][0-9]*$/.test(raw) ? Number(raw) : NaN;
    if (!(step >= 1 && step <= ONBOARDING_STEPS_BUSINESS))
      throw validationError({ step: [`The step must be between 1 and ${ONBOARDING_STEPS_BUSINESS}.`] });
    const b = body<JsonBody<'/api/onboarding/{step}/save', 'post'>>(c);
    const userId = c.get('auth').userId;
    const state = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ onBoardData: t.users.onBoardData, isOnboard: t.users.isOnboard, isOnboardSkipped: t.users.isOnboardSkipped })
        .from(t.users)
        .where(eq(t.users.id, userId))
        .for('update');
      if (!row) throw new HttpError(401, MSG.unauthenticated);
      const merged: Answers = { ...onboardingState(row).on_board_data, ...b, step };
      // 3 steps for an individual, 7 for a business (01 §2, 03 §4); the account type is an answer of step 1.
      const total = merged.is_individual === 1 ? ONBOARDING_STEPS_INDIVIDUAL : ONBOARDING_STEPS_BUSINESS;
      if (step > total) throw validationError({ step: [`An individual account has ${ONBOARDING_STEPS_INDIVIDUAL} onboarding steps.`] });
      await tx.update(t.users).set({ onBoardData: merged, updatedAt: clock.now() }).where(eq(t.users.id, userId));
      return onboardingState({ ...row, onBoardData: merged });
    });
    return c.json({ data: state, message: 'Onboarding step saved.' } satisfies OnboardingReply, 200);
  });

  r.post('/api/user/update-webinar-status', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/user/update-webinar-status', 'post'>>(c);
    await db
      .update(t.users)
      .set({ isWebinar: b.is_webinar, updatedAt: clock.now() })
      .where(eq(t.users.id, c.get('auth').userId));
    return c.json(await userReply(c), 200);
  });

  return r;
}
