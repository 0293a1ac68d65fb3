import { Component, memo, Suspense, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory, useLocation, useRoutes } from 'react-router-dom';
import { ServicesProvider, type AppServices } from '@/core/services';
import { appRoutes, HostedSignInReturn, type RouteHandle } from './routes';
import { createGuardedHistory, GuardedHistoryContext, type GuardedHistory } from './guarded-history';
import { RouteError } from '@/features/errors/route-error';
import { Splash } from './splash';
import type { Inspect } from '@/platform/inspect';
import { AppActorsProvider, createAppActors, type AppActors } from '@/state/app-actors';
import { hostDemanded, subscribeHostDemand } from '@/platform/host-demand';
import { deferredModule } from '@/ui/deferred-module';
import { loadWhenIdle, whenIdle } from '@/platform/idle-queue';
import { createTokenStore } from '@/api/auth-storage';

/*
 * The dialog host and the toaster (Ark UI dialog, focus trap, toast machines) are not needed to show the
 * first route, so they load after it: both mount once the browser is idle after start-up — early, so
 * the no-network dialog is already loaded when the connection drops — or at once if a dialog opens
 * before that. Once mounted they stay mounted (the dialog chain's follow-ups and `dialog.navigate` keep
 * reaching the host). A chunk that fails to load (offline before that moment) never takes the app down, and
 * is not remembered as failed: the next dialog or toast loads it again (deferredModule — React.lazy would keep
 * the rejected import, and no dialog could show until a reload). This keeps the first route within its
 * JavaScript budget (tests/bench/bundle-size.spec.ts).
 */
const dialogHostModule = deferredModule(() => import('./dialog-host'));
const toastModule = deferredModule(() => import('@/ui/toast'));

/** A render error inside the dialog host or the toaster never takes the app down; the next dialog tries again. */
class HostBoundary extends Component<{ children: ReactNode; resetKey: unknown }, { failed: boolean; key: unknown }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { failed: boolean; key: unknown }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value) setSeen(true);
  }, [value]);
  return seen || value;
}

/**
 * Whether the dialogs actor has a dialog up. React's own useSyncExternalStore (a boolean needs no
 * selector memoisation), so the entry chunk does not carry @xstate/react and its shim (bundle budget);
 * components in lazy chunks use @xstate/react's useSelector as usual.
 */
function useDialogOpen(actors: AppActors): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = actors.dialogs.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [actors],
  );
  const read = () => {
    const s = actors.dialogs.getSnapshot();
    return !s.matches('idle') && !s.matches('starting');
  };
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The route tree's crash page (01 §2 / §8): a crash while loading (a page's chunk) or rendering a route shows
 * 'OOPS! Something went wrong' in place of the page, and is reported (route-error.tsx). Navigating to another
 * path leaves it, as react-router's errorElement did.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; pathname: string }, { error: unknown; failed: boolean; pathname: string }> {
  state = { error: null as unknown, failed: false, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname !== state.pathname ? { error: null, failed: false, pathname: props.pathname } : null;
  }
  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Renders nothing; tells App once the first route's page (layout, gates, lazy page) is on screen. */
function FirstRouteShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

function AppRoutes({ onFirstRoute }: { onFirstRoute: () => void }) {
  const { pathname } = useLocation();
  const routes = useRoutes(appRoutes);
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/* the start-up splash (01 §2) while the first route's code downloads */}
      <Suspense fallback={<Splash />}>
        <HostedSignInReturn>{routes}</HostedSignInReturn>
        <FirstRouteShown onShown={onFirstRoute} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The app's router over a history (the browser's, or a test's memory history): react-router's declarative
 * router (the first route's budget, see guarded-history.ts) with the guarded history's blocker in context.
 * Memoised: App's own state changes (the quiet moment after the first route, the dialog host and the toaster
 * arriving) would otherwise re-render the whole route tree, each a long task on a slow phone (Lighthouse TBT).
 */
export const AppRouter = memo(function AppRouter({ history, onFirstRoute }: { history: GuardedHistory; onFirstRoute: () => void }) {
  return (
    <GuardedHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>
        <AppRoutes onFirstRoute={onFirstRoute} />
      </HistoryRouter>
    </GuardedHistoryContext.Provider>
  );
});

/**
 * The layout and page of the route at `location` start downloading at once (not one after the other) — or, when
 * its gate will send the visitor elsewhere (a signed-in page signed out, /login signed in), those of where it sends.
 * For a route open to everyone the production server has already put these links into the page
 * (server/route-preloads.ts); Vite's preload helper then finds them there and inserts none.
 */
export function preloadRoute(location: string | { pathname: string }, signedIn: boolean): void {
  const handles = (matchRoutes(appRoutes, location) ?? []).map((m) => m.route.handle as RouteHandle | undefined);
  if (!signedIn && handles.some((h) => h?.audience === 'signedIn')) return preloadRoute('/login', false);
  if (signedIn && handles.some((h) => h?.audience === 'signedOut')) return preloadRoute('/home', true);
  for (const h of handles) void h?.preload().catch(() => {});
}

/**
 * The browser's history, guarded, with the first route's layout and page already downloading. main.tsx creates it
 * before anything else at start-up, so those downloads start as early as they can.
 */
export function createAppHistory(): GuardedHistory {
  const history = createGuardedHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
  preloadRoute(history.location, createTokenStore().get() !== null);
  return history;
}

/**
 * True once the first route has rendered and the browser has had a quiet moment after it (1 s, then an
 * idle callback): the point where parts the first route does not need may load without competing with it.
 */
function useAfterFirstRoute(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  const [ready, setReady] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  useEffect(() => {
    if (!shown) return;
    let cancelIdle: (() => void) | undefined;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(window, () => setReady(true), { timeoutMs: 2000, fallbackMs: 0 });
    }, 1000);
    return () => {
      clearTimeout(timer);
      cancelIdle?.();
    };
  }, [shown]);
  return [ready, onShown];
}

export interface AppProps {
  services: AppServices;
  inspect?: Inspect;
  /** Tests pass a memory history (guarded); the browser app uses the browser's. */
  history?: GuardedHistory;
  /** The app-wide actors; created here (with the inspector, if any) unless given. */
  actors?: AppActors;
}

export function AppProviders({ services, actors, children }: { services: AppServices; actors: AppActors; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <AppActorsProvider actors={actors}>
        <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
      </AppActorsProvider>
    </ServicesProvider>
  );
}

export function App({ services, inspect, history: givenHistory, actors: givenActors }: AppProps) {
  const [actors] = useState(
    () =>
      givenActors ??
      createAppActors({
        inspect,
        services,
        platform: { redirect: (to) => window.location.assign(to), local: localStorage, session: sessionStorage },
      }),
  );
  const [history] = useState(() => givenHistory ?? createAppHistory());
  // history.push (not a hook) so the host can live beside the router; it still asks the blocker.
  const navigate = useCallback((to: string) => history.push(to), [history]);
  const dialogOpen = useDialogOpen(actors);
  const [idle, onFirstRoute] = useAfterFirstRoute();
  // …or at once when a toast is raised before then (src/state/host-demand.ts)
  const toastWaiting = useSyncExternalStore(subscribeHostDemand, hostDemanded, hostDemanded);
  const hostNeeded = useOnceTrue(dialogOpen || idle || toastWaiting);
  // the deferred app-wide actors (generation queue, blog wizard) load at the same quiet moment
  useEffect(() => {
    if (idle) actors.startDeferred();
  }, [idle, actors]);
  // Loads (or, after a failed load, loads again) when the host is first needed and on every dialog or toast after:
  // at once for a dialog or a toast, else (the quiet moment) one after the other through the idle queue.
  useEffect(() => {
    if (!hostNeeded) return;
    // together, as one turn: the toaster mounting beside an open dialog later than the host was seen to close the
    // dialog now and then (browser back under the navigation guard, tests/e2e/foundation.spec.ts)
    const load = () => Promise.all([dialogHostModule.preload(), toastModule.preload()]);
    void (dialogOpen || toastWaiting ? load() : loadWhenIdle(load)).catch(() => {});
  }, [hostNeeded, dialogOpen, toastWaiting]);
  const host = dialogHostModule.useModule();
  const toast = toastModule.useModule();
  return (
    <AppProviders services={services} actors={actors}>
      <AppRouter history={history} onFirstRoute={onFirstRoute} />
      <HostBoundary resetKey={dialogOpen}>
        {/* the one host of the global dialogs, on every layout (01 §2 "Dialogs") */}
        {hostNeeded && host && <host.DialogHost navigate={navigate} />}
        {hostNeeded && toast && <toast.Toaster />}
      </HostBoundary>
    </AppProviders>
  );
}
