import { QueryClient } from '@tanstack/react-query';
import { API_CACHE_LIFETIME_MS, CACHE_SECONDS } from '@machines/constants';
import { isApiError } from '@/api/errors';

/**
 * Cache times of spec 01 §9: data kept 24 h (gcTime), fresh for the default 300 s.
 * Per-query overrides (images 1800 s, categories 10800 s, …) come from CACHE_SECONDS where used.
 * Client errors (4xx) are not retried: retrying cannot change the server's answer.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_SECONDS.default * 1000,
        gcTime: API_CACHE_LIFETIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
