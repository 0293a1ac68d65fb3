/**
 * The session machine drives sign-in and logout in the app (01 §4 "Authentication"): the app-wide
 * `session` actor verifies a stored token at start-up, takes over a sign-in, logs out through
 * POST /api/logout (clearing stored data except drafts and device preferences) and applies the 401
 * policy to what the API client reports (the client itself decides nothing: tests/api/client.test.ts).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitFor as waitForActor } from 'xstate';
import { backendFetch, createTestServices, renderRoute, signInAs, useTestBackend, DEMO_PASSWORD } from '../helpers/render-app';
import { createAppActors, createAppActorsInSteps, HOSTED_SIGN_IN, stopAppActors } from '@/state/app-actors';

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

  /**
   * The app's wiring of the 401 policy (01 §4, §8): the client reports, the session decides. Signed out at first (no
   * token while the actors start, so the start-up check does not run), then a stored token and one call, on a clock
   * that starts at the page load.
   */
  async function callAfter(sinceLoadMs: number, answer?: { message: string }) {
    let clock = 0;
    const toBackend = backendFetch(backend);
    const services = createTestServices(backend, {
      now: () => clock,
      pageLoadedAt: 0,
      fetch: async (input, init) =>
        answer
          ? new Response(JSON.stringify(answer), { status: 401, headers: { 'Content-Type': 'application/json' } })
          : toBackend(input instanceof Request ? input : new Request(input, init)),
    });
    const redirects: string[] = [];
    const actors = createAppActors({ services, platform: { redirect: (t) => redirects.push(t) } });
    await waitForActor(actors.session, (s) => s.matches({ auth: 'signedOut' }));
    services.tokens.set({ token: 'not-a-valid-token', loginTime: 0 });
    clock = sinceLoadMs;
    await expect(services.api.GET('/api/subscription/details')).rejects.toMatchObject({ status: 401 });
    const session = actors.session.getSnapshot();
    stopAppActors(actors);
    return { redirects, token: services.tokens.get(), session };
  }

  test("after the first 5000 ms, a 401 'Token expired.' goes to the hosted sign-in and 'Unauthenticated.' (the backend's answer to a bad token) to /", async () => {
    const expired = await callAfter(5000, { message: 'Token expired.' });
    expect(expired.redirects).toEqual([HOSTED_SIGN_IN]);
    expect(expired.token).toBeNull();
    const unauthenticated = await callAfter(5000);
    expect(unauthenticated.redirects).toEqual(['/']);
    expect(unauthenticated.token).toBeNull();
  });

  test('within the first 5000 ms a 401 only clears the token', async () => {
    for (const answer of [{ message: 'Token expired.' }, undefined]) {
      const early = await callAfter(4999, answer);
      expect(early.redirects).toEqual([]);
      expect(early.token).toBeNull();
    }
  });

  test('another 401 message later clears the token and signs the session out, without navigating', async () => {
    const other = await callAfter(60_000, { message: 'Some other refusal' });
    expect(other.redirects).toEqual([]);
    expect(other.token).toBeNull();
    expect(other.session.matches({ auth: 'signedOut' })).toBe(true);
  });

  test("a wrong password's 401 on the sign-in form changes nothing", async () => {
    const services = createTestServices(backend, { now: () => 60_000, pageLoadedAt: 0 });
    const redirects: string[] = [];
    const actors = createAppActors({ services, platform: { redirect: (t) => redirects.push(t) } });
    await expect(services.api.POST('/api/auth/login', { body: { email: 'free@demo.test', password: 'wrong-password' } })).rejects.toMatchObject({ status: 401 });
    expect(redirects).toEqual([]);
    stopAppActors(actors);
  });
});
