/**
 * Limit and upgrade dialogs: generate-limit (5 types), image-limit-exceeded, image-bg-removal-limit-
 * exceeded, chat-limit-exceeded, upgrade-to-access, feature-access, hd-not-for-free-users, pricing
 * (the upgrade dialog of 01 §4) and pro-upgrade.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { CheckoutChoice, GenerateLimitType } from '@machines/dialogs';
import { PLAN_ID } from '@machines/constants';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { CheckIcon, SparklesIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import type { DialogActions } from './dialog-actions';
import { defaultFrequency } from './checkout';
import { Frame, styles } from './frame';
import { GENERATE_LIMIT_BODY, LIMIT_TEXT, MISC_TEXT, PRICING_TEXT, UPGRADE_TEXT, generateLimitTitle } from './messages';
import { formatUsd, planById, useDialogNav, useSwapDialog, type User } from './use-dialog-data';
import { usePlans } from '@/core/plans';
import { formatPlanCount, hasOffer, planAllowances, planPrice } from '@/core/plan-catalogue';
import { useCurrentUser } from '@/core/current-user';

type Frequency = CheckoutChoice['frequency'];

/**
 * The actions of a limit by plan (01 §6): free 'Upgrade now' and 'Close'; Plus 'Upgrade now' or
 * 'Buy More Credits'; Pro (and office plans) only 'Buy More Credits' and 'Close'.
 */
function PlanUpgradeFooter({ user, actions, upgradeLabel = UPGRADE_TEXT.upgradeNow }: { user: User | undefined; actions: DialogActions; upgradeLabel?: string }) {
  const { upgrade, swap } = useDialogNav(actions);
  const planId = user?.user_subscription.plan_id ?? PLAN_ID.free;
  const buy = (
    <Button variant={planId === PLAN_ID.plus ? 'outline' : 'solid'} onClick={() => swap({ name: 'credit' })}>
      {UPGRADE_TEXT.buyMoreCredits}
    </Button>
  );
  const up = <Button onClick={() => upgrade(user)}>{upgradeLabel}</Button>;
  const close = (
    <Button variant="outline" onClick={actions.close}>
      {UPGRADE_TEXT.close}
    </Button>
  );
  if (planId === PLAN_ID.free) return <>{close}{up}</>;
  if (planId === PLAN_ID.plus) return <>{buy}{up}</>;
  return <>{close}{buy}</>;
}

function LimitIllustration() {
  return (
    <div
      aria-hidden
      className={css({
        alignSelf: 'flex-start',
        display: 'grid',
        placeItems: 'center',
        w: '12',
        h: '12',
        borderRadius: 'full',
        bg: 'accent.subtle',
        color: 'accent.text',
        '& svg': { w: '6', h: '6' },
      })}
    >
      <SparklesIcon />
    </div>
  );
}

/** 01 §2 generate-limit; titles 01 §8 (videoGenerator 02 §6); 'Upgrade now' and 'Close' 01 §6, 'Upgrade Plan' 02 §6. */
export function GenerateLimitDialog({ type, actions }: { type: GenerateLimitType; actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { upgrade } = useDialogNav(actions);
  return (
    <Frame
      media={<LimitIllustration />}
      title={generateLimitTitle(type)}
      description={GENERATE_LIMIT_BODY[type]}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {UPGRADE_TEXT.close}
          </Button>
          <Button onClick={() => upgrade(user)}>{type === 'videoGenerator' ? UPGRADE_TEXT.upgradePlan : UPGRADE_TEXT.upgradeNow}</Button>
        </>
      }
    />
  );
}

/** A limit dialog whose actions follow the plan (image, background removal, chat, HD, upgrade-to-access). */
export function PlanLimitDialog({ text, actions }: { text: { title: string; body: string; freeBody?: string }; actions: DialogActions }) {
  const { user } = useCurrentUser();
  const free = (user?.user_subscription.plan_id ?? PLAN_ID.free) === PLAN_ID.free;
  return (
    <Frame
      media={<LimitIllustration />}
      title={text.title}
      description={free && text.freeBody ? text.freeBody : text.body}
      footer={<PlanUpgradeFooter user={user} actions={actions} />}
    />
  );
}

export const ImageLimitDialog = ({ actions }: { actions: DialogActions }) => <PlanLimitDialog text={LIMIT_TEXT.imageLimit} actions={actions} />;
export const BgRemovalLimitDialog = ({ actions }: { actions: DialogActions }) => <PlanLimitDialog text={LIMIT_TEXT.bgRemoval} actions={actions} />;
/** 01 §2, §4: a 400 answer to a chat request: 'Chat Usage Limit Exhausted'. */
export const ChatLimitDialog = ({ actions }: { actions: DialogActions }) => <PlanLimitDialog text={LIMIT_TEXT.chat} actions={actions} />;
export const UpgradeToAccessDialog = ({ actions }: { actions: DialogActions }) => <PlanLimitDialog text={LIMIT_TEXT.upgradeToAccess} actions={actions} />;
/** 02 §9: HD images are not for free users. */
export const HdNotForFreeDialog = ({ actions }: { actions: DialogActions }) => <PlanLimitDialog text={LIMIT_TEXT.hd} actions={actions} />;

/** Starts a purchase: mobile-app subscribers are sent to the app (01 §4, §6), others choose how to pay. */
function useStartPurchase(actions: DialogActions) {
  const swap = useSwapDialog(actions);
  return (user: User | undefined, choice: CheckoutChoice) => {
    if (user?.is_mobile_payment) return swap({ name: 'mobile-subscription' });
    swap({ name: choice.offer ? 'payment-with-offer' : 'payment-method', payload: { checkout: choice } });
  };
}

/** 01 §2 feature-access: 'Access Premium Tools', upgrade to Plus or Pro. */
export function FeatureAccessDialog({ actions }: { actions: DialogActions }) {
  const { user } = useCurrentUser();
  const start = useStartPurchase(actions);
  const t = LIMIT_TEXT.featureAccess;
  const planId = user?.user_subscription.plan_id ?? PLAN_ID.free;
  const frequency = defaultFrequency(user);
  return (
    <Frame
      media={<LimitIllustration />}
      title={t.title}
      description={t.body}
      footer={
        <>
          {planId === PLAN_ID.free && (
            <Button variant="outline" onClick={() => start(user, { planId: PLAN_ID.plus, frequency, offer: false })}>
              {t.plus}
            </Button>
          )}
          <Button onClick={() => start(user, { planId: PLAN_ID.pro, frequency, offer: false })}>{t.pro}</Button>
        </>
      }
    />
  );
}

/** Monthly / Yearly (01 §2 "billing toggles"); users with monthly disabled see only annual pricing (01 §6). */
function BillingToggle({ value, onChange, monthlyDisabled }: { value: Frequency; onChange: (f: Frequency) => void; monthlyDisabled: boolean }) {
  const options: Frequency[] = monthlyDisabled ? ['yearly'] : ['monthly', 'yearly'];
  return (
    <fieldset className={styles.segmented}>
      <legend className={styles.visuallyHidden}>{PRICING_TEXT.billingPeriod}</legend>
      {options.map((f) => (
        <label key={f}>
          <input type="radio" name="billing-period" value={f} checked={value === f} onChange={() => onChange(f)} />
          {f === 'monthly' ? PRICING_TEXT.monthly : PRICING_TEXT.yearly}
        </label>
      ))}
    </fieldset>
  );
}

const tierGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '3' });
const tierCard = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
  '&[data-popular]': { borderColor: 'accent.default', boxShadow: '0 0 0 1px {colors.accent.default}' },
});

/**
 * The upgrade dialog (01 §4: plan 1's upgrade button; gate step 8 "the general upgrade dialog").
 * Free users see every plan of the catalogue (GET /api/plansList) with a billing toggle: the same names, prices,
 * allowances and offers as /pricing, and the offer the header's button advertises (01 §4 "shows the offer
 * title and price") at the same price, struck against the regular one. A paid plan here means its credits are
 * used up, so it offers the plan's actions of 01 §6 instead.
 */
export function PricingDialog({ actions }: { actions: DialogActions }) {
  const { user, isLoading } = useCurrentUser();
  const { plans, isLoading: plansLoading } = usePlans();
  const start = useStartPurchase(actions);
  const [frequency, setFrequency] = useState<Frequency>(() => defaultFrequency(user));
  const planId = user?.user_subscription.plan_id ?? PLAN_ID.free;
  const monthlyDisabled = !!user?.is_monthly_disabled;
  const period = monthlyDisabled ? 'yearly' : frequency;

  if (isLoading || plansLoading) {
    return (
      <Frame title={PRICING_TEXT.title}>
        <div className={styles.center}>
          <Spinner label={PRICING_TEXT.title} />
        </div>
      </Frame>
    );
  }
  if (planId !== PLAN_ID.free) {
    return <PlanLimitDialog text={LIMIT_TEXT.creditsExhausted} actions={actions} />;
  }
  return (
    <Frame size="lg" title={PRICING_TEXT.title} description={PRICING_TEXT.description}>
      <BillingToggle value={period} onChange={setFrequency} monthlyDisabled={monthlyDisabled} />
      <ul className={tierGrid} aria-label={PRICING_TEXT.title}>
        {(plans ?? []).map((plan) => {
          const offer = plan.id !== PLAN_ID.free && hasOffer(plan);
          const price = planPrice(plan, period, offer);
          const regular = planPrice(plan, period, false);
          const isCurrent = plan.id === planId;
          const popular = plan.id === PLAN_ID.pro;
          return (
            <li key={plan.id} className={tierCard} data-popular={popular || undefined} aria-labelledby={`tier-${plan.id}`}>
              <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
                <h3 id={`tier-${plan.id}`} className={css({ fontWeight: 'semibold', fontSize: 'md' })}>
                  {plan.title}
                </h3>
                {popular && <Badge tone="pro">{PRICING_TEXT.mostPopular}</Badge>}
                {offer && plan.offer_title && <Badge tone="new">{plan.offer_title}</Badge>}
              </div>
              <p>
                {offer && price < regular && <span className={styles.visuallyHidden}>{PRICING_TEXT.offerPrice}</span>}
                <span className={styles.price}>{formatUsd(price)}</span>{' '}
                {offer && price < regular && (
                  <>
                    <span className={styles.visuallyHidden}>{PRICING_TEXT.regularPrice}</span>
                    <s className={styles.strike}>{formatUsd(regular)}</s>{' '}
                  </>
                )}
                <span className={styles.muted}>{period === 'monthly' ? PRICING_TEXT.perMonth : PRICING_TEXT.perYear}</span>
              </p>
              <ul className={styles.list}>
                {[...planAllowances(plan), ...(PRICING_TEXT.features[plan.id] ?? [])].map((f) => (
                  <li key={f}>
                    <CheckIcon className={styles.check} aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <div className={css({ mt: 'auto' })}>
                {isCurrent ? (
                  <Button variant="outline" fullWidth disabled>
                    {PRICING_TEXT.currentPlan}
                  </Button>
                ) : (
                  <Button
                    fullWidth
                    variant={popular ? 'solid' : 'outline'}
                    aria-label={`${UPGRADE_TEXT.upgradeNow}: ${plan.title}`}
                    onClick={() => start(user, { planId: plan.id, frequency: period, offer })}
                  >
                    {UPGRADE_TEXT.upgradeNow}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className={styles.muted}>{PRICING_TEXT.description}</p>
    </Frame>
  );
}

/** 01 §2 pro-upgrade: 'Switch to Our Pro Plan', benefits, billing toggles, 'Do this Later' / 'Upgrade to Pro Plan'. */
export function ProUpgradeDialog({ actions }: { actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { plans } = usePlans();
  const start = useStartPurchase(actions);
  const monthlyDisabled = !!user?.is_monthly_disabled;
  const [frequency, setFrequency] = useState<Frequency>(() => defaultFrequency(user));
  const period = monthlyDisabled ? 'yearly' : frequency;
  const pro = planById(plans, PLAN_ID.pro);
  const t = MISC_TEXT.proUpgrade;
  const price = pro ? (period === 'monthly' ? pro.price_monthly : pro.price_yearly) : null;
  return (
    <Frame
      title={t.title}
      description={t.body}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.later}
          </Button>
          <Button onClick={() => start(user, { planId: PLAN_ID.pro, frequency: period, offer: false })}>{t.upgrade}</Button>
        </>
      }
    >
      <ul className={styles.list}>
        {[t.eliteModel, ...(pro?.word_limit ? [t.words(formatPlanCount(pro.word_limit))] : []), t.internalLinking].map((b) => (
          <li key={b}>
            <CheckIcon className={styles.check} aria-hidden />
            {b}
          </li>
        ))}
      </ul>
      <BillingToggle value={period} onChange={setFrequency} monthlyDisabled={monthlyDisabled} />
      {price !== null && (
        <p className={css({ textAlign: 'center' })}>
          <span className={styles.price}>{formatUsd(price)}</span>{' '}
          <span className={styles.muted}>{period === 'monthly' ? PRICING_TEXT.perMonth : PRICING_TEXT.perYear}</span>
        </p>
      )}
    </Frame>
  );
}
