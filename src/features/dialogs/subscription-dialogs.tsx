/**
 * Subscription dialogs: pending, expired, overdue, cancelled (01 §4 "each open a dialog with an
 * Upgrade action", titles 01 §8), active, paddle-subscription, mobile-subscription (01 §4 "Users with
 * a mobile-app purchase are told to manage the subscription in the app") and the active-subscription
 * blocker (01 §2 "Delete Account requires cancelling the subscription first").
 */
import { useState } from 'react';
import { Button } from '@/ui/button';
import { useServices } from '@/core/services';
import { assignLocation } from './browser';
import type { DialogActions } from './dialog-actions';
import { Frame, styles } from './frame';
import { DIALOG_MESSAGES, SUBSCRIPTION_TEXT, type SubscriptionDialogName } from './messages';
import { useDialogNav } from './use-dialog-data';
import { lazyIntl } from '@/ui/lazy-intl';
import { useCurrentUser } from '@/core/current-user';
import { paths, accountPaths } from '@/core/paths';

export function SubscriptionStatusDialog({ name, actions }: { name: SubscriptionDialogName; actions: DialogActions }) {
  const { go } = useDialogNav(actions);
  return (
    <Frame
      title={DIALOG_MESSAGES.subscription[name]}
      description={SUBSCRIPTION_TEXT.body[name]}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => go(paths.pricing)}>{DIALOG_MESSAGES.upgrade}</Button>
        </>
      }
    />
  );
}

const longDate = lazyIntl(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));

export function SubscriptionActiveDialog({ actions }: { actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { go } = useDialogNav(actions);
  const t = SUBSCRIPTION_TEXT.active;
  const sub = user?.user_subscription;
  return (
    <Frame
      title={t.title}
      description={sub ? t.body(sub.plan.title, sub.payment_frequency) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => go(accountPaths.subscription)}>{t.manage}</Button>
        </>
      }
    >
      {sub?.end_at && <p className={styles.muted}>{t.renews(longDate().format(new Date(sub.end_at)))}</p>}
    </Frame>
  );
}

/**
 * A Paddle subscription is managed on the payment provider's page (01 §4 "A canceled paddle
 * subscription with a redirect error opens payment management"): GET /api/get-customer-portal-link.
 */
export function PaddleSubscriptionDialog({ actions }: { actions: DialogActions }) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = SUBSCRIPTION_TEXT.paddle;
  async function manage() {
    setBusy(true);
    setFailed(false);
    try {
      const { data } = await api.GET('/api/get-customer-portal-link');
      assignLocation(data!.url);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <Frame
      title={t.title}
      description={t.body}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={actions.close} disabled={busy}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => void manage()} loading={busy}>
            {t.manage}
          </Button>
        </>
      }
    >
      {failed && (
        <p role="alert" className={styles.error}>
          {t.failed}
        </p>
      )}
    </Frame>
  );
}

export function MobileSubscriptionDialog({ actions }: { actions: DialogActions }) {
  const t = SUBSCRIPTION_TEXT.mobile;
  return <Frame title={t.title} description={t.body} footer={<Button onClick={actions.close}>{t.ok}</Button>} />;
}

export function ActiveSubscriptionBlockerDialog({ actions }: { actions: DialogActions }) {
  const { go } = useDialogNav(actions);
  const t = SUBSCRIPTION_TEXT.blocker;
  return (
    <Frame
      title={t.title}
      description={t.body}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => go(accountPaths.subscription)}>{t.go}</Button>
        </>
      }
    />
  );
}
