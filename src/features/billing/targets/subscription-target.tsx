import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import { toast } from '@/ui/toast';
import type { Frequency, User } from '../checkout';
import { formatCount, formatDate, formatMoney, usagePercent } from '../format';
import { PRICING_PAGE, SUBSCRIPTION_TEXT as s } from '../messages';
import { ConfirmDialog } from '../confirm-dialog';
import { BillingToggle, MethodPicker, PlanCards } from '../plan-cards';
import { Panel, alertText, mutedText, stack } from '../panel';
import { useApiErrorDialog, useRefreshAccount } from '../use-account';
import { usePlans } from '@/core/plans';
import { useCurrentUser } from '@/core/current-user';
import { browser, usePlanCheckout } from '../use-plan-checkout';

export const PRICE_SECTION_ID = 'priceSection';

const statusTone: Record<string, 'new' | 'pro' | 'danger' | 'neutral'> = {
  active: 'new',
  pending: 'pro',
  overdue: 'danger',
  expired: 'danger',
  canceled: 'neutral',
};

function Usage({ label, used, total }: { label: string; used: number; total: number | null | undefined }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
        <span className={css({ fontWeight: 'medium' })}>{label}</span>
        <span className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>{s.of(formatCount(used), formatCount(total ?? 0))}</span>
      </div>
      {/* 01 §5, §9: usage bars cap at 100 % */}
      <ProgressBar value={usagePercent(used, total)} label={label} hideLabel />
    </div>
  );
}

/** True when the plan still runs and may be cancelled (the server refuses the rest with 409). */
function cancellable(user: User): boolean {
  const sub = user.user_subscription;
  return sub.plan_id !== PLAN_ID.free && ['active', 'overdue', 'pending'].includes(sub.status);
}

function PlanSummary({ user }: { user: User }) {
  const { $api } = useServices();
  const details = useQuery($api.queryOptions('get', '/api/subscription/details'));
  const sub = user.user_subscription;
  const d = details.data?.data;
  const paid = sub.plan_id !== PLAN_ID.free;
  const end = formatDate(sub.end_at);
  return (
    <Panel
      title={s.title}
      actions={
        <Badge tone={statusTone[sub.status] ?? 'neutral'} aria-label={`Status: ${s.status[sub.status] ?? sub.status}`}>
          {s.status[sub.status] ?? sub.status}
        </Badge>
      }
    >
      <div>
        <p className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="current-plan">
          {sub.plan.title}
        </p>
        <p className={mutedText}>
          {paid ? (sub.payment_frequency === 'yearly' ? s.yearly : s.monthly) : null}
          {paid && end ? ' · ' : null}
          {end ? (sub.status === 'active' ? s.renews(end) : Date.parse(sub.end_at!) <= Date.now() ? s.ended(end) : s.ends(end)) : null}
        </p>
      </div>
      <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' })}>
        {s.usageTitle}
      </h3>
      {!d ? (
        <Spinner label={s.usageTitle} />
      ) : paid ? (
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
          <div>
            <Usage label={s.credits} used={d.plan_total_credit_usage} total={(d.plan.total_plan_credits ?? 0) + d.total_add_on_credits + d.earned_bonus} />
            {d.total_add_on_credits > 0 && <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1' })}>{s.addOns(formatCount(d.total_add_on_credits))}</p>}
          </div>
          {d.earned_bonus > 0 && <Usage label={s.bonus} used={d.used_bonus} total={d.earned_bonus} />}
        </div>
      ) : (
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
          <Usage label={s.words} used={d.user_subscription.usage} total={d.plan.word_limit} />
          <Usage label={s.images} used={d.user_subscription.image_usage} total={d.plan.image_limit} />
          <Usage label={s.bgRemovals} used={d.user_subscription.image_bg_remover_usage} total={d.plan.image_bg_remover_limit} />
        </div>
      )}
    </Panel>
  );
}

/** The upgrade section (section=priceSection, 01 §2 / §4): plans the user may move to; none for Pro yearly. */
function UpgradeSection({ user, scrollTo }: { user: User; scrollTo: boolean }) {
  const { plans } = usePlans();
  const monthlyDisabled = user.is_monthly_disabled === 1;
  const [chosen, setChosen] = useState<Frequency>(user.user_subscription.payment_frequency);
  const frequency: Frequency = monthlyDisabled ? 'yearly' : chosen;
  const checkout = usePlanCheckout(user, 'manage');
  const ref = useRef<HTMLDivElement>(null);
  const sub = user.user_subscription;
  const nothingAbove = sub.status === 'active' && sub.plan_id === PLAN_ID.pro && sub.payment_frequency === 'yearly';
  useEffect(() => {
    if (scrollTo && plans.length) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [scrollTo, plans.length]);
  // Mobile-app purchases upgrade in the app (01 §6 "Mobile-payment users follow a different upgrade flow").
  if (nothingAbove || user.is_mobile_payment === 1) return null;
  return (
    <div ref={ref} id={PRICE_SECTION_ID}>
      <Panel
        title={s.upgradeTitle}
        description={s.upgradeDescription}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <BillingToggle value={frequency} onChange={setChosen} monthlyDisabled={monthlyDisabled} plans={plans} />
            {checkout.razorpay && <MethodPicker value={checkout.method} onChange={checkout.setMethod} disabled={checkout.inProgress} />}
          </div>
        }
      >
        <PlanCards
          plans={plans}
          frequency={frequency}
          offer={false}
          user={user}
          signedIn
          upgradesOnly
          payingPlan={checkout.payingPlan}
          onChoose={(plan) => void checkout.pay(plan, frequency, false)}
          headingLevel="h3"
        />
        {checkout.paddleOpen && <p role="status" className={mutedText}>{PRICING_PAGE.paddleOpened}</p>}
        <p className={mutedText}>{PRICING_PAGE.note}</p>
      </Panel>
    </div>
  );
}

function Billing({ user }: { user: User }) {
  const { api, $api } = useServices();
  const { dialogs } = useAppActors();
  const refresh = useRefreshAccount();
  const showError = useApiErrorDialog();
  const methods = useQuery($api.queryOptions('get', '/api/payment-method-list'));
  const [portalBusy, setPortalBusy] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [cancelBusy, setCancelBusy] = useState(false);
  const sub = user.user_subscription;

  /** Mobile-app purchases are managed in the app; Paddle subscriptions on Paddle's page (01 §4). */
  const redirectElsewhere = (): boolean => {
    if (user.is_mobile_payment === 1) {
      dialogs.send({ type: 'dialog.open', dialog: { name: 'mobile-subscription' } });
      return true;
    }
    if (sub.paddle_subscription) {
      dialogs.send({ type: 'dialog.open', dialog: { name: 'paddle-subscription' } });
      return true;
    }
    return false;
  };

  async function openPortal() {
    if (redirectElsewhere()) return;
    setPortalBusy(true);
    try {
      const { data } = await api.GET('/api/get-customer-portal-link');
      browser.assign(data!.url);
    } catch (err) {
      showError(err);
    } finally {
      setPortalBusy(false);
    }
  }

  async function cancel() {
    if (!reason) return setReasonError(true);
    setCancelBusy(true);
    try {
      const text = details.trim() ? `${reason}: ${details.trim()}` : reason;
      const { data } = await api.POST('/api/cancelSubscription', { body: { cancelled_reason: text } });
      await refresh();
      setCancelOpen(false);
      toast.success(data!.message);
    } catch (err) {
      setCancelOpen(false);
      showError(err);
    } finally {
      setCancelBusy(false);
    }
  }

  const list = methods.data?.data ?? [];
  return (
    <Panel title={s.manageTitle} description={s.manageDescription}>
      <div>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })}>{s.paymentMethods}</h3>
        {methods.isLoading ? (
          <Spinner label={s.paymentMethods} />
        ) : list.length ? (
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {list.map((m) => (
              <li
                key={m.id}
                className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', px: '3', py: '2', fontSize: 'sm', bg: 'bg.subtle' })}
              >
                <strong>{m.title}</strong>
                {m.description && <span className={css({ color: 'fg.muted' })}> — {m.description}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className={mutedText}>{s.noPaymentMethods}</p>
        )}
      </div>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        {(user.stripe_id || sub.paddle_subscription || user.is_mobile_payment === 1) && (
          <Button variant="outline" onClick={() => void openPortal()} loading={portalBusy}>
            {s.customerPortal}
          </Button>
        )}
        {cancellable(user) && (
          <Button
            variant="ghost"
            onClick={() => {
              if (redirectElsewhere()) return;
              setReason(null);
              setDetails('');
              setReasonError(false);
              setCancelOpen(true);
            }}
          >
            {s.cancelAction}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={cancelOpen}
        onOpenChange={(o) => !cancelBusy && setCancelOpen(o)}
        title={s.cancelTitle}
        description={s.cancelText}
        confirmLabel={s.cancelConfirm}
        cancelLabel={s.keep}
        onConfirm={() => void cancel()}
        busy={cancelBusy}
        danger
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {/* Native radios, not a pop-up select: a list portaled outside the modal would fight its focus trap. */}
          <fieldset aria-describedby={reasonError ? 'cancel-reason-error' : undefined} aria-invalid={reasonError || undefined}>
            <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>{s.cancelReason}</legend>
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
              {s.cancelReasons.map((r) => (
                <label key={r} className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' })}>
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r);
                      setReasonError(false);
                    }}
                    className={css({ accentColor: 'accent.default', w: '4', h: '4' })}
                  />
                  {r}
                </label>
              ))}
            </div>
            {reasonError && (
              <p id="cancel-reason-error" role="alert" className={css({ color: 'danger.text', fontSize: 'sm', mt: '2' })}>
                {s.cancelReasonRequired}
              </p>
            )}
          </fieldset>
          <Field.Root>
            <Field.Label>
              {s.cancelDetails}
              <Field.OptionalMark />
            </Field.Label>
            <Field.Textarea value={details} onChange={(e) => setDetails(e.target.value)} rows={3} maxLength={1000} />
          </Field.Root>
        </div>
      </ConfirmDialog>
    </Panel>
  );
}

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': { textAlign: 'start', fontWeight: 'semibold', color: 'fg.muted', py: '2', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap' },
  '& td': { py: '2.5', px: '3', borderBottomWidth: '1px', borderColor: 'border.default' },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
});

function PaymentHistory() {
  const { api } = useServices();
  const history = useInfiniteQuery({
    queryKey: ['get', '/api/paymentHistory', 'infinite'],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => (await api.GET('/api/paymentHistory', { params: { query: { page: pageParam } }, signal })).data!,
    getNextPageParam: (last) => (last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Panel title={s.historyTitle}>
      {history.isLoading ? (
        <Spinner label={s.historyTitle} />
      ) : history.isError ? (
        <p role="alert" className={alertText}>
          {s.historyFailed}
        </p>
      ) : rows.length === 0 ? (
        <p className={mutedText}>{s.historyEmpty}</p>
      ) : (
        <div className={css({ overflowX: 'auto' })}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>{s.historyTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{s.columns.date}</th>
                <th scope="col">{s.columns.description}</th>
                <th scope="col">{s.columns.amount}</th>
                <th scope="col">{s.columns.status}</th>
                <th scope="col">{s.columns.gateway}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatDate(r.created_at)}</td>
                  <td>{r.description}</td>
                  <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatMoney(r.amount, r.currency)}</td>
                  <td>
                    <Badge tone={r.status === 'paid' ? 'new' : r.status === 'failed' ? 'danger' : 'neutral'}>{r.status}</Badge>
                  </td>
                  <td>{r.gateway}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <div>
          <Button variant="outline" size="sm" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {s.loadMore}
          </Button>
        </div>
      )}
    </Panel>
  );
}

/** target=subscription (01 §2, §7 Billing): plan, usage, upgrade section, billing, cancel, payment history. */
export function SubscriptionTarget({ section }: { section: string | null }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className={stack}>
      <PlanSummary user={user} />
      <UpgradeSection user={user} scrollTo={section === PRICE_SECTION_ID} />
      <Billing user={user} />
      <PaymentHistory />
    </div>
  );
}
