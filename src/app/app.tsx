import { useCallback, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ServicesProvider, type AppServices } from './services';
import { createRoutes } from './routes';
import type { Inspect } from '../state/inspect';
import { Toaster } from '../ui/toast';
import { AppActorsProvider, createAppActors, type AppActors } from '../state/app-actors';
import { DialogHost } from './dialog-host';

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
  return (
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
      {/* the one host of the global dialogs, on every layout (01 §2 "Dialogs") */}
      <DialogHost navigate={navigate} />
      <Toaster />
    </AppProviders>
  );
}
