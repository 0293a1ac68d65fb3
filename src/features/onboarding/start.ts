import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, type User } from '@/core/current-user';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';

type OnboardingFacts = Pick<User, 'id' | 'isFirstLogin' | 'is_onboard' | 'is_onboard_skipped'>;

/**
 * Where the dashboard start sends a signed-in user (01 §2 start-up, 03 §9 "Dashboard start"):
 * impersonation → stay (/home); onboarded or skipped → stay; otherwise → /onboarding.
 *
 * Choice: a first login is not redirected. It sees the welcome dialog first, and the dialog chain
 * (welcome → offer → onboarding after 50 ms, 01 §2 / §9) leads it to /onboarding — redirecting at once
 * would skip the welcome and offer the spec puts first. 01 §2 also says "or was skipped with a recorded
 * login time"; 03 §9 says only users who did not skip are sent, and we follow 03: a skip is respected.
 */
export function onboardingRedirect(user: OnboardingFacts, impersonating: boolean): '/onboarding' | null {
  if (impersonating) return null;
  if (user.is_onboard === 1 || user.is_onboard_skipped === 1) return null;
  if (user.isFirstLogin) return null;
  return '/onboarding';
}

/** Users whose welcome was opened in this page's life (React may run an effect twice). */
const welcomed = new Set<number>();
/** The redirect is the dashboard start's ("on first load", 03 §9): once per page life. */
const started = new Set<number>();

/**
 * Pages a not-onboarded user may open without being sent to onboarding first: the plans and the account
 * pages, and any return from a checkout (its parameters, see RETURN_PARAMS in billing/checkout-return.tsx) —
 * a payment being activated must not be interrupted.
 */
export function isExemptFromOnboarding(pathname: string, search: string): boolean {
  if (['/pricing', '/offer-pricing', '/credit-based'].includes(pathname)) return true;
  const q = new URLSearchParams(search);
  return ['session_id', 'razorpay_payment_id', 'checkout'].some((k) => q.has(k));
}

/**
 * The dashboard start for the signed-in user: hands the onboarding flags to the dialog machine (its chain
 * decides where the offer dialog closes to), opens the welcome dialog once on a first login (recording it
 * with POST /api/isFirstLogin so it never shows again), or sends a user who has neither finished nor
 * skipped onboarding to /onboarding. Nothing of this runs in impersonation: an admin looking at a user's
 * account must not consume the user's welcome or be pushed through their onboarding.
 */
export function useOnboardingStart(user: OnboardingFacts | undefined, impersonating: boolean) {
  const { dialogs } = useAppActors();
  const { api, $api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!user) return;
    // "stored flags" of 01 §2: the spec names no such flag that this app stores, so none is ever set.
    dialogs.send({
      type: 'dialog.flags',
      flags: { isOnboarded: user.is_onboard === 1, isOnboardSkipped: user.is_onboard_skipped === 1, storedFlags: {} },
    });
    if (impersonating) return;
    // Once the welcome opened, the dialog chain owns the way to onboarding (even after isFirstLogin is cleared).
    if (welcomed.has(user.id)) return;
    if (user.isFirstLogin && user.is_onboard !== 1) {
      welcomed.add(user.id);
      dialogs.send({ type: 'dialog.open', dialog: { name: 'welcome' } });
      // Best effort: if it fails the welcome may show once more on the next visit, nothing else is lost.
      void api
        .POST('/api/isFirstLogin')
        .then(({ data }) => {
          if (data) queryClient.setQueryData(currentUserQuery($api).queryKey, { data: { user: data.data.user } });
        })
        .catch(() => {});
      return;
    }
    if (started.has(user.id)) return;
    started.add(user.id);
    const to = onboardingRedirect(user, impersonating);
    if (to && !isExemptFromOnboarding(window.location.pathname, window.location.search)) navigate(to, { replace: true });
  }, [user, impersonating, dialogs, api, $api, queryClient, navigate]);
}
