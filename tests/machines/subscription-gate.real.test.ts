/**
 * Subscription gate with the REAL actors (src/actors/subscription-gate.ts) over the real client
 * against the in-process reference backend (in-memory PGlite, seed restored per account group).
 * Every action kind × every demo account situation: sign in, read the user with GET /api/auth/getUser,
 * run checkSubscriptionGate, assert the outcome 01 §4 "Subscription gate" (steps 1–9) and §8 require.
 *
 * The only test double is at the fetch edge: every request is recorded (pass-through) so the test can
 * count the refresh and limit-notice calls, and — for step 9 only, which only a server fault reaches —
 * GET /api/subscription/details is answered 500.
 *
 * Expectations are written here from the spec for each account's seeded facts; the facts themselves
 * (plan, status, end_at, usage, flags) are asserted from the API first, so a changed seed fails with
 * the reason rather than with a surprising outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '@/core/services';
import { createTokenStore } from '@/api/auth-storage';
import type { components } from '@contract/schema.gen';
import {
  checkSubscriptionGate,
  createSubscriptionGateActors,
  gateInputFromUser,
} from '@/actors/subscription-gate';
import type { GateAction, GateOutput } from '@machines/subscription-gate.machine';
import { createActor, toPromise } from 'xstate';
import { signInAs, startTestBackend } from '../helpers/render-app';

type User = components['schemas']['User'];
type Plan = components['schemas']['Plan'];
type Backend = Awaited<ReturnType<typeof startTestBackend>>;

const ORIGIN = 'http://localhost:3000';

/** Node 20 has no localStorage: the token store gets a Map-backed Storage (createTestServices would lose the token). */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

interface Edge {
  services: AppServices;
  /** "METHOD /path" of every request that reached the edge */
  calls: string[];
  /** the JSON body of every POST /api/user-limit-exhausted that reached the edge */
  notices: unknown[];
  count(call: string): number;
  /** when set, GET /api/subscription/details answers 500 (server fault, 01 §4 step 9) */
  failDetails: boolean;
}

/** Services whose fetch is the backend's own handler, wrapped at the edge (record; optional 500 on details). */
function edgeServices(backend: Backend): Edge {
  const edge: Edge = {
    calls: [],
    notices: [],
    failDetails: false,
    count: (call) => edge.calls.filter((c) => c === call).length,
    services: createAppServices({
      baseUrl: ORIGIN,
      tokens: createTokenStore(new MemoryStorage()),
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const call = `${req.method} ${new URL(req.url).pathname}`;
        edge.calls.push(call);
        if (call === NOTICE) edge.notices.push(await req.clone().json());
        if (edge.failDetails && call === DETAILS) {
          return new Response(JSON.stringify({ message: 'Server Error' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return backend.app.fetch(req);
      },
    }),
  };
  return edge;
}

const DETAILS = 'GET /api/subscription/details';
const NOTICE = 'POST /api/user-limit-exhausted';

// ── expectations, from the spec ─────────────────────────────────────────────────────────────────
type Kind = GateAction | 'longBlogImage';
/** every action kind the machine supports; longBlogImage = a long-blog check for an image in it (isImage) */
const KINDS: Kind[] = ['word', 'chat', 'image', 'both', 'longBlog', 'longBlogImage', 'storybook', 'video'];
const METERED: Kind[] = ['word', 'chat', 'image', 'both'];

type Outcome = 'allowed' | 'cancelled' | 'expired' | 'pending' | 'overdue' | 'video' | 'longBlog' | 'word' | 'image' | 'both' | 'chatLimit' | 'upgrade' | 'error';

/** The dialog 01 §4 / §8 require for an outcome (literal values: the spec's names and text, verbatim). */
function expectedOutput(o: Outcome): GateOutput {
  switch (o) {
    case 'allowed':
      return { allowed: true };
    case 'cancelled':
      return { allowed: false, dialog: { name: 'subscription-cancelled', payload: {} } };
    case 'expired':
      return { allowed: false, dialog: { name: 'subscription-expired', payload: {} } };
    case 'pending':
      return { allowed: false, dialog: { name: 'subscription-pending', payload: {} } };
    case 'overdue':
      return { allowed: false, dialog: { name: 'subscription-overdue', payload: {} } };
    case 'video':
      return { allowed: false, dialog: { name: 'generate-limit', payload: { type: 'videoGenerator' } } };
    case 'upgrade':
      return { allowed: false, dialog: { name: 'pricing', payload: {} } };
    case 'chatLimit':
      return { allowed: false, dialog: { name: 'chat-limit-exceeded', payload: {} } };
    case 'error':
      return { allowed: false, dialog: { name: 'api-error', payload: { title: 'Error', message: 'Something went wrong!.' } } };
    default:
      return { allowed: false, dialog: { name: 'generate-limit', payload: { type: o } } };
  }
}
const OUTCOME_TEXT: Record<Outcome, string> = {
  allowed: 'allowed',
  cancelled: 'Subscription Cancelled dialog, blocked',
  expired: 'Subscription Expired dialog, blocked',
  pending: 'Subscription Pending dialog, blocked',
  overdue: 'Subscription Overdue dialog, blocked',
  video: 'videoGenerator upgrade prompt, blocked',
  longBlog: 'longBlog prompt (Blog Outline Limit), blocked',
  word: 'Word Limit prompt, blocked',
  image: 'Image Limit prompt, blocked',
  both: 'Word and Image Limit prompt, blocked',
  chatLimit: "the chat's own limit dialog 'Chat Usage Limit Exhausted', blocked",
  upgrade: 'general upgrade (pricing) dialog, blocked',
  error: "error dialog 'Something went wrong!.', blocked",
};

const all = (o: Outcome) => Object.fromEntries(KINDS.map((k) => [k, o])) as Record<Kind, Outcome>;
/** free plan: step 4 blocks video; steps 5–6 decide long blog and storybook; step 7 the metered kinds */
const free = (over: Partial<Record<Kind, Outcome>> = {}) => ({ ...all('allowed'), video: 'video' as Outcome, ...over });

interface Facts {
  plan_id: number;
  status: User['user_subscription']['status'];
  /** end_at relative to now: null (no end), 'past' (ended → step 1) or 'future' */
  end: null | 'past' | 'future';
  blogUsed?: boolean;
  /** free plan: words and images used vs the plan's limits */
  wordsOut?: boolean;
  imagesOut?: boolean;
  /** the user's is_user_*_limit_exhausted flags before the check */
  wordFlag?: 0 | 1;
  imageFlag?: 0 | 1;
  /** paid: credit usage >= plan credits + add-ons + bonus */
  creditsOut?: boolean;
}
interface Account {
  email: string;
  facts: Facts;
  expect: Record<Kind, Outcome>;
  why?: string;
}

const ACCOUNTS: Account[] = [
  {
    email: 'free@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: false, wordsOut: false, imagesOut: false, wordFlag: 0, imageFlag: 0 },
    expect: free(),
  },
  {
    email: 'free-blog-used@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: true, wordsOut: false, imagesOut: false },
    // step 5: free long blog used and not an image → longBlog prompt; step 6: an image in it is allowed
    expect: free({ longBlog: 'longBlog' }),
  },
  {
    email: 'free-words-out@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: false, wordsOut: true, imagesOut: false, wordFlag: 1, imageFlag: 0 },
    expect: free({ word: 'word', chat: 'chatLimit', both: 'word' }),
  },
  {
    email: 'free-images-out@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: false, wordsOut: false, imagesOut: true, wordFlag: 0, imageFlag: 1 },
    expect: free({ image: 'image', both: 'image' }),
  },
  {
    email: 'free-both-out@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: false, wordsOut: true, imagesOut: true, wordFlag: 1, imageFlag: 1 },
    expect: free({ word: 'word', chat: 'chatLimit', image: 'image', both: 'both' }),
  },
  { email: 'plus@demo.test', facts: { plan_id: 2, status: 'active', end: 'future', blogUsed: false, creditsOut: false }, expect: all('allowed') },
  { email: 'pro@demo.test', facts: { plan_id: 3, status: 'active', end: 'future', blogUsed: false, creditsOut: false }, expect: all('allowed') },
  { email: 'pro-yearly@demo.test', facts: { plan_id: 3, status: 'active', end: 'future', blogUsed: false, creditsOut: false }, expect: all('allowed') },
  {
    email: 'credits-out@demo.test',
    facts: { plan_id: 2, status: 'active', end: 'future', blogUsed: false, creditsOut: true },
    // step 6 comes before step 8 and is not limited to the free plan: a long blog (not yet generated free) is allowed
    expect: { ...all('upgrade'), longBlog: 'allowed', longBlogImage: 'allowed' },
  },
  { email: 'expired@demo.test', facts: { plan_id: 2, status: 'expired', end: 'past' }, expect: all('expired') },
  { email: 'pending@demo.test', facts: { plan_id: 2, status: 'pending', end: 'future' }, expect: all('pending') },
  {
    email: 'overdue@demo.test',
    facts: { plan_id: 2, status: 'overdue', end: 'future' },
    // renewed period whose payment failed: still running, so step 3 "Overdue" applies
    expect: all('overdue'),
  },
  {
    email: 'canceled@demo.test',
    facts: { plan_id: 3, status: 'canceled', end: 'past' },
    // step 1a: a canceled subscription is an ended one, checked first → Subscription Cancelled (01 §4 status dialogs, §8)
    expect: all('cancelled'),
    why: 'canceled, end_at passed: step 1a',
  },
  {
    email: 'free-words-fresh@demo.test',
    facts: { plan_id: 1, status: 'active', end: null, blogUsed: false, wordsOut: true, imagesOut: false, wordFlag: 0, imageFlag: 0 },
    // words at the limit, not yet notified: the first word-metered kind (KINDS order: word) posts the
    // notice; the later ones read the flag back (the grid refetches the user per kind) and post none
    expect: free({ word: 'word', chat: 'chatLimit', both: 'word' }),
    why: 'words at the limit, not yet notified',
  },
];

// ── the run ─────────────────────────────────────────────────────────────────────────────────────
let backend: Backend;
const tally = new Map<string, number>();
const record = (out: GateOutput) => {
  const k = out.allowed ? 'allowed' : out.dialog.name + ('type' in out.dialog.payload ? `{${String(out.dialog.payload.type)}}` : '');
  tally.set(k, (tally.get(k) ?? 0) + 1);
};

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  const paths = [...tally.values()].reduce((a, b) => a + b, 0);
  const per = [...tally.entries()].sort().map(([k, n]) => `${k}: ${n}`).join(', ');
  console.log(`subscription-gate.real: ${paths} paths run with the real actors on the reference backend — ${per}`);
  await backend?.close();
});

interface Session {
  edge: Edge;
  user: User;
  plan: Plan;
}
/** Sign in (real login), read the user with GET /api/auth/getUser and its plan figures from subscription details. */
async function openSession(email: string): Promise<Session> {
  const edge = edgeServices(backend);
  await signInAs(edge.services, email);
  const { data: me } = await edge.services.api.GET('/api/auth/getUser');
  // the gate input needs the plan's limits/credits, which User does not carry (see GateExtras.plan)
  const { data: details } = await edge.services.api.GET('/api/subscription/details');
  edge.calls.length = 0;
  return { edge, user: me!.data.user, plan: details!.data.plan };
}
async function refetchUser(s: Session): Promise<User> {
  const { data } = await s.edge.services.api.GET('/api/auth/getUser');
  return data!.data.user;
}
const run = (s: Session, kind: Kind) => {
  const action: GateAction = kind === 'longBlogImage' ? 'longBlog' : kind;
  const input = gateInputFromUser(s.user, action, new Date(), { plan: s.plan, storybookCount: 0, isImage: kind === 'longBlogImage' });
  return checkSubscriptionGate(s.edge.services.api, input);
};

for (const acc of ACCOUNTS) {
  describe(`${acc.email}${acc.why ? ` (${acc.why})` : ''}`, () => {
    let s: Session;
    beforeAll(async () => {
      await backend.reset();
      s = await openSession(acc.email);
    });

    it(`${acc.email} · seeded facts the expectations rest on`, () => {
      const f = acc.facts;
      const sub = s.user.user_subscription;
      expect(sub.plan_id).toBe(f.plan_id);
      expect(s.plan.id).toBe(f.plan_id);
      expect(sub.status).toBe(f.status);
      const now = Date.now();
      if (f.end === null) expect(sub.end_at).toBeNull();
      else {
        expect(sub.end_at).not.toBeNull();
        expect(Date.parse(sub.end_at!) <= now).toBe(f.end === 'past');
      }
      if (f.blogUsed !== undefined) expect(s.user.is_blog_generated_free).toBe(f.blogUsed ? 1 : 0);
      if (f.wordsOut !== undefined) expect(sub.usage >= s.plan.word_limit!).toBe(f.wordsOut);
      if (f.imagesOut !== undefined) expect(sub.image_usage >= s.plan.image_limit!).toBe(f.imagesOut);
      if (f.wordFlag !== undefined) expect(s.user.is_user_word_limit_exhausted).toBe(f.wordFlag);
      if (f.imageFlag !== undefined) expect(s.user.is_user_image_limit_exhausted).toBe(f.imageFlag);
      if (f.creditsOut !== undefined) {
        const allowance = (s.plan.total_plan_credits ?? 0) + s.user.total_add_on_credits + sub.earned_bonus;
        expect(s.user.plan_total_credit_usage >= allowance).toBe(f.creditsOut);
      }
    });

    for (const kind of KINDS) {
      const exp = acc.expect[kind];
      it(`${acc.email} · ${kind} → ${OUTCOME_TEXT[exp]}`, async () => {
        // the input is built from the user as the server has it now: an earlier kind of this account
        // may have posted a limit notice, which sets the user's flag (free-words-fresh@)
        s.user = await refetchUser(s);
        s.edge.calls.length = 0;
        s.edge.notices.length = 0;
        const flagsBefore = { word: s.user.is_user_word_limit_exhausted, image: s.user.is_user_image_limit_exhausted };
        const out = await run(s, kind);
        record(out);
        expect(out).toEqual(expectedOutput(exp));

        // 01 §4 step 7: only the free plan refreshes, and only when steps 1–6 did not decide
        const refreshes = acc.facts.plan_id === 1 && METERED.includes(kind) && !['cancelled', 'expired', 'pending', 'overdue'].includes(exp);
        expect(s.edge.count(DETAILS)).toBe(refreshes ? 1 : 0);

        // limit cases: the notice is posted once per type — only when the user's flag is not yet set
        // a chat blocked by the word limit is a word limit for the mailing service
        const types =
          exp === 'both' ? (['word', 'image'] as const) : exp === 'chatLimit' ? (['word'] as const) : exp === 'word' || exp === 'image' ? ([exp] as const) : [];
        const due = types.filter((t) => flagsBefore[t] === 0);
        expect(s.edge.count(NOTICE)).toBe(due.length);
        expect(s.edge.notices).toEqual(due.map((type) => ({ type })));
        if (types.length > 0) {
          // server effect, read back through the API: the flag of every exhausted type is set
          const after = await refetchUser(s);
          for (const t of types) {
            expect(t === 'word' ? after.is_user_word_limit_exhausted : after.is_user_image_limit_exhausted).toBe(1);
          }
        }
      });
    }
  });
}

describe('free-words-fresh@demo.test: the word-limit notice is posted once (01 §4 step 7, §7 POST /api/user-limit-exhausted)', () => {
  let s: Session;
  beforeAll(async () => {
    await backend.reset();
    s = await openSession('free-words-fresh@demo.test');
  });
  it('first word check → Word Limit prompt + exactly one POST {type: word}; getUser then shows the flag; a second check → Word Limit prompt, no second POST', async () => {
    // seeded: words at the limit, flag not yet set ("reached the limit, not yet notified")
    expect(s.user.user_subscription.usage).toBeGreaterThanOrEqual(s.plan.word_limit!);
    expect(s.user.user_subscription.image_usage).toBeLessThan(s.plan.image_limit!);
    expect(s.user.is_user_word_limit_exhausted).toBe(0);
    expect(s.user.is_user_image_limit_exhausted).toBe(0);

    s.edge.calls.length = 0;
    const first = await run(s, 'word');
    record(first);
    expect(first).toEqual(expectedOutput('word'));
    expect(s.edge.calls).toEqual([DETAILS, NOTICE]);
    expect(s.edge.count(NOTICE)).toBe(1);
    expect(s.edge.notices).toEqual([{ type: 'word' }]);

    // the server recorded it: GET /api/auth/getUser shows the word flag set (and only that one)
    const after = await refetchUser(s);
    expect(after.is_user_word_limit_exhausted).toBe(1);
    expect(after.is_user_image_limit_exhausted).toBe(0);

    // the next check is built from the user read again: still blocked, the notice is not posted twice
    s.user = after;
    s.edge.calls.length = 0;
    const second = await run(s, 'word');
    record(second);
    expect(second).toEqual(expectedOutput('word'));
    expect(s.edge.calls).toEqual([DETAILS]);
    expect(s.edge.count(NOTICE)).toBe(0);
    expect(s.edge.notices).toEqual([{ type: 'word' }]);
  });
});

describe('free@demo.test with one storybook already (count is a caller parameter: the API has no storybooks yet)', () => {
  let s: Session;
  beforeAll(async () => {
    await backend.reset();
    s = await openSession('free@demo.test');
  });
  it('free@demo.test · storybook (1 already) → general upgrade (pricing) dialog, blocked', async () => {
    const input = gateInputFromUser(s.user, 'storybook', new Date(), { plan: s.plan, storybookCount: 1 });
    const out = await checkSubscriptionGate(s.edge.services.api, input);
    record(out);
    expect(out).toEqual(expectedOutput('upgrade'));
    expect(s.edge.calls).toEqual([]);
  });
});

describe('server fault: GET /api/subscription/details answers 500 (01 §4 step 9, §8)', () => {
  const FREE = ACCOUNTS.filter((a) => a.facts.plan_id === 1 && a.facts.status === 'active');
  for (const acc of FREE) {
    describe(acc.email, () => {
      let s: Session;
      beforeAll(async () => {
        await backend.reset();
        s = await openSession(acc.email);
        s.edge.failDetails = true;
      });
      for (const kind of METERED) {
        it(`${acc.email} · ${kind} · details 500 → error dialog 'Something went wrong!.', blocked`, async () => {
          s.edge.calls.length = 0;
          const out = await run(s, kind);
          record(out);
          expect(out).toEqual({
            allowed: false,
            dialog: { name: 'api-error', payload: { title: 'Error', message: 'Something went wrong!.' } },
          });
          expect(s.edge.calls).toEqual([DETAILS]);
        });
      }
    });
  }
});

describe('the real actors on their own', () => {
  let s: Session;
  beforeAll(async () => {
    await backend.reset();
    s = await openSession('free@demo.test');
  });
  it('refreshSubscription returns the free plan figures of GET /api/subscription/details', async () => {
    const { refreshSubscription } = createSubscriptionGateActors(s.edge.services.api);
    const a = createActor(refreshSubscription, { input: { userId: s.user.id } });
    const p = toPromise(a);
    a.start();
    expect(await p).toEqual({
      usage: s.user.user_subscription.usage,
      word_limit: s.plan.word_limit,
      image_usage: s.user.user_subscription.image_usage,
      image_limit: s.plan.image_limit,
    });
    expect(s.edge.calls).toEqual([DETAILS]);
  });
  it('notifyLimitExhausted posts {type} and the server records it (user flag after a refetch)', async () => {
    expect(s.user.is_user_word_limit_exhausted).toBe(0);
    expect(s.user.is_user_image_limit_exhausted).toBe(0);
    const { notifyLimitExhausted } = createSubscriptionGateActors(s.edge.services.api);
    s.edge.calls.length = 0;
    const a = createActor(notifyLimitExhausted, { input: { type: 'word' } });
    const p = toPromise(a);
    a.start();
    await p;
    expect(s.edge.calls).toEqual([NOTICE]);
    const after = await refetchUser(s);
    expect(after.is_user_word_limit_exhausted).toBe(1);
    expect(after.is_user_image_limit_exhausted).toBe(0);
  });
  it('gateInputFromUser refuses a plan that is not the user’s', () => {
    expect(() => gateInputFromUser(s.user, 'word', new Date(), { plan: { ...s.plan, id: 3 }, storybookCount: 0 })).toThrow(/plan 3/);
  });
});
