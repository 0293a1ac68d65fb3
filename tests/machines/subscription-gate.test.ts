/**
 * Subscription gate: every action kind × every user situation, each as a model path
 * (01 §4 ordered checks 1–9 — step 1 split into 1a canceled / 1b ended or expired — 03 §5/§6, 02 §6).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, type AnyEventObject } from 'xstate';
import {
  subscriptionGateMachine,
  type GateAction,
  type GateOutput,
  type GateUser,
  type WordImageUsage,
} from '@machines/subscription-gate.machine';
import type { Dialog } from '@machines/dialogs';
import { DIALOG_TEXT } from '@machines/dialog-text';
import { createCoverageTracker, createMachineTestModel } from '../helpers/model-coverage';
import { freeGateUser } from '../helpers/gate-users';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const tracker = createCoverageTracker(subscriptionGateMachine);

const base: GateUser = freeGateUser;
const fresh: WordImageUsage = { usage: 120, word_limit: 2000, image_usage: 1, image_limit: 10 };

interface Situation {
  label: string;
  user: GateUser;
  /** what the refresh returns (the input figures are deliberately stale) or 'fail' */
  refresh: WordImageUsage | 'fail';
  notifyFails?: boolean;
}
const paid = { ...base, plan_id: 2, total_plan_credits: 500, total_add_on_credits: 100, earned_bonus: 20 };
const situations: Record<string, Situation> = {
  expired: { label: 'expired', user: { ...base, status: 'expired' }, refresh: fresh },
  ended: { label: 'ended (end_at past, status active)', user: { ...paid, plan_id: 3, end_at: '2026-03-10T11:59:59Z' }, refresh: fresh },
  // step 1a: status canceled → Cancelled dialog, before 1b's end_at (the period has also ended here)
  canceled: { label: 'canceled (end_at past)', user: { ...paid, plan_id: 3, status: 'canceled', end_at: '2026-03-10T11:59:59Z' }, refresh: fresh },
  // status canceled with the period still running (POST /api/cancelSubscription leaves end_at): still 1a
  canceledRunning: {
    label: 'canceled (end_at ahead)',
    user: { ...paid, status: 'canceled', end_at: '2026-04-01T00:00:00Z' },
    refresh: fresh,
  },
  // the free plan canceled (not reachable through the API, which refuses to cancel Free): 1a before step 4/7
  canceledFree: { label: 'canceled free plan', user: { ...base, status: 'canceled' }, refresh: fresh },
  pending: { label: 'pending', user: { ...base, status: 'pending', end_at: '2027-01-01T00:00:00Z' }, refresh: fresh },
  overdue: { label: 'overdue', user: { ...paid, status: 'overdue' }, refresh: fresh },
  freeFresh: { label: 'free fresh', user: base, refresh: fresh },
  freeLongBlogUsed: { label: 'free long blog used', user: { ...base, is_blog_generated_free: true }, refresh: fresh },
  freeWordsOut: { label: 'free words out', user: base, refresh: { ...fresh, usage: 2000 } },
  freeWordsOutNotified: {
    label: 'free words out (already notified)',
    user: { ...base, is_user_word_limit_exhausted: true },
    refresh: { ...fresh, usage: 2500 },
  },
  freeImagesOut: { label: 'free images out', user: base, refresh: { ...fresh, image_usage: 10 } },
  freeBothOut: { label: 'free both out', user: base, refresh: { ...fresh, usage: 2000, image_usage: 10 } },
  freeBothOutMailerDown: {
    label: 'free both out (mailer down)',
    user: base,
    refresh: { ...fresh, usage: 2000, image_usage: 10 },
    notifyFails: true,
  },
  freeWithStorybook: { label: 'free with a storybook', user: { ...base, storybook_count: 1 }, refresh: fresh },
  paidWithCredits: { label: 'paid with credits', user: { ...paid, plan_total_credit_usage: 619 }, refresh: fresh },
  paidOutOfCredits: {
    label: 'paid out of credits',
    user: { ...paid, plan_id: 3, is_blog_generated_free: true, plan_total_credit_usage: 620 },
    refresh: fresh,
  },
  refreshFailure: { label: 'refresh failure', user: base, refresh: 'fail' },
};

type Kind = GateAction | 'longBlogImage';
const kinds: Kind[] = ['word', 'image', 'both', 'longBlog', 'longBlogImage', 'storybook', 'video', 'chat'];

/** The expected outcome, written from the spec (not from the machine). */
type Expect =
  | 'allowed'
  | 'cancelled'
  | 'expired'
  | 'pending'
  | 'overdue'
  | 'video'
  | 'longBlog'
  | 'word'
  | 'image'
  | 'both'
  | 'chatLimit'
  | 'upgrade'
  | 'error';
const all = (e: Expect): Record<Kind, Expect> =>
  Object.fromEntries(kinds.map((k) => [k, e])) as Record<Kind, Expect>;
const free = (over: Partial<Record<Kind, Expect>>): Record<Kind, Expect> => ({ ...all('allowed'), video: 'video', ...over });
const expected: Record<keyof typeof situations, Record<Kind, Expect>> = {
  expired: all('expired'),
  ended: all('expired'),
  canceled: all('cancelled'),
  canceledRunning: all('cancelled'),
  canceledFree: all('cancelled'),
  pending: all('pending'),
  overdue: all('overdue'),
  freeFresh: free({}),
  freeLongBlogUsed: free({ longBlog: 'longBlog' }),
  freeWordsOut: free({ word: 'word', chat: 'chatLimit', both: 'word' }),
  freeWordsOutNotified: free({ word: 'word', chat: 'chatLimit', both: 'word' }),
  freeImagesOut: free({ image: 'image', both: 'image' }),
  freeBothOut: free({ word: 'word', chat: 'chatLimit', image: 'image', both: 'both' }),
  freeBothOutMailerDown: free({ word: 'word', chat: 'chatLimit', image: 'image', both: 'both' }),
  freeWithStorybook: free({ storybook: 'upgrade' }),
  paidWithCredits: all('allowed'),
  // 01 §4 step 6 read literally: a long-blog image is allowed before the credit check
  paidOutOfCredits: { ...all('upgrade'), longBlogImage: 'allowed' },
  refreshFailure: free({ word: 'error', chat: 'error', image: 'error', both: 'error' }),
};
/** notifications expected (once per type, skipped when the user flag says the server knows) */
const expectedNotices = (s: keyof typeof situations, e: Expect): string[] => {
  const u = situations[s].user;
  // a chat blocked by the word limit is a word limit for the mailing service (01 §7 user-limit-exhausted {type})
  const types = e === 'both' ? ['word', 'image'] : e === 'chatLimit' ? ['word'] : e === 'word' || e === 'image' ? [e] : [];
  return types.filter((t) => !(t === 'word' ? u.is_user_word_limit_exhausted : u.is_user_image_limit_exhausted));
};

const dialogFor = (e: Expect): Dialog | null => {
  switch (e) {
    case 'allowed':
      return null;
    case 'cancelled':
      return { name: 'subscription-cancelled', payload: {} };
    case 'expired':
      return { name: 'subscription-expired', payload: {} };
    case 'pending':
      return { name: 'subscription-pending', payload: {} };
    case 'overdue':
      return { name: 'subscription-overdue', payload: {} };
    case 'video':
      return { name: 'generate-limit', payload: { type: 'videoGenerator' } };
    case 'upgrade':
      return { name: 'pricing', payload: {} };
    case 'chatLimit':
      return { name: 'chat-limit-exceeded', payload: {} };
    case 'error':
      return { name: 'api-error', payload: { title: 'Error', message: 'Something went wrong!.' } };
    default:
      return { name: 'generate-limit', payload: { type: e } };
  }
};
const describeOutcome = (e: Expect): string => {
  switch (e) {
    case 'allowed':
      return 'allowed';
    case 'cancelled':
      return `${DIALOG_TEXT['subscription-cancelled'].title} dialog, blocked`;
    case 'expired':
      return `${DIALOG_TEXT['subscription-expired'].title} dialog, blocked`;
    case 'pending':
      return `${DIALOG_TEXT['subscription-pending'].title} dialog, blocked`;
    case 'overdue':
      return `${DIALOG_TEXT['subscription-overdue'].title} dialog, blocked`;
    case 'upgrade':
      return 'general upgrade (pricing) dialog, blocked';
    case 'chatLimit':
      return "the chat's own limit dialog 'Chat Usage Limit Exhausted', blocked";
    case 'error':
      return "error dialog 'Something went wrong!.', blocked";
    case 'video':
      return `videoGenerator prompt '${DIALOG_TEXT['generate-limit'].videoGenerator}', blocked`;
    default:
      return `${e} prompt '${DIALOG_TEXT['generate-limit'][e]}', blocked`;
  }
};

const doneOrError = (id: string, fail: boolean, output?: unknown): AnyEventObject =>
  fail ? { type: `xstate.error.actor.${id}`, error: new Error('boom') } : { type: `xstate.done.actor.${id}`, output };

describe('subscriptionGate: every action × every user situation (model paths)', () => {
  for (const [key, sit] of Object.entries(situations) as [keyof typeof situations, Situation][]) {
    for (const kind of kinds) {
      const action: GateAction = kind === 'longBlogImage' ? 'longBlog' : kind;
      const input = { action, user: sit.user, now: NOW, isImage: kind === 'longBlogImage' };
      const model = createMachineTestModel(subscriptionGateMachine, {
        input,
        // the model's events are the outcomes of the invoked actors in this situation
        events: [
          doneOrError('refreshSubscription', sit.refresh === 'fail', sit.refresh),
          doneOrError('notifyWordLimit', !!sit.notifyFails),
          doneOrError('notifyImageLimit', !!sit.notifyFails),
        ],
        serializeState: (s) => JSON.stringify(s.value),
      });
      const finals = model.getSimplePaths().filter((p) => p.state.status === 'done');
      const exp = expected[key][kind];

      it(`${sit.label} × ${kind}: exactly one path to a final state`, () => {
        expect(finals).toHaveLength(1);
      });

      for (const path of finals) {
        const route = path.steps.map((s) => String(s.state.value)).join(' → ');
        it(`${sit.label} × ${kind} [${route}] → ${describeOutcome(exp)}`, async () => {
          const notices: string[] = [];
          let refreshCalls = 0;
          const seen: string[] = [];
          const actor = createActor(
            subscriptionGateMachine.provide({
              actors: {
                refreshSubscription: fromPromise(async ({ input: i }: { input: { userId: GateUser['id'] } }) => {
                  refreshCalls++;
                  expect(i.userId).toBe(sit.user.id);
                  if (sit.refresh === 'fail') throw new Error('network');
                  return sit.refresh;
                }),
                notifyLimitExhausted: fromPromise(async ({ input: i }: { input: { type: 'word' | 'image' } }) => {
                  notices.push(i.type);
                  if (sit.notifyFails) throw new Error('mailer down');
                }),
              },
            }),
            { input, inspect: tracker.inspect },
          );
          actor.subscribe((s) => seen.push(String(s.value)));
          actor.start();
          seen.unshift(String(actor.getSnapshot().value));
          const output = (await toPromise(actor)) as GateOutput;

          await path.test({
            states: {
              // assertions on the model's own state, per spec
              allowed: (s) => expect(s.context.dialog).toBeNull(),
              blocked: (s) => expect(s.context.dialog).not.toBeNull(),
              refreshing: (s) => expect(s.context.user.plan_id).toBe(1), // 01 §4 step 7: only the free plan refreshes
              notifyingWord: (s) => expect(['word', 'both']).toContain(s.context.limitType),
              notifyingImage: (s) => expect(['image', 'both']).toContain(s.context.limitType),
            },
            events: {},
          });

          // the real actor ends where the model path ends, through the same stable states
          expect(actor.getSnapshot().value).toEqual(path.state.value);
          expect([...new Set(seen)]).toEqual([...new Set(path.steps.map((s) => String(s.state.value)))]);
          // the spec's outcome
          const d = dialogFor(exp);
          expect(output).toEqual(d ? { allowed: false, dialog: d } : { allowed: true });
          expect(path.state.output).toEqual(output);
          expect(notices).toEqual(expectedNotices(key, exp));
          const refreshes = sit.user.plan_id === 1 && ['word', 'chat', 'image', 'both'].includes(kind) &&
            !['cancelled', 'expired', 'pending', 'overdue'].includes(exp);
          expect(refreshCalls).toBe(refreshes ? 1 : 0);
        });
      }
    }
  }
});

describe('subscriptionGate: the chat gets its own limit dialog (01 §2 Dialogs, §8)', () => {
  const run = (action: GateAction, usage: WordImageUsage) => {
    const notices: string[] = [];
    const actor = createActor(
      subscriptionGateMachine.provide({
        actors: {
          refreshSubscription: fromPromise(async () => usage),
          notifyLimitExhausted: fromPromise(async ({ input: i }: { input: { type: 'word' | 'image' } }) => {
            notices.push(i.type);
          }),
        },
      }),
      { input: { action, user: base, now: NOW }, inspect: tracker.inspect },
    );
    const done = toPromise(actor);
    actor.start();
    return done.then((output) => ({ output, notices }));
  };

  it("a chat blocked by the word limit opens chat-limit-exceeded ('Chat Usage Limit Exhausted'), not the generic word prompt", async () => {
    const { output, notices } = await run('chat', { ...fresh, usage: 2000 });
    expect(output).toEqual({ allowed: false, dialog: { name: 'chat-limit-exceeded', payload: {} } });
    expect(DIALOG_TEXT['chat-limit-exceeded'].title).toBe('Chat Usage Limit Exhausted');
    // the mailing service still hears of the word limit (01 §7 user-limit-exhausted {type: word})
    expect(notices).toEqual(['word']);
  });

  it('the same user asking for words (not a chat) gets the Word Limit prompt', async () => {
    const { output } = await run('word', { ...fresh, usage: 2000 });
    expect(output).toEqual({ allowed: false, dialog: { name: 'generate-limit', payload: { type: 'word' } } });
  });

  it('a chat with words left, or with only the images out, is allowed (the chat is metered in words)', async () => {
    expect((await run('chat', fresh)).output).toEqual({ allowed: true });
    expect((await run('chat', { ...fresh, image_usage: 10 })).output).toEqual({ allowed: true });
  });
});

describe('subscriptionGate: order of checks', () => {
  it('an expired user on the free plan asking for video sees the expired dialog, not the video prompt (1 before 4)', async () => {
    const a = createActor(subscriptionGateMachine, {
      input: { action: 'video', user: { ...base, status: 'expired' }, now: NOW },
      inspect: tracker.inspect,
    }).start();
    expect(a.getSnapshot().output).toEqual({ allowed: false, dialog: { name: 'subscription-expired', payload: {} } });
  });
  it('a canceled free user asking for video sees the Cancelled dialog, not the video prompt (1a before 4)', () => {
    const a = createActor(subscriptionGateMachine, {
      input: { action: 'video', user: { ...base, status: 'canceled' }, now: NOW },
      inspect: tracker.inspect,
    }).start();
    expect(a.getSnapshot().output).toEqual({ allowed: false, dialog: { name: 'subscription-cancelled', payload: {} } });
  });
  it('canceled and ended: Cancelled (1a) is checked before Expired (1b); status expired stays Expired', () => {
    const out = (status: GateUser['status'], end_at: string | null) =>
      createActor(subscriptionGateMachine, {
        input: { action: 'word', user: { ...paid, status, end_at }, now: NOW },
        inspect: tracker.inspect,
      }).start().getSnapshot().output;
    const ended = new Date(NOW - 1000).toISOString();
    expect(out('canceled', ended)).toEqual({ allowed: false, dialog: { name: 'subscription-cancelled', payload: {} } });
    expect(out('canceled', null)).toEqual({ allowed: false, dialog: { name: 'subscription-cancelled', payload: {} } });
    expect(out('expired', ended)).toEqual({ allowed: false, dialog: { name: 'subscription-expired', payload: {} } });
    expect(out('active', ended)).toEqual({ allowed: false, dialog: { name: 'subscription-expired', payload: {} } });
    expect(DIALOG_TEXT['subscription-cancelled'].title).toBe('Subscription Cancelled'); // 01 §8
  });
  it('end_at exactly now counts as ended; end_at in the future does not', () => {
    const at = (end_at: string) =>
      createActor(subscriptionGateMachine, {
        input: { action: 'video', user: { ...paid, end_at }, now: NOW },
        inspect: tracker.inspect,
      }).start().getSnapshot().output;
    expect(at(new Date(NOW).toISOString())).toEqual({ allowed: false, dialog: { name: 'subscription-expired', payload: {} } });
    expect(at(new Date(NOW + 1000).toISOString())).toEqual({ allowed: true });
  });
  it('placeholder actors throw "not provided" → the gate shows the error dialog', async () => {
    const a = createActor(subscriptionGateMachine, { input: { action: 'word', user: base, now: NOW }, inspect: tracker.inspect });
    a.start();
    expect(await toPromise(a)).toEqual({
      allowed: false,
      dialog: { name: 'api-error', payload: { title: 'Error', message: 'Something went wrong!.' } },
    });
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
