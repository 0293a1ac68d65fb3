import type { Dialog as OpenDialog, DialogName } from '@machines/dialogs';
import { Button } from '@/ui/button';
import type { DialogActions } from './dialog-actions';
import { BuyCreditsDialog, CreditPurchaseDetailsDialog, CreditsDetailDialog, CreditsIntroDialog, PlagiarismCheckerDialog } from './credit-dialogs';
import { Frame } from './frame';
import {
  BgRemovalLimitDialog,
  ChatLimitDialog,
  FeatureAccessDialog,
  GenerateLimitDialog,
  HdNotForFreeDialog,
  ImageLimitDialog,
  PricingDialog,
  ProUpgradeDialog,
  UpgradeToAccessDialog,
} from './limit-dialogs';
import {
  ExploreDialog,
  ImageViewerDialog,
  ModelViewerDialog,
  ProductDemoDialog,
  RealtimeBlogPromoDialog,
  WelcomeDialog,
} from './media-dialogs';
import { DIALOG_MESSAGES, fallbackDialogTitle } from './messages';
import { DeleteChatDialog, DeleteStoryDialog, DeleteWordpressDialog, LogoutDialog, ReplaceBrandDescriptionDialog, SwitchAccountDialog, PromptsErrorDialog } from './misc-dialogs';
import { OfferDialog, PaymentDialog, RewardDialog } from './offer-dialogs';
import {
  ActiveSubscriptionBlockerDialog,
  MobileSubscriptionDialog,
  PaddleSubscriptionDialog,
  SubscriptionActiveDialog,
  SubscriptionStatusDialog,
} from './subscription-dialogs';
import { WebinarDialog } from './webinar-dialog';

export type { DialogActions };

/*
 * Why every dialog is imported eagerly: the host that renders them (src/app/dialog-host.tsx) is itself
 * loaded lazily, after the first route, so none of this weighs on a page's first load; the dialogs
 * use only the app's UI parts, native <video>/<iframe> and the API client, so there is no heavy part
 * to split further. Loading each group on demand would add a network wait between a click and its
 * dialog (and break the no-network dialog's promise of working offline for the others).
 */

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

/**
 * A dialog whose content belongs to a later feature (export-blog, publish-content, wordpress-login,
 * story-board, knowledgebase, custom-tool, bginfo-loading, blog-title, bulk-add-blog-title, use-remix,
 * extended-onboarding, image-quality, access, content-stop, storyboard-stop): an accessible dialog
 * titled with its name, so an open flag never shows nothing. Its feature adds a case below. When the
 * navigation guard asked it (content-stop, storyboard-stop) it still offers 'Yes proceed' /
 * 'Stay here' so the user is never stuck.
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

/** The content of the open global dialog (inside a Dialog.Root the host owns). Exhaustive over DialogName. */
export function GlobalDialogContent({ dialog, actions }: { dialog: OpenDialog; actions: DialogActions }) {
  switch (dialog.name) {
    // ── platform ──
    case 'no-network':
      return <NoNetworkDialog actions={actions} />;
    case 'api-error':
      return <ApiErrorDialog title={dialog.payload.title} message={dialog.payload.message} actions={actions} />;
    case 'content-generation-check':
      return <GenerationCheckDialog actions={actions} />;
    case 'outline-loading':
      return <OutlineLoadingDialog actions={actions} />;
    case 'prompts-error':
      return <PromptsErrorDialog payload={dialog.payload} actions={actions} />;
    case 'logout':
      return <LogoutDialog actions={actions} />;
    case 'switch-account':
      return <SwitchAccountDialog actions={actions} />;
    case 'replace-brand-description':
      return <ReplaceBrandDescriptionDialog actions={actions} />;
    case 'delete-chat':
      return <DeleteChatDialog payload={dialog.payload} actions={actions} />;
    case 'delete-story':
      return <DeleteStoryDialog payload={dialog.payload} actions={actions} />;
    case 'delete-wordpress':
      return <DeleteWordpressDialog actions={actions} />;
    // ── subscription ──
    case 'subscription-pending':
    case 'subscription-expired':
    case 'subscription-cancelled':
    case 'subscription-overdue':
      return <SubscriptionStatusDialog name={dialog.name} actions={actions} />;
    case 'subscription-active':
      return <SubscriptionActiveDialog actions={actions} />;
    case 'paddle-subscription':
      return <PaddleSubscriptionDialog actions={actions} />;
    case 'mobile-subscription':
      return <MobileSubscriptionDialog actions={actions} />;
    case 'active-subscription-blocker':
      return <ActiveSubscriptionBlockerDialog actions={actions} />;
    // ── limits and upgrades ──
    case 'generate-limit':
      return <GenerateLimitDialog type={dialog.payload.type} actions={actions} />;
    case 'image-limit-exceeded':
      return <ImageLimitDialog actions={actions} />;
    case 'image-bg-removal-limit-exceeded':
      return <BgRemovalLimitDialog actions={actions} />;
    case 'chat-limit-exceeded':
      return <ChatLimitDialog actions={actions} />;
    case 'upgrade-to-access':
      return <UpgradeToAccessDialog actions={actions} />;
    case 'feature-access':
      return <FeatureAccessDialog actions={actions} />;
    case 'hd-not-for-free-users':
      return <HdNotForFreeDialog actions={actions} />;
    case 'pricing':
      return <PricingDialog actions={actions} />;
    case 'pro-upgrade':
      return <ProUpgradeDialog actions={actions} />;
    // ── offers and payment ──
    case 'offer':
      return <OfferDialog actions={actions} />;
    case 'payment-method':
      return <PaymentDialog offer={false} checkout={dialog.payload.checkout} actions={actions} />;
    case 'payment-with-offer':
      return <PaymentDialog offer checkout={dialog.payload.checkout} actions={actions} />;
    case 'reward':
      return <RewardDialog actions={actions} />;
    // ── credits ──
    case 'credit':
      return <BuyCreditsDialog actions={actions} />;
    case 'credits-detail':
      return <CreditsDetailDialog actions={actions} />;
    case 'credit-purchase-details':
      return <CreditPurchaseDetailsDialog actions={actions} />;
    case 'credits-intro':
      return <CreditsIntroDialog actions={actions} />;
    case 'plagiarism-checker':
      return <PlagiarismCheckerDialog actions={actions} />;
    // ── welcome, explore, media, promotions ──
    case 'welcome':
      return <WelcomeDialog actions={actions} />;
    case 'explore-features':
      return <ExploreDialog greetings={false} actions={actions} />;
    case 'explore-greetings':
      return <ExploreDialog greetings actions={actions} />;
    case 'product-demo':
      return <ProductDemoDialog payload={dialog.payload} actions={actions} />;
    case 'image-viewer':
      return <ImageViewerDialog payload={dialog.payload} actions={actions} />;
    case 'model-viewer':
      return <ModelViewerDialog actions={actions} />;
    case 'webinar':
      return <WebinarDialog payload={dialog.payload} actions={actions} />;
    case 'realtime-blog-promo':
      return <RealtimeBlogPromoDialog actions={actions} />;
    // ── owned by later features: a generic frame until they land ──
    case 'export-blog':
    case 'publish-content':
    case 'wordpress-login':
    case 'bginfo-loading':
    case 'blog-title':
    case 'bulk-add-blog-title':
    case 'story-board':
    case 'use-remix':
    case 'extended-onboarding':
    case 'image-quality':
    case 'content-stop':
    case 'storyboard-stop':
    case 'access':
    case 'custom-tool':
    case 'knowledgebase-add':
    case 'knowledgebase-edit':
      return <PendingDialog name={dialog.name} actions={actions} />;
    default: {
      const unknown: never = dialog;
      return <PendingDialog name={(unknown as OpenDialog).name} actions={actions} />;
    }
  }
}
