/**
 * The signed-in user (GET /api/auth/getUser): the one hook every screen reads it with, and the one query
 * (and cache key) that actors refetch or invalidate. Only asked for when a token is stored.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '@contract/schema.gen';
import { useServices, type AppServices } from './services';

export type User = components['schemas']['User'];

/** The user query's options (its key included): `queryClient.fetchQuery(currentUserQuery($api))`. */
export const currentUserQuery = ($api: AppServices['$api']) => $api.queryOptions('get', '/api/auth/getUser');

export function useCurrentUser() {
  const { $api, tokens } = useServices();
  const signedIn = tokens.get() !== null;
  const query = useQuery({ ...currentUserQuery($api), enabled: signedIn });
  return { user: query.data?.data.user, isLoading: query.isLoading, signedIn, error: query.error };
}
