/**
 * Offer and payment dialogs: offer (part of the dialog chain, 01 §4), payment-method,
 * payment-with-offer and reward.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import type { CheckoutChoice } from '@machines/dialogs';
import { offerUpsell } from '@machines/upgrade-button.machine';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { HistoryIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import type { components } from '@contract/schema.gen';
import type { DialogActions } from './dialog-actions';
import { assignLocation } from './browser';
import { checkoutFor } from './checkout';
import { Frame, styles } from './frame';
import { DIALOG_MESSAGES, MISC_TEXT, OFFER_TEXT, PAYMENT_TEXT, PRICING_TEXT } from './messages';
import { formatUsd, planById } from './use-dialog-data';
import { usePlans } from '@/core/plans';
import { useCurrentUser } from '@/core/current-user';
import { planPrice } from '@/core/plan-catalogue';
import { paths } from '@/core/paths';

type PaymentSetting = components['schemas']['PaymentSetting'];

/**
 * 01 §2 offer / §4 "Offer upsell: free goes to the Plus offer, Plus to the Pro offer, Pro monthly to the
 * Pro offer". Title and prices come from the upsell plan (offer_title, offer_price, price_monthly).
 * Closing runs the dialog chain (onboarding or greetings); 'Claim Offer' goes to /offer-pricing and
 * ends the chain there — the user asked to buy, so no onboarding detour on top of the offer page.
 */
export function OfferDialog({ actions }: { actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { plans, isLoading } = usePlans();
  const { dialogs } = useAppActors();
  const sub = user?.user_subscription;
  const upsell = sub ? offerUpsell(sub.plan_id, sub.payment_frequency) : 'plus';
  const plan = planById(plans, upsell === 'pro' || upsell === null ? PLAN_ID.pro : PLAN_ID.plus);
  const offerPrice = plan?.offer_price ?? null;
  const claim = () => {
    dialogs.send({ type: 'dialog.closeAll' });
    actions.navigate(paths.offerPricing);
  };
  return (
    <Frame
      title={plan?.offer_title || OFFER_TEXT.fallbackTitle}
      description={OFFER_TEXT.body}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {OFFER_TEXT.later}
          </Button>
          <Button onClick={claim}>{OFFER_TEXT.claim}</Button>
        </>
      }
    >
      {isLoading ? (
        <div className={styles.center}>
          <Spinner label={OFFER_TEXT.fallbackTitle} />
        </div>
      ) : (
        plan && (
          <div className={styles.panel}>
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '2' })}>
              <strong>{OFFER_TEXT.planLine(plan.title)}</strong>
              {/* 01 §4: the offer shows with a clock mark */}
              <Badge tone="new" className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
                <HistoryIcon aria-hidden width={12} height={12} />
                {OFFER_TEXT.clock}
              </Badge>
            </div>
            <p className={css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' })}>
              {offerPrice !== null && offerPrice > 0 && offerPrice < plan.price_monthly ? (
                <>
                  <span className={styles.visuallyHidden}>{OFFER_TEXT.now}</span>
                  <span className={styles.price}>{formatUsd(offerPrice)}</span>
                  <span className={styles.visuallyHidden}>{OFFER_TEXT.was}</span>
                  <s className={styles.strike}>{formatUsd(plan.price_monthly)}</s>
                </>
              ) : (
                <span className={styles.price}>{formatUsd(plan.price_monthly)}</span>
              )}
              <span className={styles.muted}>{PRICING_TEXT.perMonth}</span>
            </p>
          </div>
        )
      )}
    </Frame>
  );
}

/** The gateways this client can complete (the others have no call in 01 §7 the browser could make). */
const SUPPORTED: PaymentSetting['title'][] = ['Stripe', 'RazorPay'];

/**
 * 01 §2 payment-method / payment-with-offer: the methods of GET /api/payment-method-list (the server
 * already leaves only the card for is_rewardful users, 01 §6), then the checkout of 01 §7:
 * Stripe → GET /api/subscription/stripeCheckout/{plan}/{frequency}[/offer] and a redirect to its url;
 * RazorPay → POST /api/razorpay-payment-link and its short_url. A payment in progress disables the
 * buttons (01 §4). Paddle and Cashfree are listed by the API but have no browser call in the spec, so
 * they are not offered here.
 */
export function PaymentDialog({ offer, checkout, actions }: { offer: boolean; checkout?: CheckoutChoice; actions: DialogActions }) {
  const { api, $api } = useServices();
  const { user } = useCurrentUser();
  const { plans } = usePlans();
  const methods = useQuery($api.queryOptions('get', '/api/payment-method-list'));
  const [chosen, setChosen] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const choice = checkoutFor(user, offer, checkout);
  const plan = planById(plans, choice.planId);
  const available = (methods.data?.data ?? []).filter((m) => SUPPORTED.includes(m.title));
  const selected = available.find((m) => m.id === chosen) ?? available[0];
  // the price the server charges (the offer applies pro rata to a yearly payment)
  const price = plan ? planPrice(plan, choice.frequency, offer) : null;

  async function pay() {
    if (!selected || paying) return;
    setPaying(true);
    setFailed(null);
    try {
      if (selected.title === 'RazorPay') {
        const { data } = await api.POST('/api/razorpay-payment-link', {
          body: { plan_id: choice.planId, type: choice.frequency, offer: choice.offer },
        });
        assignLocation(data!.short_url);
      } else {
        const params = { path: { plan: choice.planId, frequency: choice.frequency } };
        const { data } = choice.offer
          ? await api.GET('/api/subscription/stripeCheckout/{plan}/{frequency}/offer', { params })
          : await api.GET('/api/subscription/stripeCheckout/{plan}/{frequency}', { params });
        assignLocation(data!.url);
      }
    } catch (e) {
      setFailed((e as { message?: string })?.message || DIALOG_MESSAGES.apiError.message);
      setPaying(false);
    }
  }

  return (
    <Frame
      title={offer ? PAYMENT_TEXT.offerTitle : PAYMENT_TEXT.title}
      description={
        plan && price !== null
          ? PAYMENT_TEXT.description(plan.title, formatUsd(price), choice.frequency === 'monthly' ? PAYMENT_TEXT.monthly : PAYMENT_TEXT.yearly)
          : undefined
      }
      busy={paying}
      footer={
        <>
          <Button variant="outline" onClick={actions.close} disabled={paying}>
            {DIALOG_MESSAGES.cancel}
          </Button>
          <Button onClick={() => void pay()} loading={paying} disabled={!selected}>
            {PAYMENT_TEXT.pay}
          </Button>
        </>
      }
    >
      {methods.isLoading ? (
        <div className={styles.center}>
          <Spinner label={PAYMENT_TEXT.methods} />
        </div>
      ) : methods.isError ? (
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <p className={styles.error}>{PAYMENT_TEXT.loadFailed}</p>
          <Button size="sm" variant="outline" onClick={() => void methods.refetch()}>
            {PAYMENT_TEXT.retry}
          </Button>
        </div>
      ) : available.length === 0 ? (
        <p className={styles.muted}>{PAYMENT_TEXT.noMethods}</p>
      ) : (
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} disabled={paying}>
          <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>{PAYMENT_TEXT.methods}</legend>
          {available.map((m) => (
            <label key={m.id} className={styles.choice}>
              <input type="radio" name="payment-method" value={m.id} checked={selected?.id === m.id} onChange={() => setChosen(m.id)} />
              <span>
                <span className={css({ display: 'block', fontWeight: 'medium' })}>{m.title}</span>
                {m.description && <span className={styles.muted}>{m.description}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
      <p className={styles.muted}>{PAYMENT_TEXT.note}</p>
    </Frame>
  );
}

/** 01 §2 reward: points to the win-free-credits page (/rewards, shown when the rewards flag is 1). */
export function RewardDialog({ actions }: { actions: DialogActions }) {
  const t = MISC_TEXT.reward;
  return (
    <Frame
      title={t.title}
      description={t.body}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.later}
          </Button>
          <Button
            onClick={() => {
              actions.close();
              actions.navigate(paths.rewards);
            }}
          >
            {t.go}
          </Button>
        </>
      }
    />
  );
}
