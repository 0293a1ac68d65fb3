/** Billing domain logic shared by the billing, credits and test-checkout routes. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newToken } from '../lib/crypto';
import { addDays, addMonths } from '../lib/dates';
import { HttpError, MSG, validationError } from '../http/errors';
import { getPlan, getSubscriptionWithPlan, type PlanRow } from '../db/queries';
import { ADD_ON_CREDIT_VALIDITY_MONTHS, PLAN_ID } from '../../machines/constants';

export type Frequency = 'monthly' | 'yearly';
export type CheckoutSession = typeof t.checkoutSessions.$inferSelect;

/** Where the test checkout sends the browser back to (the app's subscription / top-up pages). */
export const RETURN_PATHS = {
  subscription: '/credit-based?target=subscription',
  credits: '/credit-based?target=topup-credits',
} as const;

/** Price of a plan in integer cents; the offer price applies to the monthly price and pro rata to yearly. */
export function planPriceCents(plan: PlanRow, frequency: Frequency, offer: boolean): number {
  const base = frequency === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents;
  if (!offer || !plan.offerPriceCents || !plan.priceMonthlyCents) return base;
  return frequency === 'monthly' ? plan.offerPriceCents : Math.round((base * plan.offerPriceCents) / plan.priceMonthlyCents);
}

/** INR price in paise (Razorpay: price × 100 in INR, 01 §9). Monthly INR is the yearly INR price / 12. */
export function planPriceInrPaise(plan: PlanRow, frequency: Frequency, offer: boolean): number {
  if (offer && plan.offerPriceInrPaise) return plan.offerPriceInrPaise;
  return frequency === 'yearly' ? plan.priceYearlyInrPaise : Math.round(plan.priceYearlyInrPaise / 12);
}

export async function paidPlanOr(db: Db, planId: number, fail: () => HttpError): Promise<PlanRow> {
  const plan = await getPlan(db, planId);
  if (!plan || plan.id === PLAN_ID.free) throw fail();
  return plan;
}

export async function createCheckoutSession(
  db: Db,
  input: {
    userId: number;
    kind: 'subscription' | 'credits';
    provider: 'Stripe' | 'RazorPay';
    planId?: number;
    frequency?: Frequency;
    offer?: boolean;
    credits?: number;
    amountCents: number;
    currency?: 'USD' | 'INR';
  },
  origin: string,
  now: Date,
): Promise<{ session: CheckoutSession; url: string }> {
  const id = `${input.provider === 'RazorPay' ? 'pay_test_' : 'cs_test_'}${newToken()}`;
  const back = RETURN_PATHS[input.kind];
  const param = input.provider === 'RazorPay' ? 'razorpay_payment_id' : 'session_id';
  const [session] = await db
    .insert(t.checkoutSessions)
    .values({
      id,
      userId: input.userId,
      kind: input.kind,
      provider: input.provider,
      planId: input.planId ?? null,
      paymentFrequency: input.frequency ?? null,
      offer: input.offer ?? false,
      credits: input.credits ?? null,
      amountCents: input.amountCents,
      currency: input.currency ?? 'USD',
      status: 'open',
      returnUrl: `${origin}${back}&${param}=${encodeURIComponent(id)}`,
      cancelUrl: `${origin}${back}&checkout=failed`,
      createdAt: now,
      expiresAt: addDays(now, 1),
    })
    .returning();
  return { session, url: `${origin}/test-checkout/${encodeURIComponent(id)}` };
}

export async function getSession(db: Db, id: string): Promise<CheckoutSession | undefined> {
  const [s] = await db.select().from(t.checkoutSessions).where(eq(t.checkoutSessions.id, id)).limit(1);
  return s;
}

/** Records a paid credit pack: a payment and a purchase valid one year (01 §9). Call in a transaction. */
export async function recordCreditPurchase(db: Db, session: CheckoutSession, now: Date) {
  const [payment] = await db
    .insert(t.payments)
    .values({
      userId: session.userId,
      kind: 'credits',
      credits: session.credits,
      amountCents: session.amountCents,
      currency: session.currency,
      status: 'paid',
      provider: session.provider,
      providerRef: session.id,
      description: `${session.credits} credits`,
      createdAt: now,
    })
    .returning({ id: t.payments.id });
  await db.insert(t.creditPurchases).values({
    userId: session.userId,
    purchaseDate: now,
    creditAmountCents: session.amountCents,
    credit: session.credits ?? 0,
    totalUsage: 0,
    status: 'Active',
    expiredAt: addMonths(now, ADD_ON_CREDIT_VALIDITY_MONTHS),
    paymentId: payment.id,
  });
}

/**
 * Applies a paid subscription session (Stripe activation or Razorpay confirmation): new plan and frequency,
 * a fresh period from now, usage reset, a payment recorded. Idempotent: a completed session changes nothing.
 * Call in a transaction.
 */
export async function activateSubscriptionSession(db: Db, session: CheckoutSession, userId: number, now: Date) {
  if (session.userId !== userId || session.kind !== 'subscription') throw new HttpError(404, MSG.notFound);
  if (session.status === 'completed') return 'already' as const;
  if (session.status === 'open')
    throw validationError({ session_id: ['The checkout has not been paid yet.'] }, 'The checkout has not been paid yet.');
  if (session.status === 'failed')
    throw validationError({ session_id: ['The payment failed. Please try again.'] }, 'The payment failed. Please try again.');
  const frequency = (session.paymentFrequency ?? 'monthly') as Frequency;
  const plan = (await getPlan(db, session.planId!))!;
  const claimed = await db
    .update(t.checkoutSessions)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(t.checkoutSessions.id, session.id), eq(t.checkoutSessions.status, 'paid')))
    .returning({ id: t.checkoutSessions.id });
  if (claimed.length === 0) return 'already' as const;
  const ref = session.provider === 'RazorPay' ? 'razorpaySubscription' : 'stripeSubscription';
  await db
    .update(t.subscriptions)
    .set({
      planId: plan.id,
      status: 'active',
      paymentFrequency: frequency,
      usage: 0,
      imageUsage: 0,
      imageBgRemoverUsage: 0,
      startAt: now,
      endAt: addMonths(now, frequency === 'yearly' ? 12 : 1),
      [ref]: `sub_test_${session.id.slice(-12)}`,
      cancelledReason: null,
      couponApplied: session.offer ? 'offer' : null,
      updatedAt: now,
    })
    .where(eq(t.subscriptions.userId, userId));
  await db
    .update(t.users)
    .set({
      isStripePaymentFailed: false,
      isRetryDialogShow: false,
      isUserWordLimitExhausted: false,
      isUserImageLimitExhausted: false,
      isRazorpaySubscription: session.provider === 'RazorPay',
      stripeId: session.provider === 'Stripe' ? `cus_test_${userId}` : undefined,
      updatedAt: now,
    })
    .where(eq(t.users.id, userId));
  await db.insert(t.payments).values({
    userId,
    kind: 'subscription',
    planId: plan.id,
    paymentFrequency: frequency,
    amountCents: session.amountCents,
    currency: session.currency,
    status: 'paid',
    provider: session.provider,
    providerRef: session.id,
    description: `${plan.title} plan (${frequency})${session.offer ? ' – offer' : ''}`,
    createdAt: now,
  });
  return 'activated' as const;
}

export async function currentSubscription(db: Db, userId: number) {
  const sp = await getSubscriptionWithPlan(db, userId);
  if (!sp) throw new Error(`user ${userId} has no subscription`);
  return sp;
}
