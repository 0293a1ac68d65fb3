/**
 * Issue 33, finding 6: subscription states, through the real app and the demo accounts.
 * - canceled@ and expired@ read "Ended on" for an end already past (not "Ends on");
 * - a canceled Pro user is not offered a smaller plan, and can resubscribe to Pro;
 * - overdue@ sees a banner with a way to update the payment method;
 * - expired@, canceled@ and overdue@ see their state on /home before any generation is blocked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { SHELL_MESSAGES } from '@/features/shell/messages';
import { SUBSCRIPTION_BANNER_MESSAGES as B } from '@/features/shell/subscription-banner-messages';
import { PRICING_PAGE, SUBSCRIPTION_TEXT } from '@/features/billing/messages';

const backend = useTestBackend();
afterEach(() => vi.restoreAllMocks());

async function signedIn(email: string, path: string) {
  const services = createTestServices(backend);
  const user = await signInAs(services, email);
  const view = renderRoute(path, services);
  await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 });
  return { ...view, user, services };
}

const banner = (title: string) => screen.findByRole('region', { name: title }, { timeout: 10_000 });

describe('subscription states (issue 33, finding 6)', () => {
  test.each([
    ['expired@demo.test', B.expired.title, B.expired.cta],
    ['canceled@demo.test', B.canceled.title, B.canceled.cta],
  ])('%s sees its state on /home (%s) with a way back to the plans', async (email, title, cta) => {
    await signedIn(email, '/home');
    const region = await banner(title);
    expect(region).toHaveTextContent(/ended on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(within(region).getByRole('link', { name: cta })).toHaveAttribute('href', '/pricing');
  }, 40_000);

  test('overdue@demo.test sees an overdue banner on /home whose button opens payment management', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await signedIn('overdue@demo.test', '/home');
      const region = await banner(B.overdue.title);
      await userEvent.click(within(region).getByRole('button', { name: B.overdue.cta }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('/credit-based?target=subscription')));
    } finally {
      vi.unstubAllGlobals();
    }
  }, 40_000);

  test.each(['canceled@demo.test', 'expired@demo.test'])('%s: the subscription page says "Ended on" for an end already past', async (email) => {
    await signedIn(email, '/credit-based?target=subscription');
    const plan = await screen.findByTestId('current-plan', {}, { timeout: 10_000 });
    const line = plan.nextElementSibling as HTMLElement;
    expect(line.textContent).toMatch(/Ended on /);
    expect(line.textContent).not.toMatch(/Ends on /);
    expect(SUBSCRIPTION_TEXT.ended('x')).toBe('Ended on x');
  }, 40_000);

  test('a canceled Pro user is not offered Plus on /pricing and can resubscribe to Pro', async () => {
    await signedIn('canceled@demo.test', '/pricing');
    const plus = await screen.findByRole('article', { name: 'Plus' }, { timeout: 10_000 });
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(plus).queryByRole('button', { name: PRICING_PAGE.upgradeTo('Plus') })).toBeNull();
    expect(within(plus).queryByRole('button')).toBeNull();
    expect(within(pro).getByRole('button', { name: PRICING_PAGE.resubscribeTo('Pro') })).toBeEnabled();
  }, 40_000);

  test('an active plan shows no subscription banner', async () => {
    await signedIn('plus@demo.test', '/home');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  }, 40_000);
});
