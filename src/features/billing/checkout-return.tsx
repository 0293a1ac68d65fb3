import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { css } from 'styled-system/css';
import { useServices } from '@/core/services';
import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import { isApiError } from '@/api/errors';
import { Spinner } from '@/ui/spinner';
import { CheckCircleIcon, XCircleIcon } from '@/ui/icons';
import { SUBSCRIPTION_TEXT as s } from './messages';
import { useRefreshAccount } from './use-account';
import { useCurrentUser } from '@/core/current-user';

type SubscriptionReply = components['schemas']['SubscriptionReply'];
type Outcome = { status: 'working' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** The return parameters a checkout appends (server RETURN_PATHS; Stripe session_id, RazorPay razorpay_payment_id). */
export const RETURN_PARAMS = ['session_id', 'razorpay_payment_id', 'checkout'] as const;

/** Each returned payment is confirmed once per page load (StrictMode mounts twice; the call is idempotent anyway). */
const calls = new Map<string, Promise<string>>();
function once(key: string, run: () => Promise<string>): Promise<string> {
  let call = calls.get(key);
  if (!call) {
    call = run();
    calls.set(key, call);
  }
  return call;
}

/** Analytics hand-off of the payment (01 §7 "returns google_data"): pushed to a tag manager when one is present. */
async function recordPayment(api: ApiClient, paymentId: string, userId: number) {
  try {
    const { data } = await api.POST('/api/update-payment-status', { body: { payment_id: paymentId, user_id: userId } });
    const w = globalThis as { dataLayer?: unknown[] };
    if (data?.google_data && Array.isArray(w.dataLayer)) w.dataLayer.push({ event: 'purchase', ecommerce: data.google_data });
    return data?.message;
  } catch {
    return undefined; // the payment itself is recorded; analytics is best effort
  }
}

function planLine(reply: SubscriptionReply): string {
  return s.activated(reply.data.user_subscription.plan.title);
}

/**
 * The return from a checkout to /credit-based (01 §7 Billing): Stripe subscription → GET
 * /api/subscription/activateStripeSubscription?session_id, RazorPay → POST /api/razorpay-payment; credit packs
 * are recorded by the payment itself. The outcome is shown, the user, details, payments and credits are fetched
 * again (the shell's credits bar follows), and the return parameters leave the address.
 */
export function CheckoutReturn() {
  const { api } = useServices();
  const { user } = useCurrentUser();
  const refresh = useRefreshAccount();
  const [params, setParams] = useSearchParams();
  const target = params.get('target');
  const sessionId = params.get('session_id');
  const razorpayId = params.get('razorpay_payment_id');
  const failed = params.get('checkout') === 'failed';
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    failed ? { status: 'failed', message: s.paymentFailed } : sessionId || razorpayId ? { status: 'working' } : null,
  );

  useEffect(() => {
    if (!sessionId && !razorpayId && !failed) return;
    const clearParams = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of RETURN_PARAMS) next.delete(k);
          return next;
        },
        { replace: true },
      );
    if (failed) {
      clearParams();
      return;
    }
    if (!user) return; // wait for the user (RazorPay confirmation and the payment record need the id)
    let live = true;
    const key = (sessionId ?? razorpayId)!;
    once(key, async () => {
      if (razorpayId) {
        const { data } = await api.POST('/api/razorpay-payment', { body: { razorpay_payment_id: razorpayId, user_id: user.id } });
        return planLine(data!);
      }
      if (target === 'topup-credits') {
        await recordPayment(api, sessionId!, user.id);
        return s.creditsAdded;
      }
      const { data } = await api.GET('/api/subscription/activateStripeSubscription', { params: { query: { session_id: sessionId! } } });
      void recordPayment(api, sessionId!, user.id);
      return planLine(data!);
    }).then(
      async (message) => {
        await refresh();
        if (!live) return;
        setOutcome({ status: 'done', message });
        clearParams();
      },
      (e: unknown) => {
        if (!live) return;
        setOutcome({ status: 'failed', message: isApiError(e) ? e.message : s.paymentFailed });
        clearParams();
      },
    );
    return () => {
      live = false;
    };
    // runs when the return parameters or the user arrive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, razorpayId, failed, user?.id]);

  if (!outcome) return null;
  const tone = outcome.status === 'failed' ? 'danger' : outcome.status === 'done' ? 'success' : 'accent';
  return (
    <div
      role={outcome.status === 'failed' ? 'alert' : 'status'}
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        px: '4',
        py: '3',
        mb: '6',
        borderRadius: 'lg',
        borderWidth: '1px',
        fontSize: 'sm',
        fontWeight: 'medium',
        '&[data-tone=success]': { bg: 'success.subtle', color: 'success.text', borderColor: 'success.default' },
        '&[data-tone=danger]': { bg: 'danger.subtle', color: 'danger.text', borderColor: 'danger.default' },
        '&[data-tone=accent]': { bg: 'accent.subtle', color: 'accent.text', borderColor: 'accent.default' },
      })}
      data-tone={tone}
    >
      {outcome.status === 'working' ? <Spinner size="sm" /> : outcome.status === 'done' ? <CheckCircleIcon aria-hidden /> : <XCircleIcon aria-hidden />}
      <span>{outcome.status === 'working' ? s.activating : outcome.message}</span>
    </div>
  );
}
