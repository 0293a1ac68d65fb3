/**
 * Upgrade button (01 §4 "Upgrade button behaviour by plan_id", 01 §6, 01 §9, 02 §6).
 *
 * Input: plan id, payment frequency, monthly-disabled flag and whether the user is already on the
 * subscription section of /credit-based. Hidden for plan 3 on yearly payment (01 §4, 01 §6, 03 §6).
 * Plan 1 bounces for 1.5 s every 30 s (start to start: 28.5 s still, 1.5 s bouncing).
 *
 * `upgrade.click` emits, in this order of precedence:
 *  - monthly disabled and plan ≠ 1 → `upgrade.navigate {destination: 'subscription'}`
 *    (/credit-based?target=subscription), or `upgrade.scrollToSection` when already there;
 *  - plan 1 → `upgrade.openDialog {pricing}` (the upgrade dialog);
 *  - plan 2 → `upgrade.navigate {destination: 'offerPricing'}` (/offer-pricing); plan 3 (and any other
 *    id, "office") → `{destination: 'pricing'}` (/pricing).
 * The machine names the destination; the app's one paths module (src/core/paths.ts) turns it into an href
 * (src/state/upgrade-button.ts), so no address is written twice.
 * `upgrade.location {onSubscriptionSection}` keeps the location flag current.
 */
import { and, assign, emit, setup } from 'xstate';
import { PLAN_ID, UPGRADE_BOUNCE_DURATION_MS, UPGRADE_BOUNCE_INTERVAL_MS } from './constants';
import { dialog, type Dialog } from './dialogs';

export interface UpgradeButtonInput {
  planId: number;
  paymentFrequency: 'monthly' | 'yearly';
  isMonthlyDisabled: boolean;
  onSubscriptionSection: boolean;
}
export type UpgradeButtonEvent = { type: 'upgrade.click' } | { type: 'upgrade.location'; onSubscriptionSection: boolean };
/** Where a click leads (01 §4): the subscription section of /credit-based, /offer-pricing or /pricing. */
export type UpgradeDestination = 'subscription' | 'offerPricing' | 'pricing';
export type UpgradeButtonEmitted =
  | { type: 'upgrade.navigate'; destination: UpgradeDestination }
  | { type: 'upgrade.scrollToSection' }
  | { type: 'upgrade.openDialog'; dialog: Dialog };

export const upgradeButtonMachine = setup({
  types: {
    context: {} as UpgradeButtonInput,
    input: {} as UpgradeButtonInput,
    events: {} as UpgradeButtonEvent,
    emitted: {} as UpgradeButtonEmitted,
  },
  delays: {
    bounceGap: UPGRADE_BOUNCE_INTERVAL_MS - UPGRADE_BOUNCE_DURATION_MS,
    bounceDuration: UPGRADE_BOUNCE_DURATION_MS,
  },
  guards: {
    isHidden: ({ context }) => context.planId === PLAN_ID.pro && context.paymentFrequency === 'yearly',
    isFreePlan: ({ context }) => context.planId === PLAN_ID.free,
    isMonthlyDisabledPaid: ({ context }) => context.isMonthlyDisabled && context.planId !== PLAN_ID.free,
    isOnSubscriptionSection: ({ context }) => context.onSubscriptionSection,
    isPlusPlan: ({ context }) => context.planId === PLAN_ID.plus,
  },
  actions: {
    assignLocation: assign({
      onSubscriptionSection: ({ context, event }) =>
        event.type === 'upgrade.location' ? event.onSubscriptionSection : context.onSubscriptionSection,
    }),
    notifyScroll: emit({ type: 'upgrade.scrollToSection' } as const),
    notifyNavigate: emit((_, destination: UpgradeDestination) => ({ type: 'upgrade.navigate', destination }) as const),
    notifyOpenDialog: emit({ type: 'upgrade.openDialog', dialog: dialog('pricing', {}) } as const),
  },
}).createMachine({
  id: 'upgradeButton',
  context: ({ input }) => input,
  initial: 'checking',
  on: { 'upgrade.location': { actions: 'assignLocation' } },
  states: {
    checking: {
      always: [
        { guard: 'isHidden', target: 'hidden' },
        { guard: 'isFreePlan', target: 'visible.animated' },
        { target: 'visible.static' },
      ],
    },
    hidden: {},
    visible: {
      initial: 'static',
      on: {
        'upgrade.click': [
          { guard: and(['isMonthlyDisabledPaid', 'isOnSubscriptionSection']), actions: 'notifyScroll' },
          { guard: 'isMonthlyDisabledPaid', actions: { type: 'notifyNavigate', params: 'subscription' } },
          // (the guard above did not match, so monthly is enabled or the plan is 1)
          { guard: 'isFreePlan', actions: 'notifyOpenDialog' },
          { guard: 'isPlusPlan', actions: { type: 'notifyNavigate', params: 'offerPricing' } },
          { actions: { type: 'notifyNavigate', params: 'pricing' } },
        ],
      },
      states: {
        static: {},
        animated: {
          initial: 'still',
          states: {
            still: { after: { bounceGap: 'bouncing' } },
            bouncing: { after: { bounceDuration: 'still' } },
          },
        },
      },
    },
  },
});

/** 01 §4 offer upsell: free → Plus offer, Plus → Pro offer, Pro monthly → Pro offer. */
export function offerUpsell(planId: number, paymentFrequency: 'monthly' | 'yearly'): 'plus' | 'pro' | null {
  if (planId === PLAN_ID.free) return 'plus';
  if (planId === PLAN_ID.plus) return 'pro';
  if (planId === PLAN_ID.pro && paymentFrequency === 'monthly') return 'pro';
  return null;
}
