/**
 * The subscription-state banner: users whose plan is overdue, expired, cancelled or pending see their state on
 * every page (/home included), before a generation is blocked by the gate's dialog (01 §4). Overdue offers the
 * way to update the payment method (GET /api/get-customer-portal-link); expired and cancelled lead to the plans
 * to renew or resubscribe. Loaded only for those users (an active plan shows nothing).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangleIcon } from '@/ui/icons';
import { useServices } from '@/core/services';
import { paths } from '@/core/paths';
import { banner, cta, muted, text, title, warning } from './banners';
// its own texts' module: loaded with the banner, not with the first route
import { SUBSCRIPTION_BANNER_MESSAGES as M } from './subscription-banner-messages';

export interface SubscriptionBannerProps {
  status: string;
  planTitle: string;
  /** the subscription's end (ISO), if any */
  endAt: string | null | undefined;
  /** now, in ms (passed in so the page decides "ended" against one clock) */
  now: number;
}

const dateFormat = { year: 'numeric', month: 'short', day: 'numeric' } as const;
function formatDay(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toLocaleDateString('en-US', dateFormat) : '';
}

export function SubscriptionBanner({ status, planTitle, endAt, now }: SubscriptionBannerProps) {
  const { api } = useServices();
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState(false);
  const date = formatDay(endAt);
  const ended = !!endAt && Date.parse(endAt) <= now;

  async function updatePayment() {
    setOpening(true);
    setFailed(false);
    try {
      const { data } = await api.GET('/api/get-customer-portal-link');
      window.location.assign(data!.url);
    } catch {
      setFailed(true);
      setOpening(false);
    }
  }

  let heading: string;
  let body: string;
  let action: ReactNode = null;
  if (status === 'overdue') {
    heading = M.overdue.title;
    body = M.overdue.text(planTitle);
    action = (
      <button type="button" className={cta} onClick={() => void updatePayment()} disabled={opening} aria-busy={opening || undefined}>
        {M.overdue.cta}
      </button>
    );
  } else if (status === 'expired') {
    heading = M.expired.title;
    body = M.expired.text(planTitle, date);
    action = (
      <Link to={paths.pricing} className={cta}>
        {M.expired.cta}
      </Link>
    );
  } else if (status === 'canceled') {
    heading = M.canceled.title;
    body = ended || !date ? M.canceled.ended(planTitle, date) : M.canceled.ends(planTitle, date);
    action = (
      <Link to={paths.pricing} className={cta}>
        {M.canceled.cta}
      </Link>
    );
  } else if (status === 'pending') {
    heading = M.pending.title;
    body = M.pending.text;
  } else {
    return null;
  }

  return (
    <section className={`${banner} ${warning}`} aria-label={heading} data-testid="subscription-banner">
      <AlertTriangleIcon aria-hidden="true" />
      <p className={text}>
        <strong className={title}>{heading}</strong>
        <span className={muted}>{body}</span>
        {failed && <span role="alert">{M.portalFailed}</span>}
      </p>
      {action}
    </section>
  );
}
