/**
 * Session (01 §4 "Authentication", 01 §2 "Start-up behaviour", 01 §8 401 handling, 01 §9 timers).
 *
 * Three parallel regions:
 *  - `loadGuard`: the first 5000 ms of a page load (INITIAL_LOAD_GUARD_MS); a 401 inside it only
 *    clears the token (01 §4, §8).
 *  - `startup`: the splash screen waits for the authentication check, but proceeds anyway after
 *    10 s (AUTH_WAIT_MS, 01 §2) — emits `session.ready` once.
 *  - `auth`: checking → (code exchange | token verification) → signedIn / signedOut; logout.
 *
 * Input: whether a token is stored, the `code` query parameter, the hosted sign-in URL and the
 * stored login link (all read by the app from the URL/storage; the machine touches neither).
 *
 * Events: `session.unauthorized {message}` (the API client got a 401), `session.signIn {user}`
 * (login page succeeded), `session.logout`.
 * Emitted: `session.clearToken`, `session.redirect {to, reload}`, `session.clearQuery`
 * (after a code exchange the query and session storage are cleared), `session.ready`.
 * Actor slots: `fetchUser` (GET /api/auth/getUser), `exchangeCode` (POST /oauth/token),
 * `logout` (POST /api/logout).
 *
 * 401 messages other than 'Token expired.' / 'Unauthenticated.' after the guard window are not
 * described by the spec (01 §8): they are ignored here.
 */
import { assign, emit, fromPromise, raise, setup, stateIn } from 'xstate';
import { AUTH_WAIT_MS, INITIAL_LOAD_GUARD_MS, TOKEN_EXPIRED_MESSAGE, UNAUTHENTICATED_MESSAGE } from './constants';

export interface SessionUser {
  id: number | string;
  email?: string;
  name?: string;
  [key: string]: unknown;
}

export interface SessionInput {
  hasStoredToken: boolean;
  /** the `code` query parameter of the start-up URL, if any */
  code: string | null;
  /** the hosted sign-in URL ('Token expired.' redirects there) */
  signInUrl: string;
  /** the stored login link (a failed code exchange redirects there, else '/') */
  storedLoginLink: string | null;
}

export interface SessionContext extends SessionInput {
  user: SessionUser | null;
}

export type SessionEvent =
  | { type: 'session.unauthorized'; message: string }
  | { type: 'session.signIn'; user: SessionUser }
  | { type: 'session.logout' }
  | { type: 'session.authSettled' };

export type SessionEmitted =
  | { type: 'session.clearToken' }
  | { type: 'session.redirect'; to: string; reload: boolean }
  | { type: 'session.clearQuery' }
  | { type: 'session.ready' };

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
    exchangeCode: fromPromise<{ user: SessionUser | null }, { code: string }>(async () => {
      throw new Error('exchangeCode not provided');
    }),
    logout: fromPromise<void, void>(async () => {
      throw new Error('logout not provided');
    }),
  },
  delays: {
    initialLoadGuard: INITIAL_LOAD_GUARD_MS,
    authWait: AUTH_WAIT_MS,
  },
  guards: {
    hasCode: ({ context }) => !!context.code,
    hasStoredToken: ({ context }) => context.hasStoredToken,
    isWithinInitialLoad: stateIn('#session.loadGuard.initialLoad'),
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
    notifyClearQuery: emit({ type: 'session.clearQuery' } as const),
    notifyRedirectSignIn: emit(({ context }) => ({ type: 'session.redirect', to: context.signInUrl, reload: false }) as const),
    notifyRedirectHome: emit({ type: 'session.redirect', to: '/', reload: false } as const),
    notifyRedirectLogin: emit(
      ({ context }) => ({ type: 'session.redirect', to: context.storedLoginLink ?? '/', reload: false }) as const,
    ),
    notifyReloadHome: emit({ type: 'session.redirect', to: '/', reload: true } as const),
    notifyReady: emit({ type: 'session.ready' } as const),
    raiseAuthSettled: raise({ type: 'session.authSettled' } as const),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, user: null }),
  type: 'parallel',
  states: {
    loadGuard: {
      initial: 'initialLoad',
      states: {
        initialLoad: { after: { initialLoadGuard: 'settled' } },
        settled: {},
      },
    },
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
      on: {
        'session.unauthorized': [
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
        ],
      },
      states: {
        checking: {
          always: [
            { guard: 'hasCode', target: 'exchangingCode' },
            { guard: 'hasStoredToken', target: 'verifying' },
            { target: 'signedOut' },
          ],
        },
        exchangingCode: {
          invoke: {
            id: 'exchangeCode',
            src: 'exchangeCode',
            input: ({ context }) => ({ code: context.code ?? '' }),
            onDone: {
              target: 'signedIn',
              actions: [{ type: 'assignUser', params: ({ event }) => event.output.user }, 'notifyClearQuery'],
            },
            onError: { target: 'signedOut', actions: ['notifyRedirectLogin', 'notifyClearQuery'] },
          },
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
              { guard: 'isNoAnswer', target: 'signedOut' },
              { target: 'signedOut', actions: 'notifyClearToken' },
            ],
          },
        },
        signedIn: {
          entry: 'raiseAuthSettled',
          on: { 'session.logout': 'loggingOut' },
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
