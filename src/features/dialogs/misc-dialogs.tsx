/** delete-chat (chats and blogs), delete-story (stories and videos), delete-wordpress, logout and prompts-error. */
import { useState } from 'react';
import type { DialogPayloads } from '@machines/dialogs';
import { useLogout } from '@/state/session-hooks';
import { Button } from '@/ui/button';
import type { DialogActions } from './dialog-actions';
import { ConfirmFrame } from './confirm-frame';
import { Frame } from './frame';
import { DIALOG_MESSAGES, MISC_TEXT } from './messages';

/**
 * 01 §2 delete-chat ("also used for blogs"): asks; on 'Delete' the dialog manager deletes the payload's
 * chat or blog (DELETE /api/chat/deleteMessage …, src/actors/dialog-confirmations.ts).
 */
export function DeleteChatDialog({ payload, actions }: { payload: DialogPayloads['delete-chat']; actions: DialogActions }) {
  const t = MISC_TEXT.deleteChat[payload.kind];
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={MISC_TEXT.deleteChat.confirm} actions={actions} />;
}

/** 01 §2 delete-story ("also videos"); the dialog manager runs the deletion (src/actors/dialog-confirmations.ts). */
export function DeleteStoryDialog({ payload, actions }: { payload: DialogPayloads['delete-story']; actions: DialogActions }) {
  const t = MISC_TEXT.deleteStory[payload.kind];
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={MISC_TEXT.deleteChat.confirm} actions={actions} />;
}

/** 01 §2 delete-wordpress (its payload names the site); the dialog manager runs the deletion. */
export function DeleteWordpressDialog({ actions }: { actions: DialogActions }) {
  const t = MISC_TEXT.deleteWordpress;
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={t.confirm} actions={actions} />;
}

/**
 * An impersonation link opened while signed in (issue 25): the session stays unless the user confirms; 'Switch
 * account' confirms (the dialog manager's confirmation, then the session machine exchanges the link), Cancel keeps
 * the current session. The component only renders and sends.
 */
export function SwitchAccountDialog({ actions }: { actions: DialogActions }) {
  const t = MISC_TEXT.switchAccount;
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={t.confirm} tone="solid" actions={actions} />;
}

/**
 * "Write it for me" over a description the user typed (issue 33): 'Replace it' confirms (the dialog manager's
 * confirmation; the brand form, listening for `dialog.confirmed`, then writes the suggestion), Cancel keeps the text.
 */
export function ReplaceBrandDescriptionDialog({ actions }: { actions: DialogActions }) {
  const t = MISC_TEXT.replaceBrandDescription;
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={t.confirm} tone="solid" actions={actions} />;
}

/**
 * 01 §2 logout confirmation; 'Log out' runs the session's logout (01 §4: POST /api/logout, stored
 * local data cleared, full reload to /), through the session's hook (src/state/session-hooks.ts) — the
 * one logout of the app.
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
