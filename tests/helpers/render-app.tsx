import { render } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { startRuntime, type Runtime } from '@server/runtime';
import { createAppServices, type AppServices } from '@/core/services';
import { createGuardedHistory } from '@/app/guarded-history';
import { createAppActors } from '@/state/app-actors';
import { App } from '@/app/app';
// The app loads its dialog host and toaster lazily (bundle budget); preloading them here makes the
// lazy imports resolve from the module cache, so tests wait on the app's behaviour, not on transforms.
import '@/app/dialog-host';
import '@/ui/toast';
import type { AppActors } from '@/state/app-actors';
import type { ApiClientOptions } from '@/api/client';

export const DEMO_PASSWORD = 'demo1234';
const ORIGIN = 'http://localhost:3000';

/**
 * The in-process reference backend for component tests: a real Hono app on an in-memory PGlite.
 * Start one per test file (beforeAll), reset between tests, close it in afterAll.
 */
export async function startTestBackend(): Promise<Runtime & { reset(): Promise<void> }> {
  const runtime = await startRuntime({ databaseUrl: 'memory://' });
  return {
    ...runtime,
    async reset() {
      const res = await runtime.app.fetch(new Request(`${ORIGIN}/api/dev/reset`, { method: 'POST', headers: { 'X-Application': 'writer-web' } }));
      if (!res.ok) throw new Error(`reset failed: ${res.status}`);
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof startTestBackend>>;

/**
 * One in-process backend for the calling test file: started before its tests, reset to the seed before
 * each, closed after. The returned object is filled in by beforeAll, so use it inside tests only.
 */
export function useTestBackend(): TestBackend {
  const backend = {} as TestBackend;
  beforeAll(async () => {
    Object.assign(backend, await startTestBackend());
  });
  afterAll(async () => {
    await backend.close?.();
  });
  beforeEach(async () => {
    await backend.reset();
  });
  return backend;
}

/** The backend's own fetch handler, as a fetch: the real contract, no network. */
export function backendFetch(runtime: Runtime): typeof globalThis.fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => runtime.app.fetch(input instanceof Request ? input : new Request(input, init));
}

/**
 * App services whose client's fetch is the backend's own fetch handler: the real contract, no network.
 * `fetch` replaces it (e.g. an edge double that throws like a browser offline); `onNetworkError` is
 * the client's callback, as main.tsx passes it.
 */
export function createTestServices(
  runtime: Runtime,
  options: { now?: () => number; pageLoadedAt?: number; fetch?: typeof globalThis.fetch; onNetworkError?: ApiClientOptions['onNetworkError'] } = {},
): AppServices {
  return createAppServices({
    baseUrl: ORIGIN,
    ...options,
    fetch: options.fetch ?? backendFetch(runtime),
  });
}

/** Signs in through the real login call and stores the token, as the login page does. */
export async function signInAs(services: AppServices, email: string) {
  const { data } = await services.api.POST('/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  services.tokens.set({ token: data!.access_token, loginTime: Date.now() });
  return data!.data.user;
}

/**
 * Renders the whole app (real routes, providers, QueryClient) at a path, on a memory history (guarded, as
 * the browser's is: the navigation guard's blocker works the same).
 * `actors`: the app-wide actors, when the test needs to reach them (otherwise App creates its own).
 */
export function renderRoute(path: string, services: AppServices, givenActors?: AppActors) {
  const history = createGuardedHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  // The session's redirects go to the memory history (a full reload has no meaning in jsdom).
  const actors =
    givenActors ??
    createAppActors({
      services,
      platform: { redirect: (to) => history.push(to), local: localStorage, session: sessionStorage },
    });
  const view = render(<App services={services} history={history} actors={actors} />);
  return { ...view, history, actors };
}
