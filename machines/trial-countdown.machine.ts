/**
 * Trial countdown (01 §4 "Trial countdown", 01 §9): the trial ends 3 days 5 h 30 min after the
 * user's created_at; the countdown shows days, hours, minutes and seconds, ticks each second,
 * hides when zero or past, and is shown only for plan_id 1 when its flag is on.
 *
 * Time: `now` and `createdAt` come in as input (epoch ms); every tick adds TRIAL_TICK_MS to `now`.
 * `trial.sync {now}` re-anchors it to the real clock (e.g. when the tab becomes visible again).
 * Output when it ends: `{ ended: true }` (final state `hidden` also covers "never shown").
 */
import { assign, not, setup } from 'xstate';
import { PLAN_ID, TRIAL_LENGTH_MS, TRIAL_TICK_MS } from './constants';
import { countdownParts, type CountdownParts } from './time-parts';

export interface TrialInput {
  createdAt: number;
  now: number;
  planId: number;
  /** the feature flag that turns the countdown on */
  enabled: boolean;
}
export interface TrialContext extends TrialInput {
  endsAt: number;
}
export type TrialEvent = { type: 'trial.sync'; now: number };
export interface TrialOutput {
  ended: boolean;
}

export const trialCountdownMachine = setup({
  types: {
    context: {} as TrialContext,
    input: {} as TrialInput,
    events: {} as TrialEvent,
    output: {} as TrialOutput,
  },
  delays: { tick: TRIAL_TICK_MS },
  guards: {
    isShown: ({ context }) => context.planId === PLAN_ID.free && context.enabled,
    hasTimeLeft: ({ context }) => context.endsAt - context.now > 0,
  },
  actions: {
    assignTick: assign({ now: ({ context }) => context.now + TRIAL_TICK_MS }),
    assignNow: assign({ now: ({ context, event }) => (event.type === 'trial.sync' ? event.now : context.now) }),
  },
}).createMachine({
  id: 'trialCountdown',
  context: ({ input }) => ({ ...input, endsAt: input.createdAt + TRIAL_LENGTH_MS }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isShown', target: 'counting' }, { target: 'hidden' }],
    },
    counting: {
      always: { guard: not('hasTimeLeft'), target: 'hidden' },
      after: { tick: { target: 'counting', reenter: true, actions: 'assignTick' } },
      on: { 'trial.sync': { target: 'counting', reenter: true, actions: 'assignNow' } },
    },
    hidden: { type: 'final' },
  },
  output: ({ context }) => ({ ended: context.endsAt - context.now <= 0 }),
});

/** What the UI shows: null when hidden, else the parts of the remaining time. */
export function selectTrialCountdown(s: { status: string; context: TrialContext }): CountdownParts | null {
  return s.status === 'done' ? null : countdownParts(s.context.endsAt - s.context.now);
}
