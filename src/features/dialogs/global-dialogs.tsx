import type { ReactNode } from 'react';
import type { Dialog as OpenDialog, DialogName } from '../../../machines/dialogs';
import { Button } from '../../ui/button';
import * as Dialog from '../../ui/dialog';
import { DIALOG_MESSAGES, fallbackDialogTitle, generateLimitTitle, type SubscriptionDialogName } from './messages';

/** What a dialog's buttons can do; the host supplies them (machines and router stay out of here). */
export interface DialogActions {
  /** close the dialog (the host sends `dialog.close`, or `nav.cancel` for the guard's dialogs) */
  close(): void;
  /** go somewhere in the app (through the router, so the navigation guard still applies) */
  navigate(to: string): void;
  /** reload the page (api-error 'Try Again') */
  reload(): void;
  /** when the navigation guard asked this dialog's question: 'Yes proceed' */
  confirmLeave?: () => void;
}

/** Pricing page of 01 §2; subscription and limit dialogs send the user there. */
const PRICING_PATH = '/pricing';

function Frame({ title, description, children, footer }: { title: string; description?: string; children?: ReactNode; footer: ReactNode }) {
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description>{description}</Dialog.Description>}
      </Dialog.Header>
      {children && <Dialog.Body>{children}</Dialog.Body>}
      <Dialog.Footer>{footer}</Dialog.Footer>
      <Dialog.CloseTrigger />
    </Dialog.Content>
  );
}

function NoNetworkDialog({ actions }: { actions: DialogActions }) {
  const t = DIALOG_MESSAGES.noNetwork;
  return <Frame title={t.title} description={t.message} footer={<Button onClick={actions.close}>{t.ok}</Button>} />;
}

/** 01 §8: the body's type as title and its message as text (defaults filled by the machine). */
function ApiErrorDialog({ title, message, actions }: { title: string; message: string; actions: DialogActions }) {
  const t = DIALOG_MESSAGES.apiError;
  return (
    <Frame
      title={title || t.title}
      description={message || t.message}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.dismiss}
          </Button>
          <Button onClick={actions.reload}>{t.retry}</Button>
        </>
      }
    />
  );
}

/** 01 §2 / §4: asked by the navigation guard while a generation runs. */
function GenerationCheckDialog({ actions }: { actions: DialogActions }) {
  const t = DIALOG_MESSAGES.generationCheck;
  return (
    <Frame
      title={t.title}
      description={t.message}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.cancel}
          </Button>
          <Button variant="danger" onClick={actions.confirmLeave ?? actions.close}>
            {t.confirm}
          </Button>
        </>
      }
    />
  );
}

function OutlineLoadingDialog({ actions }: { actions: DialogActions }) {
  const t = DIALOG_MESSAGES.outlineLoading;
  return <Frame title={t.title} description={t.message} footer={<Button onClick={actions.close}>{DIALOG_MESSAGES.close}</Button>} />;
}

/** 01 §4 "Subscription status dialogs … each open a dialog with an Upgrade action"; titles 01 §8. */
function SubscriptionDialog({ name, actions }: { name: SubscriptionDialogName; actions: DialogActions }) {
  return (
    <Frame
      title={DIALOG_MESSAGES.subscription[name]}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button
            onClick={() => {
              actions.close();
              actions.navigate(PRICING_PATH);
            }}
          >
            {DIALOG_MESSAGES.upgrade}
          </Button>
        </>
      }
    />
  );
}

/** 01 §2 generate-limit; titles 01 §8 (videoGenerator 02 §6); 'Upgrade now' and 'Close' 01 §6. */
function GenerateLimitDialog({ type, actions }: { type: Extract<OpenDialog, { name: 'generate-limit' }>['payload']['type']; actions: DialogActions }) {
  const t = DIALOG_MESSAGES.generateLimit;
  return (
    <Frame
      title={generateLimitTitle(type)}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.close}
          </Button>
          <Button
            onClick={() => {
              actions.close();
              actions.navigate(PRICING_PATH);
            }}
          >
            {type === 'videoGenerator' ? t.videoUpgrade : t.upgrade}
          </Button>
        </>
      }
    />
  );
}

/**
 * Any other global dialog: an accessible dialog titled with its name, so an open flag never shows
 * nothing. Its full content comes with its feature issue (billing, onboarding, blog, storybook …),
 * which adds a case to `GlobalDialogContent`. When the navigation guard asked it (content-stop,
 * storyboard-stop) it still offers 'Yes proceed' / 'Stay here' so the user is never stuck.
 */
function PendingDialog({ name, actions }: { name: DialogName; actions: DialogActions }) {
  const guard = DIALOG_MESSAGES.generationCheck;
  return (
    <Frame
      title={fallbackDialogTitle(name)}
      description={DIALOG_MESSAGES.pendingBody}
      footer={
        actions.confirmLeave ? (
          <>
            <Button variant="outline" onClick={actions.close}>
              {guard.cancel}
            </Button>
            <Button variant="danger" onClick={actions.confirmLeave}>
              {guard.confirm}
            </Button>
          </>
        ) : (
          <Button onClick={actions.close}>{DIALOG_MESSAGES.close}</Button>
        )
      }
    />
  );
}

/** The content of the open global dialog (inside a Dialog.Root the host owns). */
export function GlobalDialogContent({ dialog, actions }: { dialog: OpenDialog; actions: DialogActions }) {
  switch (dialog.name) {
    case 'no-network':
      return <NoNetworkDialog actions={actions} />;
    case 'api-error':
      return <ApiErrorDialog title={dialog.payload.title} message={dialog.payload.message} actions={actions} />;
    case 'content-generation-check':
      return <GenerationCheckDialog actions={actions} />;
    case 'outline-loading':
      return <OutlineLoadingDialog actions={actions} />;
    case 'subscription-pending':
    case 'subscription-expired':
    case 'subscription-cancelled':
    case 'subscription-overdue':
      return <SubscriptionDialog name={dialog.name} actions={actions} />;
    case 'generate-limit':
      return <GenerateLimitDialog type={dialog.payload.type} actions={actions} />;
    default:
      return <PendingDialog name={dialog.name} actions={actions} />;
  }
}
