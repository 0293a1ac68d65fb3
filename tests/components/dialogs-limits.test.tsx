import { describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { createAppActors, type AppActors } from '@/state/app-actors';
import type { DialogRequest } from '@machines/dialogs';
import { GENERATE_LIMIT_BODY, LIMIT_TEXT, MISC_TEXT, PAYMENT_TEXT, PRICING_TEXT, UPGRADE_TEXT } from '@/features/dialogs/messages';

vi.mock('@/features/dialogs/browser', () => ({ assignLocation: vi.fn(), openBlankTab: vi.fn(() => null), pointTab: vi.fn() }));

const backend = useTestBackend();

const open = (actors: AppActors, dialog: DialogRequest) => act(() => actors.dialogs.send({ type: 'dialog.open', dialog }));
/** The first dialog of a file waits for the lazily loaded host's first transform. */
const findDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
/** The footer's 'Close' (the corner icon button is also named 'Close'; it comes after). */
const footerClose = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: 'Close' })[0];

async function renderSignedIn(email: string) {
  const actors = createAppActors();
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute('/home', services, actors);
  await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });
  return { ...view, actors };
}

describe('generate-limit (01 §2 five types, §6 buttons, §8 titles, 02 §6)', () => {
  test.each([
    ['word', 'Word Limit'],
    ['image', 'Image Limit'],
    ['both', 'Word and Image Limit'],
    ['longBlog', 'Blog Outline Limit'],
  ] as const)("type %s is titled '%s'; 'Upgrade now' opens the upgrade (pricing) dialog for a free user", async (type, title) => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'generate-limit', payload: { type } });
    const dialog = await findDialog(title);
    expect(dialog).toHaveAccessibleDescription(GENERATE_LIMIT_BODY[type]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(await findDialog(PRICING_TEXT.title)).toBeInTheDocument();
  });

  test("videoGenerator: 'Video generation is only available on paid plans' with 'Upgrade Plan'; Close closes", async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'generate-limit', payload: { type: 'videoGenerator' } });
    const dialog = await findDialog('Video generation is only available on paid plans');
    expect(within(dialog).getByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
    await userEvent.click(footerClose(dialog));
    await gone();
  });
});

describe('plan-dependent limit dialogs (01 §6)', () => {
  test("chat-limit-exceeded 'Chat Usage Limit Exhausted' — free: 'Upgrade now' and 'Close'", async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'chat-limit-exceeded' });
    const dialog = await findDialog('Chat Usage Limit Exhausted');
    expect(within(dialog).getByRole('button', { name: 'Upgrade now' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Buy More Credits' })).not.toBeInTheDocument();
    // free users cannot buy credits, so the text does not offer them (issue 33, finding 6)
    expect(dialog).toHaveAccessibleDescription(LIMIT_TEXT.chat.freeBody);
    expect(dialog).not.toHaveTextContent(/credits/i);
    await userEvent.click(footerClose(dialog));
    await gone();
  });

  test("Plus: 'Upgrade now' goes to /offer-pricing; 'Buy More Credits' opens the credit dialog", async () => {
    const { actors, history } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'image-limit-exceeded' });
    let dialog = await findDialog(LIMIT_TEXT.imageLimit.title);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Buy More Credits' })).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(history.location.pathname).toBe('/offer-pricing'));
    await gone();

    open(actors, { name: 'image-limit-exceeded' });
    dialog = await findDialog(LIMIT_TEXT.imageLimit.title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy More Credits' }));
    expect(await findDialog('Buy More Credits')).toBeInTheDocument();
  });

  test("Pro: only 'Buy More Credits' and 'Close'", async () => {
    const { actors } = await renderSignedIn('pro@demo.test');
    open(actors, { name: 'image-bg-removal-limit-exceeded' });
    const dialog = await findDialog(LIMIT_TEXT.bgRemoval.title);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Buy More Credits' })).toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: 'Upgrade now' })).not.toBeInTheDocument();
    expect(footerClose(dialog)).toBeInTheDocument();
  });

  test("monthly disabled (paid): 'Upgrade now' goes to /credit-based?target=subscription (01 §4)", async () => {
    const { actors, history } = await renderSignedIn('monthly-disabled@demo.test');
    open(actors, { name: 'upgrade-to-access' });
    const dialog = await findDialog(LIMIT_TEXT.upgradeToAccess.title);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Buy More Credits' })).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(history.location.pathname + history.location.search).toBe('/credit-based?target=subscription'));
  });

  test('hd-not-for-free-users explains HD is for paid plans', async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'hd-not-for-free-users' });
    const dialog = await findDialog(LIMIT_TEXT.hd.title);
    expect(dialog).toHaveAccessibleDescription(LIMIT_TEXT.hd.body);
  });
});

describe('pricing — the upgrade dialog (01 §3 tiers, §4, §6)', () => {
  test('free: the catalogue’s plans (Free $0, Plus $12 offer on $15, Pro $24 offer on $30, most popular) with their allowances; Yearly shows the yearly prices; Upgrade takes the offer to payment', async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'pricing' });
    const dialog = await findDialog(PRICING_TEXT.title);
    const tiers = await within(dialog).findByRole('list', { name: PRICING_TEXT.title });
    const plus = within(tiers).getByRole('listitem', { name: 'Plus' });
    const pro = within(tiers).getByRole('listitem', { name: 'Pro' });
    expect(within(tiers).queryByRole('listitem', { name: 'Startup' })).toBeNull();
    expect(within(tiers).getByRole('listitem', { name: 'Free' })).toHaveTextContent('$0');
    expect(within(tiers).getByRole('listitem', { name: 'Free' })).toHaveTextContent('2,000 words a month');
    expect(plus).toHaveTextContent('Offer price$12 Regular price$15 /month');
    expect(plus).toHaveTextContent('Limited Time Offer');
    expect(plus).toHaveTextContent('500 credits a month');
    expect(plus).toHaveTextContent('Up to 100,000 words');
    expect(pro).toHaveTextContent('Offer price$24 Regular price$30 /month');
    expect(pro).toHaveTextContent('Up to 300,000 words');
    expect(pro).toHaveTextContent('Most popular');
    expect(within(tiers).getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(plus).toHaveTextContent('$115.20 Regular price$144 /year');
    expect(pro).toHaveTextContent('$230.40 Regular price$288 /year');

    await userEvent.click(within(plus).getByRole('button', { name: 'Upgrade now: Plus' }));
    const pay = await findDialog(PAYMENT_TEXT.offerTitle);
    await waitFor(() => expect(pay).toHaveAccessibleDescription('Plus plan, $115.20 per year.'));
  });

  test("a paid plan with its credits used up (gate step 8): 'You have used all your credits', Plus may upgrade or buy", async () => {
    const { actors } = await renderSignedIn('credits-out@demo.test');
    open(actors, { name: 'pricing' });
    const dialog = await findDialog(LIMIT_TEXT.creditsExhausted.title);
    expect(within(dialog).getByRole('button', { name: UPGRADE_TEXT.buyMoreCredits })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: UPGRADE_TEXT.upgradeNow })).toBeInTheDocument();
  });
});

describe('feature-access and pro-upgrade (01 §2 dialog texts)', () => {
  test("feature-access: 'Access Premium Tools', upgrade to Plus or Pro", async () => {
    const { actors } = await renderSignedIn('free@demo.test');
    open(actors, { name: 'feature-access' });
    const dialog = await findDialog('Access Premium Tools');
    expect(within(dialog).getByRole('button', { name: LIMIT_TEXT.featureAccess.plus })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: LIMIT_TEXT.featureAccess.pro }));
    const pay = await findDialog(PAYMENT_TEXT.title);
    await waitFor(() => expect(pay).toHaveAccessibleDescription('Pro plan, $30 per month.'));
  });

  test("pro-upgrade: 'Switch to Our Pro Plan' with its benefits and billing toggle; 'Do this Later' closes", async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'pro-upgrade' });
    const dialog = await findDialog('Switch to Our Pro Plan');
    for (const b of [MISC_TEXT.proUpgrade.eliteModel, MISC_TEXT.proUpgrade.internalLinking]) expect(within(dialog).getByText(b)).toBeInTheDocument();
    expect(await within(dialog).findByText(/300,000 words a month with all tools/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(await within(dialog).findByText('$30')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByText('$288')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do this Later' }));
    await gone();
  });

  test("pro-upgrade: 'Upgrade to Pro Plan' goes on to payment for the chosen period", async () => {
    const { actors } = await renderSignedIn('plus@demo.test');
    open(actors, { name: 'pro-upgrade' });
    const dialog = await findDialog('Switch to Our Pro Plan');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Pro Plan' }));
    const pay = await findDialog(PAYMENT_TEXT.title);
    await waitFor(() => expect(pay).toHaveAccessibleDescription('Pro plan, $288 per year.'));
    // the choice travels in the payment dialog's payload (no module state): opened again on its own, the payment
    // dialog offers the user's upsell (Plus → Pro, monthly), not the earlier choice
    expect(actors.dialogs.getSnapshot().context.current).toEqual({
      name: 'payment-method',
      payload: { checkout: { planId: 3, frequency: 'yearly', offer: false } },
    });
    await userEvent.click(within(pay).getByRole('button', { name: 'Cancel' }));
    await gone();
    open(actors, { name: 'payment-method' });
    const alone = await findDialog(PAYMENT_TEXT.title);
    await waitFor(() => expect(alone).toHaveAccessibleDescription('Pro plan, $30 per month.'));
  });
});
