/**
 * The one entry every generation goes through (01 §4 "Subscription gate", issue "machines"): features
 * call `useGate()` / `runGate()` with what the user is about to do, never their own checks. It reads the
 * signed-in user and their plan (GET /api/auth/getUser, GET /api/subscription/details — both cached by
 * React Query and refetched here so the figures are current), runs the subscription gate machine to its
 * end with the real actor slots, opens the dialog the machine chose when blocked, and says whether
 * the generation may go on.
 */
import { useCallback } from 'react';
import type { AppServices } from '@/core/services';
import type { AppActors } from './app-actors';
import { useServices } from '@/core/services';
import { useAppActors } from './app-actors';
import { checkSubscriptionGate, gateInputFromUser, type GateExtras } from '@/actors/subscription-gate';
import type { GateAction, GateOutput } from '@machines/subscription-gate.machine';
import { API_ERROR_DEFAULT_TITLE, SUBSCRIPTION_CHECK_ERROR_MESSAGE } from '@machines/constants';
import { dialog } from '@machines/dialogs';
import { currentUserQuery } from '@/core/current-user';

export type GateOptions = Partial<Pick<GateExtras, 'storybookCount' | 'isImage'>> & { now?: () => number };

export async function runGate(
  services: AppServices,
  actors: Pick<AppActors, 'dialogs' | 'inspect'>,
  action: GateAction,
  options: GateOptions = {},
): Promise<GateOutput> {
  const { $api, api, queryClient } = services;
  let outcome: GateOutput;
  try {
    // staleTime 0: the limits must be the server's current ones, not a cached page-load copy
    const [userReply, detailsReply] = await Promise.all([
      queryClient.fetchQuery({ ...currentUserQuery($api), staleTime: 0, retry: false }),
      queryClient.fetchQuery({ ...$api.queryOptions('get', '/api/subscription/details'), staleTime: 0, retry: false }),
    ]);
    const input = gateInputFromUser(userReply.data.user, action, (options.now ?? Date.now)(), {
      plan: detailsReply.data.plan,
      storybookCount: options.storybookCount ?? 0,
      isImage: options.isImage ?? false,
    });
    outcome = await checkSubscriptionGate(api, input, { inspect: actors.inspect });
  } catch {
    // 01 §4 step 9: any failure while checking blocks with 'Something went wrong!.'
    outcome = { allowed: false, dialog: dialog('api-error', { title: API_ERROR_DEFAULT_TITLE, message: SUBSCRIPTION_CHECK_ERROR_MESSAGE }) };
  }
  if (!outcome.allowed) actors.dialogs.send({ type: 'dialog.open', dialog: outcome.dialog });
  return outcome;
}

/** `const gate = useGate(); if (!(await gate('chat')).allowed) return;` */
export function useGate() {
  const services = useServices();
  const actors = useAppActors();
  return useCallback((action: GateAction, options?: GateOptions) => runGate(services, actors, action, options), [services, actors]);
}
