import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ServicesProvider, type AppServices } from './services';
import { createRoutes } from './routes';
import type { Inspect } from '../state/inspect';
import { AppActorsProvider, createAppActors, type AppActors } from '../state/app-actors';

/*
 * The dialog host and the toaster (Ark UI dialog, focus trap, toast machines) are not needed to show the
 * first route, so they load on demand: the host as soon as the dialog manager leaves `idle` for the
 * first time (then stays mounted, so the dialog chain's follow-ups and `dialog.navigate` still reach it),
 * the toaster once the browser is idle after start-up. This keeps the first route within its JavaScript
 * budget (tests/e2e/bundle-budget.spec.ts).
 */
const DialogHost = lazy(() => import('./dialog-host').then((m) => ({ default: m.DialogHost })));
const Toaster = lazy(() => import('../ui/toast').then((m) => ({ default: m.Toaster })));

function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value) setSeen(true);
  }, [value]);
  return seen || value;
}

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => (w as Window & { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(t);
  }, []);
  return idle;
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

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
  const [router] = useState(() => givenRouter ?? createBrowserRouter(createRoutes(services)));
  const [actors] = useState(() => givenActors ?? createAppActors({ inspect }));
  // router.navigate (not a hook) so the host can live beside the router; it still runs the blocker.
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  const dialogsUsed = useOnceTrue(useSelector(actors.dialogs, (s) => !s.matches('idle') && !s.matches('starting')));
  const idle = useIdle();
  return (
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        {/* the one host of the global dialogs, on every layout (01 §2 "Dialogs") */}
        {dialogsUsed && <DialogHost navigate={navigate} />}
        {idle && <Toaster />}
      </Suspense>
    </AppProviders>
  );
}
