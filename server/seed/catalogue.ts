/**
 * Reference data: plans, payment settings, languages, credit matrix and credit packs.
 * Money in integer cents (USD) and paise (INR).
 */
import { PLAN_ID } from '../../machines/constants';

/**
 * Plans (01 §3, §6): the one plan catalogue. GET /api/plansList serves it, and every price, allowance, offer and
 * saving the app shows is worded from it (src/core/plan-catalogue.ts); no screen types a figure of its own.
 * The spec's documents give differing figures; the choice:
 * - Free: the spec shows both 1,000 and 2,000 words a month. We choose 2,000: 01 §9 fires the free-plan usage
 *   event "once at 1000 usage", which only makes sense if the limit lies above 1,000 (the event is a halfway nudge);
 *   1,000 is kept as word_limit_old (the older figure still printed in the feature comparison).
 *   Image limit 10 (not shown in the spec: enough to try every image style a few times), 3 background removals,
 *   one free long blog and one storybook (01 §6).
 * - Plus 500 credits a month, "up to 100,000 words, 500 images"; Pro 2,500 credits, "up to 300,000 words,
 *   2,500 images" (01 §6). Limits renew monthly, also on yearly billing.
 * - Prices: the pricing-tier table (01 §3) has exactly two paid tiers, Startup $15/month or $144/year and
 *   Enterprise $30/month or $288/year; we map them to Plus and Pro (two paid plans, same order, yearly = 20% off)
 *   and show only the plan names Plus and Pro. The pricing modal's "Startup 50,000 words, Enterprise 250,000
 *   words" (01 §6) are the older allowances, kept as word_limit_old; 01 §6's plan limits (100,000 / 300,000) win.
 * - Saving: "save up to N%" is computed from these prices (20%); the spec's "save up to 28%" for monthly-disabled
 *   users belongs to the $79 / $49 display cards below and is not shown.
 *   The pricing cards ($79 monthly / $69 annually / $49 monthly-disabled) are display copy of an upsell page
 *   whose plan is not named, so they are not plan prices here.
 *   Offer prices (not shown): 20% off the monthly price ($12 Plus, $24 Pro) with the title 'Limited Time Offer'.
 *   INR prices (not shown): yearly ₹11,999 / ₹23,999, offers ₹999 / ₹1,999.
 */
export const PLANS = [
  {
    id: PLAN_ID.free,
    title: 'Free',
    wordLimit: 2000,
    wordLimitOld: 1000,
    imageLimit: 10,
    imageBgRemoverLimit: 3,
    creditLimit: 0,
    totalPlanCredits: 0,
    longBlogLimit: 1,
    storybookLimit: 1,
    priceMonthlyCents: 0,
    priceYearlyCents: 0,
    priceYearlyInrPaise: 0,
    offerPriceCents: 0,
    offerPriceInrPaise: 0,
    offerTitle: null,
    paddleMonthlyPlan: null,
    paddleYearlyPlan: null,
    sortOrder: 1,
  },
  {
    id: PLAN_ID.plus,
    title: 'Plus',
    wordLimit: 100_000,
    wordLimitOld: 50_000,
    imageLimit: 500,
    imageBgRemoverLimit: 100,
    creditLimit: 500,
    totalPlanCredits: 500,
    longBlogLimit: 0,
    storybookLimit: 0,
    priceMonthlyCents: 1500,
    priceYearlyCents: 14_400,
    priceYearlyInrPaise: 1_199_900,
    offerPriceCents: 1200,
    offerPriceInrPaise: 99_900,
    offerTitle: 'Limited Time Offer',
    paddleMonthlyPlan: 'pri_test_plus_monthly',
    paddleYearlyPlan: 'pri_test_plus_yearly',
    sortOrder: 2,
  },
  {
    id: PLAN_ID.pro,
    title: 'Pro',
    wordLimit: 300_000,
    wordLimitOld: 250_000,
    imageLimit: 2500,
    imageBgRemoverLimit: 500,
    creditLimit: 2500,
    totalPlanCredits: 2500,
    longBlogLimit: 0,
    storybookLimit: 0,
    priceMonthlyCents: 3000,
    priceYearlyCents: 28_800,
    priceYearlyInrPaise: 2_399_900,
    offerPriceCents: 2400,
    offerPriceInrPaise: 199_900,
    offerTitle: 'Limited Time Offer',
    paddleMonthlyPlan: 'pri_test_pro_monthly',
    paddleYearlyPlan: 'pri_test_pro_yearly',
    sortOrder: 3,
  },
];

export const PAYMENT_SETTINGS = [
  { id: 1, title: 'RazorPay', description: 'UPI, cards and net banking (India)', isActive: true },
  { id: 2, title: 'Cashfree', description: 'Cards, UPI and wallets (India)', isActive: true },
  { id: 3, title: 'Paddle', description: 'Cards and PayPal, taxes handled for you', isActive: true },
  { id: 4, title: 'Stripe', description: 'Credit or debit card', isActive: true },
];
export const CARD_PAYMENT_TITLE = 'Stripe';

/** English must be id 21 (03 uses language 21 for blogs). */
export const ENGLISH_ID = 21;
export const LANGUAGES = [
  { id: 3, name: 'Arabic', code: 'ar' },
  { id: 7, name: 'Chinese', code: 'zh' },
  { id: 10, name: 'Dutch', code: 'nl' },
  { id: ENGLISH_ID, name: 'English', code: 'en' },
  { id: 24, name: 'French', code: 'fr' },
  { id: 25, name: 'German', code: 'de' },
  { id: 29, name: 'Hindi', code: 'hi' },
  { id: 33, name: 'Italian', code: 'it' },
  { id: 34, name: 'Japanese', code: 'ja' },
  { id: 45, name: 'Portuguese', code: 'pt' },
  { id: 52, name: 'Spanish', code: 'es' },
];

/**
 * Credit matrix (01 §3; figures not shown, chosen to agree with 01 §6):
 * Standard text 5 credits per 1000 words (Plus: 500 credits ≈ 100,000 words), Elite 8 per 1000 words
 * (Pro: 2,500 credits ≈ 300,000 words); images 1 credit at source 1 (Plus: 500 credits ≈ 500 images),
 * 2 at source 2 (HD), 4 at source 3 (premium models); voice 1 credit per 6 seconds (voice_count in seconds).
 */
export const CREDIT_MATRIX = [
  { id: 1, kind: 'text', type: 'Standard', source: null, credits: 5, per: 1000, isDefault: true },
  { id: 2, kind: 'text', type: 'Elite', source: null, credits: 8, per: 1000, isDefault: false },
  { id: 3, kind: 'image', type: 'Standard', source: 1, credits: 1, per: 1, isDefault: true },
  { id: 4, kind: 'image', type: 'HD', source: 2, credits: 2, per: 1, isDefault: false },
  { id: 5, kind: 'image', type: 'Premium', source: 3, credits: 4, per: 1, isDefault: false },
  { id: 6, kind: 'voice', type: 'Standard', source: null, credits: 1, per: 6, isDefault: true },
];

/** Credit packs (01 §3 credit payment option); limits follow the default matrix rates. */
export const CREDIT_PACKS = [
  { id: 1, credit: 100, priceCents: 1000 },
  { id: 2, credit: 250, priceCents: 2000 },
  { id: 3, credit: 500, priceCents: 3500 },
  { id: 4, credit: 1000, priceCents: 6000 },
  { id: 5, credit: 2500, priceCents: 12_500 },
].map((p) => ({ ...p, limitImages: p.credit, limitVoice: p.credit * 6, limitWords: p.credit * 200 }));
