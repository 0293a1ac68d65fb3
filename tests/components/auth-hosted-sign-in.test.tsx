import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useTestBackend, createTestServices, renderRoute, DEMO_PASSWORD } from '../helpers/render-app';
import { createOAuthState, hostedSignInUrl } from '@/features/auth/hosted-sign-in';
import { OAUTH_STATE_LENGTH } from '@machines/constants';

const backend = useTestBackend();

/** Signs in on the backend's real authorisation page and returns where it redirected. */
async function authorise(authorizeUrl: string, email: string) {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    email,
    password: DEMO_PASSWORD,
    state: url.searchParams.get('state')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    client_id: url.searchParams.get('client_id')!,
    response_type: 'code',
  });
  const res = await backend.app.fetch(
    new Request(`${url.origin}/oauth/authorize`, { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
  );
  expect(res.status).toBe(302);
  return new URL(res.headers.get('Location')!);
}

describe('hosted sign-in (spec 01 §2, §4)', () => {
  test('the state is 40 random alphanumerics', () => {
    const a = createOAuthState();
    expect(a).toMatch(new RegExp(`^[A-Za-z0-9]{${OAUTH_STATE_LENGTH}}$`));
    expect(createOAuthState()).not.toBe(a);
  });

  test('returning to /home with a code signs the user in and clears the query', async () => {
    const services = createTestServices(backend);
    const back = await authorise(hostedSignInUrl(window.location.origin, sessionStorage), 'pro@demo.test');
    expect(back.pathname).toBe('/home');
    const { history } = renderRoute(back.pathname + back.search, services);
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(history.location.pathname).toBe('/home');
    expect(services.tokens.get()?.token).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Welcome back, / })).toBeInTheDocument();
    expect(sessionStorage.getItem('oauth_state')).toBeNull();
  });

  test('a state that does not match is refused: no token, back to the login link', async () => {
    const services = createTestServices(backend);
    const back = await authorise(hostedSignInUrl(window.location.origin, sessionStorage), 'pro@demo.test');
    back.searchParams.set('state', 'x'.repeat(40));
    const { history } = renderRoute(back.pathname + back.search, services);
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(services.tokens.get()).toBeNull();
  });
});
