import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/core/services';
import { isRazorpayEligible, startPlanCheckout, type Frequency, type PayMethod, type Plan, type User } from './checkout';
import { useApiErrorDialog } from './use-account';

/** Where the browser goes to pay; replaced in tests. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  open: (url: string) => void window.open(url, '_blank', 'noopener,noreferrer'),
  /**
   * A new tab opened now (inside the click, so pop-up blockers allow it) and pointed at an address later,
   * once a call returned it (01 §7 "short_url, opened in a new tab").
   */
  openPending: (): { go: (url: string) => void; close: () => void } => {
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    return {
      go: (url) => {
        if (win && !win.closed) win.location.href = url;
        else window.open(url, '_blank', 'noopener,noreferrer');
      },
      close: () => win?.close(),
    };
  },
};

/**
 * The payment of a plan from a pricing card: the payment method (RazorPay only for eligible users, 01 §6),
 * the payment-in-progress flag that disables every payment button (01 §4), the Paddle fallback (01 §4)
 * and the API-error dialog when nothing could be started (01 §8).
 */
export function usePlanCheckout(user: User | undefined, via: 'checkout' | 'manage' = 'checkout') {
  const { api, $api, tokens } = useServices();
  const signedIn = tokens.get() !== null;
  const methods = useQuery({ ...$api.queryOptions('get', '/api/payment-method-list'), enabled: signedIn && !!user });
  const razorpay = isRazorpayEligible(user, typeof document !== 'undefined' ? document.cookie : '', methods.data?.data);
  const [method, setMethod] = useState<PayMethod>('card');
  const [payingPlan, setPayingPlan] = useState<number | null>(null);
  const [paddleOpen, setPaddleOpen] = useState(false);
  const showError = useApiErrorDialog();

  const pay = useCallback(
    async (plan: Plan, frequency: Frequency, offer: boolean) => {
      if (payingPlan !== null) return;
      setPayingPlan(plan.id);
      setPaddleOpen(false);
      try {
        const result = await startPlanCheckout({
          api,
          plan,
          frequency,
          offer,
          method: razorpay ? method : 'card',
          user,
          via: user && user.user_subscription.plan_id !== 1 && user.user_subscription.status === 'active' ? via : 'checkout',
          assign: browser.assign,
        });
        if (result === 'paddle') {
          setPaddleOpen(true);
          setPayingPlan(null);
        }
        // 'redirected': the flag stays on while the browser leaves for the checkout.
      } catch (error) {
        setPayingPlan(null);
        showError(error);
      }
    },
    [api, payingPlan, razorpay, method, user, via, showError],
  );

  return { pay, payingPlan, inProgress: payingPlan !== null, razorpay, method, setMethod, paddleOpen };
}
