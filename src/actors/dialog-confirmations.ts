/**
 * The dialog manager's actor slot `confirmDialog` (machines/dialog-manager.machine.ts): the action a confirmation
 * dialog's confirm button stands for, given the open dialog — its name says what is confirmed, its payload the
 * target. The machine keeps the dialog busy while this runs, closes it when it is done (and emits
 * `dialog.confirmed` for the opener to follow up), and keeps it open with an error when it fails.
 *
 *  - delete-chat, kind chat → DELETE /api/chat/deleteMessage?conversation_chat_id (01 §7); the conversation's cache
 *    goes and the lists that show it are refetched.
 *  - delete-chat kind blog, delete-story, delete-wordpress, plagiarism-checker: their features are not in this
 *    build, so there is nothing to run; the dialog closes and `dialog.confirmed` says it was confirmed. A feature
 *    that lands adds its case here.
 *
 * The slot is filled when the app-wide dialog manager is created (src/state/app-actors.tsx), but this module loads
 * only when a confirmation runs (a dynamic import): the first route's JavaScript does not carry it (bundle budget).
 */
import type { AppServices } from '@/core/services';
import type { Dialog } from '@machines/dialogs';

async function deleteChat({ api, queryClient }: AppServices, id: string) {
  await api.DELETE('/api/chat/deleteMessage', { params: { query: { conversation_chat_id: id } } });
  queryClient.removeQueries({ queryKey: ['get', '/api/chat/conversations/{conversation_chat_id}', { params: { path: { conversation_chat_id: id } } }] });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/api/chat/conversations'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/api/chat/listMessage'] }),
  ]);
}

/** Runs the confirmed action of `dialog` (nothing for a dialog whose action is not in this build). */
export async function runConfirmation(services: AppServices, dialog: Dialog): Promise<void> {
  if (dialog.name === 'delete-chat' && dialog.payload.kind === 'chat') await deleteChat(services, String(dialog.payload.id));
}
