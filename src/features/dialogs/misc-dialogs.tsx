/** delete-chat (chats and blogs), delete-story (stories and videos), delete-wordpress, logout and prompts-error. */
import { useState } from 'react';
import type { DialogPayloads } from '@machines/dialogs';
import { useLogout } from '@/state/session-hooks';
import { Button } from '@/ui/button';
import type { DialogActions } from './dialog-actions';
import { ConfirmFrame } from './credit-dialogs';
import { emitDialogConfirm } from './dialog-events';
import { Frame } from './frame';
import { DIALOG_MESSAGES, MISC_TEXT } from './messages';

/**
 * 01 §2 delete-chat ("also used for blogs"): asks, then announces the confirmation on the dialog
 * event bus (dialog-events.ts); the chat or blog feature deletes (DELETE /api/chat/deleteMessage …).
 */
export function DeleteChatDialog({ payload, actions }: { payload: DialogPayloads['delete-chat']; actions: DialogActions }) {
  const t = MISC_TEXT.deleteChat[payload.kind];
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={MISC_TEXT.deleteChat.confirm} actions={actions} onConfirm={() => emitDialogConfirm('delete-chat', payload)} />;
}

/** 01 §2 delete-story ("also videos"); the storybook or video feature deletes. */
export function DeleteStoryDialog({ payload, actions }: { payload: DialogPayloads['delete-story']; actions: DialogActions }) {
  const t = MISC_TEXT.deleteStory[payload.kind];
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={MISC_TEXT.deleteChat.confirm} actions={actions} onConfirm={() => emitDialogConfirm('delete-story', payload)} />;
}

/** 01 §2 delete-wordpress; the WordPress feature calls DELETE deleteWordpressDomains/{id}. */
export function DeleteWordpressDialog({ payload, actions }: { payload: DialogPayloads['delete-wordpress']; actions: DialogActions }) {
  const t = MISC_TEXT.deleteWordpress;
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={t.confirm} actions={actions} onConfirm={() => emitDialogConfirm('delete-wordpress', payload)} />;
}

/**
 * 01 §2 logout confirmation; 'Log out' runs the session's logout (01 §4: POST /api/logout, stored
 * local data cleared, full reload to /). The one cross-feature import of this area: logging out is
 * the auth feature's, and repeating it here would let the two drift apart.
 */
export function LogoutDialog({ actions }: { actions: DialogActions }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const t = MISC_TEXT.logout;
  return (
    <Frame
      title={t.title}
      description={t.body}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={actions.close} disabled={busy}>
            {DIALOG_MESSAGES.cancel}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void logout();
            }}
          >
            {t.confirm}
          </Button>
        </>
      }
    />
  );
}

/** 01 §2 / §8 prompts error: the message (default 'Something went wrong. Please try again.'), Refresh if reload is set, Close. */
export function PromptsErrorDialog({ payload, actions }: { payload: DialogPayloads['prompts-error']; actions: DialogActions }) {
  const t = MISC_TEXT.promptsError;
  return (
    <Frame
      title={t.title}
      description={payload.message || t.message}
      footer={
        <>
          <Button variant={payload.reload ? 'outline' : 'solid'} onClick={actions.close}>
            {t.close}
          </Button>
          {payload.reload && <Button onClick={actions.reload}>{t.refresh}</Button>}
        </>
      }
    />
  );
}
