/**
 * Issue 33, finding 3: one plan catalogue. Every screen that shows a plan's price, allowance, offer or saving
 * (/pricing, /offer-pricing, the upgrade dialog, the header's offer, the subscription page) shows the figures of
 * GET /api/plansList, so two screens never disagree about the same plan.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { SHELL_MESSAGES } from '@/features/shell/messages';
import { PRICING_TEXT } from '@/features/dialogs/messages';
import { PRICING_PAGE, SUBSCRIPTION_TEXT } from '@/features/billing/messages';
import type { components } from '@contract/schema.gen';

type Plan = components['schemas']['Plan'];
const backend = useTestBackend();

async function catalogue(): Promise<Plan[]> {
  const res = await backend.app.fetch(new Request('http://localhost:3000/api/plansList', { headers: { 'X-Application': 'writer-web' } }));
  return ((await res.json()) as { data: Plan[] }).data;
}

const usd = (n: number) => `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2)}`;
/** Every figure a screen may print for a plan: its prices (regular, offer, per month of a year) and limits. */
function figuresOf(plan: Plan) {
  const prices = new Set<string>(['$0']);
  for (const p of [plan.price_monthly, plan.price_yearly, plan.price_yearly / 12]) prices.add(usd(Math.round(p * 100) / 100));
  if (plan.offer_price) {
    const yearlyOffer = Math.round(((plan.price_yearly * plan.offer_price) / plan.price_monthly) * 100) / 100;
    for (const p of [plan.offer_price, yearlyOffer, yearlyOffer / 12]) prices.add(usd(Math.round(p * 100) / 100));
  }
  return { prices, words: (plan.word_limit ?? 0).toLocaleString('en-US') };
}

/** What a screen shows for one plan: every "$n" and every "n words" in the plan's own region. */
function shown(region: HTMLElement) {
  const text = region.textContent ?? '';
  return {
    prices: [...text.matchAll(/\$[\d,]+(?:\.\d+)?/g)].map((m) => m[0]),
    words: [...text.matchAll(/([\d,]+) words/g)].map((m) => m[1]),
  };
}

function expectSameFigures(screenName: string, plan: Plan, region: HTMLElement) {
  const want = figuresOf(plan);
  const got = shown(region);
  for (const p of got.prices) expect(want.prices, `${screenName}: ${plan.title} shows ${p}`).toContain(p);
  expect(got.words, `${screenName}: ${plan.title} words`).toEqual([want.words]);
}

async function signedIn(email: string, path: string) {
  const services = createTestServices(backend);
  await signInAs(services, email);
  const view = renderRoute(path, services);
  await screen.findByRole('button', { name: new RegExp(SHELL_MESSAGES.accountMenu) }, { timeout: 15_000 });
  return view;
}

describe('one plan catalogue behind every screen (issue 33, finding 3)', () => {
  test('/pricing, /offer-pricing, the upgrade dialog, the header offer and the subscription page agree with GET /api/plansList', async () => {
    const plans = await catalogue();
    const [free, plus, pro] = [1, 2, 3].map((id) => plans.find((p) => p.id === id)!);

    // /pricing: one card per plan, monthly
    const pricing = await signedIn('free@demo.test', '/pricing');
    for (const plan of plans) expectSameFigures('/pricing', plan, await screen.findByRole('article', { name: plan.title }));
    // its yearly saving is the catalogue's yearly discount
    const saving = Math.round((1 - plus.price_yearly / (12 * plus.price_monthly)) * 100);
    expect(screen.getByRole('group', { name: PRICING_PAGE.billingPeriod })).toHaveTextContent(`save up to ${saving}%`);

    // the header's offer (free → the Plus offer) is the catalogue's offer
    expect(await screen.findByRole('button', { name: `Upgrade: ${plus.offer_title} ${usd(plus.offer_price!)}/mo` }, { timeout: 5000 })).toBeInTheDocument();

    // the upgrade dialog it opens: the same plans, names and figures
    pricing.actors.dialogs.send({ type: 'dialog.open', dialog: { name: 'pricing' } });
    const dialog = await screen.findByRole('dialog', { name: PRICING_TEXT.title });
    const tiers = await within(dialog).findByRole('list', { name: PRICING_TEXT.title });
    for (const plan of plans) expectSameFigures('upgrade dialog', plan, within(tiers).getByRole('listitem', { name: plan.title }));
    expect(within(tiers).getByRole('listitem', { name: plus.title })).toHaveTextContent(usd(plus.offer_price!));
    pricing.unmount();

    // /offer-pricing: the offer prices
    const offerPage = renderRoute('/offer-pricing', createTestServices(backend));
    for (const plan of [plus, pro]) {
      const card = await screen.findByRole('article', { name: plan.title });
      expectSameFigures('/offer-pricing', plan, card);
      expect(card).toHaveTextContent(usd(plan.offer_price!));
    }
    offerPage.unmount();

    // the subscription page's usage counts against the same free word limit
    await signedIn('free@demo.test', '/credit-based?target=subscription');
    const [words] = await screen.findAllByText(SUBSCRIPTION_TEXT.words, { selector: 'span' });
    await waitFor(() => expect(words.parentElement).toHaveTextContent(` of ${free.word_limit!.toLocaleString('en-US')}`));
  }, 60_000);
});
