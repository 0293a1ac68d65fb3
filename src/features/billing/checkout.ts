import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import { PLAN_ID } from '@machines/constants';
import { openPaddleCheckout } from './paddle';
import { hasOffer, planPrice } from '@/core/plan-catalogue';

export type Plan = components['schemas']['Plan'];
export type User = components['schemas']['User'];
export type Frequency = components['schemas']['PaymentFrequency'];
export type PaymentSetting = components['schemas']['PaymentSetting'];
export type PayMethod = 'card' | 'razorpay';

const round2 = (n: number) => Math.round(n * 100) / 100;

// One rule for offer prices, shared with the upgrade dialog (src/core/plan-catalogue.ts).
export { hasOffer, planPrice };

/** The per-month figure of a yearly price (cards show "$12/month, $144 billed yearly"). */
export function perMonth(plan: Plan, frequency: Frequency, offer: boolean): number {
  const price = planPrice(plan, frequency, offer);
  return frequency === 'yearly' ? round2(price / 12) : price;
}

/** Paddle's price id of a plan and period (01 §3 paddle_monthly_plan / paddle_yearly_plan). */
export function paddlePriceId(plan: Plan, frequency: Frequency): string | null {
  return (frequency === 'yearly' ? plan.paddle_yearly_plan : plan.paddle_monthly_plan) ?? null;
}

/** A referral cookie (Rewardful's `rewardful.referral`, or a plain `referral`) set in this browser. */
export function hasReferralCookie(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const name = part.split('=')[0]?.trim().toLowerCase();
    return name === 'rewardful.referral' || name === 'referral';
  });
}

/**
 * 01 §6: "Indian users without a referral cookie may see the RazorPay route"; "Users with is_rewardful see only
 * a card payment option". Indian = last known country IN. When the payment methods are known, RazorPay must be
 * one of them too (the server already hides it from is_rewardful users).
 */
export function isRazorpayEligible(user: User | undefined, cookie: string, methods?: PaymentSetting[]): boolean {
  if (!user || user.is_rewardful === 1) return false;
  if ((user.last_location?.country ?? '').toUpperCase() !== 'IN') return false;
  if (hasReferralCookie(cookie)) return false;
  return methods ? methods.some((m) => m.title === 'RazorPay') : true;
}

/** Plans above the current one a user may move to (the free plan is never a target of an upgrade). */
export function isUpgrade(user: User | undefined, plan: Plan, frequency: Frequency): boolean {
  if (plan.id === PLAN_ID.free) return false;
  const sub = user?.user_subscription;
  if (!sub || sub.plan_id === PLAN_ID.free) return true;
  // an ended / cancelled / unpaid plan may be bought again, or a bigger one; a smaller one is not offered
  if (sub.status !== 'active') return plan.id >= sub.plan_id;
  if (plan.id > sub.plan_id) return true;
  // same plan: only monthly → yearly is a change worth offering
  return plan.id === sub.plan_id && sub.payment_frequency === 'monthly' && frequency === 'yearly';
}

export interface CheckoutRequest {
  api: ApiClient;
  plan: Plan;
  frequency: Frequency;
  offer: boolean;
  method: PayMethod;
  user: User | undefined;
  /** 'manage': a paid subscriber changing plan (GET /api/manageStripeSubscription); else a new checkout. */
  via?: 'checkout' | 'manage';
  /** where the browser goes (window.location.assign in the app) */
  assign: (url: string) => void;
}

/**
 * Starts the payment of a plan (01 §7 Billing): RazorPay → POST /api/razorpay-payment-link and its short_url;
 * card → GET /api/subscription/stripeCheckout/{plan}/{frequency}[/offer] (or manageStripeSubscription for a
 * plan change) and its url. A Stripe failure falls back to Paddle when Paddle is available (01 §4); otherwise
 * the Stripe error is rethrown for the API-error dialog. Resolves 'redirected' or 'paddle'.
 */
export async function startPlanCheckout(req: CheckoutRequest): Promise<'redirected' | 'paddle'> {
  const { api, plan, frequency, offer } = req;
  if (req.method === 'razorpay') {
    const { data } = await api.POST('/api/razorpay-payment-link', { body: { plan_id: plan.id, type: frequency, offer } });
    req.assign(data!.short_url);
    return 'redirected';
  }
  try {
    let url: string;
    if (req.via === 'manage') {
      const { data } = await api.GET('/api/manageStripeSubscription', {
        params: { query: { plan: plan.id, payment_frequency: frequency, ...(offer ? { offer: '1' as const } : {}) } },
      });
      url = data!.url;
    } else {
      const params = { path: { plan: plan.id, frequency } };
      const { data } = offer
        ? await api.GET('/api/subscription/stripeCheckout/{plan}/{frequency}/offer', { params })
        : await api.GET('/api/subscription/stripeCheckout/{plan}/{frequency}', { params });
      url = data!.url;
    }
    req.assign(url);
    return 'redirected';
  } catch (stripeError) {
    if ((stripeError as { name?: string })?.name === 'AbortError') throw stripeError;
    if (openPaddleCheckout(paddlePriceId(plan, frequency), { email: req.user?.email, userId: req.user?.id })) return 'paddle';
    throw stripeError;
  }
}
