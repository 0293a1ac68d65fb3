import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import * as Dialog from '@/ui/dialog';
import { useAppActors } from '@/state/app-actors';
import { GlobalDialogContent, type DialogActions } from '@/features/dialogs/global-dialogs';

export interface DialogHostProps {
  /** The router's navigate (App passes `router.navigate`, so the navigation guard still applies). */
  navigate: (to: string) => void;
  /** api-error 'Try Again' (01 §8); a full page reload unless given. */
  reload?: () => void;
}

/**
 * The one host of the global dialogs (01 §2 "Dialogs"), mounted once inside the app providers and
 * beside the router, so it works on every layout. It shows what the dialogs actor says is open;
 * every way of closing (Escape, outside click, the close button, a button) goes back to the machine
 * as `dialog.close` — or as `nav.cancel` / `nav.confirm` when the navigation guard asked the question,
 * so the guard and the dialog never disagree. A confirmation dialog's confirm button sends `dialog.confirm`:
 * the machine runs the action. `dialog.navigate` emitted by the machine (the dialog chain of 01 §4) goes to
 * the router.
 */
export function DialogHost({ navigate, reload = () => window.location.reload() }: DialogHostProps) {
  const { dialogs, navigationGuard } = useAppActors();
  const open = useSelector(dialogs, (s) => s.matches('open'));
  const current = useSelector(dialogs, (s) => s.context.current);
  // Whether the open dialog is the guard's pending question (its answer must reach the guard).
  const askedByGuard = useSelector(
    navigationGuard,
    (s) => s.value === 'confirming' && !!current && s.context.dialog?.name === current.name,
  );

  useEffect(() => {
    const sub = dialogs.on('dialog.navigate', ({ to }) => navigate(to));
    return () => sub.unsubscribe();
  }, [dialogs, navigate]);

  if (!current) return null;

  const actions: DialogActions = {
    close: () => (askedByGuard ? navigationGuard.send({ type: 'nav.cancel' }) : dialogs.send({ type: 'dialog.close' })),
    navigate,
    reload,
    confirm: () => dialogs.send({ type: 'dialog.confirm' }),
    confirmLeave: askedByGuard ? () => navigationGuard.send({ type: 'nav.confirm' }) : undefined,
  };

  return (
    // keyed by name: a dialog that follows another (queue, chain) is a fresh one, focus included
    <Dialog.Root
      key={current.name}
      open={open}
      onOpenChange={(e) => {
        if (!e.open) actions.close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <GlobalDialogContent dialog={current} actions={actions} />
        </Dialog.Positioner>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
