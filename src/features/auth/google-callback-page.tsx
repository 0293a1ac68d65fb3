import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useServices } from '@/core/services';
import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import { isApiError, NetworkError } from '@/api/errors';
import { AuthCard, formStack, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages } from './messages';
import { accountMessages as m } from './account-messages';
import { useCompleteSignIn } from '@/state/session-hooks';
import { createOAuthState } from './hosted-sign-in';
import { paths } from '@/core/paths';

type AuthReply = components['schemas']['AuthReply'];
type User = components['schemas']['User'];

const GOOGLE_STATE_KEY = 'google_oauth_state';
const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';

/**
 * Google sign-in is offered only when the build has a Google OAuth client id (VITE_GOOGLE_CLIENT_ID).
 * Read at call time so tests can stub it. Without one the page says so and offers email sign-up.
 */
export function googleClientId(): string | null {
  const id = import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined;
  return id && id.trim() ? id.trim() : null;
}

/** Google's authorisation address for this page (code flow, with a stored anti-forgery state). */
export function googleSignInUrl(clientId: string, origin: string, storage: Storage): string {
  const state = createOAuthState();
  storage.setItem(GOOGLE_STATE_KEY, state);
  const url = new URL(GOOGLE_AUTHORIZE);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', `${origin}/auth/google/callback`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

type Returned =
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'credential'; body: { credential?: string; code?: string; state?: string } };

/**
 * What Google sent back: ?code&state (code flow, the state must be the one this browser stored),
 * ?credential or #id_token (an ID token), or ?error. The stored state is removed once read.
 */
export function readGoogleReturn(search: string, hash: string, storage: Storage): Returned {
  const q = new URLSearchParams(search);
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const error = q.get('error') ?? h.get('error');
  const code = q.get('code');
  const credential = q.get('credential') ?? h.get('id_token') ?? h.get('credential');
  if (!error && !code && !credential) return { kind: 'none' };
  const expected = storage.getItem(GOOGLE_STATE_KEY);
  storage.removeItem(GOOGLE_STATE_KEY);
  if (error) return { kind: 'error', message: `${m.googleFailedTitle}: ${error}` };
  if (code) {
    const state = q.get('state') ?? '';
    if (!expected || state !== expected) return { kind: 'error', message: m.googleStateMismatch };
    return { kind: 'credential', body: { code, state } };
  }
  return { kind: 'credential', body: { credential: credential! } };
}

/** One call per returned code/credential (they are single-use; StrictMode mounts twice). */
const calls = new Map<string, Promise<AuthReply>>();
function completeOnce(api: ApiClient, body: { credential?: string; code?: string; state?: string }): Promise<AuthReply> {
  const key = body.code ?? body.credential ?? '';
  let call = calls.get(key);
  if (!call) {
    call = api.POST('/api/auth/handleGoogleCallback', { body }).then(({ data }) => data!);
    calls.set(key, call);
  }
  return call;
}

/**
 * After sign-in: onboarding first for users who have neither finished nor skipped it (01 §2 start-up) — except
 * on a first login, which lands on /home where the welcome → offer → onboarding chain starts (features/onboarding/start.ts).
 */
export function afterGoogleSignIn(user: User): string {
  return user.is_onboard === 1 || user.is_onboard_skipped === 1 || user.isFirstLogin ? '/home' : '/onboarding';
}

type State = { status: 'idle' } | { status: 'working' } | { status: 'failed'; message: string };

/**
 * /auth/google/callback — "the sign-up page" (01 §2): without a Google answer it offers 'Continue with
 * Google' (only when a client id is configured); with one it completes the sign-in through
 * POST /api/auth/handleGoogleCallback (01 §7) and shows the backend's rejection plainly when it fails.
 */
export function GoogleCallbackPage() {
  const { api } = useServices();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [returned] = useState(() => readGoogleReturn(location.search, location.hash, sessionStorage));
  const [state, setState] = useState<State>(() =>
    returned.kind === 'credential' ? { status: 'working' } : returned.kind === 'error' ? { status: 'failed', message: returned.message } : { status: 'idle' },
  );
  const clientId = googleClientId();

  useEffect(() => {
    if (returned.kind !== 'credential') return;
    let live = true;
    completeOnce(api, returned.body).then(
      (reply) => {
        if (!live) return;
        completeSignIn(reply.access_token, reply.data.user);
        navigate(afterGoogleSignIn(reply.data.user), { replace: true });
      },
      (e: unknown) => {
        if (!live) return;
        const message = isApiError(e) ? e.message : e instanceof NetworkError ? authMessages.networkFailure : authMessages.genericFailure;
        setState({ status: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
    // once per returned answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  const startGoogle = () => {
    if (clientId) window.location.assign(googleSignInUrl(clientId, window.location.origin, sessionStorage));
  };

  const footer = (
    <>
      {authMessages.haveAccount} <Link to={paths.login} className={textLink}>{authMessages.signIn}</Link>
    </>
  );

  if (state.status === 'working') {
    return (
      <AuthCard title={m.googleTitle} subtitle={m.googleSigningIn} footer={footer}>
        <div style={{ display: 'flex', justifyContent: 'center', padding: '1rem' }}>
          <Spinner label={m.googleSigningIn} />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={state.status === 'failed' ? m.googleFailedTitle : m.googleTitle} subtitle={m.googleSubtitle} footer={footer}>
      <div className={formStack}>
        {state.status === 'failed' && (
          <p role="alert" className={alertBox}>
            {state.message}
          </p>
        )}
        {clientId ? (
          <Button size="lg" fullWidth onClick={startGoogle}>
            {state.status === 'failed' ? m.tryAgain : m.googleContinue}
          </Button>
        ) : (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'md', px: '3', py: '2' })}>{m.googleNotConfigured}</p>
        )}
        <Button asChild variant="outline" size="lg" fullWidth>
          <Link to={paths.register}>{m.createWithEmail}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
