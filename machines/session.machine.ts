/**
 * Session (01 §4 "Authentication", 01 §2 "Start-up behaviour", 01 §8 401 handling, 01 §9 timers).
 *
 * Two parallel regions:
 *  - `startup`: the splash screen waits for the authentication check, but proceeds anyway after
 *    10 s (AUTH_WAIT_MS, 01 §2) — emits `session.ready` once.
 *  - `auth`: checking → token verification → signedIn / signedOut; logout.
 *
 * Input: whether a token is stored and the hosted sign-in URL (read by the app; the machine touches no storage).
 * The hosted sign-in's return (/home?code=…, 01 §2) is exchanged by its route (src/app/routes.tsx
 * HostedSignInReturn), which then hands the user over with `session.signIn`: the one place for that policy.
 *
 * Events: `session.unauthorized` (the API client reports every 401 answer, UnauthorizedReport),
 * `session.signIn {user}` (login page succeeded), `session.logout`, `session.switchAccount {token}` (the user
 * agreed to leave this session for an impersonation link's account).
 * Emitted: `session.clearToken`, `session.redirect {to, reload}`, `session.ready`, `session.askSwitch {token}`.
 * Actor slots: `fetchUser` (GET /api/auth/getUser), `logout` (POST /api/logout), `impersonate` (POST
 * /api/auth/impersonate; it stores the new token only when the server accepts it).
 *
 * An impersonation link (input `impersonateToken`, 01 §2 start-up) never replaces a session silently: signed out,
 * the token is exchanged at once; with a session, the session stays and `session.askSwitch` asks the user (the
 * app opens the switch-account dialog); only `session.switchAccount` exchanges it, then the app reloads at /home.
 *
 * The 401 policy (01 §4, §8) is decided here and nowhere else; the client only reports. In order:
 *  1. a call made without the bearer token, or a sign-in call (SIGN_IN_CALLS: a wrong password answers 401), is
 *     not about the session: nothing happens (the form shows the error);
 *  2. within the first 5000 ms of the page load (INITIAL_LOAD_GUARD_MS, measured by the report's `sinceLoadMs`
 *     from the page load itself, not from when this actor started): the token is cleared, nothing else;
 *  3. 'Token expired.': the token is cleared and the user goes to the hosted sign-in;
 *  4. 'Unauthenticated.': the token is cleared and the user goes to /;
 *  5. any other 401 message — the spec names none. Choice: the token is cleared and the session is signed out,
 *     with no navigation. Why: 01 §4 makes "clear the token" what every 401 does (inside the window it is all a
 *     401 does), and a redirect is specified only for the two messages above; the server refused the token, so
 *     it is not sent again, and the next signed-in page the user opens goes to /login (RequireAuth) rather than
 *     the page being taken away mid-task.
 * Every rule that applies also signs the session out (`auth.signedOut`, user null).
 */
import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { AUTH_WAIT_MS, INITIAL_LOAD_GUARD_MS, TOKEN_EXPIRED_MESSAGE, UNAUTHENTICATED_MESSAGE } from './constants';

/**
 * Calls that answer 401 for wrong credentials (a form error, not an expired session): the 401 policy never
 * applies to them. Their OpenAPI paths.
 */
export const SIGN_IN_CALLS: readonly string[] = ['/api/auth/login', '/api/auth/register', '/api/auth/googlelogin', '/oauth/token', '/oauth/token/refresh'];

/** What the API client reports of a 401 answer: everything the policy above needs, nothing decided. */
export interface UnauthorizedReport {
  /** the answer's message ('Token expired.', 'Unauthenticated.', …) */
  message: string;
  /** the call answered 401: its method, its OpenAPI path, and whether it carried the bearer token */
  request: { method: string; path: string; withToken: boolean };
  /** ms from the page load to the answer */
  sinceLoadMs: number;
}

export interface SessionUser {
  id: number | string;
  email?: string;
  name?: string;
  [key: string]: unknown;
}

export interface SessionInput {
  hasStoredToken: boolean;
  /** the token of an impersonation link this page was opened with (see the header comment) */
  impersonateToken?: string | null;
  /** the hosted sign-in URL ('Token expired.' redirects there) */
  signInUrl: string;
}

export interface SessionContext extends SessionInput {
  user: SessionUser | null;
}

export type SessionEvent =
  | ({ type: 'session.unauthorized' } & UnauthorizedReport)
  | { type: 'session.signIn'; user: SessionUser }
  | { type: 'session.logout' }
  | { type: 'session.switchAccount'; token: string }
  | { type: 'session.authSettled' };

export type SessionEmitted =
  | { type: 'session.clearToken' }
  | { type: 'session.redirect'; to: string; reload: boolean }
  | { type: 'session.ready' }
  | { type: 'session.askSwitch'; token: string };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    fetchUser: fromPromise<SessionUser, void>(async () => {
      throw new Error('fetchUser not provided');
    }),
    logout: fromPromise<void, void>(async () => {
      throw new Error('logout not provided');
    }),
    impersonate: fromPromise<SessionUser, { token: string }>(async () => {
      throw new Error('impersonate not provided');
    }),
  },
  delays: {
    authWait: AUTH_WAIT_MS,
  },
  guards: {
    hasStoredToken: ({ context }) => context.hasStoredToken,
    hasImpersonateToken: ({ context }) => !!context.impersonateToken,
    isOutsideSession: ({ event }) =>
      event.type === 'session.unauthorized' && (!event.request.withToken || SIGN_IN_CALLS.includes(event.request.path)),
    isWithinInitialLoad: ({ event }) => event.type === 'session.unauthorized' && event.sinceLoadMs < INITIAL_LOAD_GUARD_MS,
    isTokenExpired: ({ event }) => event.type === 'session.unauthorized' && event.message === TOKEN_EXPIRED_MESSAGE,
    isUnauthenticated: ({ event }) =>
      event.type === 'session.unauthorized' && event.message === UNAUTHENTICATED_MESSAGE,
    /** the verification got no answer: the request never reached the server or was cut off (see verifying) */
    isNoAnswer: ({ event }) => {
      const name = (event as { error?: { name?: unknown } }).error?.name;
      return name === 'NetworkError' || name === 'AbortError';
    },
  },
  actions: {
    assignUser: assign({ user: (_, user: SessionUser | null) => user }),
    assignSignedInUser: assign({
      user: ({ context, event }) => (event.type === 'session.signIn' ? event.user : context.user),
    }),
    assignNoUser: assign({ user: () => null }),
    notifyClearToken: emit({ type: 'session.clearToken' } as const),
    notifyRedirectSignIn: emit(({ context }) => ({ type: 'session.redirect', to: context.signInUrl, reload: false }) as const),
    notifyRedirectHome: emit({ type: 'session.redirect', to: '/', reload: false } as const),
    notifyReloadHome: emit({ type: 'session.redirect', to: '/', reload: true } as const),
    notifyReady: emit({ type: 'session.ready' } as const),
    notifyReloadAtHome: emit({ type: 'session.redirect', to: '/home', reload: true } as const),
    // a link opened on a browser that has a session: ask, never swap (the token leaves the context either way)
    askSwitch: enqueueActions(({ context, enqueue }) => {
      if (!context.impersonateToken) return;
      enqueue.emit({ type: 'session.askSwitch', token: context.impersonateToken });
      enqueue.assign({ impersonateToken: null });
    }),
    forgetImpersonateToken: assign({ impersonateToken: () => null }),
    raiseAuthSettled: raise({ type: 'session.authSettled' } as const),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, user: null }),
  type: 'parallel',
  states: {
    startup: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { authWait: { target: 'ready', actions: 'notifyReady' } },
          on: { 'session.authSettled': { target: 'ready', actions: 'notifyReady' } },
        },
        ready: {},
      },
    },
    auth: {
      initial: 'checking',
      // the 401 policy, rule by rule as in the header comment
      on: {
        'session.unauthorized': [
          { guard: 'isOutsideSession' },
          { guard: 'isWithinInitialLoad', target: '.signedOut', actions: ['assignNoUser', 'notifyClearToken'] },
          {
            guard: 'isTokenExpired',
            target: '.signedOut',
            actions: ['assignNoUser', 'notifyClearToken', 'notifyRedirectSignIn'],
          },
          {
            guard: 'isUnauthenticated',
            target: '.signedOut',
            actions: ['assignNoUser', 'notifyClearToken', 'notifyRedirectHome'],
          },
          { target: '.signedOut', actions: ['assignNoUser', 'notifyClearToken'] },
        ],
      },
      states: {
        checking: {
          always: [
            { guard: 'hasStoredToken', target: 'verifying' },
            { guard: 'hasImpersonateToken', target: 'impersonating' },
            { target: 'signedOut' },
          ],
        },
        verifying: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: { target: 'signedIn', actions: { type: 'assignUser', params: ({ event }) => event.output } },
            // 01 §4: a verification failure removes the token. Our reading: a failure is the server's answer. A
            // verification that got no answer (offline at start, or the request cut off because the user reloaded
            // while the page was starting) verified nothing, so the token stays and the next page load asks again —
            // removing it signed the user out on a quick reload.
            onError: [
              { guard: 'isNoAnswer', target: 'signedOut', actions: 'forgetImpersonateToken' },
              // the stored session is gone: nothing to replace, the link signs in
              { guard: 'hasImpersonateToken', target: 'impersonating', actions: 'notifyClearToken' },
              { target: 'signedOut', actions: 'notifyClearToken' },
            ],
          },
        },
        impersonating: {
          invoke: {
            id: 'impersonate',
            src: 'impersonate',
            input: ({ context }) => ({ token: context.impersonateToken ?? '' }),
            onDone: { target: 'signedIn', actions: [{ type: 'assignUser', params: ({ event }) => event.output }, 'forgetImpersonateToken'] },
            onError: { target: 'signedOut', actions: 'forgetImpersonateToken' },
          },
        },
        signedIn: {
          entry: ['raiseAuthSettled', 'askSwitch'],
          on: {
            'session.logout': 'loggingOut',
            'session.switchAccount': 'switching',
          },
        },
        switching: {
          invoke: {
            id: 'switchAccount',
            src: 'impersonate',
            input: ({ event }) => ({ token: event.type === 'session.switchAccount' ? event.token : '' }),
            // a full load at /home: nothing of the previous user's stays in memory
            onDone: { target: 'signedIn', actions: [{ type: 'assignUser', params: ({ event }) => event.output }, 'notifyReloadAtHome'] },
            // refused (used, expired): the session the browser had stays
            onError: 'signedIn',
          },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            // 01 §4: clear stored data and reload fully to / — also when the call fails
            onDone: { target: 'signedOut', actions: ['assignNoUser', 'notifyClearToken', 'notifyReloadHome'] },
            onError: { target: 'signedOut', actions: ['assignNoUser', 'notifyClearToken', 'notifyReloadHome'] },
          },
        },
        signedOut: {
          entry: 'raiseAuthSettled',
          on: { 'session.signIn': { target: 'signedIn', actions: 'assignSignedInUser' } },
        },
      },
    },
  },
});
