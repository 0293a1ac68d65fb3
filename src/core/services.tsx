import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createQueryHooksFor, type ApiClient, type ApiClientOptions } from '@/api/client';
import { createTokenStore, type TokenStore } from '@/api/auth-storage';
import { createAppQueryClient } from './query-client';

/** Everything the app talks to, created once at start-up (or per test with an in-process backend). */
export interface AppServices {
  api: ApiClient;
  $api: ReturnType<typeof createQueryHooksFor>;
  queryClient: QueryClient;
  tokens: TokenStore;
}

export function createAppServices(options: ApiClientOptions = {}): AppServices {
  const tokens = options.tokens ?? createTokenStore();
  const api = createApiClient({ ...options, tokens });
  return { api, $api: createQueryHooksFor(api), queryClient: createAppQueryClient(), tokens };
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}
