import { useCallback } from 'react';
import { useServices } from '@/core/services';
import { currentUserQuery, type User } from '@/core/current-user';
import type { SessionUser } from '@machines/session.machine';
import { useAppActors } from './app-actors';

/** Stores the token of a successful sign-in and primes the user query with the user it returned. */
export function useCompleteSignIn() {
  const { $api, tokens, queryClient } = useServices();
  const { session } = useAppActors();
  return useCallback(
    (token: string, user: User) => {
      tokens.set({ token, loginTime: Date.now() });
      queryClient.setQueryData(currentUserQuery($api).queryKey, { data: { user } });
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
