import { useEffect } from 'react';
import { useServices } from '@/core/services';
import type { components } from '@contract/schema.gen';
import { CrashPage } from './error-boundary';
import { reportCrash } from './crash-report';
import { currentUserQuery } from '@/core/current-user';

type UserReply = components['schemas']['UserReply'];

/**
 * The route tree's crash page: any crash while loading or rendering a route shows the generic error page of
 * 01 §2 / §8 ('OOPS! Something went wrong', 'Reload the page' → /login) and is posted to
 * POST /logs/log-crash-report (01 §7) with the page path, the user id and the subscription (see crash-report.ts).
 */
export default function RouteCrash({ error }: { error: unknown }) {
  const { api, $api, queryClient } = useServices();
  useEffect(() => {
    console.error(error);
    const user = queryClient.getQueryData<UserReply>(currentUserQuery($api).queryKey)?.data.user ?? null;
    void reportCrash(api, error, { href: window.location.href, user });
  }, [error, api, $api, queryClient]);
  return <CrashPage />;
}
