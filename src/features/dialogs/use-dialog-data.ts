/**
 * What the dialogs read from the API, through the same query options as the shell (so the cache is
 * shared: opening a dialog does not fetch the signed-in user again).
 */
import { useCallback } from 'react';
import { useAppActors } from '@/state/app-actors';
import type { Plan } from '@/core/plans';
import type { DialogRequest } from '@machines/dialogs';
import { PLAN_ID } from '@machines/constants';
import type { DialogActions } from './dialog-actions';

import type { User } from '@/core/current-user';
import { paths, accountPaths } from '@/core/paths';
export type { User };

export function planById(plans: Plan[] | undefined, id: number): Plan | undefined {
  return plans?.find((p) => p.id === id);
}

/** Money as the pricing pages show it: '$15', '$12.50'. */
export function formatUsd(amount: number): string {
  return `$${Number.isInteger(amount) ? amount.toLocaleString('en-US') : amount.toFixed(2)}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Moves from one dialog to another: closes the open one, then opens the next (the manager queues it). */
export function useSwapDialog(actions: DialogActions) {
  const { dialogs } = useAppActors();
  return useCallback(
    (next: DialogRequest) => {
      actions.close();
      dialogs.send({ type: 'dialog.open', dialog: next });
    },
    [actions, dialogs],
  );
}

/**
 * Where an "Upgrade" of a dialog leads, by the upgrade button's rules (01 §4): monthly disabled and a
 * paid plan → the subscription section; plan 1 → the upgrade (pricing) dialog; plan 2 → /offer-pricing;
 * plan 3 and office plans → /pricing. Unknown user (still loading, signed out) → /pricing.
 */
export type UpgradeTarget = { kind: 'dialog'; dialog: DialogRequest } | { kind: 'navigate'; to: string };
export function upgradeTarget(user: User | undefined): UpgradeTarget {
  if (!user) return { kind: 'navigate', to: paths.pricing };
  const planId = user.user_subscription.plan_id;
  if (user.is_monthly_disabled && planId !== PLAN_ID.free) return { kind: 'navigate', to: accountPaths.subscription };
  if (planId === PLAN_ID.free) return { kind: 'dialog', dialog: { name: 'pricing' } };
  if (planId === PLAN_ID.plus) return { kind: 'navigate', to: paths.offerPricing };
  return { kind: 'navigate', to: paths.pricing };
}

/** Close-then-navigate and the upgrade action, for buttons. */
export function useDialogNav(actions: DialogActions) {
  const swap = useSwapDialog(actions);
  const go = useCallback(
    (to: string) => {
      actions.close();
      actions.navigate(to);
    },
    [actions],
  );
  const upgrade = useCallback(
    (user: User | undefined) => {
      const t = upgradeTarget(user);
      if (t.kind === 'dialog') swap(t.dialog);
      else go(t.to);
    },
    [go, swap],
  );
  return { go, swap, upgrade };
}
