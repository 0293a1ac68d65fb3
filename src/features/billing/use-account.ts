import { useCallback } from 'react';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { isApiError, NetworkError } from '@/api/errors';
import type { components } from '@contract/schema.gen';
import { currentUserQuery } from '@/core/current-user';

type UserReply = components['schemas']['UserReply'];

/**
 * After a payment, a cancellation or a profile change: the user (the shell's name, plan and credits bar),
 * the subscription details, payments and credit purchases are fetched again.
 */
export function useRefreshAccount() {
  const { $api, queryClient } = useServices();
  return useCallback(
    async (user?: UserReply['data']['user']) => {
      const userKey = currentUserQuery($api).queryKey;
      if (user) queryClient.setQueryData<UserReply>(userKey, (old) => ({ ...(old ?? {}), data: { user } }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKey }),
        queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/api/subscription/details').queryKey }),
        queryClient.invalidateQueries({ queryKey: ['get', '/api/paymentHistory'] }),
        queryClient.invalidateQueries({ queryKey: ['get', '/api/credits/histroy'] }),
      ]);
    },
    [$api, queryClient],
  );
}

/**
 * 01 §8: "Failed calls reject with the server's response body. The common API-error dialog shows the body's
 * message as text and its type as title" (defaults 'Error' / 'Something went Wrong !'). A call that never
 * reached the server already opened the no-network dialog, so it opens nothing more.
 */
export function useApiErrorDialog() {
  const { dialogs } = useAppActors();
  return useCallback(
    (error: unknown) => {
      if (error instanceof NetworkError) return;
      const payload = isApiError(error) ? { title: error.type, message: error.message } : {};
      dialogs.send({ type: 'dialog.open', dialog: { name: 'api-error', payload } });
    },
    [dialogs],
  );
}
