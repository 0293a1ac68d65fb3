import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTestServer, type TestServer } from '../server/harness';
import { createTestServices, renderRoute, DEMO_PASSWORD } from '../helpers/render-app';
import { accountMessages as m } from '@/features/auth/account-messages';
import { authMessages } from '@/features/auth/messages';
import { afterGoogleSignIn } from '@/features/auth/google-callback-page';
import { MISC_TEXT } from '@/features/dialogs/messages';

/** The account pages against the reference backend, with its outbox (reset and verification links). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const services = () => createTestServices(server);
const lastLink = () => new URL(server.mailer.outbox.at(-1)!.link!);

describe('/forgotpassword (01 §2, §7 POST /api/auth/password/email)', () => {
  test('checks the address first, then shows the server’s own answer and emails a reset link', async () => {
    renderRoute('/forgotpassword', services());
    await userEvent.click(await screen.findByRole('button', { name: m.sendLink }));
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(server.mailer.outbox).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(authMessages.email), 'free@demo.test');
    await userEvent.click(screen.getByRole('button', { name: m.sendLink }));
    const { body } = await server.call('POST', '/api/auth/password/email', { body: { email: 'nobody@demo.test' } });
    expect(await screen.findByRole('status')).toHaveTextContent(body.message);
    expect(screen.getByRole('heading', { name: m.linkSentTitle })).toBeInTheDocument();
    expect(lastLink().pathname).toBe('/resetpassword');
  });
});

describe('/resetpassword?token&email', () => {
  test('a new password from the emailed link: mismatch caught, then changed, and the new password signs in', async () => {
    await server.call('POST', '/api/auth/password/email', { body: { email: 'free@demo.test' } });
    const link = lastLink();
    renderRoute(link.pathname + link.search, services());
    expect(await screen.findByDisplayValue('free@demo.test')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(m.newPassword), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText(m.confirmPassword), 'brand-new-pasx');
    await userEvent.click(screen.getByRole('button', { name: m.resetAction }));
    expect(await screen.findByText(m.passwordsDiffer)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(m.confirmPassword));
    await userEvent.type(screen.getByLabelText(m.confirmPassword), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: m.resetAction }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect((await server.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: 'brand-new-pass' } })).status).toBe(200);
    expect((await server.call('POST', '/api/auth/login', { body: { email: 'free@demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
  });

  test('a used or unknown token shows the server’s message and a way to ask for a new link', async () => {
    renderRoute('/resetpassword?token=not-a-token&email=free%40demo.test', services());
    await userEvent.type(await screen.findByLabelText(m.newPassword), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText(m.confirmPassword), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: m.resetAction }));
    const { body } = await server.call('POST', '/api/auth/password/email', {
      body: { token: 'not-a-token', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(body.errors.token[0]);
    expect(screen.getByRole('link', { name: m.requestNewLink })).toHaveAttribute('href', '/forgotpassword');
  });

  test('a link without a token says so and cannot be submitted', async () => {
    renderRoute('/resetpassword', services());
    expect(await screen.findByRole('alert')).toHaveTextContent(m.resetLinkMissing);
    expect(screen.getByRole('button', { name: m.resetAction })).toBeDisabled();
  });
});

describe('/verify-email?token', () => {
  test('verifies on load once, shows success and signs the visitor in', async () => {
    await server.call('POST', '/api/auth/register', { body: { name: 'Vera Verify', email: 'vera@example.com', password: 'long-enough-1' } });
    const link = lastLink();
    const s = services();
    renderRoute(link.pathname + link.search, s);
    expect(await screen.findByRole('heading', { name: m.verifiedTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is verified.');
    expect(s.tokens.get()?.token).toBeTruthy();
    expect(screen.getByRole('link', { name: m.continueToApp })).toHaveAttribute('href', '/home');
  });

  test('a bad link shows the failure with the server’s reason', async () => {
    renderRoute('/verify-email?token=nope', services());
    expect(await screen.findByRole('heading', { name: m.verifyFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
  });
});

describe('/auth/google/callback (the sign-up page)', () => {
  test('without a Google client id it offers email sign-up only', async () => {
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', '');
    renderRoute('/auth/google/callback', services());
    expect(await screen.findByText(m.googleNotConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.googleContinue })).toBeNull();
    expect(screen.getByRole('link', { name: m.createWithEmail })).toHaveAttribute('href', '/register');
  });

  test('with a client id it offers Continue with Google', async () => {
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'client-123.apps.googleusercontent.com');
    renderRoute('/auth/google/callback', services());
    expect(await screen.findByRole('button', { name: m.googleContinue })).toBeInTheDocument();
  });

  test('a returned credential signs a new user up and lands on /home, where the first-login welcome starts the chain to onboarding', async () => {
    const s = services();
    const { history } = renderRoute('/auth/google/callback?credential=test-google%3Agina%40example.com%3AGina%20Google', s);
    await waitFor(() => expect(history.location.pathname).toBe('/home'));
    expect(s.tokens.get()?.token).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: MISC_TEXT.welcome.title }, { timeout: 5000 })).toBeInTheDocument();
  });

  test('a returning user who never finished onboarding goes to /onboarding; an onboarded one to /home', () => {
    const base = { is_onboard: 0, is_onboard_skipped: 0, isFirstLogin: false } as Parameters<typeof afterGoogleSignIn>[0];
    expect(afterGoogleSignIn(base)).toBe('/onboarding');
    expect(afterGoogleSignIn({ ...base, is_onboard: 1 })).toBe('/home');
    expect(afterGoogleSignIn({ ...base, is_onboard_skipped: 1 })).toBe('/home');
    expect(afterGoogleSignIn({ ...base, isFirstLogin: true })).toBe('/home');
  });

  test('a credential the backend rejects shows its clear message', async () => {
    renderRoute('/auth/google/callback?credential=forged', services());
    const { body } = await server.call('POST', '/api/auth/handleGoogleCallback', { body: { credential: 'forged' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(body.message);
    expect(screen.getByRole('heading', { name: m.googleFailedTitle })).toBeInTheDocument();
  });

  test('a code whose state this browser did not issue is refused without calling the backend', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => server.app.fetch(input instanceof Request ? input : new Request(input, init)));
    renderRoute('/auth/google/callback?code=abc&state=forged', createTestServices(server, { fetch: fetchSpy }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.googleStateMismatch);
    expect(fetchSpy.mock.calls.some(([req]) => String(req instanceof Request ? req.url : req).includes('handleGoogleCallback'))).toBe(false);
  });
});
