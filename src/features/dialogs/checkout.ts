/**
 * The plan purchase the payment dialogs complete. The pricing, feature-access and pro-upgrade dialogs pick a plan
 * and billing period, then open `payment-method` (or `payment-with-offer`) with that choice in its payload
 * (machines/dialogs.ts CheckoutChoice). Opened without one, the payment dialogs fall back to the user's upsell plan
 * (01 §4 "Offer upsell").
 */
import type { components } from '@contract/schema.gen';
import { PLAN_ID } from '@machines/constants';
import type { CheckoutChoice } from '@machines/dialogs';
import { offerUpsell } from '@machines/upgrade-button.machine';

type Frequency = components['schemas']['PaymentFrequency'];
type User = components['schemas']['User'];

/** Users with monthly disabled see only annual pricing (01 §6). */
export function defaultFrequency(user: User | undefined): Frequency {
  return user?.is_monthly_disabled ? 'yearly' : 'monthly';
}

/** The purchase a payment dialog completes: the choice it was opened with, else the user's upsell (01 §4). */
export function checkoutFor(user: User | undefined, offer: boolean, chosen?: CheckoutChoice): CheckoutChoice {
  if (chosen && chosen.offer === offer) return chosen;
  const sub = user?.user_subscription;
  const upsell = sub ? offerUpsell(sub.plan_id, sub.payment_frequency) : 'plus';
  return { planId: upsell === 'pro' || upsell === null ? PLAN_ID.pro : PLAN_ID.plus, frequency: defaultFrequency(user), offer };
}
