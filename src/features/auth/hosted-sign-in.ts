import { OAUTH_STATE_LENGTH } from '@machines/constants';
import type { ApiClient } from '@/api/client';
import type { TokenStore } from '@/api/auth-storage';

/**
 * The hosted sign-in of spec 01 §2 / §4: the browser goes to the sign-in service's authorisation page
 * with a `state` of 40 random alphanumerics and comes back to /home with ?code=…&state=…; the code is
 * exchanged at POST /oauth/token. On failure the user goes to the stored login link or /.
 */
export const OAUTH_CLIENT_ID = 'writer-web';
const STATE_KEY = 'oauth_state';
const LOGIN_LINK_KEY = 'oauth_login_link';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 40 random alphanumerics from the platform CSPRNG (rejection sampling keeps it unbiased). */
export function createOAuthState(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let out = '';
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (out.length < OAUTH_STATE_LENGTH) {
    for (const byte of random(new Uint8Array(64))) {
      if (byte < limit) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (out.length === OAUTH_STATE_LENGTH) break;
    }
  }
  return out;
}

export function returnAddress(origin: string): string {
  return `${origin}/home`;
}

/** Builds the authorisation URL and remembers the state (and where to go if the exchange fails). */
export function hostedSignInUrl(origin: string, storage: Storage, loginLink = '/login'): string {
  const state = createOAuthState();
  storage.setItem(STATE_KEY, state);
  storage.setItem(LOGIN_LINK_KEY, loginLink);
  const url = new URL('/oauth/authorize', origin);
  url.searchParams.set('client_id', OAUTH_CLIENT_ID);
  url.searchParams.set('redirect_uri', returnAddress(origin));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Completes a hosted sign-in when the URL carries ?code=…: checks the state, exchanges the code, stores
 * the token. Returns where to go next ('/home' on success, the stored login link or '/' on failure),
 * or null when the URL has no code. The query and the stored state are cleared either way.
 */
export async function completeHostedSignIn(url: URL, deps: { api: ApiClient; tokens: TokenStore; storage: Storage; now: () => number; origin: string }): Promise<string | null> {
  const code = url.searchParams.get('code');
  if (!code) return null;
  const expected = deps.storage.getItem(STATE_KEY);
  const failure = deps.storage.getItem(LOGIN_LINK_KEY) || '/';
  deps.storage.removeItem(STATE_KEY);
  deps.storage.removeItem(LOGIN_LINK_KEY);
  if (!expected || url.searchParams.get('state') !== expected) return failure;
  try {
    const { data } = await deps.api.POST('/oauth/token', {
      body: { grant_type: 'authorization_code', code, redirect_uri: returnAddress(deps.origin), client_id: OAUTH_CLIENT_ID },
    });
    deps.tokens.set({ token: data!.access_token, loginTime: deps.now() });
    return '/home';
  } catch {
    return failure;
  }
}
