/**
 * The session machine drives sign-in and logout in the app (01 §4 "Authentication"): the app-wide
 * `session` actor verifies a stored token at start-up, takes over a sign-in, logs out through
 * POST /api/logout (clearing stored data except drafts and device preferences) and applies the 401
 * policy the API client reports.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitFor as waitForActor } from 'xstate';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend, DEMO_PASSWORD } from '../helpers/render-app';
import { createAppActors, createAppActorsInSteps, HOSTED_SIGN_IN, stopAppActors } from '@/state/app-actors';
import { INITIAL_LOAD_GUARD_MS, TOKEN_EXPIRED_MESSAGE, UNAUTHENTICATED_MESSAGE } from '@machines/constants';

const backend = useTestBackend();

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('session actor in the app', () => {
  test('created in steps at start-up (a task each): nothing runs before the last step, then the same actors verify the stored token', async () => {
    const calls: string[] = [];
    const toBackend = backendFetch(backend);
    const services = createTestServices(backend, {
      fetch: async (input, init) => {
        const req = input instanceof Request ? input : new Request(input, init);
        calls.push(`${req.method} ${new URL(req.url).pathname}`);
        return toBackend(req);
      },
    });
    await signInAs(services, 'free@demo.test');
    calls.length = 0;
    const atPauses: string[][] = [];
    const actors = await createAppActorsInSteps({ services, platform: { redirect: () => undefined, local: localStorage, session: sessionStorage } }, async () => {
      await new Promise((r) => setTimeout(r, 0)); // a task boundary, as at start-up: a started call would be out by now
      atPauses.push([...calls]);
    });
    // three pauses (three tasks more at start-up), and no actor started during them: no call went out
    expect(atPauses).toEqual([[], [], []]);
    for (const a of [actors.dialogs, actors.navigationGuard, actors.session]) expect(a.getSnapshot().status).toBe('active');
    const snap = await waitForActor(actors.session, (st) => st.matches({ auth: 'signedIn' }));
    expect(snap.context.user?.email).toBe('free@demo.test');
    expect(calls).toContain('GET /api/auth/getUser');
    stopAppActors(actors);
  });

  test('a stored token is verified at start-up: the session holds the signed-in user', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const { actors } = renderRoute('/home', services);
    const snap = await waitForActor(actors.session, (s) => s.matches({ auth: 'signedIn' }));
    expect(snap.context.user?.email).toBe('free@demo.test');
  });

  test('signing in on /login hands the user to the session', async () => {
    const services = createTestServices(backend);
    const { actors } = renderRoute('/login', services);
    await waitForActor(actors.session, (s) => s.matches({ auth: 'signedOut' }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/email/i), 'plus@demo.test');
    await user.type(screen.getByLabelText(/password/i), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: /sign in|log in/i }));
    const snap = await waitForActor(actors.session, (s) => s.matches({ auth: 'signedIn' }));
    expect(snap.context.user?.email).toBe('plus@demo.test');
  });

  test('logout revokes the token on the server, keeps drafts and device preferences, clears the rest and reloads to /', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const token = services.tokens.get()!.token;
    localStorage.setItem('draft:1:chat:abc', 'half a thought');
    localStorage.setItem('color-mode', 'dark');
    localStorage.setItem('banner-dismissed', '1');
    const redirects: Array<{ to: string; reload: boolean }> = [];
    const actors = createAppActors({
      services,
      platform: { redirect: (to, reload) => redirects.push({ to, reload }), local: localStorage, session: sessionStorage },
    });
    await waitForActor(actors.session, (s) => s.matches({ auth: 'signedIn' }));
    actors.session.send({ type: 'session.logout' });
    await waitForActor(actors.session, (s) => s.matches({ auth: 'signedOut' }));

    expect(redirects).toEqual([{ to: '/', reload: true }]);
    expect(services.tokens.get()).toBeNull();
    expect(localStorage.getItem('draft:1:chat:abc')).toBe('half a thought');
    expect(localStorage.getItem('color-mode')).toBe('dark');
    expect(localStorage.getItem('banner-dismissed')).toBeNull();
    // the old token no longer works on the server
    const res = await backend.app.fetch(
      new Request('http://localhost:3000/api/auth/getUser', { headers: { Authorization: `Bearer ${token}`, 'X-Application': 'writer-web' } }),
    );
    expect(res.status).toBe(401);
    stopAppActors(actors);
  });

  test('after the initial-load guard, a 401 Token expired. goes to the hosted sign-in and Unauthenticated. to /', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const [message, to] of [
      [TOKEN_EXPIRED_MESSAGE, HOSTED_SIGN_IN],
      [UNAUTHENTICATED_MESSAGE, '/'],
    ] as const) {
      const services = createTestServices(backend);
      const redirects: string[] = [];
      const actors = createAppActors({ services, platform: { redirect: (t) => redirects.push(t) } });
      vi.advanceTimersByTime(INITIAL_LOAD_GUARD_MS);
      actors.session.send({ type: 'session.unauthorized', message });
      expect(redirects).toEqual([to]);
      stopAppActors(actors);
    }
  });

  test('inside the initial-load guard a 401 only clears the token', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const redirects: string[] = [];
    const actors = createAppActors({ services, platform: { redirect: (t) => redirects.push(t) } });
    actors.session.send({ type: 'session.unauthorized', message: TOKEN_EXPIRED_MESSAGE });
    await waitFor(() => expect(services.tokens.get()).toBeNull());
    expect(redirects).toEqual([]);
    stopAppActors(actors);
  });
});
