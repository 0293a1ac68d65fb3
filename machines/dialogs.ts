/**
 * Every global dialog of 01 §2 (the "Dialogs" list, each with an open flag in shared state)
 * with its payload. The dialog manager machine owns which one is open; the gate and the
 * navigation guard return `Dialog` values that the app forwards with `dialog.open`.
 *
 * Names are the 01 §2 names in kebab-case. Dialogs named only in 01 §2 "Dialog texts"
 * (pro-upgrade, realtime-blog-promo) are added too: the union of the list and the texts.
 */
import type { ActorRefFrom } from 'xstate';
import type { components } from '@contract/schema.gen';
import { API_ERROR_DEFAULT_MESSAGE, API_ERROR_DEFAULT_TITLE } from './constants';
import type { webinarMachine } from './webinar.machine';

/** 01 §2 generate-limit: type word by default; also image, both, longBlog, videoGenerator. */
export type GenerateLimitType = 'word' | 'image' | 'both' | 'longBlog' | 'videoGenerator';
/** 01 §2 image-viewer: imageAspect default 'square'. */
export type ImageAspect = 'square' | 'landscape' | 'portrait' | (string & {});

/**
 * The plan purchase the payment dialogs complete: chosen in the pricing, feature-access or pro-upgrade dialog and
 * carried by the payment dialog's payload. Without one the payment dialog falls back to the user's upsell plan
 * (01 §4 "Offer upsell").
 */
export interface CheckoutChoice {
  planId: number;
  frequency: components['schemas']['PaymentFrequency'];
  /** true: the offer price (payment-with-offer, 01 §7 ".../offer" and `offer` of the RazorPay link) */
  offer: boolean;
}

/** The shell's webinar actor (the floating button's, 01 §2), which the webinar dialog then drives. */
export type WebinarActorRef = ActorRefFrom<typeof webinarMachine>;

export interface DialogPayloads {
  welcome: Record<string, never>;
  'generate-limit': { type: GenerateLimitType };
  'image-limit-exceeded': Record<string, never>;
  'image-bg-removal-limit-exceeded': Record<string, never>;
  offer: Record<string, never>;
  pricing: Record<string, never>;
  'payment-method': { checkout?: CheckoutChoice };
  'payment-with-offer': { checkout?: CheckoutChoice };
  reward: Record<string, never>;
  /** 01 §2: delete-chat is also used for blogs. */
  'delete-chat': { kind: 'chat' | 'blog'; id: string | number };
  'chat-limit-exceeded': Record<string, never>;
  credit: Record<string, never>;
  'credits-detail': Record<string, never>;
  'credit-purchase-details': Record<string, never>;
  'export-blog': Record<string, never>;
  'publish-content': Record<string, never>;
  'wordpress-login': Record<string, never>;
  'delete-wordpress': { id: string | number };
  logout: Record<string, never>;
  /** an impersonation link opened on a browser that already has a session (the session machine asks) */
  'switch-account': { token: string };
  /** "Write it for me" on a brand whose description already has text: replace it only if the user says so */
  'replace-brand-description': { brandId: number };
  'outline-loading': Record<string, never>;
  'bginfo-loading': Record<string, never>;
  'blog-title': Record<string, never>;
  'bulk-add-blog-title': Record<string, never>;
  'image-viewer': { imageUrl: string; imageAspect: ImageAspect };
  'model-viewer': Record<string, never>;
  'product-demo': { thumbnailUrl: string; videoUrl: string; contentType: string };
  /**
   * Opened by the floating button or its 120 s prompt: that button's webinar actor, so the button, the prompt and the
   * dialog are one machine. Opened otherwise, the dialog runs a webinar machine of its own.
   */
  webinar: { actor?: WebinarActorRef };
  'story-board': Record<string, never>;
  /** 01 §2: delete-story is also used for videos. */
  'delete-story': { kind: 'story' | 'video'; id: string | number };
  'use-remix': Record<string, never>;
  'extended-onboarding': Record<string, never>;
  'explore-features': Record<string, never>;
  /** 01 §4 dialog chain: "the greetings dialog on home". */
  'explore-greetings': Record<string, never>;
  'credits-intro': Record<string, never>;
  'upgrade-to-access': Record<string, never>;
  'image-quality': Record<string, never>;
  /** 01 §2, 01 §4 / 03 §4 step 3: the stored target, reset flag and blog id travel with it. */
  'content-stop': { isImageStop: boolean; targetUrl?: string; reset?: boolean; blogId?: string | number | null };
  'storyboard-stop': { isImageStop: boolean; targetUrl?: string };
  access: Record<string, never>;
  'feature-access': Record<string, never>;
  'hd-not-for-free-users': Record<string, never>;
  'plagiarism-checker': Record<string, never>;
  'custom-tool': Record<string, never>;
  'knowledgebase-add': Record<string, never>;
  'knowledgebase-edit': { id: string | number };
  'subscription-pending': Record<string, never>;
  'subscription-expired': Record<string, never>;
  'subscription-overdue': Record<string, never>;
  'subscription-cancelled': Record<string, never>;
  'subscription-active': Record<string, never>;
  'paddle-subscription': Record<string, never>;
  'mobile-subscription': Record<string, never>;
  'no-network': Record<string, never>;
  /** 01 §8: text = the body's message, title = its type; defaults 'Error' / 'Something went Wrong !'. */
  'api-error': { title: string; message: string };
  'prompts-error': { message: string; reload: boolean };
  /** 01 §4 navigation guard step 1: the stored target URL. */
  'content-generation-check': { targetUrl: string };
  'active-subscription-blocker': Record<string, never>;
  'pro-upgrade': Record<string, never>;
  'realtime-blog-promo': Record<string, never>;
}

export type DialogName = keyof DialogPayloads;

/** One open dialog: its name and payload (a discriminated union on `name`). */
export type Dialog = { [K in DialogName]: { name: K; payload: DialogPayloads[K] } }[DialogName];

/** Every dialog name, for exhaustive checks and tests. */
export const DIALOG_NAMES = [
  'welcome', 'generate-limit', 'image-limit-exceeded', 'image-bg-removal-limit-exceeded', 'offer', 'pricing',
  'payment-method', 'payment-with-offer', 'reward', 'delete-chat', 'chat-limit-exceeded', 'credit', 'credits-detail',
  'credit-purchase-details', 'export-blog', 'publish-content', 'wordpress-login', 'delete-wordpress', 'logout', 'switch-account',
  'replace-brand-description',
  'outline-loading', 'bginfo-loading', 'blog-title', 'bulk-add-blog-title', 'image-viewer', 'model-viewer',
  'product-demo', 'webinar', 'story-board', 'delete-story', 'use-remix', 'extended-onboarding', 'explore-features',
  'explore-greetings', 'credits-intro', 'upgrade-to-access', 'image-quality', 'content-stop', 'storyboard-stop',
  'access', 'feature-access', 'hd-not-for-free-users', 'plagiarism-checker', 'custom-tool', 'knowledgebase-add',
  'knowledgebase-edit', 'subscription-pending', 'subscription-expired', 'subscription-overdue',
  'subscription-cancelled', 'subscription-active', 'paddle-subscription', 'mobile-subscription', 'no-network',
  'api-error', 'prompts-error', 'content-generation-check', 'active-subscription-blocker', 'pro-upgrade',
  'realtime-blog-promo',
] as const satisfies readonly DialogName[];

/** Compile-time check that DIALOG_NAMES lists every name. */
type _Missing = Exclude<DialogName, (typeof DIALOG_NAMES)[number]>;
export const DIALOG_NAMES_COMPLETE: _Missing extends never ? true : false = true;

/**
 * The dialogs that ask before an action (01 §2 delete-chat, delete-story, delete-wordpress; 01 §5 the plagiarism
 * check "asks confirmation before spending credits"): their confirm button sends `dialog.confirm`, and the dialog
 * manager runs the action (its `confirmDialog` slot) with the open dialog — its name the intent, its payload the
 * target. (Only these have a confirm button; the slot has no action for any other dialog.)
 */
export type ConfirmDialogName = 'delete-chat' | 'delete-story' | 'delete-wordpress' | 'plagiarism-checker' | 'switch-account' | 'replace-brand-description';
/** An open confirmation dialog: what is confirmed (its name) and its target (its payload). */
export type ConfirmDialog = Extract<Dialog, { name: ConfirmDialogName }>;

/** Helper to build a typed dialog value. */
export function dialog<K extends DialogName>(name: K, payload: DialogPayloads[K]): Dialog {
  return { name, payload } as Dialog;
}

/**
 * A request to open a dialog: like `Dialog`, but the payload fields that have a spec default
 * may be left out — generate-limit type (default 'word', 01 §2), image-viewer imageAspect
 * (default 'square', 01 §2), api-error title/message (defaults 'Error' / 'Something went Wrong !', 01 §8).
 */
type Defaulted = {
  'generate-limit': Partial<DialogPayloads['generate-limit']>;
  'image-viewer': { imageUrl: string; imageAspect?: ImageAspect };
  'api-error': Partial<DialogPayloads['api-error']>;
};

export type DialogRequest = {
  [K in DialogName]: { name: K; payload?: K extends keyof Defaulted ? Defaulted[K] : DialogPayloads[K] };
}[DialogName];

/** Fills the spec defaults of a dialog request. */
export function withDialogDefaults(req: DialogRequest): Dialog {
  switch (req.name) {
    case 'generate-limit':
      return { name: req.name, payload: { type: req.payload?.type ?? 'word' } };
    case 'image-viewer':
      return { name: req.name, payload: { imageUrl: req.payload?.imageUrl ?? '', imageAspect: req.payload?.imageAspect ?? 'square' } };
    case 'api-error':
      return {
        name: req.name,
        payload: {
          title: req.payload?.title || API_ERROR_DEFAULT_TITLE,
          message: req.payload?.message || API_ERROR_DEFAULT_MESSAGE,
        },
      };
    default:
      return { name: req.name, payload: req.payload ?? {} } as Dialog;
  }
}
