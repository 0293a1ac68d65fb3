import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTestBackend, createTestServices, signInAs, renderRoute } from '../helpers/render-app';
import { PRICING_PAGE as t } from '@/features/billing/messages';
import { browser } from '@/features/billing/use-plan-checkout';
import { hasReferralCookie, isRazorpayEligible, planPrice } from '@/features/billing/checkout';
import { parseAmount, usagePercent } from '@/features/billing/format';
import { API_ERROR_DEFAULT_TITLE } from '@machines/constants';

const backend = useTestBackend();

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { Paddle?: unknown }).Paddle;
  document.cookie = 'rewardful.referral=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** Services whose fetch records the paths called and can answer some of them with a server error. */
function services(opts: { fail?: RegExp } = {}) {
  const paths: string[] = [];
  const s = createTestServices(backend, {
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const path = new URL(req.url).pathname;
      paths.push(path);
      if (opts.fail?.test(path)) return new Response(JSON.stringify({ message: 'Server Error', type: 'Error' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      return backend.app.fetch(req);
    },
  });
  return { s, paths };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/pricing (01 §2, §3, §6, §7)', () => {
  test('signed out: plan cards from GET /api/plansList, monthly and annual prices, and sign-in before buying', async () => {
    const { s } = services();
    const { history } = renderRoute('/pricing', s);
    expect(await screen.findByRole('heading', { name: t.title, level: 1 })).toBeInTheDocument();
    const plus = await screen.findByRole('article', { name: 'Plus' });
    expect(within(card('Free')).getByText('$0')).toBeInTheDocument();
    expect(within(plus).getByText('$15')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$30')).toBeInTheDocument();
    expect(within(card('Pro')).getByText(t.mostPopular)).toBeInTheDocument();
    expect(within(plus).getByText('Up to 100,000 words')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: new RegExp(t.annually) }));
    expect(screen.getByRole('button', { name: new RegExp(t.annually) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(`(${t.saveUpTo(20)})`)).toBeInTheDocument(); // $144 a year against 12 × $15
    expect(within(plus).getByText('$12')).toBeInTheDocument();
    expect(within(plus).getByText(t.billedYearly('$144'))).toBeInTheDocument();

    await userEvent.click(within(plus).getByRole('button', { name: t.signInToBuy }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.location.search).toBe('?next=%2Fpricing');
  });

  test('free@demo.test upgrades to Plus: Stripe checkout url, and every payment button waits while the payment is in progress', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { s, paths } = services();
    await signInAs(s, 'free@demo.test');
    renderRoute('/pricing', s);
    const plus = await screen.findByRole('article', { name: 'Plus' });
    expect(within(card('Free')).getByRole('button', { name: t.currentPlan })).toBeDisabled();
    await userEvent.click(within(plus).getByRole('button', { name: t.upgradeTo('Plus') }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0][0]).toMatch(/\/test-checkout\/cs_test_/);
    expect(paths).toContain('/api/subscription/stripeCheckout/2/monthly');
    // the flag stays on while the browser leaves for the checkout
    expect(within(card('Pro')).getByRole('button', { name: t.upgradeTo('Pro') })).toBeDisabled();
    expect(within(plus).getByRole('button', { name: t.redirecting })).toBeDisabled();
    expect(screen.getByText(t.note)).toBeInTheDocument();
  });

  test('monthly-disabled users see annual pricing only, with the catalogue’s saving (save up to 20%, not 28%)', async () => {
    const { s } = services();
    await signInAs(s, 'monthly-disabled@demo.test');
    renderRoute('/pricing', s);
    await screen.findByRole('article', { name: 'Pro' });
    const group = screen.getByRole('group', { name: t.billingPeriod });
    expect(within(group).queryByRole('button', { name: t.monthly })).toBeNull();
    expect(within(group).getByRole('button', { name: new RegExp(t.annually) })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByText(`(${t.saveUpTo(20)})`)).toBeInTheDocument();
    expect(within(group).queryByText(/28%/)).toBeNull();
  });

  test('a Stripe failure falls back to Paddle with the plan’s Paddle price', async () => {
    const open = vi.fn();
    (globalThis as { Paddle?: unknown }).Paddle = { Checkout: { open } };
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { s } = services({ fail: /stripeCheckout/ });
    await signInAs(s, 'free@demo.test');
    renderRoute('/pricing', s);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Plus' })).getByRole('button', { name: t.upgradeTo('Plus') }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][0]).toMatchObject({ items: [{ priceId: 'pri_test_plus_monthly', quantity: 1 }], customer: { email: 'free@demo.test' } });
    expect(assign).not.toHaveBeenCalled();
    expect(await screen.findByText(t.paddleOpened)).toBeInTheDocument();
    expect(within(card('Plus')).getByRole('button', { name: t.upgradeTo('Plus') })).toBeEnabled();
  });

  test('without Paddle, the Stripe error opens the API-error dialog with the server’s message (01 §8)', async () => {
    const { s } = services({ fail: /stripeCheckout/ });
    await signInAs(s, 'free@demo.test');
    renderRoute('/pricing', s);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Plus' })).getByRole('button', { name: t.upgradeTo('Plus') }));
    const dialog = await screen.findByRole('dialog', { name: API_ERROR_DEFAULT_TITLE }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Server Error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Plus')).getByRole('button', { name: t.upgradeTo('Plus') })).toBeEnabled();
  });

  test('an Indian user without a referral cookie may pay with RazorPay (payment link)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { s, paths } = services();
    await signInAs(s, 'pro@demo.test'); // last location IN
    renderRoute('/pricing', s);
    const method = await screen.findByRole('group', { name: t.paymentMethod });
    await userEvent.click(within(method).getByRole('button', { name: t.payByRazorpay }));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(t.annually) }));
    await userEvent.click(within(card('Pro')).getByRole('button', { name: t.switchToYearly }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paths).toContain('/api/razorpay-payment-link');
    expect(assign.mock.calls[0][0]).toMatch(/\/test-checkout\/pay_test_/);
  });

  test('a referral cookie hides the RazorPay route', async () => {
    document.cookie = 'rewardful.referral=abc; path=/';
    const { s } = services();
    await signInAs(s, 'pro@demo.test');
    renderRoute('/pricing', s);
    await screen.findByRole('article', { name: 'Pro' });
    await waitFor(() => expect(screen.queryByRole('group', { name: t.paymentMethod })).toBeNull());
  });
});

describe('/offer-pricing', () => {
  test('offer prices against the regular ones, checkout through …/offer', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { s, paths } = services();
    await signInAs(s, 'plus@demo.test');
    renderRoute('/offer-pricing', s);
    expect(await screen.findByRole('heading', { level: 1, name: 'Limited Time Offer' })).toBeInTheDocument();
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(screen.queryByRole('article', { name: 'Free' })).toBeNull();
    expect(within(pro).getByText('$24')).toBeInTheDocument();
    expect(within(pro).getByText('$30').tagName).toBe('S');
    expect(within(card('Plus')).getByRole('button', { name: t.currentPlan })).toBeDisabled();
    await userEvent.click(within(pro).getByRole('button', { name: t.upgradeTo('Pro') }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(paths).toContain('/api/subscription/stripeCheckout/3/monthly/offer');
  });
});

describe('pricing rules', () => {
  const plan = { id: 2, title: 'Plus', word_limit: 1, image_limit: 1, image_bg_remover_limit: 1, credit_limit: 1, total_plan_credits: 500, price_monthly: 15, price_yearly: 144, offer_price: 12 };
  const user = (country: string, rewardful: 0 | 1 = 0) => ({ last_location: { country }, is_rewardful: rewardful }) as never;
  test('prices as the server charges them', () => {
    expect(planPrice(plan, 'monthly', false)).toBe(15);
    expect(planPrice(plan, 'monthly', true)).toBe(12);
    expect(planPrice(plan, 'yearly', true)).toBe(115.2);
  });
  test('RazorPay: India only, never with a referral cookie or is_rewardful (card only, 01 §6)', () => {
    expect(isRazorpayEligible(user('IN'), '')).toBe(true);
    expect(isRazorpayEligible(user('US'), '')).toBe(false);
    expect(isRazorpayEligible(user('IN', 1), '')).toBe(false);
    expect(isRazorpayEligible(user('IN'), 'a=1; rewardful.referral=xyz')).toBe(false);
    expect(isRazorpayEligible(user('IN'), '', [{ id: 4, title: 'Stripe' }])).toBe(false);
    expect(hasReferralCookie('referral=1')).toBe(true);
  });
  test('amounts strip $ and commas (01 §5); usage caps at 100 % (01 §9)', () => {
    expect(parseAmount('$1,234.50')).toBe(1234.5);
    expect(usagePercent(2500, 2000)).toBe(100);
    expect(usagePercent(500, 2000)).toBe(25);
  });
});
