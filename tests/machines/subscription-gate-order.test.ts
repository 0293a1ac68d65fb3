/**
 * Subscription gate, every pair of steps in order (01 §4 "Subscription gate (checked in order before a
 * generation)", steps 1–9, step 1 read as 1a canceled / 1b ended or expired as the machine's module comment
 * explains). For each pair of steps that one user and one action can both meet, the user below meets both, and the
 * expected outcome — written out here from the spec's text — is the earlier step's. Pairs no single check can meet
 * (one status excludes another, the free plan excludes the paid one, different actions) are listed with the reason,
 * and a completeness test fails when a pair is neither tested nor excluded.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { subscriptionGateMachine, type GateAction, type GateUser, type WordImageUsage } from '@machines/subscription-gate.machine';
import { freeGateUser } from '../helpers/gate-users';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ENDED = '2026-03-10T11:59:59Z';

const free: GateUser = freeGateUser;
/** a paid user whose credits are used up: 500 + 100 + 20 = 620 used of 620 (step 8) */
const paidOut: GateUser = { ...free, plan_id: 2, total_plan_credits: 500, total_add_on_credits: 100, earned_bonus: 20, plan_total_credit_usage: 620 };
/** what a free user's refresh answers when the words and images are used up (step 7) */
const limitsOut: WordImageUsage = { usage: 2000, word_limit: 2000, image_usage: 10, image_limit: 10 };
const plenty: WordImageUsage = { usage: 10, word_limit: 2000, image_usage: 0, image_limit: 10 };

type Step = '1a' | '1b' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
const STEPS: Step[] = ['1a', '1b', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The spec's outcome of each step, written out (01 §4, §8; 02 §6). */
const OUTCOME = {
  '1a': { allowed: false, dialog: { name: 'subscription-cancelled', payload: {} } },
  '1b': { allowed: false, dialog: { name: 'subscription-expired', payload: {} } },
  '2': { allowed: false, dialog: { name: 'subscription-pending', payload: {} } },
  '3': { allowed: false, dialog: { name: 'subscription-overdue', payload: {} } },
  '4': { allowed: false, dialog: { name: 'generate-limit', payload: { type: 'videoGenerator' } } },
  '5': { allowed: false, dialog: { name: 'generate-limit', payload: { type: 'longBlog' } } },
  '6': { allowed: true },
  '7': { allowed: false, dialog: { name: 'generate-limit', payload: { type: 'word' } } },
  '8': { allowed: false, dialog: { name: 'pricing', payload: {} } },
  '9': { allowed: false, dialog: { name: 'api-error', payload: { title: 'Error', message: 'Something went wrong!.' } } },
} as const;

interface Case {
  pair: [Step, Step];
  action: GateAction;
  isImage?: boolean;
  user: GateUser;
  refresh: WordImageUsage | 'fail';
}

/** Each status step (1a, 1b, 2, 3) with what puts a user there. */
const STATUS: Array<[Step, Partial<GateUser>]> = [
  ['1a', { status: 'canceled' }],
  ['1b', { status: 'expired' }],
  ['2', { status: 'pending' }],
  ['3', { status: 'overdue' }],
];

const cases: Case[] = [
  // the status steps among themselves: only an ended period (end_at past) combines with another status
  { pair: ['1a', '1b'], action: 'word', user: { ...free, status: 'canceled', end_at: ENDED }, refresh: plenty },
  { pair: ['1b', '2'], action: 'word', user: { ...free, status: 'pending', end_at: ENDED }, refresh: plenty },
  { pair: ['1b', '3'], action: 'word', user: { ...free, status: 'overdue', end_at: ENDED }, refresh: plenty },
  // every status step before every plan step
  ...STATUS.flatMap(([step, status]): Case[] => [
    { pair: [step, '4'], action: 'video', user: { ...free, ...status }, refresh: plenty },
    { pair: [step, '5'], action: 'longBlog', user: { ...free, ...status, is_blog_generated_free: true }, refresh: plenty },
    { pair: [step, '6'], action: 'longBlog', user: { ...free, ...status }, refresh: plenty },
    { pair: [step, '7'], action: 'word', user: { ...free, ...status }, refresh: limitsOut },
    { pair: [step, '8'], action: 'word', user: { ...paidOut, ...status }, refresh: plenty },
    { pair: [step, '9'], action: 'word', user: { ...free, ...status }, refresh: 'fail' },
  ]),
  // the plan steps
  { pair: ['4', '7'], action: 'video', user: free, refresh: limitsOut },
  { pair: ['4', '9'], action: 'video', user: free, refresh: 'fail' },
  { pair: ['5', '7'], action: 'longBlog', user: { ...free, is_blog_generated_free: true }, refresh: limitsOut },
  { pair: ['5', '9'], action: 'longBlog', user: { ...free, is_blog_generated_free: true }, refresh: 'fail' },
  { pair: ['6', '7'], action: 'longBlog', user: free, refresh: limitsOut },
  { pair: ['6', '8'], action: 'longBlog', user: paidOut, refresh: plenty },
  { pair: ['6', '9'], action: 'longBlog', user: free, refresh: 'fail' },
];

/** Pairs that no single user and action can meet both of. */
const EXCLUSIVE: Array<[Step, Step, string]> = [
  ['1a', '2', 'one status: canceled or pending'],
  ['1a', '3', 'one status: canceled or overdue'],
  ['2', '3', 'one status: pending or overdue'],
  ['4', '5', 'step 4 is a video, step 5 a long blog'],
  ['4', '6', 'step 4 is a video, step 6 a long blog or a storybook'],
  ['4', '8', 'step 4 is the free plan, step 8 a paid one'],
  ['5', '6', 'step 5 is a used free long blog (not an image), step 6 an unused one or an image'],
  ['5', '8', 'step 5 is the free plan, step 8 a paid one'],
  ['7', '8', 'step 7 is the free plan, step 8 a paid one'],
  ['7', '9', "step 9 is step 7's refresh failing: a failed refresh has no figures to compare"],
  ['8', '9', 'step 8 (paid) does not refresh, so cannot fail one'],
];

function run(c: Case) {
  const refreshes: number[] = [];
  const actor = createActor(
    subscriptionGateMachine.provide({
      actors: {
        refreshSubscription: fromPromise(async () => {
          refreshes.push(1);
          if (c.refresh === 'fail') throw new Error('refresh failed');
          return c.refresh;
        }),
        notifyLimitExhausted: fromPromise(async () => {}),
      },
    }),
    { input: { action: c.action, user: c.user, now: NOW, isImage: c.isImage ?? false } },
  );
  const done = toPromise(actor);
  actor.start();
  return done.then((output) => ({ output, refreshes: refreshes.length }));
}

describe('subscription gate: of two steps a check meets, the earlier one decides (01 §4)', () => {
  for (const c of cases) {
    const [first, second] = c.pair;
    it(`step ${first} before step ${second} (${c.action}${c.isImage ? ' image' : ''}, plan ${c.user.plan_id}, ${c.user.status}${c.user.end_at ? ', ended' : ''})`, async () => {
      const { output, refreshes } = await run(c);
      expect(output).toEqual(OUTCOME[first]);
      // only step 7 refreshes: a step before it decides without asking the server
      expect(refreshes).toBe(0);
    });
  }

  it('each later step on its own gives its own outcome, so the pairs above tell the two steps apart', async () => {
    const alone: Array<[Step, Case]> = [
      ['4', { pair: ['4', '4'], action: 'video', user: free, refresh: plenty }],
      ['5', { pair: ['5', '5'], action: 'longBlog', user: { ...free, is_blog_generated_free: true }, refresh: plenty }],
      ['6', { pair: ['6', '6'], action: 'longBlog', user: free, refresh: plenty }],
      ['7', { pair: ['7', '7'], action: 'word', user: free, refresh: limitsOut }],
      ['8', { pair: ['8', '8'], action: 'word', user: paidOut, refresh: plenty }],
      ['9', { pair: ['9', '9'], action: 'word', user: free, refresh: 'fail' }],
    ];
    for (const [step, c] of alone) expect((await run(c)).output, `step ${step}`).toEqual(OUTCOME[step]);
  });

  it('every pair of steps is tested or listed as one no check can meet', () => {
    const key = (a: Step, b: Step) => `${a}<${b}`;
    const all = STEPS.flatMap((a, i) => STEPS.slice(i + 1).map((b) => key(a, b)));
    const covered = [...cases.map((c) => key(...c.pair)), ...EXCLUSIVE.map(([a, b]) => key(a, b))];
    expect(new Set(covered).size).toBe(covered.length);
    expect([...covered].sort()).toEqual([...all].sort());
    for (const c of cases) expect(STEPS.indexOf(c.pair[0])).toBeLessThan(STEPS.indexOf(c.pair[1]));
  });
});
