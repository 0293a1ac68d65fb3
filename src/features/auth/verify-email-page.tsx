import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useServices } from '@/core/services';
import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import { isApiError, NetworkError } from '@/api/errors';
import { AuthCard, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages } from './messages';
import { accountMessages as m } from './account-messages';
import { noticeBox } from './forgot-password-page';
import { useCompleteSignIn } from '@/state/session-hooks';
import { currentUserQuery } from '@/core/current-user';
import { paths } from '@/core/paths';

type AuthReply = components['schemas']['AuthReply'];
type State = { status: 'verifying' } | { status: 'verified'; message: string } | { status: 'failed'; message: string };

/**
 * A verification token is single-use: the call is made once per token and page load, even when React
 * mounts the page twice (StrictMode) or the user re-renders it, so the second mount reads the first answer
 * instead of spending the token again and reporting a false failure.
 */
const calls = new Map<string, Promise<AuthReply>>();
function verifyOnce(api: ApiClient, token: string): Promise<AuthReply> {
  let call = calls.get(token);
  if (!call) {
    call = api.POST('/api/profile/userVerification', { body: { token, domain: window.location.hostname } }).then(({ data }) => data!);
    calls.set(token, call);
  }
  return call;
}

function failureText(e: unknown): string {
  if (isApiError(e)) return e.fieldError('token') ?? e.message;
  return e instanceof NetworkError ? authMessages.networkFailure : authMessages.genericFailure;
}

/**
 * /verify-email?token (01 §2): verifies on load with POST /api/profile/userVerification (01 §7) and shows
 * success or failure. The reply signs the user in; a visitor who is not signed in is signed in with it
 * (the link proved the mailbox), one who is keeps their session and sees the refreshed user.
 */
export function VerifyEmailPage() {
  const { api, $api, tokens, queryClient } = useServices();
  const completeSignIn = useCompleteSignIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'verifying' } : { status: 'failed', message: m.verifyLinkMissing });

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(api, token).then(
      (reply) => {
        if (!live) return;
        if (tokens.get()) void queryClient.invalidateQueries({ queryKey: currentUserQuery($api).queryKey });
        else completeSignIn(reply.access_token, reply.data.user);
        setState({ status: 'verified', message: reply.message ?? m.verifiedTitle });
      },
      (e: unknown) => live && setState({ status: 'failed', message: failureText(e) }),
    );
    return () => {
      live = false;
    };
    // completeSignIn is stable per services; the token decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const footer = (
    <Link to={paths.login} className={textLink}>
      {m.goToSignIn}
    </Link>
  );

  if (state.status === 'verifying') {
    return (
      <AuthCard title={m.verifyTitle} subtitle={m.verifying} footer={footer}>
        <div style={{ display: 'flex', justifyContent: 'center', padding: '1rem' }}>
          <Spinner label={m.verifying} />
        </div>
      </AuthCard>
    );
  }
  if (state.status === 'verified') {
    return (
      <AuthCard title={m.verifiedTitle} subtitle={m.verifyTitle} footer={footer}>
        <p role="status" className={noticeBox}>
          {state.message}
        </p>
        <Button asChild size="lg" fullWidth style={{ marginTop: '1rem' }}>
          <Link to={paths.home}>{m.continueToApp}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.verifyFailedTitle} subtitle={m.verifyTitle} footer={footer}>
      <p role="alert" className={alertBox}>
        {state.message}
      </p>
    </AuthCard>
  );
}
