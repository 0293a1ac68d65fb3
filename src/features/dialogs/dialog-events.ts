/**
 * Confirmations of the global dialogs, as a small module-level event bus.
 *
 * Why: a dialog is opened through the dialog manager machine with a serialisable payload (machines/
 * dialogs.ts); a callback cannot travel through it (machines stay pure, Stately Inspect shows the
 * payload). So a confirm dialog does not perform the action itself: it announces the confirmation
 * here and the feature that owns the resource does the work.
 *
 *   // in the chat feature (once, e.g. in the chat layout)
 *   useEffect(() => onDialogConfirm('delete-chat', async ({ kind, id }) => {
 *     if (kind === 'chat') await api.DELETE('/api/chat/deleteMessage', { params: { query: { conversation_chat_id: id } } });
 *   }), []);
 *
 *   // anywhere
 *   dialogs.send({ type: 'dialog.open', dialog: { name: 'delete-chat', payload: { kind: 'chat', id } } });
 *
 * A handler may return a promise: the dialog shows its button busy until every handler settled,
 * closes when all succeeded, and stays open with an error line when one rejected (the user may retry
 * or cancel). With no subscriber the dialog simply closes.
 */
import type { DialogPayloads } from '@machines/dialogs';

export interface DialogConfirmations {
  'delete-chat': DialogPayloads['delete-chat'];
  'delete-story': DialogPayloads['delete-story'];
  'delete-wordpress': DialogPayloads['delete-wordpress'];
  /** 01 §5: confirmed before spending the check's credits. */
  'plagiarism-checker': Record<string, never>;
}
export type ConfirmName = keyof DialogConfirmations;
export type ConfirmHandler<K extends ConfirmName> = (payload: DialogConfirmations[K]) => void | Promise<void>;

// one set per dialog; typed at the two functions below (a mapped type over K does not narrow here)
const handlers = new Map<ConfirmName, Set<(payload: never) => void | Promise<void>>>();

/** Subscribe to a dialog's confirmation; returns the unsubscribe function (an effect's cleanup). */
export function onDialogConfirm<K extends ConfirmName>(name: K, handler: ConfirmHandler<K>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  const stored = handler as (payload: never) => void | Promise<void>;
  set.add(stored);
  return () => void set.delete(stored);
}

/** Runs every handler of the confirmation; rejects with the first failure once all settled. */
export async function emitDialogConfirm<K extends ConfirmName>(name: K, payload: DialogConfirmations[K]): Promise<void> {
  const set = handlers.get(name) as Set<ConfirmHandler<K>> | undefined;
  if (!set || set.size === 0) return;
  const results = await Promise.allSettled([...set].map(async (h) => h(payload)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
