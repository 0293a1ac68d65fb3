import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createQueryHooksFor, type ApiClient, type ApiClientOptions } from '@/api/client';
import { createTokenStore, type TokenStore } from '@/api/auth-storage';
import type { UnauthorizedReport } from '@machines/session.machine';
import { createAppQueryClient } from './query-client';

/** Everything the app talks to, created once at start-up (or per test with an in-process backend). */
export interface AppServices {
  api: ApiClient;
  $api: ReturnType<typeof createQueryHooksFor>;
  queryClient: QueryClient;
  tokens: TokenStore;
  /** The client's 401 reports, for the session actor (src/state/app-actors.tsx attaches it). */
  unauthorized: UnauthorizedReports;
}

/**
 * The API client reports every 401 answer; the session machine decides what it means (01 §4,
 * machines/session.machine.ts). The client is made before the session actor — the session needs it — so the
 * session's listener is attached afterwards, by createAppActors, before the session starts and before any call is
 * made (the last one attached gets the reports).
 */
export interface UnauthorizedReports {
  attach(listener: (report: UnauthorizedReport) => void): void;
}

export function createAppServices(options: Omit<ApiClientOptions, 'onUnauthorized'> = {}): AppServices {
  const tokens = options.tokens ?? createTokenStore();
  let listener: ((report: UnauthorizedReport) => void) | undefined;
  const api = createApiClient({ ...options, tokens, onUnauthorized: (report) => listener?.(report) });
  const unauthorized: UnauthorizedReports = { attach: (to) => void (listener = to) };
  return { api, $api: createQueryHooksFor(api), queryClient: createAppQueryClient(), tokens, unauthorized };
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
