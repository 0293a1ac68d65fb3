/**
 * The plan purchase the payment dialogs complete. The pricing, feature-access and pro-upgrade dialogs
 * pick a plan and billing period, then open `payment-method`, whose payload (machines/dialogs.ts) is
 * empty — so the choice is handed over here, like the confirmation bus beside it. Opened on its own
 * (nothing chosen), the payment dialogs fall back to the user's upsell plan (01 §4 "Offer upsell").
 */
import type { components } from '@contract/schema.gen';
import { PLAN_ID } from '@machines/constants';
import { offerUpsell } from '@machines/upgrade-button.machine';

type Frequency = components['schemas']['PaymentFrequency'];
type User = components['schemas']['User'];

export interface CheckoutChoice {
  planId: number;
  frequency: Frequency;
  /** true: the offer price (payment-with-offer, 01 §7 ".../offer" and `offer` of the RazorPay link) */
  offer: boolean;
}

let pending: CheckoutChoice | null = null;

export function setPendingCheckout(choice: CheckoutChoice) {
  pending = choice;
}

/** The chosen purchase (kept until the next choice, so a re-render or retry reads the same). */
export function pendingCheckout(): CheckoutChoice | null {
  return pending;
}

export function clearPendingCheckout() {
  pending = null;
}

/** Users with monthly disabled see only annual pricing (01 §6). */
export function defaultFrequency(user: User | undefined): Frequency {
  return user?.is_monthly_disabled ? 'yearly' : 'monthly';
}

/** The purchase a payment dialog completes: the pending choice, else the user's upsell (01 §4). */
export function checkoutFor(user: User | undefined, offer: boolean): CheckoutChoice {
  if (pending && pending.offer === offer) return pending;
  const sub = user?.user_subscription;
  const upsell = sub ? offerUpsell(sub.plan_id, sub.payment_frequency) : 'plus';
  return { planId: upsell === 'pro' || upsell === null ? PLAN_ID.pro : PLAN_ID.plus, frequency: defaultFrequency(user), offer };
}
