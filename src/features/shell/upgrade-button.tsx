/**
 * The header's upgrade button (01 §4 "Upgrade button behaviour by plan_id", 01 §6 "Pro yearly sees no upgrade
 * button", 01 §9 "upgrade animation every 30 s for 1.5 s"), driven by machines/upgrade-button.machine.ts through
 * its one wiring, useUpgradeButton (src/state/upgrade-button.ts):
 *  - plan 1: opens the upgrade (pricing) dialog; shows the offer title and price with a clock mark and bounces
 *    for 1.5 s every 30 s (a CSS animation; with prefers-reduced-motion a colour pulse replaces the movement);
 *  - plan 2 → /offer-pricing; plan 3 (and office plans) → /pricing;
 *  - monthly disabled and plan ≠ 1 → /credit-based?target=subscription, or a scroll to the upgrade section when
 *    already there (the section of /credit-based with id 'priceSection', 01 §2 "section=priceSection");
 *  - hidden for plan 3 on yearly payment.
 * The offer shown to plan 1 is the Plus plan's (01 §4 offer upsell: free goes to the Plus offer), read from
 * GET /api/plansList; until it loads (or when a plan has no offer) the button reads 'Upgrade'.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { useServices } from '@/core/services';
import { useUpgradeButton, type UpgradeButtonPlan } from '@/state/upgrade-button';
import { SparklesIcon } from '@/ui/icons';
import { offerUpsell } from '@machines/upgrade-button.machine';
import { PLAN_ID, UPGRADE_BOUNCE_DURATION_MS } from '@machines/constants';
import { UPGRADE_MESSAGES as M } from './messages';

/** The bounce: a small hop with a squash, then still (the machine switches it on for 1.5 s every 30 s). */
const KEYFRAMES = `@keyframes shell-upgrade-bounce {
  0%, 100% { transform: translateY(0) }
  15% { transform: translateY(-5px) }
  30% { transform: translateY(0) scale(1.03, 0.97) }
  45% { transform: translateY(-3px) }
  60% { transform: translateY(0) }
  75% { transform: translateY(-1px) }
}
@keyframes shell-upgrade-glow {
  0%, 100% { box-shadow: 0 0 0 0 transparent }
  50% { box-shadow: 0 0 0 4px var(--colors-accent-muted) }
}`;

const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '9',
  px: { base: '2.5', sm: '3.5' },
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  bg: 'accent.default',
  color: 'accent.fg',
  boxShadow: 'sm',
  transition: 'background {durations.fast}',
  _hover: { bg: 'accent.emphasized' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
  '& svg': { width: '4', height: '4', flexShrink: 0 },
  '&[data-bouncing]': {
    animation: `shell-upgrade-bounce ${UPGRADE_BOUNCE_DURATION_MS}ms ease-in-out`,
    _motionReduce: { animation: `shell-upgrade-glow ${UPGRADE_BOUNCE_DURATION_MS}ms ease-in-out` },
  },
});
const offerTitle = css({ display: { base: 'none', md: 'inline' }, fontWeight: 'medium' });
const price = css({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: '0.5',
  px: '1.5',
  py: '0.5',
  borderRadius: 'sm',
  // An opaque pill (a translucent black over the animated button left axe unable to prove, and the
  // faded per-month text short of, 4.5:1): white on brand.700 is about 7:1.
  bg: 'accent.emphasized',
  color: 'accent.fg',
  fontVariantNumeric: 'tabular-nums',
});
const perMonth = css({ fontSize: 'xs', fontWeight: 'medium' });
const srOnly = css({ srOnly: true });

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" data-icon="clock">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function formatPrice(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

export function UpgradeButton({ planId, paymentFrequency, isMonthlyDisabled }: UpgradeButtonPlan) {
  // A new plan (after a purchase) starts a new machine: its first state depends on the input.
  return (
    <UpgradeButtonFor
      key={`${planId}-${paymentFrequency}-${isMonthlyDisabled}`}
      planId={planId}
      paymentFrequency={paymentFrequency}
      isMonthlyDisabled={isMonthlyDisabled}
    />
  );
}

function UpgradeButtonFor({ planId, paymentFrequency, isMonthlyDisabled }: UpgradeButtonPlan) {
  const { $api } = useServices();
  const { hidden, bouncing, click } = useUpgradeButton({ planId, paymentFrequency, isMonthlyDisabled });

  // Plan 1 shows the offer of the plan it is upsold to (01 §4 offer upsell: free → Plus).
  const isFree = planId === PLAN_ID.free;
  const plans = useQuery({ ...$api.queryOptions('get', '/api/plansList'), enabled: isFree && !hidden });
  const offer = useMemo(() => {
    if (!isFree) return null;
    const target = offerUpsell(planId, paymentFrequency) === 'pro' ? PLAN_ID.pro : PLAN_ID.plus;
    const plan = plans.data?.data.find((p) => p.id === target);
    return plan?.offer_title && plan.offer_price != null ? { title: plan.offer_title, price: plan.offer_price } : null;
  }, [isFree, planId, paymentFrequency, plans.data]);

  if (hidden) return null;

  return (
    <>
      {isFree && (
        <style href="shell-upgrade-keyframes" precedence="default">
          {KEYFRAMES}
        </style>
      )}
      <button
        type="button"
        className={cx(button)}
        data-bouncing={bouncing || undefined}
        data-plan={planId}
        onClick={click}
      >
        {isFree ? <ClockIcon /> : <SparklesIcon />}
        {offer ? (
          <>
            <span className={srOnly}>{M.upgradePrefix}</span>{' '}
            <span className={offerTitle}>{offer.title}</span>{' '}
            <span className={price}>
              {formatPrice(offer.price)}
              <span className={perMonth}>{M.perMonth}</span>
            </span>
          </>
        ) : (
          M.upgrade
        )}
      </button>
    </>
  );
}
