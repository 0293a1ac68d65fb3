import { INITIAL_LOAD_GUARD_MS } from '@machines/constants';

/** What to do when a call is answered 401 (spec 01 §4 Authentication, §8). */
export type UnauthorizedAction = 'clearToken' | 'hostedSignIn' | 'home';

/**
 * During the first 5000 ms of a page load a 401 only clears the token. Later, 'Token expired.'
 * sends the user to the hosted sign-in and 'Unauthenticated.' (or any other 401) to /.
 * Every branch clears the token too: a rejected token is never sent again.
 */
export function decideUnauthorized(message: string | undefined, msSincePageLoad: number): UnauthorizedAction {
  if (msSincePageLoad < INITIAL_LOAD_GUARD_MS) return 'clearToken';
  if (message === 'Token expired.') return 'hostedSignIn';
  return 'home';
}
