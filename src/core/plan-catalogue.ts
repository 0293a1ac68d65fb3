/**
 * The one plan catalogue behind every price, allowance, offer and saving the app shows. The figures come only
 * from GET /api/plansList (the backend's catalogue, server/seed/catalogue.ts, where the choice among the spec's
 * differing figures is written down); this module only words them, so /pricing, /offer-pricing, the upgrade
 * dialog, the header's offer and the subscription page cannot disagree about a plan.
 */
import type { components } from '@contract/schema.gen';
import { PLAN_ID } from '@machines/constants';

export type CataloguePlan = components['schemas']['Plan'];
type Frequency = components['schemas']['PaymentFrequency'];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether a plan has an offer price below its monthly price (the offer page's price). */
export function hasOffer(plan: CataloguePlan): boolean {
  return !!plan.offer_price && plan.offer_price > 0 && plan.offer_price < plan.price_monthly;
}

/**
 * The price of a plan for a billing period, in USD, as the server charges it (server/billing/service.ts):
 * the offer price replaces the monthly price and applies pro rata to the yearly one.
 */
export function planPrice(plan: CataloguePlan, frequency: Frequency, offer: boolean): number {
  const base = frequency === 'yearly' ? plan.price_yearly : plan.price_monthly;
  if (!offer || !hasOffer(plan)) return base;
  return frequency === 'monthly' ? plan.offer_price! : round2((plan.price_yearly * plan.offer_price!) / plan.price_monthly);
}

/** Wording of the catalogue's figures (01 §6 "500 credits a month, up to 100,000 words, 500 images"). */
export const PLAN_TEXT = {
  freeWords: (words: string) => `${words} words a month`,
  freeImages: (images: string) => `${images} images a month`,
  credits: (credits: string) => `${credits} credits a month`,
  upToWords: (words: string) => `Up to ${words} words`,
  images: (images: string) => `${images} images`,
  /** 01 §3 "(save up to 20%)": the percentage is the catalogue's yearly discount, never a fixed figure. */
  saveUpTo: (percent: number) => `save up to ${percent}%`,
  /** 01 §2 pro-upgrade benefit "up to 300,000 words a month with all tools". */
  upToWordsWithAllTools: (words: string) => `Up to ${words} words a month with all tools`,
} as const;

export const formatPlanCount = (n: number) => n.toLocaleString('en-US');

/** The metered allowances of a plan, worded from its catalogue entry (limits the plan lacks are left out). */
export function planAllowances(plan: CataloguePlan): string[] {
  const out: string[] = [];
  if (plan.id === PLAN_ID.free) {
    if (plan.word_limit) out.push(PLAN_TEXT.freeWords(formatPlanCount(plan.word_limit)));
    if (plan.image_limit) out.push(PLAN_TEXT.freeImages(formatPlanCount(plan.image_limit)));
    return out;
  }
  const credits = plan.total_plan_credits || plan.credit_limit;
  if (credits) out.push(PLAN_TEXT.credits(formatPlanCount(credits)));
  if (plan.word_limit) out.push(PLAN_TEXT.upToWords(formatPlanCount(plan.word_limit)));
  if (plan.image_limit) out.push(PLAN_TEXT.images(formatPlanCount(plan.image_limit)));
  return out;
}

/** The yearly discount of one plan against twelve monthly payments, in whole percent (0 when none). */
export function yearlySavingPercent(plan: CataloguePlan): number {
  if (!plan.price_monthly || !plan.price_yearly) return 0;
  return Math.max(0, Math.round((1 - plan.price_yearly / (12 * plan.price_monthly)) * 100));
}

/** "save up to N%": the largest yearly discount among the plans for sale (null when no plan has one). */
export function bestYearlySaving(plans: readonly CataloguePlan[] | undefined): number | null {
  const best = Math.max(0, ...(plans ?? []).map(yearlySavingPercent));
  return best > 0 ? best : null;
}
