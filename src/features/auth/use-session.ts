import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/core/services';
import type { components } from '@contract/schema.gen';
import { useAppActors } from '@/state/app-actors';
import type { SessionUser } from '@machines/session.machine';

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
  const { session } = useAppActors();
  return useCallback(
    (token: string, user: User) => {
      tokens.set({ token, loginTime: Date.now() });
      queryClient.setQueryData($api.queryOptions('get', '/api/auth/getUser').queryKey, { data: { user } });
      session.send({ type: 'session.signIn', user: user as unknown as SessionUser });
    },
    [$api, tokens, queryClient, session],
  );
}

/**
 * Log out (spec 01 §4) through the session machine: POST /api/logout revokes the token on the server,
 * stored local data is cleared (drafts and device preferences stay, see src/actors/session.ts), and
 * the page reloads fully to /. A failed logout call still signs the user out locally.
 */
export function useLogout() {
  const { session } = useAppActors();
  return useCallback(() => session.send({ type: 'session.logout' }), [session]);
}
