import { useSelector } from '@xstate/react';
import { useAppActors } from '@/state/app-actors';
import { Button } from '@/ui/button';
import type { DialogActions } from './dialog-actions';
import { Frame, styles } from './frame';
import { DIALOG_MESSAGES } from './messages';

/**
 * A question with Cancel and a confirm button (the confirmation dialogs of machines/dialogs.ts). The dialog manager
 * runs the confirmed action: this shows where it stands — busy while it runs, an error line when it failed (retry or
 * cancel) — and the manager closes the dialog when it is done.
 */
export function ConfirmFrame({
  title,
  body,
  confirmLabel,
  tone = 'danger',
  actions,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  tone?: 'danger' | 'solid';
  actions: DialogActions;
}) {
  const { dialogs } = useAppActors();
  // where the confirmation stands: the dialog manager's open.asking / open.confirming / open.failed
  const busy = useSelector(dialogs, (s) => s.matches({ open: 'confirming' }));
  const failed = useSelector(dialogs, (s) => s.matches({ open: 'failed' }));
  return (
    <Frame
      title={title}
      description={body}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={actions.close} disabled={busy}>
            {DIALOG_MESSAGES.cancel}
          </Button>
          <Button variant={tone} onClick={actions.confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failed && (
        <p role="alert" className={styles.error}>
          {DIALOG_MESSAGES.apiError.message}
        </p>
      )}
    </Frame>
  );
}
