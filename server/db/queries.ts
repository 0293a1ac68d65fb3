/** Typed query layer: the reads and writes the routes share, plus the row → API mappings. */
import { and, eq, gt, ne, sql, desc } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './schema';
import type { Schemas } from '../types';
import { PLAN_ID } from '../../machines/constants';

export type UserRow = typeof t.users.$inferSelect;
export type SubscriptionRow = typeof t.subscriptions.$inferSelect;
export type PlanRow = typeof t.plans.$inferSelect;
export type PurchaseRow = typeof t.creditPurchases.$inferSelect;

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);
/** Integer cents → dollars for the API (which speaks USD numbers). */
export const dollars = (cents: number) => Math.round(cents) / 100;
export const toCents = (amount: number) => Math.round(amount * 100);

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(t.users).where(eq(t.users.email, normaliseEmail(email))).limit(1);
  return u;
}

export async function getUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(t.users).where(eq(t.users.id, id)).limit(1);
  return u;
}

export async function getSubscriptionWithPlan(db: Db, userId: number) {
  const [row] = await db
    .select({ sub: t.subscriptions, plan: t.plans })
    .from(t.subscriptions)
    .innerJoin(t.plans, eq(t.plans.id, t.subscriptions.planId))
    .where(eq(t.subscriptions.userId, userId))
    .limit(1);
  return row;
}

export async function getPlan(db: Db, id: number): Promise<PlanRow | undefined> {
  const [p] = await db.select().from(t.plans).where(eq(t.plans.id, id)).limit(1);
  return p;
}

/** Status of a purchase at `now`: expiry wins, then exhaustion. */
export function purchaseStatus(p: Pick<PurchaseRow, 'credit' | 'totalUsage' | 'expiredAt'>, now: Date) {
  if (p.expiredAt.getTime() <= now.getTime()) return 'Expired' as const;
  if (p.totalUsage >= p.credit) return 'Exhausted' as const;
  return 'Active' as const;
}

/**
 * Add-on credit totals of purchases still valid at `now` (bought within a year, 01 §9):
 * credits = credits bought, used = credits of those packs already spent.
 */
export async function addOnTotals(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({
      credits: sql<string>`coalesce(sum(${t.creditPurchases.credit}), 0)`,
      used: sql<string>`coalesce(sum(${t.creditPurchases.totalUsage}), 0)`,
    })
    .from(t.creditPurchases)
    .where(
      and(
        eq(t.creditPurchases.userId, userId),
        gt(t.creditPurchases.expiredAt, now),
        ne(t.creditPurchases.status, 'Expired'),
      ),
    );
  return { credits: Number(row?.credits ?? 0), used: Number(row?.used ?? 0) };
}

/**
 * Credit figures of 01 §7 subscription/details.
 * - plan_total_credit_usage: every credit spent this period, whether it came from the plan allowance
 *   (subscription.usage), from valid add-on packs (their total_usage) or from bonus credits (used_bonus).
 *   0 on the free plan, which is metered in words and images.
 * - total_add_on_credits: credits of valid (unexpired) add-on packs, 01 §9 (valid one year).
 * - used_bonus / earned_bonus: from the subscription.
 * So the paid-plan gate of 01 §4 step 8 ("compare credit usage with total plan credits plus add-on credits
 * plus bonus") blocks when plan_total_credit_usage >= total_plan_credits + total_add_on_credits + earned_bonus
 * (as machines/subscription-gate.machine.ts does).
 */
export function creditFigures(sub: SubscriptionRow, addOn: { credits: number; used: number }) {
  const paid = sub.planId !== PLAN_ID.free;
  return {
    plan_total_credit_usage: paid ? sub.usage + addOn.used + sub.usedBonus : 0,
    total_add_on_credits: addOn.credits,
    used_bonus: sub.usedBonus,
    earned_bonus: sub.earnedBonus,
  };
}

export function serializeSubscription(sub: SubscriptionRow, plan: PlanRow): Schemas['Subscription'] {
  return {
    plan_id: sub.planId,
    status: sub.status as Schemas['SubscriptionStatus'],
    payment_frequency: sub.paymentFrequency as Schemas['PaymentFrequency'],
    usage: sub.usage,
    used_bonus: sub.usedBonus,
    earned_bonus: sub.earnedBonus,
    image_usage: sub.imageUsage,
    image_bg_remover_usage: sub.imageBgRemoverUsage,
    end_at: sub.endAt ? sub.endAt.toISOString() : null,
    stripe_subscription: sub.stripeSubscription,
    razorpay_subscription: sub.razorpaySubscription,
    paddle_subscription: sub.paddleSubscription,
    plan: { id: plan.id, title: plan.title },
  };
}

const nullIfZero = (n: number) => (n > 0 ? n : null);

export function serializePlan(p: PlanRow): Schemas['Plan'] {
  return {
    id: p.id,
    title: p.title,
    word_limit: p.wordLimit,
    word_limit_old: p.wordLimitOld,
    image_limit: p.imageLimit,
    image_bg_remover_limit: p.imageBgRemoverLimit,
    credit_limit: p.creditLimit,
    total_plan_credits: p.totalPlanCredits,
    price_monthly: dollars(p.priceMonthlyCents),
    price_yearly: dollars(p.priceYearlyCents),
    price_yearly_inr: p.priceYearlyInrPaise ? dollars(p.priceYearlyInrPaise) : null,
    offer_price: p.offerPriceCents ? dollars(nullIfZero(p.offerPriceCents)!) : null,
    offer_price_inr: p.offerPriceInrPaise ? dollars(p.offerPriceInrPaise) : null,
    offer_title: p.offerTitle,
    paddle_monthly_plan: p.paddleMonthlyPlan,
    paddle_yearly_plan: p.paddleYearlyPlan,
  };
}

/** The next live demo webinar: next weekday at 20:00 India time (UTC+5:30), 01 §4, §9. */
export function nextWebinar(now: Date): Schemas['Webinar'] {
  // 20:00 IST = 14:30 UTC.
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 14, 30));
  if (d.getTime() <= now.getTime()) d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return {
    webinar_date: d.toISOString(),
    webinar_title: 'Live demo: write a week of content in an hour',
    webinar_description: 'A 40-minute walkthrough of the AI writer, blogs, images and video, with live Q&A.',
    webinar_link: 'https://example.com/webinar/live-demo',
  };
}

/** The full User of 01 §3 (with computed credit figures and the subscription). */
export async function loadUserView(db: Db, userId: number, now: Date): Promise<Schemas['User'] | undefined> {
  const user = await getUser(db, userId);
  if (!user) return undefined;
  const sp = await getSubscriptionWithPlan(db, userId);
  if (!sp) throw new Error(`user ${userId} has no subscription`);
  const addOn = await addOnTotals(db, userId, now);
  const figures = creditFigures(sp.sub, addOn);
  const address = user.stripeCustomerAddress as Schemas['Address'] | null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    language_id: user.languageId,
    avatar_url: user.avatarUrl,
    isFirstLogin: user.isFirstLogin,
    is_webinar: user.isWebinar as 0 | 1 | 2,
    webinar: user.webinarTitle
      ? {
          webinar_date: (user.webinarDate ?? now).toISOString(),
          webinar_title: user.webinarTitle,
          webinar_description: user.webinarDescription ?? '',
          webinar_link: user.webinarLink ?? 'https://example.com/webinar/live-demo',
        }
      : nextWebinar(now),
    is_retry_dialog_show: flag(user.isRetryDialogShow),
    is_monthly_disabled: flag(user.isMonthlyDisabled),
    is_mobile_payment: flag(user.isMobilePayment),
    is_onboard: flag(user.isOnboard),
    is_onboard_skipped: flag(user.isOnboardSkipped),
    is_rewardful: flag(user.isRewardful),
    is_razorpay_subscription: flag(user.isRazorpaySubscription),
    is_stripe_payment_failed: flag(user.isStripePaymentFailed),
    is_user_word_limit_exhausted: flag(user.isUserWordLimitExhausted),
    is_user_image_limit_exhausted: flag(user.isUserImageLimitExhausted),
    is_blog_generated_free: flag(user.isBlogGeneratedFree),
    rewards: user.rewards === 1 ? 1 : 0,
    last_location: user.lastLocation ? { country: user.lastLocation } : null,
    stripe_id: user.stripeId,
    razorpay_id: user.razorpayId,
    stripe_customer_address: address ?? null,
    isPaddleCountry: user.isPaddleCountry,
    plan_total_credit_usage: figures.plan_total_credit_usage,
    total_add_on_credits: figures.total_add_on_credits,
    created_at: user.createdAt.toISOString(),
    user_subscription: serializeSubscription(sp.sub, sp.plan),
  };
}

export async function listPaymentsPage(db: Db, userId: number, page: number, perPage: number) {
  const [{ count }] = await db
    .select({ count: sql<string>`count(*)` })
    .from(t.payments)
    .where(eq(t.payments.userId, userId));
  const rows = await db
    .select()
    .from(t.payments)
    .where(eq(t.payments.userId, userId))
    .orderBy(desc(t.payments.createdAt), desc(t.payments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: Number(count), rows };
}

export async function listPurchasesPage(db: Db, userId: number, page: number, perPage: number) {
  const [{ count }] = await db
    .select({ count: sql<string>`count(*)` })
    .from(t.creditPurchases)
    .where(eq(t.creditPurchases.userId, userId));
  const rows = await db
    .select()
    .from(t.creditPurchases)
    .where(eq(t.creditPurchases.userId, userId))
    .orderBy(desc(t.creditPurchases.purchaseDate), desc(t.creditPurchases.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: Number(count), rows };
}

/** Laravel paginator fields (PageMeta). */
export function pageMeta(baseUrl: string, page: number, perPage: number, total: number, count: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  const next = new URL(baseUrl);
  next.searchParams.set('page', String(page + 1));
  return {
    current_page: page,
    last_page: lastPage,
    next_page_url: page < lastPage ? next.toString() : null,
    total,
    to: from === null ? null : from + count - 1,
    from,
    per_page: perPage,
  };
}
