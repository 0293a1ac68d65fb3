/** Trial countdown: 01 §4 (ends 3 d 5 h 30 min after created_at, ticks each second, hides at zero), simulated time. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { selectTrialCountdown, trialCountdownMachine, type TrialInput } from '@machines/trial-countdown.machine';
import { TRIAL_LENGTH_MS as CONFIGURED_TRIAL_LENGTH_MS } from '@machines/constants';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(trialCountdownMachine);
const CREATED = Date.parse('2026-03-02T08:00:00Z');
/** 01 §4 Trial countdown "ends 3 days 5 hours 30 minutes after the user's created_at", "ticks each second" — written out. */
const TRIAL_LENGTH_MS = (3 * 24 * 60 + 5 * 60 + 30) * 60_000;
const TRIAL_TICK_MS = 1000;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('the trial length is 3 days 5 hours 30 minutes', () => {
  expect(CONFIGURED_TRIAL_LENGTH_MS).toBe(TRIAL_LENGTH_MS);
});

const cases: Array<[string, TrialInput]> = [
  ['free, flag on, 2.5 s left', { createdAt: CREATED, now: CREATED + TRIAL_LENGTH_MS - 2500, planId: 1, enabled: true }],
  ['free, flag off', { createdAt: CREATED, now: CREATED, planId: 1, enabled: false }],
  ['paid plan', { createdAt: CREATED, now: CREATED, planId: 2, enabled: true }],
  ['free, already past', { createdAt: CREATED, now: CREATED + TRIAL_LENGTH_MS, planId: 1, enabled: true }],
];
for (const [label, input] of cases) {
  describe(`trialCountdown model paths — ${label}`, () => {
    const model = createMachineTestModel(trialCountdownMachine, {
      input,
      events: [{ type: 'trial.sync', now: CREATED + TRIAL_LENGTH_MS - 1200 }],
      // projection: state and whole seconds left (bounded because the input is near the end)
      serializeState: (s) => JSON.stringify([s.value, Math.ceil((s.context.endsAt - s.context.now) / 1000)]),
    });
    for (const path of model.getShortestPaths()) {
      it(path.description, async () => {
        const actor = createActor(trialCountdownMachine, { input, inspect: tracker.inspect }).start();
        await path.test({
          states: {
            '#trialCountdown': (s) => {
              expect(actor.getSnapshot().value).toEqual(s.value);
              expect(actor.getSnapshot().context.now).toBe(s.context.now);
            },
            counting: (s) => {
              expect(s.context.planId === 1 && s.context.enabled).toBe(true);
              expect(s.context.endsAt - s.context.now).toBeGreaterThan(0);
              expect(selectTrialCountdown(s)).not.toBeNull();
            },
            hidden: (s) => expect(selectTrialCountdown(s)).toBeNull(),
          },
          events: replayExecutors([path], {
            send: (e) => actor.send(e),
            advance: (ms) => void vi.advanceTimersByTime(ms),
            delays: { tick: TRIAL_TICK_MS },
          }) as never,
        });
        actor.stop();
      });
    }
  });
}

describe('trialCountdown display (simulated time)', () => {
  it('starts at 3d 5h 30m 0s and ticks each second', () => {
    const a = createActor(trialCountdownMachine, {
      input: { createdAt: CREATED, now: CREATED, planId: 1, enabled: true },
      inspect: tracker.inspect,
    }).start();
    expect(selectTrialCountdown(a.getSnapshot())).toEqual({ days: 3, hours: 5, minutes: 30, seconds: 0 });
    vi.advanceTimersByTime(999);
    expect(selectTrialCountdown(a.getSnapshot())).toEqual({ days: 3, hours: 5, minutes: 30, seconds: 0 });
    vi.advanceTimersByTime(1);
    expect(selectTrialCountdown(a.getSnapshot())).toEqual({ days: 3, hours: 5, minutes: 29, seconds: 59 });
  });
  it('hides exactly when it reaches zero, with output {ended: true}', () => {
    const a = createActor(trialCountdownMachine, {
      input: { createdAt: CREATED, now: CREATED + TRIAL_LENGTH_MS - 3000, planId: 1, enabled: true },
      inspect: tracker.inspect,
    }).start();
    vi.advanceTimersByTime(2000);
    expect(selectTrialCountdown(a.getSnapshot())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    vi.advanceTimersByTime(1000);
    expect(a.getSnapshot().status).toBe('done');
    expect(a.getSnapshot().output).toEqual({ ended: true });
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
