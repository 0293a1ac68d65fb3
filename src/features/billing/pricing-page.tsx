import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { css } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { InfoIcon } from '@/ui/icons';
import type { Frequency, Plan } from './checkout';
import { PRICING_PAGE as t } from './messages';
import { BillingToggle, MethodPicker, PlanCards } from './plan-cards';
import { usePlans } from '@/core/plans';
import { useCurrentUser } from '@/core/current-user';
import { usePlanCheckout } from './use-plan-checkout';
import { paths } from '@/core/paths';

export const pageBox = css({ maxW: '6xl', mx: 'auto', w: 'full', px: { base: '4', md: '8' }, py: { base: '8', md: '12' } });
const head = css({ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', mb: '8' });
export const noteBox = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  color: 'fg.muted',
  justifyContent: 'center',
  mt: '6',
  '& svg': { flexShrink: 0 },
});

/**
 * /pricing and /offer-pricing (01 §2, public). Plans come from GET /api/plansList; checkout goes through
 * GET /api/subscription/stripeCheckout/{plan}/{frequency} (with /offer on the offer page), RazorPay for
 * eligible Indian users, Paddle when Stripe fails (01 §4, §6, §7). Users with monthly disabled see annual
 * pricing only. A visitor who is not signed in is sent to sign in first and comes back here.
 */
export function PricingPage({ offer = false }: { offer?: boolean }) {
  const { user, signedIn } = useCurrentUser();
  const { plans, isLoading, isError, refetch } = usePlans();
  const navigate = useNavigate();
  const location = useLocation();
  const monthlyDisabled = user?.is_monthly_disabled === 1;
  const [chosen, setChosen] = useState<Frequency>('monthly');
  const frequency: Frequency = monthlyDisabled ? 'yearly' : chosen;
  const checkout = usePlanCheckout(user, 'checkout');

  const choose = (plan: Plan) => {
    if (!signedIn) {
      navigate(paths.loginThen(location.pathname + location.search));
      return;
    }
    void checkout.pay(plan, frequency, offer);
  };

  const offerTitle = offer ? plans.find((p) => p.id !== PLAN_ID.free && p.offer_title)?.offer_title : null;

  return (
    <section className={pageBox} aria-labelledby="pricing-title">
      <div className={head}>
        <h1 id="pricing-title" className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.02em' })}>
          {offer ? offerTitle || t.offerTitleFallback : t.title}
        </h1>
        <p className={css({ color: 'fg.muted', maxW: '2xl' })}>{offer ? t.offerSubtitle : t.subtitle}</p>
        <BillingToggle value={frequency} onChange={setChosen} monthlyDisabled={monthlyDisabled} plans={plans} />
        {checkout.razorpay && <MethodPicker value={checkout.method} onChange={checkout.setMethod} disabled={checkout.inProgress} />}
      </div>
      {isLoading ? (
        <div className={css({ display: 'flex', justifyContent: 'center', py: '12' })}>
          <Spinner label={t.title} />
        </div>
      ) : isError ? (
        <div role="alert" className={css({ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' })}>
          <p>{t.loadFailed}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <PlanCards
          plans={plans}
          frequency={frequency}
          offer={offer}
          user={user}
          signedIn={signedIn}
          paidOnly={offer}
          payingPlan={checkout.payingPlan}
          onChoose={choose}
        />
      )}
      {checkout.paddleOpen && (
        <p role="status" className={noteBox}>
          {t.paddleOpened}
        </p>
      )}
      <p className={noteBox}>
        <InfoIcon aria-hidden width={16} height={16} />
        {t.note}
      </p>
    </section>
  );
}

export function OfferPricingPage() {
  return <PricingPage offer />;
}
