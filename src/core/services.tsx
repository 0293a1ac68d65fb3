import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createQueryHooksFor, type ApiClient, type ApiClientOptions } from '@/api/client';
import { createTokenStore, type TokenStore } from '@/api/auth-storage';
import type { SessionEvent, UnauthorizedReport } from '@machines/session.machine';
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
 * machines/session.machine.ts). The client is made before the session actor — the session needs it — so a
 * report that comes before `attach` is kept and sent then, in order (each carries its own time since the page
 * load, so a late delivery decides the same). The last session attached gets the reports.
 */
export interface UnauthorizedReports {
  attach(session: { send(event: Extract<SessionEvent, { type: 'session.unauthorized' }>): void }): void;
}

function createUnauthorizedReports(): UnauthorizedReports & { report(report: UnauthorizedReport): void } {
  let session: Parameters<UnauthorizedReports['attach']>[0] | null = null;
  const early: UnauthorizedReport[] = [];
  return {
    report(report) {
      if (session) session.send({ type: 'session.unauthorized', ...report });
      else early.push(report);
    },
    attach(to) {
      session = to;
      for (const report of early.splice(0)) to.send({ type: 'session.unauthorized', ...report });
    },
  };
}

export function createAppServices(options: ApiClientOptions = {}): AppServices {
  const tokens = options.tokens ?? createTokenStore();
  const unauthorized = createUnauthorizedReports();
  const api = createApiClient({
    ...options,
    tokens,
    onUnauthorized: (report) => {
      unauthorized.report(report);
      options.onUnauthorized?.(report);
    },
  });
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
