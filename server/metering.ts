/**
 * Usage metering of generations (01 intro "Free users are metered in words and images; paid users are
 * metered in credits", 01 §3 credit matrix, 01 §9 add-on credits valid one year).
 *
 * Every generating route does the same two things:
 *  1. before generating: `requireAllowance` — refuses when the plan has nothing left (the route picks the
 *     error the spec gives for its feature: chat 400 'Chat Usage Limit Exhausted', 02 §8 upgrade 455 …);
 *  2. after a COMPLETE generation, inside the transaction that stores the result: `chargeGeneration`,
 *     idempotent per (user, requestKey) so a retried request is never charged twice, and never called
 *     for an aborted or failed generation (nothing partial is stored or charged).
 *
 * Choice: the check happens before generating, so the last generation may overdraw the allowance by its
 * own size (a reply is never cut because the allowance ran out half-way); the next one is refused.
 * Paid credits are spent from the plan allowance first, then from valid add-on packs (oldest first),
 * then from earned bonus; an overdraw lands on the plan usage.
 */
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { PLAN_ID } from '../machines/constants';
import type { Db } from './db/client';
import * as t from './db/schema';
import { addOnTotals } from './db/queries';
import { creditsFor } from './routes/credits';
import type { HttpError } from './http/errors';

export type Allowance =
  | { plan: 'free'; wordsLeft: number; imagesLeft: number }
  | { plan: 'paid'; creditsLeft: number }
  /** No current subscription, or one that is not active (pending, overdue, expired, canceled). */
  | { plan: 'inactive'; status: string };

export async function getAllowance(db: Db, userId: number, now: Date): Promise<Allowance> {
  const [row] = await db
    .select({ sub: t.subscriptions, plan: t.plans })
    .from(t.subscriptions)
    .innerJoin(t.plans, eq(t.plans.id, t.subscriptions.planId))
    .where(eq(t.subscriptions.userId, userId))
    .limit(1);
  if (!row) return { plan: 'inactive', status: 'none' };
  const { sub, plan } = row;
  if (sub.status !== 'active') return { plan: 'inactive', status: sub.status };
  if (sub.planId === PLAN_ID.free) {
    return { plan: 'free', wordsLeft: Math.max(0, plan.wordLimit - sub.usage), imagesLeft: Math.max(0, plan.imageLimit - sub.imageUsage) };
  }
  const addOn = await addOnTotals(db, userId, now);
  const total = plan.totalPlanCredits + addOn.credits + sub.earnedBonus;
  const used = sub.usage + addOn.used + sub.usedBonus;
  return { plan: 'paid', creditsLeft: Math.max(0, total - used) };
}

/** What a generation needs at least to start: words and/or images (free plan), any credit (paid plan). */
export interface Need {
  words?: boolean;
  images?: boolean;
}

/** Whether the allowance covers starting a generation of that kind. */
export function allows(a: Allowance, need: Need): boolean {
  if (a.plan === 'inactive') return false;
  if (a.plan === 'paid') return a.creditsLeft > 0;
  if (need.words && a.wordsLeft <= 0) return false;
  if (need.images && a.imagesLeft <= 0) return false;
  return true;
}

/** Throws `refusal()` unless the user's plan can start this generation. Returns the allowance. */
export async function requireAllowance(db: Db, userId: number, now: Date, need: Need, refusal: (a: Allowance) => HttpError) {
  const a = await getAllowance(db, userId, now);
  if (!allows(a, need)) throw refusal(a);
  return a;
}

export interface Charge {
  userId: number;
  /** unique per user and generation (e.g. `chat:<chat_message_id>`, `image:<id>`); a repeat is not charged */
  requestKey: string;
  /** what is charged, for the credit history: chat, image, video, long-blog … */
  kind: string;
  /** human description for the credit history */
  description: string;
  words?: number;
  images?: number;
  /** matrix text type ('Standard' default, 'Elite') */
  textType?: string;
  /** matrix image source 1–3 (1 Standard default) */
  imageSource?: number;
  /** a fixed credit price (e.g. video), used instead of the matrix on paid plans */
  fixedCredits?: number;
}

/**
 * Charges a finished generation. Call inside the transaction that stores the result.
 * Returns the credits charged (paid plans) — 0 on the free plan or when the key was charged before.
 */
export async function chargeGeneration(tx: Db, charge: Charge, now: Date): Promise<{ charged: boolean; credits: number }> {
  const words = Math.max(0, Math.round(charge.words ?? 0));
  const images = Math.max(0, Math.round(charge.images ?? 0));
  const [sub] = await tx.select().from(t.subscriptions).where(eq(t.subscriptions.userId, charge.userId)).limit(1);
  if (!sub) return { charged: false, credits: 0 };
  const paid = sub.planId !== PLAN_ID.free;
  const credits = paid ? await creditsOf(tx, charge, words, images) : 0;

  const inserted = await tx
    .insert(t.generationCharges)
    .values({ userId: charge.userId, requestKey: charge.requestKey, kind: charge.kind, words, images, credits, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: t.generationCharges.requestKey });
  if (inserted.length === 0) return { charged: false, credits: 0 };

  if (!paid) {
    await tx
      .update(t.subscriptions)
      .set({ usage: sql`${t.subscriptions.usage} + ${words}`, imageUsage: sql`${t.subscriptions.imageUsage} + ${images}`, updatedAt: now })
      .where(eq(t.subscriptions.id, sub.id));
    return { charged: true, credits: 0 };
  }

  if (credits > 0) {
    await spendCredits(tx, sub, credits, now);
    await tx.insert(t.creditUsages).values({
      userId: charge.userId,
      type: charge.kind,
      description: charge.description,
      credits,
      createdAt: now,
    });
  }
  return { charged: true, credits };
}

async function creditsOf(tx: Db, charge: Charge, words: number, images: number): Promise<number> {
  if (charge.fixedCredits !== undefined) return Math.max(0, Math.ceil(charge.fixedCredits));
  const matrix = await tx.select().from(t.creditMatrix);
  const pick = (kind: string, match: (m: (typeof matrix)[number]) => boolean) => {
    const rows = matrix.filter((m) => m.kind === kind);
    return rows.find(match) ?? rows.find((m) => m.isDefault) ?? rows[0];
  };
  let credits = 0;
  if (words > 0) {
    const rate = pick('text', (m) => m.type === (charge.textType ?? 'Standard'));
    if (rate) credits += creditsFor(words, rate);
  }
  if (images > 0) {
    const rate = pick('image', (m) => m.source === (charge.imageSource ?? 1));
    if (rate) credits += creditsFor(images, rate);
  }
  return credits;
}

type SubRow = typeof t.subscriptions.$inferSelect;

async function spendCredits(tx: Db, sub: SubRow, credits: number, now: Date) {
  const [plan] = await tx.select().from(t.plans).where(eq(t.plans.id, sub.planId)).limit(1);
  let left = credits;
  // 1. the plan allowance
  const planLeft = Math.max(0, (plan?.totalPlanCredits ?? 0) - sub.usage);
  const fromPlan = Math.min(left, planLeft);
  left -= fromPlan;
  // 2. valid add-on packs, oldest first
  if (left > 0) {
    const packs = await tx
      .select()
      .from(t.creditPurchases)
      .where(and(eq(t.creditPurchases.userId, sub.userId), gt(t.creditPurchases.expiredAt, now), ne(t.creditPurchases.status, 'Expired')))
      .orderBy(asc(t.creditPurchases.purchaseDate), asc(t.creditPurchases.id));
    for (const p of packs) {
      if (left <= 0) break;
      const take = Math.min(left, Math.max(0, p.credit - p.totalUsage));
      if (take <= 0) continue;
      left -= take;
      await tx
        .update(t.creditPurchases)
        .set({ totalUsage: p.totalUsage + take })
        .where(eq(t.creditPurchases.id, p.id));
    }
  }
  // 3. earned bonus
  const bonusLeft = Math.max(0, sub.earnedBonus - sub.usedBonus);
  const fromBonus = Math.min(left, bonusLeft);
  left -= fromBonus;
  // an overdraw (the check happened before generating) lands on the plan usage
  await tx
    .update(t.subscriptions)
    .set({ usage: sub.usage + fromPlan + left, usedBonus: sub.usedBonus + fromBonus, updatedAt: now })
    .where(eq(t.subscriptions.id, sub.id));
}
