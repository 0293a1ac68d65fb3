import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ServicesProvider, type AppServices } from './services';
import { createRoutes } from './routes';
import type { Inspect } from '../state/inspect';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  services: AppServices;
  inspect?: Inspect;
  /** Tests pass a memory router over the same routes; the browser app makes its own. */
  router?: AppRouter;
}

export function AppProviders({ services, children }: { services: AppServices; inspect?: Inspect; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
}

export function App({ services, inspect, router: given }: AppProps) {
  const [router] = useState(() => given ?? createBrowserRouter(createRoutes(services)));
  return (
    <AppProviders services={services} inspect={inspect}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
