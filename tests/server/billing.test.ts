import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import * as t from '@server/db/schema';

const s = useTestServer();

const DAY = 24 * 60 * 60 * 1000;

async function details(email: string) {
  const token = await s.login(email);
  const r = await s.call('GET', '/api/subscription/details', { token });
  expect(r.status).toBe(200);
  return r.body.data;
}
/** Credits left, as the subscription gate computes them (01 §4 step 8). */
const remaining = (d: any) => d.plan.total_plan_credits + d.total_add_on_credits + d.earned_bonus - d.plan_total_credit_usage;

/** Follows a test checkout: returns the id and the redirect after Pay (or Fail). */
async function payCheckout(url: string, action: 'pay' | 'fail' = 'pay') {
  const id = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
  const page = await s.app.request(new URL(url).pathname);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toMatch(/<button type="submit">Pay /);
  expect(html).toMatch(/>Fail<\/button>/);
  const res = await s.app.request(`/test-checkout/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
  expect(res.status).toBe(303);
  return { id, location: new URL(res.headers.get('location')!) };
}

describe('GET /api/subscription/details math', () => {
  it('rewards: bonus credits spent count as usage, earned bonus as allowance', async () => {
    const d = await details('rewards@demo.test');
    expect(d).toMatchObject({ plan_total_credit_usage: 80, total_add_on_credits: 0, used_bonus: 20, earned_bonus: 100 });
    expect(remaining(d)).toBe(520);
  });

  it('plus: plan usage + valid add-on usage; expired packs do not count', async () => {
    const d = await details('plus@demo.test');
    // usage 120 + 20 used of the valid 100-credit pack; the 400-day-old pack (250) is expired.
    expect(d).toMatchObject({ plan_total_credit_usage: 140, total_add_on_credits: 100, used_bonus: 0, earned_bonus: 0 });
    expect(d.plan).toMatchObject({ id: 2, total_plan_credits: 500 });
    expect(remaining(d)).toBe(460);
  });

  it('credits-out: plan credits, add-ons and bonus all used (remaining exactly 0)', async () => {
    const d = await details('credits-out@demo.test');
    // 500 from the plan + 100 from the pack + 50 bonus credits spent
    expect(d).toMatchObject({ plan_total_credit_usage: 650, total_add_on_credits: 100, used_bonus: 50, earned_bonus: 50 });
    expect(remaining(d)).toBe(0);
  });

  it('free plan: no credit usage; words and images against the limits', async () => {
    const d = await details('free-words-out@demo.test');
    expect(d.plan_total_credit_usage).toBe(0);
    expect(d.total_add_on_credits).toBe(0);
    expect(d.user_subscription.usage).toBe(d.plan.word_limit);
  });

  it('add-on credits are valid one year from purchase', async () => {
    const token = await s.login('pro@demo.test');
    const before = (await s.call('GET', '/api/subscription/details', { token })).body.data;
    expect(before.total_add_on_credits).toBe(500);
    // the pack was bought 60 days before T0: it expires 365 - 60 days later
    s.clock.advance(305 * DAY - 1000);
    const t2 = await s.login('pro@demo.test'); // the first token is older than 30 days now
    expect((await s.call('GET', '/api/subscription/details', { token: t2 })).body.data.total_add_on_credits).toBe(500);
    s.clock.advance(1000);
    const after = (await s.call('GET', '/api/subscription/details', { token: t2 })).body.data;
    expect(after.total_add_on_credits).toBe(0);
    const hist = await s.call('GET', '/api/credits/histroy', { token: t2 });
    expect(hist.body.data[0].status).toBe('Expired');
  });

  it('User carries the same figures', async () => {
    const token = await s.login('credits-out@demo.test');
    const u = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
    expect(u.plan_total_credit_usage).toBe(650);
    expect(u.total_add_on_credits).toBe(100);
  });
});

describe('Stripe test checkout', () => {
  it('checkout → Pay → activate puts the user on the plan, once', async () => {
    const token = await s.login('free@demo.test');
    const r = await s.call('GET', '/api/subscription/stripeCheckout/3/yearly', { token });
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(/^http:\/\/localhost\/test-checkout\/cs_test_/);

    const id = decodeURIComponent(new URL(r.body.url).pathname.split('/').pop()!);
    const early = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
    expect(early.status).toBe(422);

    const { location } = await payCheckout(r.body.url);
    expect(location.pathname).toBe('/credit-based');
    expect(location.searchParams.get('target')).toBe('subscription');
    expect(location.searchParams.get('session_id')).toBe(id);

    const act = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
    expect(act.status).toBe(200);
    expect(act.body.data.user_subscription).toMatchObject({ plan_id: 3, status: 'active', payment_frequency: 'yearly', usage: 0 });
    expect(new Date(act.body.data.user_subscription.end_at).getUTCFullYear()).toBe(2027);
    const again = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
    expect(again.status).toBe(200);
    const hist = await s.call('GET', '/api/paymentHistory', { token });
    expect(hist.body.data.filter((p: any) => p.amount === 288)).toHaveLength(1);
    // the page is gone once paid
    expect((await s.app.request(new URL(r.body.url).pathname)).status).toBe(410);
  });

  it('offer checkout uses the offer price', async () => {
    const token = await s.login('free@demo.test');
    const r = await s.call('GET', '/api/subscription/stripeCheckout/2/monthly/offer', { token });
    const html = await (await s.app.request(new URL(r.body.url).pathname)).text();
    expect(html).toContain('$12.00');
  });

  it('Fail returns with checkout=failed and nothing is activated', async () => {
    const token = await s.login('free@demo.test');
    const r = await s.call('GET', '/api/subscription/stripeCheckout/2/monthly', { token });
    const { id, location } = await payCheckout(r.body.url, 'fail');
    expect(location.searchParams.get('checkout')).toBe('failed');
    const act = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token });
    expect(act.status).toBe(422);
  });

  it("another user's session is not found; unknown plans are 404", async () => {
    const a = await s.login('free@demo.test');
    const b = await s.login('plus@demo.test');
    const r = await s.call('GET', '/api/subscription/stripeCheckout/3/monthly', { token: a });
    const { id } = await payCheckout(r.body.url);
    const other = await s.call('GET', `/api/subscription/activateStripeSubscription?session_id=${encodeURIComponent(id)}`, { token: b });
    expect(other.status).toBe(404);
    expect((await s.call('GET', '/api/subscription/stripeCheckout/9/monthly', { token: a })).status).toBe(404);
    expect((await s.call('GET', '/api/subscription/stripeCheckout/1/monthly', { token: a })).status).toBe(404);
    expect((await s.call('GET', '/api/subscription/stripeCheckout/2/weekly', { token: a })).status).toBe(404);
  });

  it('Razorpay: link → Pay → confirm, in INR', async () => {
    const token = await s.login('free@demo.test');
    const me = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
    const link = await s.call('POST', '/api/razorpay-payment-link', { token, body: { plan_id: 2, type: 'yearly' } });
    expect(link.status).toBe(200);
    const { location } = await payCheckout(link.body.short_url);
    const paymentId = location.searchParams.get('razorpay_payment_id')!;
    expect(paymentId).toMatch(/^pay_test_/);
    const wrongUser = await s.call('POST', '/api/razorpay-payment', { token, body: { razorpay_payment_id: paymentId, user_id: me.id + 1 } });
    expect(wrongUser.status).toBe(422);
    const ok = await s.call('POST', '/api/razorpay-payment', { token, body: { razorpay_payment_id: paymentId, user_id: me.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user_subscription).toMatchObject({ plan_id: 2, payment_frequency: 'yearly', status: 'active' });
    const hist = (await s.call('GET', '/api/paymentHistory', { token })).body.data;
    expect(hist[0]).toMatchObject({ currency: 'INR', amount: 11999, gateway: 'RazorPay' });
    const status = await s.call('POST', '/api/update-payment-status', { token, body: { payment_id: paymentId, user_id: me.id } });
    expect(status.status).toBe(200);
    expect(status.body.google_data).toMatchObject({ transaction_id: paymentId, value: 11999, currency: 'INR' });
  });
});

describe('credits', () => {
  it('calculation follows the credit matrix', async () => {
    const token = await s.login('plus@demo.test');
    const calc = async (body: object) => (await s.call('POST', '/api/credits/calculation', { token, body })).body.data.credits;
    expect(await calc({ type: 'text', word_count: 1000 })).toBe(5);
    expect(await calc({ type: 'text', word_count: 1500 })).toBe(8); // 7.5 rounds up
    expect(await calc({ type: 'image', image_count: 3 })).toBe(3);
    expect(await calc({ type: 'both', word_count: 1500, image_count: 3 })).toBe(11);
    expect(await calc({ type: 'voice', voice_count: 60 })).toBe(10);
    expect(await calc({ type: 'text', word_count: 0 })).toBe(0);
  });

  it('details can be filtered by type', async () => {
    const token = await s.login('plus@demo.test');
    const all = (await s.call('GET', '/api/credits/details', { token })).body.data;
    expect(all.text).toContainEqual({ type: 'Standard', credit: 5 });
    expect(all.image).toContainEqual({ type: 'Standard', source: 1, credit_per_image: 1 });
    const text = (await s.call('GET', '/api/credits/details?type=text', { token })).body.data;
    expect(text.image).toEqual([]);
    expect((await s.call('GET', '/api/credits/details?type=voice', { token })).status).toBe(422);
  });

  it('buying a pack: price must match; Pay records a purchase valid one year', async () => {
    const token = await s.login('plus@demo.test');
    const list = (await s.call('GET', '/api/credits/credits-payment-list', { token })).body.data;
    expect(list[0]).toEqual({ credit: 100, price: 10, cost_per_credit: 0.1, limits: { images: 100, voice: 600, words: 20000 } });
    const wrong = await s.call('POST', '/api/stripe/credits', { token, body: { credits: 250, price: 1 } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['price']);
    expect((await s.call('POST', '/api/stripe/credits', { token, body: { credits: 7, price: 1 } })).body.errors.credits).toBeDefined();
    const r = await s.call('POST', '/api/stripe/credits', { token, body: { credits: 250, price: 20 } });
    expect(r.status).toBe(200);
    const { location } = await payCheckout(r.body.short_url);
    expect(location.searchParams.get('target')).toBe('topup-credits');
    const d = (await s.call('GET', '/api/subscription/details', { token })).body.data;
    expect(d.total_add_on_credits).toBe(350);
    const hist = (await s.call('GET', '/api/credits/histroy', { token })).body;
    expect(hist.data[0]).toMatchObject({ credit: 250, credit_amount: 20, total_usage: 0, status: 'Active' });
    expect(new Date(hist.data[0].expired_at).getTime() - new Date(hist.data[0].purchase_date).getTime()).toBe(365 * DAY);
    expect(hist).toMatchObject({ current_page: 1, last_page: 1, total: 3, to: 3, next_page_url: null });
  });

  it('user-limit-exhausted records once per type and sets the flag', async () => {
    const token = await s.login('free@demo.test');
    const first = await s.call('POST', '/api/user-limit-exhausted', { token, body: { type: 'word' } });
    const second = await s.call('POST', '/api/user-limit-exhausted', { token, body: { type: 'word' } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    await s.call('POST', '/api/user-limit-exhausted', { token, body: { type: 'image' } });
    const notices = await s.db.select().from(t.limitNotices);
    expect(notices.map((n) => n.type).sort()).toEqual(['image', 'word']);
    expect(s.mailer.outbox.filter((m) => m.to === 'free@demo.test')).toHaveLength(2);
    const u = (await s.call('GET', '/api/auth/getUser', { token })).body.data.user;
    expect(u).toMatchObject({ is_user_word_limit_exhausted: 1, is_user_image_limit_exhausted: 1 });
  });
});

describe('subscription changes and account deletion', () => {
  it('cancel: a paid plan becomes canceled; the free plan cannot be cancelled', async () => {
    const plus = await s.login('plus@demo.test');
    const r = await s.call('POST', '/api/cancelSubscription', { token: plus, body: { cancelled_reason: 'Budget' } });
    expect(r.status).toBe(200);
    expect(r.body.data.user_subscription.status).toBe('canceled');
    const free = await s.login('free@demo.test');
    expect((await s.call('POST', '/api/cancelSubscription', { token: free, body: { cancelled_reason: 'x' } })).status).toBe(409);
  });

  it('update-subscription: to free at once; to a paid plan via a checkout url', async () => {
    const token = await s.login('plus@demo.test');
    const up = await s.call('POST', '/api/update-subscription', { token, body: { plan_id: 3, payment_frequency: 'monthly' } });
    expect(up.body.url).toMatch(/\/test-checkout\//);
    expect(up.body.data.user_subscription.plan_id).toBe(2);
    const down = await s.call('POST', '/api/update-subscription', { token, body: { plan_id: 1, payment_frequency: 'monthly' } });
    expect(down.body.data.user_subscription).toMatchObject({ plan_id: 1, status: 'active', end_at: null });
    expect((await s.call('POST', '/api/update-subscription', { token, body: { plan_id: 99, payment_frequency: 'monthly' } })).status).toBe(422);
  });

  it('payment methods: all four, or only the card for rewardful users', async () => {
    const token = await s.login('plus@demo.test');
    const all = (await s.call('GET', '/api/payment-method-list', { token })).body.data.map((m: any) => m.title);
    expect(all).toEqual(['RazorPay', 'Cashfree', 'Paddle', 'Stripe']);
    await s.db.update(t.users).set({ isRewardful: true }).where(eq(t.users.email, 'plus@demo.test'));
    const card = (await s.call('GET', '/api/payment-method-list', { token })).body.data.map((m: any) => m.title);
    expect(card).toEqual(['Stripe']);
  });

  it('delete account: blocked by an active paid subscription; otherwise signs out for good', async () => {
    const plus = await s.login('plus@demo.test');
    const plusId = (await s.call('GET', '/api/auth/getUser', { token: plus })).body.data.user.id;
    expect((await s.call('POST', `/api/deleteUser/${plusId}`, { token: plus, body: { deleted_reason: 'x' } })).status).toBe(409);
    const free = await s.login('free@demo.test');
    const freeId = (await s.call('GET', '/api/auth/getUser', { token: free })).body.data.user.id;
    expect((await s.call('POST', `/api/deleteUser/${plusId}`, { token: free, body: { deleted_reason: 'x' } })).status).toBe(404);
    const r = await s.call('POST', `/api/deleteUser/${freeId}`, { token: free, body: { deleted_reason: 'Not for me' } });
    expect(r.status).toBe(200);
    expect((await s.call('GET', '/api/auth/getUser', { token: free })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: 'demo1234' } })).status).toBe(401);
  });

  it('payment history is paged newest first', async () => {
    const token = await s.login('plus@demo.test');
    const r = (await s.call('GET', '/api/paymentHistory', { token })).body;
    expect(r.total).toBe(5); // 3 monthly invoices + 2 credit packs
    const dates = r.data.map((p: any) => p.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
