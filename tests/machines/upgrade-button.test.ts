/** Upgrade button: 01 §4 behaviour by plan_id, 01 §9 bounce 1.5 s every 30 s (simulated time). */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  offerUpsell,
  upgradeButtonMachine,
  type UpgradeButtonEmitted,
  type UpgradeButtonInput,
} from '@machines/upgrade-button.machine';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(upgradeButtonMachine);
/** 01 §4 "bounces or shakes for 1.5 s every 30 seconds" — written out. */
const UPGRADE_BOUNCE_INTERVAL_MS = 30_000;
const UPGRADE_BOUNCE_DURATION_MS = 1500;
const delays = { bounceGap: UPGRADE_BOUNCE_INTERVAL_MS - UPGRADE_BOUNCE_DURATION_MS, bounceDuration: UPGRADE_BOUNCE_DURATION_MS };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * 01 §4, written from the spec: what a click does. The destinations' addresses (/credit-based?target=subscription,
 * /offer-pricing, /pricing) are checked through the app in tests/components/shell-upgrade-button.test.tsx.
 */
function clickOracle(c: UpgradeButtonInput): UpgradeButtonEmitted[] {
  if (c.planId === 3 && c.paymentFrequency === 'yearly') return []; // hidden: no button to click
  if (c.isMonthlyDisabled && c.planId !== 1)
    return c.onSubscriptionSection
      ? [{ type: 'upgrade.scrollToSection' }]
      : [{ type: 'upgrade.navigate', destination: 'subscription' }];
  if (c.planId === 1) return [{ type: 'upgrade.openDialog', dialog: { name: 'pricing', payload: {} } }];
  if (c.planId === 2) return [{ type: 'upgrade.navigate', destination: 'offerPricing' }];
  return [{ type: 'upgrade.navigate', destination: 'pricing' }];
}

const inputs: UpgradeButtonInput[] = [];
for (const planId of [1, 2, 3, 4])
  for (const paymentFrequency of ['monthly', 'yearly'] as const)
    for (const isMonthlyDisabled of [false, true])
      inputs.push({ planId, paymentFrequency, isMonthlyDisabled, onSubscriptionSection: false });

for (const input of inputs) {
  const label = `plan ${input.planId} ${input.paymentFrequency}${input.isMonthlyDisabled ? ', monthly disabled' : ''}`;
  describe(`upgradeButton model paths — ${label}`, () => {
    const model = createMachineTestModel(upgradeButtonMachine, {
      input,
      events: [
        { type: 'upgrade.click' },
        { type: 'upgrade.location', onSubscriptionSection: true },
        { type: 'upgrade.location', onSubscriptionSection: false },
      ],
      serializeState: (s, e) => JSON.stringify([s.value, s.context.onSubscriptionSection, e?.type ?? null]),
    });
    for (const path of model.getShortestPaths()) {
      it(path.description, async () => {
        const emitted: UpgradeButtonEmitted[] = [];
        const actor = createActor(upgradeButtonMachine, { input, inspect: tracker.inspect });
        actor.on('*', (e: UpgradeButtonEmitted) => emitted.push(e));
        actor.start();
        const base = replayExecutors([path], { send: (e) => actor.send(e), advance: (ms) => void vi.advanceTimersByTime(ms), delays });
        const execs = Object.fromEntries(
          Object.entries(base).map(([t, exec]) => [
            t,
            async (step: { event: AnyEventObject }) => {
              const ctx = actor.getSnapshot().context;
              const n = emitted.length;
              await exec(step);
              expect(emitted.slice(n)).toEqual(step.event.type === 'upgrade.click' ? clickOracle(ctx) : []);
            },
          ]),
        );
        await path.test({
          states: {
            '#upgradeButton': (s) => expect(actor.getSnapshot().value).toEqual(s.value),
            hidden: () => expect(input.planId === 3 && input.paymentFrequency === 'yearly').toBe(true),
            'visible.animated': () => expect(input.planId).toBe(1), // 01 §4: only plan 1 bounces
            'visible.static': () => expect(input.planId).not.toBe(1),
          },
          events: execs as never,
        });
        actor.stop();
      });
    }
  });
}

describe('upgradeButton bounce timing (simulated time)', () => {
  it('plan 1 bounces for 1.5 s every 30 s', () => {
    const a = createActor(upgradeButtonMachine, {
      input: { planId: 1, paymentFrequency: 'monthly', isMonthlyDisabled: false, onSubscriptionSection: false },
      inspect: tracker.inspect,
    }).start();
    const bouncing = () => a.getSnapshot().matches({ visible: { animated: 'bouncing' } });
    for (let cycle = 0; cycle < 3; cycle++) {
      vi.advanceTimersByTime(28_499);
      expect(bouncing()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(bouncing()).toBe(true);
      vi.advanceTimersByTime(1499);
      expect(bouncing()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(bouncing()).toBe(false);
    }
  });
  it('offer upsell: free → Plus, Plus → Pro, Pro monthly → Pro, Pro yearly → none', () => {
    expect([offerUpsell(1, 'monthly'), offerUpsell(2, 'yearly'), offerUpsell(3, 'monthly'), offerUpsell(3, 'yearly')]).toEqual([
      'plus',
      'pro',
      'pro',
      null,
    ]);
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
