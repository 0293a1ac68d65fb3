/**
 * The plans for sale (GET /api/plansList, public), for every screen that shows a plan: /pricing, the subscription
 * page and the dialogs share one query (one cache entry). src/core/plan-catalogue.ts words them.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '@contract/schema.gen';
import { useServices } from './services';

export type Plan = components['schemas']['Plan'];

const NO_PLANS: Plan[] = [];

export function usePlans() {
  const { $api } = useServices();
  const query = useQuery($api.queryOptions('get', '/api/plansList'));
  return { plans: query.data?.data ?? NO_PLANS, isLoading: query.isLoading, isError: query.isError, refetch: query.refetch };
}
