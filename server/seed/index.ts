/**
 * Seed: reference data and the demo accounts (all with the password DEMO_PASSWORD).
 * Deterministic and clock-relative: every date is derived from `now` (the app clock), so a seed made
 * "today" always shows the same picture (a monthly plan 10 days into its period, and so on).
 */
import { sql } from 'drizzle-orm';
import { forgetAccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
import { ALL_TABLES } from '../db/client';
import * as t from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { addDays, addMinutes, addMonths } from '../lib/dates';
import { ADD_ON_CREDIT_VALIDITY_MONTHS, PLAN_ID } from '../../machines/constants';
import { CREDIT_MATRIX, CREDIT_PACKS, ENGLISH_ID, LANGUAGES, PAYMENT_SETTINGS, PLANS } from './catalogue';

export const DEMO_PASSWORD = 'demo1234';

/**
 * One scrypt hash of the demo password per process, shared by every demo account: the seed runs before
 * every test, and 16 scrypt hashes would cost ~1 s each time. Real accounts get their own salt.
 */
let demoHash: Promise<string> | undefined;
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

type Status = 'pending' | 'expired' | 'canceled' | 'overdue' | 'active';
interface Purchase {
  daysAgo: number;
  credit: number;
  used: number;
}
interface DemoAccount {
  email: string;
  name: string;
  createdDaysAgo: number;
  user?: Partial<typeof t.users.$inferInsert>;
  sub: {
    planId: number;
    status?: Status;
    frequency?: 'monthly' | 'yearly';
    /** days since the current period started */
    periodStartedDaysAgo?: number;
    /** override of end_at relative to now (days) */
    endInDays?: number | null;
    usage?: number;
    imageUsage?: number;
    bgUsage?: number;
    longBlogUsage?: number;
    earnedBonus?: number;
    usedBonus?: number;
    cancelledReason?: string;
  };
  purchases?: Purchase[];
  /** how many past subscription periods were paid (payment history) */
  paidPeriods?: number;
  failedPayment?: boolean;
}

const onboarded = { isOnboard: true, isFirstLogin: false, isWebinar: 1 } as const;

/** The demo accounts (README lists them; tests/server/seed.test.ts checks each). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'new@demo.test',
    name: 'Nora Newman',
    createdDaysAgo: 0,
    user: { isFirstLogin: true, isOnboard: false, isWebinar: 0 },
    sub: { planId: PLAN_ID.free },
  },
  {
    email: 'free@demo.test',
    name: 'Felix Freeman',
    createdDaysAgo: 21,
    user: { ...onboarded, lastLocation: 'US' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 21, usage: 450, imageUsage: 3, bgUsage: 1 },
  },
  {
    email: 'free-blog-used@demo.test',
    name: 'Beatrice Blogwell',
    createdDaysAgo: 34,
    user: { ...onboarded, isBlogGeneratedFree: true, lastLocation: 'GB' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 4, usage: 1240, imageUsage: 2, longBlogUsage: 1 },
  },
  {
    email: 'free-words-out@demo.test',
    name: 'Walter Wordsworth',
    createdDaysAgo: 47,
    user: { ...onboarded, isUserWordLimitExhausted: true, lastLocation: 'CA' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 17, usage: 2000, imageUsage: 4 },
  },
  {
    email: 'free-images-out@demo.test',
    name: 'Imogen Pixley',
    createdDaysAgo: 12,
    user: { ...onboarded, isUserImageLimitExhausted: true, lastLocation: 'AU' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 12, usage: 820, imageUsage: 10, bgUsage: 3 },
  },
  {
    email: 'free-both-out@demo.test',
    name: 'Boris Bothwell',
    createdDaysAgo: 63,
    user: { ...onboarded, isUserWordLimitExhausted: true, isUserImageLimitExhausted: true, lastLocation: 'DE' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 3, usage: 2000, imageUsage: 10 },
  },
  {
    email: 'plus@demo.test',
    name: 'Paula Plummer',
    createdDaysAgo: 95,
    user: { ...onboarded, lastLocation: 'US', stripeId: 'cus_demo_plus' },
    sub: { planId: PLAN_ID.plus, frequency: 'monthly', periodStartedDaysAgo: 10, usage: 120, imageUsage: 14 },
    purchases: [
      { daysAgo: 40, credit: 100, used: 20 },
      { daysAgo: 400, credit: 250, used: 180 },
    ],
    paidPeriods: 3,
  },
  {
    email: 'pro@demo.test',
    name: 'Priya Prakash',
    createdDaysAgo: 180,
    user: { ...onboarded, lastLocation: 'IN', stripeId: 'cus_demo_pro' },
    sub: { planId: PLAN_ID.pro, frequency: 'monthly', periodStartedDaysAgo: 8, usage: 800, imageUsage: 120 },
    purchases: [{ daysAgo: 60, credit: 500, used: 0 }],
    paidPeriods: 4,
  },
  {
    email: 'pro-yearly@demo.test',
    name: 'Yusuf Yearwood',
    createdDaysAgo: 240,
    user: { ...onboarded, lastLocation: 'AE', stripeId: 'cus_demo_pro_yearly' },
    sub: { planId: PLAN_ID.pro, frequency: 'yearly', periodStartedDaysAgo: 100, usage: 300, imageUsage: 40 },
    paidPeriods: 1,
  },
  {
    email: 'credits-out@demo.test',
    name: 'Carlos Creditless',
    createdDaysAgo: 130,
    user: { ...onboarded, lastLocation: 'ES', stripeId: 'cus_demo_credits_out' },
    sub: {
      planId: PLAN_ID.plus,
      frequency: 'monthly',
      periodStartedDaysAgo: 20,
      usage: 500,
      imageUsage: 90,
      earnedBonus: 50,
      usedBonus: 50,
    },
    purchases: [{ daysAgo: 15, credit: 100, used: 100 }],
    paidPeriods: 4,
  },
  {
    email: 'expired@demo.test',
    name: 'Edith Exley',
    createdDaysAgo: 75,
    user: { ...onboarded, lastLocation: 'FR', stripeId: 'cus_demo_expired' },
    sub: { planId: PLAN_ID.plus, status: 'expired', frequency: 'monthly', periodStartedDaysAgo: 36, usage: 310 },
    paidPeriods: 2,
  },
  {
    email: 'pending@demo.test',
    name: 'Pedro Pendleton',
    createdDaysAgo: 2,
    user: { ...onboarded, lastLocation: 'BR' },
    sub: { planId: PLAN_ID.plus, status: 'pending', frequency: 'monthly', periodStartedDaysAgo: 0 },
  },
  {
    email: 'overdue@demo.test',
    name: 'Olivia Overby',
    createdDaysAgo: 70,
    user: { ...onboarded, isStripePaymentFailed: true, isRetryDialogShow: true, lastLocation: 'NL', stripeId: 'cus_demo_overdue' },
    // Overdue = the period renewed 2 days ago and its payment failed: the subscription is in its grace
    // period (end_at still ahead), so the gate's step 3 "Overdue" applies rather than step 1 "Ended".
    sub: { planId: PLAN_ID.plus, status: 'overdue', frequency: 'monthly', periodStartedDaysAgo: 2, usage: 260 },
    paidPeriods: 2,
    failedPayment: true,
  },
  {
    email: 'canceled@demo.test',
    name: 'Connor Cancelo',
    createdDaysAgo: 110,
    user: { ...onboarded, lastLocation: 'IE', stripeId: 'cus_demo_canceled' },
    sub: {
      planId: PLAN_ID.pro,
      status: 'canceled',
      frequency: 'monthly',
      periodStartedDaysAgo: 33,
      usage: 1200,
      cancelledReason: 'Too expensive for my needs',
    },
    paidPeriods: 3,
  },
  {
    email: 'monthly-disabled@demo.test',
    name: 'Mona Montgomery',
    createdDaysAgo: 50,
    user: { ...onboarded, isMonthlyDisabled: true, lastLocation: 'US', stripeId: 'cus_demo_monthly_disabled' },
    sub: { planId: PLAN_ID.plus, frequency: 'monthly', periodStartedDaysAgo: 19, usage: 75, imageUsage: 6 },
    paidPeriods: 2,
  },
  {
    email: 'rewards@demo.test',
    name: 'Rita Rewardson',
    createdDaysAgo: 88,
    user: { ...onboarded, rewards: 1, lastLocation: 'US', stripeId: 'cus_demo_rewards' },
    sub: {
      planId: PLAN_ID.plus,
      frequency: 'monthly',
      periodStartedDaysAgo: 5,
      usage: 60,
      imageUsage: 9,
      earnedBonus: 100,
      usedBonus: 20,
    },
    paidPeriods: 2,
  },
  // Appended rather than placed beside the other free accounts: ids are index + 1, so the accounts
  // above keep theirs.
  {
    email: 'free-words-fresh@demo.test',
    name: 'Frida Freshwater',
    createdDaysAgo: 9,
    // Reached the word limit, not yet notified: the next word check posts /api/user-limit-exhausted
    // {type: 'word'} once (01 §4 step 7), which sets the flag.
    user: { ...onboarded, isUserWordLimitExhausted: false, isUserImageLimitExhausted: false, lastLocation: 'SE' },
    sub: { planId: PLAN_ID.free, periodStartedDaysAgo: 9, usage: 2000, imageUsage: 5 },
  },
];

export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE TABLE ${ALL_TABLES.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`));
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: t.plans.id }).from(t.plans).limit(1);
  return rows.length > 0;
}

/** Inserts reference data and demo accounts in one transaction. */
export async function seed(db: Db, now: Date): Promise<void> {
  const passwordHash = await demoPasswordHash();
  await db.transaction((tx) => seedInto(tx, now, passwordHash));
}

/** Wipes every table and seeds again in one transaction (POST /api/dev/reset, tests). */
export async function resetDatabase(db: Db, now: Date): Promise<void> {
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    await truncateAll(tx);
    await seedInto(tx, now, passwordHash);
  });
  forgetAccessTokens(); // every token is gone with the old rows
}

/**
 * Builds every row in memory and inserts table by table (a handful of statements instead of one per row:
 * the seed runs before every backend test). Ids are assigned here, then the sequences are moved past them.
 */
async function seedInto(tx: Db, now: Date, passwordHash: string): Promise<void> {
  await tx.insert(t.languages).values(LANGUAGES);
  await tx.insert(t.plans).values(PLANS);
  await tx.insert(t.paymentSettings).values(PAYMENT_SETTINGS);
  await tx.insert(t.creditMatrix).values(CREDIT_MATRIX);
  await tx.insert(t.creditPaymentOptions).values(CREDIT_PACKS);

  const users: (typeof t.users.$inferInsert)[] = [];
  const subs: (typeof t.subscriptions.$inferInsert)[] = [];
  const pays: (typeof t.payments.$inferInsert)[] = [];
  const purchases: (typeof t.creditPurchases.$inferInsert)[] = [];

  DEMO_ACCOUNTS.forEach((a, index) => {
    const userId = index + 1;
    const createdAt = a.createdDaysAgo === 0 ? addMinutes(now, -5) : addDays(now, -a.createdDaysAgo);
    users.push({
      id: userId,
      name: a.name,
      email: a.email,
      passwordHash,
      languageId: ENGLISH_ID,
      emailVerifiedAt: createdAt,
      lastLoginAt: a.createdDaysAgo === 0 ? null : addDays(now, -1),
      createdAt,
      updatedAt: createdAt,
      ...a.user,
    });

    const s = a.sub;
    const frequency = s.frequency ?? 'monthly';
    const start = addDays(now, -(s.periodStartedDaysAgo ?? a.createdDaysAgo));
    const paid = s.planId !== PLAN_ID.free;
    const endAt = paid ? addMonths(start, frequency === 'yearly' ? 12 : 1) : null;
    const plan = PLANS.find((p) => p.id === s.planId)!;
    subs.push({
      userId,
      planId: s.planId,
      status: s.status ?? 'active',
      paymentFrequency: frequency,
      usage: s.usage ?? 0,
      imageUsage: s.imageUsage ?? 0,
      imageBgRemoverUsage: s.bgUsage ?? 0,
      longBlogUsage: s.longBlogUsage ?? 0,
      earnedBonus: s.earnedBonus ?? 0,
      usedBonus: s.usedBonus ?? 0,
      startAt: start,
      endAt,
      stripeSubscription: paid && s.status !== 'pending' ? `sub_demo_${userId}` : null,
      cancelledReason: s.cancelledReason ?? null,
      createdAt,
      updatedAt: start,
    });

    // Payment history: one paid invoice per past period, newest = the current period's start.
    const price = frequency === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents;
    for (let i = 0; i < (a.paidPeriods ?? 0); i++) {
      const at = addMonths(start, -(frequency === 'yearly' ? 12 : 1) * i);
      if (at < createdAt) break;
      pays.push({
        userId,
        kind: 'subscription',
        planId: s.planId,
        paymentFrequency: frequency,
        amountCents: price,
        status: 'paid',
        provider: 'Stripe',
        providerRef: `in_demo_${userId}_${i}`,
        description: `${plan.title} plan (${frequency})`,
        createdAt: at,
      });
    }
    if (a.failedPayment && endAt) {
      pays.push({
        userId,
        kind: 'subscription',
        planId: s.planId,
        paymentFrequency: frequency,
        amountCents: price,
        status: 'failed',
        provider: 'Stripe',
        providerRef: `in_demo_${userId}_failed`,
        description: `${plan.title} plan (${frequency}) – card declined`,
        createdAt: endAt,
      });
    }
    for (const [i, p] of (a.purchases ?? []).entries()) {
      const at = addDays(now, -p.daysAgo);
      const pack = CREDIT_PACKS.find((c) => c.credit === p.credit)!;
      const paymentId = pays.length + 1;
      pays.push({
        id: paymentId,
        userId,
        kind: 'credits',
        credits: p.credit,
        amountCents: pack.priceCents,
        status: 'paid',
        provider: 'Stripe',
        providerRef: `pi_demo_${userId}_${i}`,
        description: `${p.credit} credits`,
        createdAt: at,
      });
      const expiredAt = addMonths(at, ADD_ON_CREDIT_VALIDITY_MONTHS);
      purchases.push({
        userId,
        purchaseDate: at,
        creditAmountCents: pack.priceCents,
        credit: p.credit,
        totalUsage: p.used,
        status: expiredAt <= now ? 'Expired' : p.used >= p.credit ? 'Exhausted' : 'Active',
        expiredAt,
        paymentId,
      });
    }
  });
  pays.forEach((p, i) => (p.id = i + 1));

  await tx.insert(t.users).values(users);
  await tx.insert(t.subscriptions).values(subs);
  await tx.insert(t.payments).values(pays);
  await tx.insert(t.creditPurchases).values(purchases);
  // Explicit ids above: move the serial sequences past them.
  for (const table of ['users', 'payments']) {
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "${table}"), false)`));
  }
}
