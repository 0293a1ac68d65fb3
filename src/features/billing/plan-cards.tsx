import { Link } from 'react-router-dom';
import { css, cx } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { CheckIcon } from '@/ui/icons';
import { hasOffer, isUpgrade, perMonth, planPrice, type Frequency, type PayMethod, type Plan, type User } from './checkout';
import { formatUsd } from './format';
import { PRICING_PAGE as t } from './messages';
import { paths } from '@/core/paths';
import { bestYearlySaving, planAllowances } from '@/core/plan-catalogue';

const segmented = css({
  display: 'inline-flex',
  p: '1',
  gap: '1',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'full',
});
const segment = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  py: '1.5',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  transition: 'background {durations.fast}, color {durations.fast}',
  _hover: { color: 'fg.default' },
  // The selected option is an inverted pill: bg.inverted on the bg.subtle track is ≥ 3:1 in light and dark
  // (bg.surface on it was about 1.1:1 in dark), and its fg.inverted text ≥ 4.5:1.
  '&[aria-pressed=true]': { bg: 'bg.inverted', color: 'fg.inverted', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
});
const save = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'success.text', '[aria-pressed=true] > &': { color: 'inherit' } });

/**
 * Monthly / Annually (01 §3 pricing cards: "Annually … (save up to 20%)"). Users with monthly billing disabled
 * see only annual pricing (01 §6). The saving is the catalogue's largest yearly discount, so it always matches
 * the prices on the cards.
 */
export function BillingToggle({
  value,
  onChange,
  monthlyDisabled,
  plans,
}: {
  value: Frequency;
  onChange: (f: Frequency) => void;
  monthlyDisabled: boolean;
  plans: readonly Plan[] | undefined;
}) {
  const saving = bestYearlySaving(plans);
  return (
    <div role="group" aria-label={t.billingPeriod} className={segmented}>
      {!monthlyDisabled && (
        <button type="button" className={segment} aria-pressed={value === 'monthly'} onClick={() => onChange('monthly')}>
          {t.monthly}
        </button>
      )}
      <button type="button" className={segment} aria-pressed={value === 'yearly'} onClick={() => onChange('yearly')}>
        {t.annually}
        {saving !== null && <span className={save}>({t.saveUpTo(saving)})</span>}
      </button>
    </div>
  );
}

/** Card or RazorPay, shown only to users who may pay with RazorPay (01 §6). */
export function MethodPicker({ value, onChange, disabled }: { value: PayMethod; onChange: (m: PayMethod) => void; disabled?: boolean }) {
  return (
    <div role="group" aria-label={t.paymentMethod} className={segmented}>
      <button type="button" className={segment} aria-pressed={value === 'card'} onClick={() => onChange('card')} disabled={disabled}>
        {t.payByCard}
      </button>
      <button type="button" className={segment} aria-pressed={value === 'razorpay'} onClick={() => onChange('razorpay')} disabled={disabled}>
        {t.payByRazorpay}
      </button>
    </div>
  );
}

const grid = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(240px, 1fr))' },
  alignItems: 'stretch',
});
const card = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '6',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  boxShadow: 'sm',
});
const popular = css({ borderColor: 'accent.default', borderWidth: '2px', boxShadow: 'md' });
const priceLine = css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' });
const price = css({ fontSize: '3xl', fontWeight: 'bold', letterSpacing: '-0.02em', fontVariantNumeric: 'tabular-nums' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm', flex: '1' });
const item = css({ display: 'flex', gap: '2', alignItems: 'flex-start', '& svg': { color: 'success.text', flexShrink: 0, mt: '0.5' } });
const srOnly = css({ srOnly: true });

export interface PlanCardsProps {
  plans: Plan[];
  frequency: Frequency;
  offer: boolean;
  user: User | undefined;
  signedIn: boolean;
  /** hide the free plan (offer page, upgrade section) */
  paidOnly?: boolean;
  /** show only plans the user may move to (upgrade section) */
  upgradesOnly?: boolean;
  payingPlan: number | null;
  onChoose: (plan: Plan) => void;
  headingLevel?: 'h2' | 'h3';
}

/**
 * One card per plan of GET /api/plansList: title, price for the period (the offer price struck against the
 * regular one on the offer page), the plan's allowances from the catalogue and the 01 §6 features, and the
 * action: 'Current plan', 'Upgrade to …', or sign in first. Pro is marked most popular (01 §3 "Enterprise …
 * (most popular)": the catalogue sells the spec's two paid tiers as Plus and Pro).
 */
export function PlanCards({ plans, frequency, offer, user, signedIn, paidOnly, upgradesOnly, payingPlan, onChoose, headingLevel = 'h2' }: PlanCardsProps) {
  const sub = user?.user_subscription;
  const shown = plans.filter((p) => {
    if ((paidOnly || upgradesOnly) && p.id === PLAN_ID.free) return false;
    if (offer && !hasOffer(p)) return false;
    if (upgradesOnly && !isUpgrade(user, p, frequency)) return false;
    return true;
  });
  const Heading = headingLevel;
  return (
    <div className={grid}>
      {shown.map((plan) => {
        const current = !!sub && sub.plan_id === plan.id && sub.status === 'active' && (plan.id === PLAN_ID.free || sub.payment_frequency === frequency);
        const upgrade = isUpgrade(user, plan, frequency);
        const isPopular = plan.id === PLAN_ID.pro;
        const amount = perMonth(plan, frequency, offer);
        const regular = perMonth(plan, frequency, false);
        const features = [...planAllowances(plan), ...(t.features[plan.id] ?? [])];
        return (
          <article key={plan.id} className={cx(card, isPopular && popular)} aria-labelledby={`plan-${plan.id}-title`}>
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
              <Heading id={`plan-${plan.id}-title`} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
                {plan.title}
              </Heading>
              {isPopular && <Badge tone="beta">{t.mostPopular}</Badge>}
              {offer && <Badge tone="new">{plan.offer_title || t.offerBadge}</Badge>}
            </div>
            <div>
              <p className={priceLine}>
                {offer && amount < regular ? (
                  <>
                    <span className={srOnly}>{t.offerPrice}</span>
                    <span className={price}>{formatUsd(amount)}</span>
                    <span className={srOnly}>{t.regularPrice}</span>
                    <s className={css({ color: 'fg.muted', fontSize: 'lg' })}>{formatUsd(regular)}</s>
                  </>
                ) : (
                  <span className={price}>{plan.id === PLAN_ID.free ? formatUsd(0) : formatUsd(amount)}</span>
                )}
                <span className={muted}>{t.perMonth}</span>
              </p>
              {frequency === 'yearly' && plan.id !== PLAN_ID.free && (
                <p className={muted}>{t.billedYearly(formatUsd(planPrice(plan, 'yearly', offer)))}</p>
              )}
            </div>
            <ul className={list}>
              {features.map((f) => (
                <li key={f} className={item}>
                  <CheckIcon aria-hidden width={16} height={16} />
                  {f}
                </li>
              ))}
            </ul>
            {current ? (
              <Button variant="outline" fullWidth disabled>
                {t.currentPlan}
              </Button>
            ) : plan.id === PLAN_ID.free ? (
              !signedIn && (
                <Button asChild variant="outline" fullWidth>
                  <Link to={paths.register}>{t.getStarted}</Link>
                </Button>
              )
            ) : !signedIn ? (
              <Button fullWidth variant={isPopular ? 'solid' : 'outline'} onClick={() => onChoose(plan)}>
                {t.signInToBuy}
              </Button>
            ) : upgrade ? (
              <Button
                fullWidth
                variant={isPopular ? 'solid' : 'outline'}
                onClick={() => onChoose(plan)}
                disabled={payingPlan !== null}
                loading={payingPlan === plan.id}
                loadingText={t.redirecting}
              >
                {sub && sub.plan_id === plan.id ? (sub.status === 'active' ? t.switchToYearly : t.resubscribeTo(plan.title)) : t.upgradeTo(plan.title)}
              </Button>
            ) : null}
          </article>
        );
      })}
    </div>
  );
}
