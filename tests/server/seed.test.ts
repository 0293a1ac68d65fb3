import { describe, expect, it } from 'vitest';
import { useTestServer, T0 } from './harness';
import { DEMO_ACCOUNTS } from '@server/seed/index';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';

const s = useTestServer({ reset: 'once' });

async function userOf(email: string) {
  const token = await s.login(email);
  const u = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
  const d = (await s.call('GET', '/api/subscription/details', { token })).body.data;
  return { u, d, sub: u.user_subscription, plan: d.plan, token };
}

describe('seed', () => {
  it('has the three plans with the chosen limits and prices', async () => {
    const plans = (await s.call('GET', '/api/plansList')).body.data;
    expect(plans.map((p: any) => [p.id, p.title])).toEqual([
      [1, 'Free'],
      [2, 'Plus'],
      [3, 'Pro'],
    ]);
    expect(plans[0]).toMatchObject({ word_limit: 2000, image_limit: 10, total_plan_credits: 0, price_monthly: 0 });
    expect(plans[1]).toMatchObject({ total_plan_credits: 500, price_monthly: 15, price_yearly: 144 });
    expect(plans[2]).toMatchObject({ total_plan_credits: 2500, price_monthly: 30, price_yearly: 288 });
  });

  it('has English as language 21 and the four payment settings', async () => {
    const token = await s.login('free@demo.test');
    const langs = (await s.call('GET', '/api/profile/getLanguage', { token })).body.data;
    expect(langs).toContainEqual({ id: 21, language: 'English' });
    expect(langs.length).toBeGreaterThanOrEqual(6);
    const methods = (await s.call('GET', '/api/payment-method-list', { token })).body.data.map((m: any) => m.title);
    expect(methods.sort()).toEqual(['Cashfree', 'Paddle', 'RazorPay', 'Stripe']);
  });

  it('every demo account signs in with demo1234 and has a realistic profile', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email.replace('@demo.test', ''))).toEqual([
      'new', 'free', 'free-blog-used', 'free-words-out', 'free-images-out', 'free-both-out', 'plus', 'pro',
      'pro-yearly', 'credits-out', 'expired', 'pending', 'overdue', 'canceled', 'monthly-disabled', 'rewards',
      'free-words-fresh',
    ]);
    for (const a of DEMO_ACCOUNTS) {
      const { u } = await userOf(a.email);
      expect(u.name).toBe(a.name);
      expect(u.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(new Date(u.created_at).getTime()).toBeLessThanOrEqual(T0.getTime());
      expect(u.language_id).toBe(21);
    }
  });

  it('new@: first login, not onboarded, free', async () => {
    const { u, sub } = await userOf('new@demo.test');
    expect(u).toMatchObject({ isFirstLogin: true, is_onboard: 0, is_onboard_skipped: 0 });
    expect(sub).toMatchObject({ plan_id: 1, status: 'active', usage: 0, image_usage: 0 });
  });

  it('free@: onboarded, words and images left, free long blog unused', async () => {
    const { u, sub, plan } = await userOf('free@demo.test');
    expect(u).toMatchObject({ isFirstLogin: false, is_onboard: 1, is_blog_generated_free: 0 });
    expect(sub.plan_id).toBe(1);
    expect(sub.usage).toBeLessThan(plan.word_limit);
    expect(sub.image_usage).toBeLessThan(plan.image_limit);
  });

  it('free-words-fresh@: words at the limit, images left, not yet notified (no flag, no notice recorded)', async () => {
    const { u, sub, plan } = await userOf('free-words-fresh@demo.test');
    expect(sub).toMatchObject({ plan_id: 1, status: 'active', end_at: null });
    expect(sub.usage).toBe(plan.word_limit);
    expect(sub.image_usage).toBeLessThan(plan.image_limit);
    expect(u).toMatchObject({ is_onboard: 1, is_user_word_limit_exhausted: 0, is_user_image_limit_exhausted: 0 });
    const id = (await s.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'free-words-fresh@demo.test')))[0]!.id;
    expect(await s.db.select().from(t.limitNotices).where(eq(t.limitNotices.userId, id))).toEqual([]);
  });

  it('free limits: blog used, words out, images out, both out', async () => {
    expect((await userOf('free-blog-used@demo.test')).u.is_blog_generated_free).toBe(1);
    const w = await userOf('free-words-out@demo.test');
    expect(w.sub.usage).toBe(w.plan.word_limit);
    expect(w.sub.image_usage).toBeLessThan(w.plan.image_limit);
    const i = await userOf('free-images-out@demo.test');
    expect(i.sub.image_usage).toBe(i.plan.image_limit);
    expect(i.sub.usage).toBeLessThan(i.plan.word_limit);
    const b = await userOf('free-both-out@demo.test');
    expect(b.sub.usage).toBe(b.plan.word_limit);
    expect(b.sub.image_usage).toBe(b.plan.image_limit);
  });

  it('paid accounts: plus, pro, pro-yearly with credits left', async () => {
    const plus = await userOf('plus@demo.test');
    expect(plus.sub).toMatchObject({ plan_id: 2, status: 'active', payment_frequency: 'monthly' });
    expect(plus.d.plan_total_credit_usage).toBeLessThan(plus.plan.total_plan_credits);
    const pro = await userOf('pro@demo.test');
    expect(pro.sub).toMatchObject({ plan_id: 3, status: 'active', payment_frequency: 'monthly' });
    const yearly = await userOf('pro-yearly@demo.test');
    expect(yearly.sub).toMatchObject({ plan_id: 3, status: 'active', payment_frequency: 'yearly' });
    expect(new Date(yearly.sub.end_at).getTime()).toBeGreaterThan(T0.getTime() + 200 * 86_400_000);
  });

  it('credits-out: plan credits, add-ons and bonus all used', async () => {
    const { d } = await userOf('credits-out@demo.test');
    expect(d.user_subscription.plan_id).toBe(2);
    expect(d.total_add_on_credits).toBeGreaterThan(0);
    expect(d.earned_bonus).toBeGreaterThan(0);
    expect(d.used_bonus).toBe(d.earned_bonus);
    expect(d.plan_total_credit_usage).toBe(d.plan.total_plan_credits + d.total_add_on_credits + d.earned_bonus);
  });

  it('status accounts: expired, pending, overdue, canceled', async () => {
    for (const status of ['expired', 'pending', 'overdue', 'canceled'] as const) {
      const { sub } = await userOf(`${status}@demo.test`);
      expect(sub.status, status).toBe(status);
      expect(sub.plan_id).not.toBe(1);
    }
    const expired = await userOf('expired@demo.test');
    expect(new Date(expired.sub.end_at).getTime()).toBeLessThan(T0.getTime());
    expect((await userOf('overdue@demo.test')).u.is_stripe_payment_failed).toBe(1);
  });

  it('monthly-disabled and rewards flags', async () => {
    const m = await userOf('monthly-disabled@demo.test');
    expect(m.u.is_monthly_disabled).toBe(1);
    expect(m.sub.plan_id).toBe(2);
    expect((await userOf('rewards@demo.test')).u.rewards).toBe(1);
    expect((await userOf('plus@demo.test')).u.rewards).toBe(0);
  });

  it('paid accounts have payments and purchase history', async () => {
    const plus = await userOf('plus@demo.test');
    const hist = (await s.call('GET', '/api/credits/histroy', { token: plus.token })).body.data;
    expect(hist.map((h: any) => h.status)).toEqual(['Active', 'Expired']);
    const pays = (await s.call('GET', '/api/paymentHistory', { token: plus.token })).body.data;
    expect(pays.length).toBeGreaterThanOrEqual(3);
    const overdue = await userOf('overdue@demo.test');
    const op = (await s.call('GET', '/api/paymentHistory', { token: overdue.token })).body.data;
    expect(op[0].status).toBe('failed');
  });

  it('is deterministic and clock-relative', async () => {
    const snapshot = async () =>
      (await s.db.select().from(t.subscriptions)).map((r) => [r.userId, r.status, r.usage, r.startAt.toISOString(), r.endAt?.toISOString()]);
    await s.reset();
    const a = await snapshot();
    await s.reset();
    expect(await snapshot()).toEqual(a);
  });
});
