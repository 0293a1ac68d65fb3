import { DIALOG_TEXT, type DialogName, type GenerateLimitType } from '../../../machines/dialogs';

/**
 * Texts of the global dialogs. The spec's texts (01 §2 "Dialog texts", 01 §6, 01 §8, 02 §6) live
 * verbatim in machines/dialogs.ts (DIALOG_TEXT) so the machines and the UI share one source; this
 * file re-exports them and adds the few labels the spec names without quoting (marked below).
 */
export { DIALOG_TEXT };

export const DIALOG_MESSAGES = {
  noNetwork: DIALOG_TEXT['no-network'],
  apiError: DIALOG_TEXT['api-error'],
  generationCheck: DIALOG_TEXT['content-generation-check'],
  outlineLoading: DIALOG_TEXT['outline-loading'],
  generateLimit: DIALOG_TEXT['generate-limit'],
  subscription: {
    'subscription-pending': DIALOG_TEXT['subscription-pending'].title,
    'subscription-expired': DIALOG_TEXT['subscription-expired'].title,
    'subscription-cancelled': DIALOG_TEXT['subscription-cancelled'].title,
    'subscription-overdue': DIALOG_TEXT['subscription-overdue'].title,
  },
  /** 01 §4 "each open a dialog with an Upgrade action": the action's label, as the spec names it. */
  upgrade: 'Upgrade',
  /** Not quoted by the spec: the dismiss button of dialogs that only inform (outline-loading, subscription). */
  close: 'Close',
  /** Not quoted by the spec: the body of a dialog whose feature has not shipped its content yet. */
  pendingBody: 'This window is part of a feature that is not available in this build yet.',
} as const;

export type SubscriptionDialogName = keyof typeof DIALOG_MESSAGES.subscription;

/** generate-limit title by type (01 §8 limit titles; videoGenerator from 02 §6). */
export function generateLimitTitle(type: GenerateLimitType): string {
  return DIALOG_TEXT['generate-limit'][type];
}

/**
 * The accessible title of a dialog whose full content comes with its feature issue: its name in
 * words ('image-bg-removal-limit-exceeded' → 'Image bg removal limit exceeded'; 'hd-not-for-free-users'
 * → 'HD not for free users').
 */
export function fallbackDialogTitle(name: DialogName): string {
  const words = name
    .split('-')
    .map((w) => (w === 'hd' ? 'HD' : w === 'bginfo' ? 'BG info' : w))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
