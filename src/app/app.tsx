import { Component, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ServicesProvider, type AppServices } from './services';
import { createRoutes } from './routes';
import type { Inspect } from '../state/inspect';
import { AppActorsProvider, createAppActors, type AppActors } from '../state/app-actors';
import { hostDemanded, subscribeHostDemand } from '../state/host-demand';
import { deferredModule } from '../ui/deferred-module';

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
const toastModule = deferredModule(() => import('../ui/toast'));

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

type AppRouter = ReturnType<typeof createBrowserRouter>;

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
 * True once the first route has rendered and the browser has had a quiet moment after it (1 s, then an
 * idle callback): the point where parts the first route does not need may load without competing with it.
 */
function useAfterFirstRoute(router: AppRouter): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idleId: number | undefined;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    const start = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        if (w.requestIdleCallback) idleId = w.requestIdleCallback(() => setReady(true), { timeout: 2000 });
        else setReady(true);
      }, 1000);
    };
    const settled = (st: AppRouter['state']) => st.initialized && st.navigation.state === 'idle';
    if (settled(router.state)) start();
    const unsubscribe = router.subscribe((st) => {
      if (settled(st)) start();
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    };
  }, [router]);
  return ready;
}

export interface AppProps {
  services: AppServices;
  inspect?: Inspect;
  /** Tests pass a memory router over the same routes; the browser app makes its own. */
  router?: AppRouter;
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

export function App({ services, inspect, router: givenRouter, actors: givenActors }: AppProps) {
  const [actors] = useState(
    () =>
      givenActors ??
      createAppActors({
        inspect,
        services,
        platform: { redirect: (to) => window.location.assign(to), local: localStorage, session: sessionStorage },
      }),
  );
  const [router] = useState(() => givenRouter ?? createBrowserRouter(createRoutes(services, actors)));
  // router.navigate (not a hook) so the host can live beside the router; it still runs the blocker.
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  const dialogOpen = useDialogOpen(actors);
  const idle = useAfterFirstRoute(router);
  // …or at once when a toast is raised before then (src/state/host-demand.ts)
  const toastWaiting = useSyncExternalStore(subscribeHostDemand, hostDemanded, hostDemanded);
  const hostNeeded = useOnceTrue(dialogOpen || idle || toastWaiting);
  // the deferred app-wide actors (generation queue, blog wizard) load at the same quiet moment
  useEffect(() => {
    if (idle) actors.startDeferred();
  }, [idle, actors]);
  // Loads (or, after a failed load, loads again) when the host is first needed and on every dialog or toast after.
  useEffect(() => {
    if (!hostNeeded) return;
    void dialogHostModule.preload().catch(() => {});
    void toastModule.preload().catch(() => {});
  }, [hostNeeded, dialogOpen, toastWaiting]);
  const host = dialogHostModule.useModule();
  const toast = toastModule.useModule();
  return (
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
      <HostBoundary resetKey={dialogOpen}>
        {/* the one host of the global dialogs, on every layout (01 §2 "Dialogs") */}
        {hostNeeded && host && <host.DialogHost navigate={navigate} />}
        {hostNeeded && toast && <toast.Toaster />}
      </HostBoundary>
    </AppProviders>
  );
}
