/** Session: 01 §4 Authentication, 01 §2 start-up, 01 §8 401 handling, 01 §9 timers (simulated time). */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { sessionMachine, type SessionEmitted, type SessionInput, type SessionUser } from '@machines/session.machine';
import { NetworkError } from '@/api/errors';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(sessionMachine);
/** 01 §2 "takes over 10 seconds the page proceeds anyway", §9 "authentication wait 10 s" — written out. */
const AUTH_WAIT_MS = 10_000;
const delays = { authWait: AUTH_WAIT_MS };
const USER: SessionUser = { id: 1, email: 'a@b.c', name: 'Ann' };
const SIGN_IN = 'https://auth.example/authorize?state=x';

/** the token of an impersonation link the page was opened with (issue 25) */
const LINK = 'impersonation-link-token';
const inputs: Record<string, SessionInput> = {
  'stored token': { hasStoredToken: true, signInUrl: SIGN_IN },
  'nothing stored': { hasStoredToken: false, signInUrl: SIGN_IN },
};

type Snap = ReturnType<ReturnType<typeof createActor<typeof sessionMachine>>['getSnapshot']>;
type Emit = { type: string; to?: string; reload?: boolean; token?: string };

/** 401 reports as the API client makes them; every figure and text is the spec's, written out (01 §4, §8, §9). */
const API_CALL = { method: 'GET', path: '/api/chat/conversations', withToken: true };
const unauthorized = (message: string, sinceLoadMs: number, request = API_CALL) =>
  ({ type: 'session.unauthorized', message, request, sinceLoadMs }) as const;
const UNAUTHORIZED_EVENTS = [
  unauthorized('Token expired.', 0),
  unauthorized('Token expired.', 4999),
  unauthorized('Token expired.', 5000),
  unauthorized('Unauthenticated.', 4999),
  unauthorized('Unauthenticated.', 5000),
  unauthorized('Something else', 4999),
  unauthorized('Something else', 5000),
  // a wrong password on the sign-in form (no token), the same with a stale token still stored, and a call made
  // without a token
  unauthorized('Invalid credentials.', 60_000, { method: 'POST', path: '/api/auth/login', withToken: false }),
  unauthorized('Invalid credentials.', 60_000, { method: 'POST', path: '/api/auth/login', withToken: true }),
  unauthorized('Unauthenticated.', 60_000, { ...API_CALL, withToken: false }),
];
const SIGN_IN_CALL_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/googlelogin', '/oauth/token', '/oauth/token/refresh'];

/** Whether a 401 report is about the session at all: a call that carried the token and is not a sign-in call. */
const concernsSession = (e: AnyEventObject) => e.request.withToken && !SIGN_IN_CALL_PATHS.includes(e.request.path);

/** What the spec says the app must be told on one step (written from 01 §2/§4/§8, not from the machine). */
function oracle(prev: Snap, event: AnyEventObject, next: Snap, input?: SessionInput): Emit[] {
  const out: Emit[] = [];
  const t = event.type;
  if (t === 'session.unauthorized' && concernsSession(event)) {
    // the first 5 seconds of the page load: only the token is cleared
    if (event.sinceLoadMs < 5000) out.push({ type: 'session.clearToken' });
    else if (event.message === 'Token expired.')
      out.push({ type: 'session.clearToken' }, { type: 'session.redirect', to: SIGN_IN, reload: false });
    else if (event.message === 'Unauthenticated.')
      out.push({ type: 'session.clearToken' }, { type: 'session.redirect', to: '/', reload: false });
    // any other message (the spec names none): our choice, the token is cleared and nothing else
    else out.push({ type: 'session.clearToken' });
  }
  if (t === 'xstate.done.actor.logout' || t === 'xstate.error.actor.logout')
    out.push({ type: 'session.clearToken' }, { type: 'session.redirect', to: '/', reload: true });
  // a verification the server refused removes the token; one that got no answer (offline, cut off by a reload) does not
  if (t === 'xstate.error.actor.fetchUser' && !['NetworkError', 'AbortError'].includes((event.error as Error).name))
    out.push({ type: 'session.clearToken' });
  if ((!prev || prev.matches({ startup: 'waiting' })) && next.matches({ startup: 'ready' })) out.push({ type: 'session.ready' });
  // an impersonation link never replaces a session silently: with the stored session verified, the user is asked
  if (t === 'xstate.done.actor.fetchUser' && input?.impersonateToken) out.push({ type: 'session.askSwitch', token: input.impersonateToken });
  // the user agreed and the server took the link: a full load at /home as the other account
  if (t === 'xstate.done.actor.switchAccount') out.push({ type: 'session.redirect', to: '/home', reload: true });
  return out;
}
const norm = (xs: Emit[]) => xs.map((x) => JSON.stringify(x)).sort();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

for (const [label, input] of Object.entries(inputs)) {
  describe(`session model paths — ${label}`, () => {
    const model = createMachineTestModel(sessionMachine, {
      input,
      events: [
        ...UNAUTHORIZED_EVENTS,
        { type: 'session.signIn', user: USER },
        { type: 'session.logout' },
        { type: 'xstate.done.actor.fetchUser', output: USER },
        { type: 'xstate.error.actor.fetchUser', error: new Error('401') },
        { type: 'xstate.error.actor.fetchUser', error: new NetworkError() },
        { type: 'xstate.error.actor.fetchUser', error: new DOMException('The operation was aborted.', 'AbortError') },
        { type: 'xstate.done.actor.logout', output: undefined },
        { type: 'xstate.error.actor.logout', error: new Error('offline') },
      ],
      serializeState: (s) => JSON.stringify(s.value),
    });
    const paths = model.getSimplePaths();

    for (const path of paths) {
      it(path.description, async () => {
        const pending: Record<string, { res: (v: unknown) => void; rej: (e: unknown) => void }> = {};
        // keyed by the invocation's id (the impersonate slot runs as 'impersonate' and as 'switchAccount')
        const deferred = () =>
          fromPromise<any, any>(({ self }) => new Promise((res, rej) => (pending[self.id] = { res, rej })));
        const emitted: Emit[] = [];
        const actor = createActor(
          sessionMachine.provide({
            actors: { fetchUser: deferred(), logout: deferred(), impersonate: deferred() },
          }),
          { input, inspect: tracker.inspect },
        );
        actor.on('*', (e: SessionEmitted) => emitted.push(e));
        actor.start();
        let prev: Snap | undefined;
        const base = replayExecutors([path], {
          send: (e) => actor.send(e),
          // the model's delayed event is the next due timer (see filterEvents): jump to it
          advance: async (ms) => {
            const before = Date.now();
            await vi.advanceTimersToNextTimerAsync();
            expect(Date.now() - before).toBeLessThanOrEqual(ms);
          },
          delays,
          onActorEvent: async (e) => {
            const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)!;
            const p = pending[m[2]];
            expect(p, `actor ${m[2]} is running`).toBeDefined();
            if (m[1] === 'done') p.res(e.output);
            else p.rej(e.error);
            await vi.advanceTimersByTimeAsync(0);
          },
        });
        const events = Object.fromEntries(
          Object.entries(base).map(([type, exec]) => [
            type,
            async (step: { event: AnyEventObject; state: Snap }) => {
              const before = emitted.length;
              await exec(step);
              if (prev) expect(norm(emitted.slice(before))).toEqual(norm(oracle(prev, step.event, step.state, input)));
              // a 401 about the session signs it out; any other 401 changes nothing
              if (prev && step.event.type === 'session.unauthorized') {
                if (concernsSession(step.event)) expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
                else expect(actor.getSnapshot().value).toEqual(prev.value);
              }
            },
          ]),
        );
        await path.test({
          states: {
            '#session': (s) => {
              // the real actor is in the model's state after every step
              expect(actor.getSnapshot().value).toEqual(s.value);
              if (!prev) expect(norm(emitted)).toEqual(norm(oracle(undefined as never, { type: 'xstate.init' }, s)));
              prev = s as Snap;
            },
            'auth.signedIn': (s) => expect(s.context.user).toEqual(USER),
            'auth.signedOut': (s) => expect(s.context.user).toBeNull(),
            'auth.verifying': () => expect(input.hasStoredToken).toBe(true),
          },
          events: events as never,
        });
        actor.stop();
      });
    }
  });
}

describe('session timers (simulated time)', () => {
  const start = (input: SessionInput, fetchUser = fromPromise<SessionUser, void>(async () => USER)) => {
    const emitted: Emit[] = [];
    const a = createActor(sessionMachine.provide({ actors: { fetchUser } }), { input, inspect: tracker.inspect });
    a.on('*', (e: Emit) => emitted.push(e));
    a.start();
    return { a, emitted };
  };

  it('a 401 at 4999 ms after the page load only clears the token; at 5000 ms "Token expired." redirects to the hosted sign-in', async () => {
    const first = start(inputs['stored token']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.a.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    first.a.send(unauthorized('Token expired.', 4999));
    expect(first.emitted.filter((e) => e.type !== 'session.ready')).toEqual([{ type: 'session.clearToken' }]);
    expect(first.a.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);

    // the window is the page's, not the actor's: a session started late still redirects at 5000 ms after the load
    const second = start(inputs['stored token']);
    await vi.advanceTimersByTimeAsync(0);
    second.a.send(unauthorized('Token expired.', 5000));
    expect(second.emitted.filter((e) => e.type !== 'session.ready')).toEqual([
      { type: 'session.clearToken' },
      { type: 'session.redirect', to: SIGN_IN, reload: false },
    ]);
  });

  it("after the window 'Unauthenticated.' goes to /, another message only clears the token, a sign-in form's 401 does nothing", async () => {
    const home = start(inputs['stored token']);
    await vi.advanceTimersByTimeAsync(0);
    home.a.send(unauthorized('Unauthenticated.', 60_000));
    expect(home.emitted.filter((e) => e.type !== 'session.ready')).toEqual([
      { type: 'session.clearToken' },
      { type: 'session.redirect', to: '/', reload: false },
    ]);

    const other = start(inputs['stored token']);
    await vi.advanceTimersByTimeAsync(0);
    other.a.send(unauthorized('Something else', 60_000));
    expect(other.emitted.filter((e) => e.type !== 'session.ready')).toEqual([{ type: 'session.clearToken' }]);
    expect(other.a.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);

    const form = start(inputs['nothing stored']);
    for (const path of SIGN_IN_CALL_PATHS) form.a.send(unauthorized('Invalid credentials.', 60_000, { method: 'POST', path, withToken: true }));
    form.a.send(unauthorized('Unauthenticated.', 60_000, { ...API_CALL, withToken: false }));
    expect(form.emitted.filter((e) => e.type !== 'session.ready')).toEqual([]);
  });

  it('the splash proceeds after 10 s when the authentication check hangs (not at 9999 ms)', async () => {
    const { a, emitted } = start(inputs['stored token'], fromPromise<SessionUser, void>(() => new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(AUTH_WAIT_MS - 1);
    expect(a.getSnapshot().matches({ startup: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.getSnapshot().matches({ startup: 'ready', auth: 'verifying' })).toBe(true);
    expect(emitted).toEqual([{ type: 'session.ready' }]);
  });

  it('ready is emitted once, as soon as the check settles', async () => {
    const { a, emitted } = start(inputs['stored token']);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.getSnapshot().matches({ startup: 'ready', auth: 'signedIn' })).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTH_WAIT_MS * 2);
    expect(emitted).toEqual([{ type: 'session.ready' }]);
  });

  it('placeholder slots throw "not provided": a stored token then counts as a failed verification', async () => {
    const emitted: Emit[] = [];
    const a = createActor(sessionMachine, { input: inputs['stored token'], inspect: tracker.inspect });
    a.on('*', (e: Emit) => emitted.push(e));
    a.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'session.clearToken' });
  });
});

describe('an impersonation link (issue 25: it never replaces a session silently)', () => {
  const OTHER: SessionUser = { id: 2, email: 'other@b.c', name: 'Otto' };
  function run(input: SessionInput, slots: { fetchUser?: () => Promise<SessionUser>; impersonate?: (token: string) => Promise<SessionUser> }) {
    const exchanged: string[] = [];
    const a = createActor(
      sessionMachine.provide({
        actors: {
          fetchUser: fromPromise<SessionUser, void>(() => (slots.fetchUser ?? (async () => USER))()),
          impersonate: fromPromise<SessionUser, { token: string }>(({ input: i }) => {
            exchanged.push(i.token);
            return (slots.impersonate ?? (async () => OTHER))(i.token);
          }),
        },
      }),
      { input, inspect: tracker.inspect },
    );
    const emitted: Emit[] = [];
    a.on('*', (e: SessionEmitted) => emitted.push(e));
    a.start();
    return { a, emitted, exchanged };
  }
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('signed out: the link is exchanged at once and signs in as its account', async () => {
    const { a, emitted, exchanged } = run({ hasStoredToken: false, signInUrl: SIGN_IN, impersonateToken: LINK }, {});
    expect(a.getSnapshot().matches({ auth: 'impersonating' })).toBe(true);
    await settle();
    expect(exchanged).toEqual([LINK]);
    expect(a.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    expect(a.getSnapshot().context.user).toEqual(OTHER);
    expect(emitted.filter((e) => e.type === 'session.askSwitch')).toEqual([]);
  });

  it('signed out, a refused link leaves the browser signed out', async () => {
    const { a } = run({ hasStoredToken: false, signInUrl: SIGN_IN, impersonateToken: LINK }, { impersonate: async () => Promise.reject(new Error('422')) });
    await settle();
    expect(a.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.impersonateToken).toBeNull();
  });

  it('with a session: the session stays, the user is asked; no answer exchanges nothing', async () => {
    const { a, emitted, exchanged } = run({ hasStoredToken: true, signInUrl: SIGN_IN, impersonateToken: LINK }, {});
    await settle();
    expect(a.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    expect(a.getSnapshot().context.user).toEqual(USER);
    expect(emitted.filter((e) => e.type === 'session.askSwitch')).toEqual([{ type: 'session.askSwitch', token: LINK }]);
    expect(exchanged).toEqual([]);
    expect(a.getSnapshot().context.impersonateToken).toBeNull();
  });

  it('with a session, the user’s yes exchanges the link and reloads at /home as the other account', async () => {
    const { a, emitted, exchanged } = run({ hasStoredToken: true, signInUrl: SIGN_IN, impersonateToken: LINK }, {});
    await settle();
    a.send({ type: 'session.switchAccount', token: LINK });
    expect(a.getSnapshot().matches({ auth: 'switching' })).toBe(true);
    await settle();
    expect(exchanged).toEqual([LINK]);
    expect(a.getSnapshot().context.user).toEqual(OTHER);
    expect(emitted.at(-1)).toEqual({ type: 'session.redirect', to: '/home', reload: true });
  });

  it('a refused switch keeps the session the browser had', async () => {
    const { a, emitted } = run({ hasStoredToken: true, signInUrl: SIGN_IN, impersonateToken: LINK }, { impersonate: async () => Promise.reject(new Error('422')) });
    await settle();
    a.send({ type: 'session.switchAccount', token: LINK });
    await settle();
    expect(a.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    expect(a.getSnapshot().context.user).toEqual(USER);
    expect(emitted.some((e) => e.type === 'session.redirect')).toBe(false);
  });

  it('a stored token the server refuses: nothing to replace, the link signs in', async () => {
    const { a, emitted, exchanged } = run({ hasStoredToken: true, signInUrl: SIGN_IN, impersonateToken: LINK }, { fetchUser: async () => Promise.reject(new Error('401')) });
    await settle();
    expect(emitted).toContainEqual({ type: 'session.clearToken' });
    expect(exchanged).toEqual([LINK]);
    expect(a.getSnapshot().context.user).toEqual(OTHER);
  });

  it('a verification with no answer (offline) signs nothing in and forgets the link', async () => {
    const { a, exchanged } = run({ hasStoredToken: true, signInUrl: SIGN_IN, impersonateToken: LINK }, { fetchUser: async () => Promise.reject(new NetworkError()) });
    await settle();
    expect(a.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(exchanged).toEqual([]);
    expect(a.getSnapshot().context.impersonateToken).toBeNull();
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
