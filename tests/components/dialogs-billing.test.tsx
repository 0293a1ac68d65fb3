import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, type AppActors } from '@/state/app-actors';
import type { DialogRequest } from '@machines/dialogs';
import { assignLocation, openBlankTab, pointTab } from '@/features/dialogs/browser';
import { CREDIT_TEXT, OFFER_TEXT, PAYMENT_TEXT, SUBSCRIPTION_TEXT } from '@/features/dialogs/messages';

vi.mock('@/features/dialogs/browser', () => ({ assignLocation: vi.fn(), openBlankTab: vi.fn(() => null), pointTab: vi.fn() }));

const backend = useTestBackend();

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
  vi.mocked(openBlankTab).mockClear();
  vi.mocked(pointTab).mockClear();
});

const open = (actors: AppActors, dialog: DialogRequest) => act(() => actors.dialogs.send({ type: 'dialog.open', dialog }));
const findDialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const location = (history: { location: { pathname: string; search: string } }) => history.location.pathname + history.location.search;

type Override = (url: URL) => Response | undefined;

/**
 * Signed in on /home. `failing`: API paths answered 500; `override`: other answers of an edge double
 * in front of the real backend.
 */
async function renderSignedIn(email: string, failing: string[] = [], override?: Override) {
  const actors = createAppActors();
  const real = backendFetch(backend);
  const services = createTestServices(backend, {
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (failing.includes(url.pathname)) return Promise.resolve(Response.json({ message: 'Server Error' }, { status: 500 }));
      const answer = override?.(url);
      if (answer) return Promise.resolve(answer);
      return real(input, init);
    },
  });
  await signInAs(services, email);
  const view = renderRoute('/home', services, actors);
  await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });
  return { ...view, actors };
}

describe('offer (01 §2, §4 offer upsell)', () => {
  test("free user: the Plus offer — its title and $12 instead of $15; 'Claim Offer' goes to /offer-pricing", async () => {
    const { actors, history } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'offer' });
    const dialog = await findDialog('Limited Time Offer');
    expect(await within(dialog).findByText(OFFER_TEXT.planLine('Plus'))).toBeInTheDocument();
    expect(within(dialog).getByText('$12')).toBeInTheDocument();
    expect(within(dialog).getByText('$15')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: OFFER_TEXT.claim }));
    await waitFor(() => expect(history.location.pathname).toBe('/offer-pricing'));
    await gone();
  });

  test("Plus user: the Pro offer ($24 instead of $30); 'Maybe Later' closes", async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'offer' });
    const dialog = await findDialog('Limited Time Offer');
    expect(await within(dialog).findByText(OFFER_TEXT.planLine('Pro'))).toBeInTheDocument();
    expect(within(dialog).getByText('$24')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: OFFER_TEXT.later }));
    await gone();
  });
});

describe('payment-method and payment-with-offer (01 §2, §7)', () => {
  test('lists Stripe and RazorPay; Stripe goes to its checkout address', async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'payment-method' });
    const dialog = await findDialog(PAYMENT_TEXT.title);
    const stripe = await within(dialog).findByRole('radio', { name: /Stripe/ });
    expect(within(dialog).getByRole('radio', { name: /RazorPay/ })).toBeInTheDocument();
    expect(within(dialog).getByText(PAYMENT_TEXT.note)).toBeInTheDocument();
    await userEvent.click(stripe);
    await userEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.pay }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledTimes(1));
    expect(vi.mocked(assignLocation).mock.calls[0][0]).toMatch(/^http/);
  });

  test('RazorPay asks for a payment link and follows it', async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'payment-with-offer' });
    const dialog = await findDialog(PAYMENT_TEXT.offerTitle);
    await waitFor(() => expect(dialog).toHaveAccessibleDescription('Plus plan, $12 per month.'));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /RazorPay/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.pay }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledTimes(1));
  });
});

describe('credit dialogs (01 §2, §7, §8)', () => {
  test('credit: buys the chosen pack through /api/stripe/credits and opens its checkout in a new tab', async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'credit' });
    const dialog = await findDialog(CREDIT_TEXT.buyTitle);
    const packs = await within(dialog).findAllByRole('radio');
    expect(packs.length).toBeGreaterThan(0);
    expect(packs[0]).toBeChecked();
    await userEvent.click(packs[packs.length - 1]);
    await userEvent.click(within(dialog).getByRole('button', { name: CREDIT_TEXT.buy }));
    await waitFor(() => expect(pointTab).toHaveBeenCalledTimes(1));
    expect(openBlankTab).toHaveBeenCalledTimes(1);
  });

  test("credit: a failed purchase says 'Operation failed. Please try again!!!'", async () => {
    const { actors } = await renderSignedIn('plus@demo.test', ['/api/stripe/credits']);
    open(actors, { name: 'credit' });
    const dialog = await findDialog(CREDIT_TEXT.buyTitle);
    await within(dialog).findAllByRole('radio');
    await userEvent.click(within(dialog).getByRole('button', { name: CREDIT_TEXT.buy }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Operation failed. Please try again!!!');
  });

  test('credits-detail: the balance and the matrix; Purchase History opens the history', async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'credits-detail' });
    const dialog = await findDialog(CREDIT_TEXT.detailTitle);
    expect(await within(dialog).findByText(CREDIT_TEXT.textRate('5'))).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Model A/).length).toBeGreaterThan(0);
    expect(await within(dialog).findByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: CREDIT_TEXT.history }));
    const history = await findDialog(CREDIT_TEXT.historyTitle);
    const table = await within(history).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + the two purchases of plus@
    expect(within(table).getByText('Expired')).toBeInTheDocument();
  });

  test("credits-detail: 'Unable to load credit details. Please try again.' with Retry", async () => {
    const { actors } = await renderSignedIn('plus@demo.test', ['/api/credits/details']);
    open(actors, { name: 'credits-detail' });
    const dialog = await findDialog(CREDIT_TEXT.detailTitle);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Unable to load credit details. Please try again.');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  }, 30_000);

  test("credit-purchase-details: 'No purchase history available' / 'Failed to load credit purchase history'", async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'credit-purchase-details' });
    const dialog = await findDialog(CREDIT_TEXT.historyTitle);
    expect(await within(dialog).findByText('No purchase history available')).toBeInTheDocument();
  });

  test("credit-purchase-details: 'Failed to load credit purchase history'", async () => {
    const { actors } = await renderSignedIn('plus@demo.test', ['/api/credits/histroy']);
    open(actors, { name: 'credit-purchase-details' });
    const dialog = await findDialog(CREDIT_TEXT.historyTitle);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Failed to load credit purchase history');
  }, 30_000);

  test('credit-purchase-details: asks 10 a page and loads the next when scrolled within 100 px of the end (01 §5, §9)', async () => {
    const asked: string[] = [];
    const row = (i: number) => ({
      id: i,
      purchase_date: '2024-01-01T00:00:00Z',
      credit_amount: 10,
      credit: 100 + i,
      total_usage: 0,
      status: 'Active',
      expired_at: '2025-01-01T00:00:00Z',
    });
    const { actors } = await renderSignedIn('plus@demo.test', [], (url) => {
      if (url.pathname !== '/api/credits/histroy') return undefined;
      asked.push(url.search);
      const page = Number(url.searchParams.get('page'));
      const data = page === 1 ? Array.from({ length: 10 }, (_, i) => row(i)) : [row(10), row(11)];
      return Response.json({
        data,
        current_page: page,
        last_page: 2,
        next_page_url: page === 1 ? `${url.origin}/api/credits/histroy?page=2` : null,
        total: 12,
        to: page === 1 ? 10 : 12,
      });
    });
    open(actors, { name: 'credit-purchase-details' });
    const dialog = await findDialog(CREDIT_TEXT.historyTitle);
    const table = await within(dialog).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(asked).toEqual(['?page=1&per_page=10']);

    const region = within(dialog).getByRole('region', { name: CREDIT_TEXT.historyTitle });
    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 400 });
    region.scrollTop = 450; // 150 px from the end: not yet
    region.dispatchEvent(new Event('scroll'));
    expect(asked).toHaveLength(1);
    region.scrollTop = 520; // 80 px from the end
    region.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    expect(asked).toEqual(['?page=1&per_page=10', '?page=2&per_page=10']);
  });

  test("credits-intro: 'We're moving to credits' compares words/images with credits; its two buttons", async () => {
    const { actors, history } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'credits-intro' });
    const dialog = await findDialog("We're moving to credits");
    expect(await within(dialog).findByText(CREDIT_TEXT.intro.words('50,000'))).toBeInTheDocument();
    expect(within(dialog).getByText(CREDIT_TEXT.intro.images('500'))).toBeInTheDocument();
    expect(within(dialog).getByText(CREDIT_TEXT.intro.credits('500'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Okay, got it' }));
    await gone();
    open(actors, { name: 'credits-intro' });
    await userEvent.click(within(await findDialog("We're moving to credits")).getByRole('button', { name: 'See in subscription page' }));
    await waitFor(() => expect(location(history)).toBe('/credit-based?target=subscription'));
    await gone();
  });

  test('plagiarism-checker: states the 5-credit cost; Cancel announces nothing, the confirm button announces the confirmation', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    const actors = createAppActors({ services });
    const confirmed = vi.fn();
    actors.dialogs.on('dialog.confirmed', confirmed);
    renderRoute('/home', services, actors);
    await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });
    open(actors, { name: 'plagiarism-checker' });
    const dialog = await findDialog(CREDIT_TEXT.plagiarism.title);
    expect(dialog).toHaveAccessibleDescription('A plagiarism check costs 5 credits.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await gone();
    expect(confirmed).not.toHaveBeenCalled();
    open(actors, { name: 'plagiarism-checker' });
    await userEvent.click(within(await findDialog(CREDIT_TEXT.plagiarism.title)).getByRole('button', { name: CREDIT_TEXT.plagiarism.confirm }));
    await gone();
    expect(confirmed.mock.calls).toEqual([[{ type: 'dialog.confirmed', dialog: { name: 'plagiarism-checker', payload: {} } }]]);
  });
});

describe('subscription dialogs (01 §2, §4, §8)', () => {
  test.each([
    ['subscription-pending', 'Subscription Pending'],
    ['subscription-expired', 'Subscription Expired'],
    ['subscription-cancelled', 'Subscription Cancelled'],
    ['subscription-overdue', 'Subscription Overdue'],
  ] as const)('%s is titled %s; Close closes', async (name, title) => {
    const { actors } = await renderSignedIn('expired@demo.test');
    open(actors, { name });
    const dialog = await findDialog(title);
    expect(dialog).toHaveAccessibleDescription(SUBSCRIPTION_TEXT.body[name]);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await gone();
  });

  test("subscription-active names the plan and 'Manage Subscription' goes to the subscription page", async () => {
    const { actors, history } = await renderSignedIn('pro@demo.test');
    open(actors, { name: 'subscription-active' });
    const dialog = await findDialog(SUBSCRIPTION_TEXT.active.title);
    expect(dialog).toHaveAccessibleDescription(SUBSCRIPTION_TEXT.active.body('Pro', 'monthly'));
    await userEvent.click(within(dialog).getByRole('button', { name: SUBSCRIPTION_TEXT.active.manage }));
    await waitFor(() => expect(location(history)).toBe('/credit-based?target=subscription'));
  });

  test("paddle-subscription: 'Manage Payment' opens the customer portal link", async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'paddle-subscription' });
    const dialog = await findDialog(SUBSCRIPTION_TEXT.paddle.title);
    await userEvent.click(within(dialog).getByRole('button', { name: SUBSCRIPTION_TEXT.paddle.manage }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith(expect.stringContaining('/credit-based?target=subscription')));
  });

  test('mobile-subscription tells the user to manage the subscription in the app', async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'mobile-subscription' });
    const dialog = await findDialog(SUBSCRIPTION_TEXT.mobile.title);
    expect(dialog).toHaveAccessibleDescription(SUBSCRIPTION_TEXT.mobile.body);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await gone();
  });

  test('active-subscription-blocker: Delete Account requires cancelling the subscription first', async () => {
    const { actors, history } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'active-subscription-blocker' });
    const dialog = await findDialog(SUBSCRIPTION_TEXT.blocker.title);
    expect(dialog).toHaveAccessibleDescription(/Delete Account requires cancelling/);
    await userEvent.click(within(dialog).getByRole('button', { name: SUBSCRIPTION_TEXT.blocker.go }));
    await waitFor(() => expect(location(history)).toBe('/credit-based?target=subscription'));
  });
});
