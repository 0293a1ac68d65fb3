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
 */
import { fromPromise } from 'xstate';
import type { AppServices } from '@/core/services';
import { dialogManagerMachine } from '@machines/dialog-manager.machine';
import type { ConfirmDialog } from '@machines/dialogs';

async function deleteChat({ api, queryClient }: AppServices, id: string) {
  await api.DELETE('/api/chat/deleteMessage', { params: { query: { conversation_chat_id: id } } });
  queryClient.removeQueries({ queryKey: ['get', '/api/chat/conversations/{conversation_chat_id}', { params: { path: { conversation_chat_id: id } } }] });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/api/chat/conversations'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/api/chat/listMessage'] }),
  ]);
}

export function createDialogActors(services: AppServices) {
  return {
    confirmDialog: fromPromise<void, ConfirmDialog>(async ({ input }) => {
      switch (input.name) {
        case 'delete-chat':
          if (input.payload.kind === 'chat') await deleteChat(services, String(input.payload.id));
          return;
        case 'delete-story':
        case 'delete-wordpress':
        case 'plagiarism-checker':
          return;
      }
    }),
  };
}

export function provideDialogManager(services: AppServices) {
  return dialogManagerMachine.provide({ actors: createDialogActors(services) });
}
