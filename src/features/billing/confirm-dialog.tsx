import type { ReactNode } from 'react';
import * as Dialog from '@/ui/dialog';
import { Button } from '@/ui/button';

/** A modal confirmation (Ark dialog: focus trap, Escape closes) with a form body. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
  danger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} role="alertdialog">
      <Dialog.Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
              {description && <Dialog.Description>{description}</Dialog.Description>}
            </Dialog.Header>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onConfirm();
              }}
              noValidate
            >
              {children && <Dialog.Body>{children}</Dialog.Body>}
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button type="submit" variant={danger ? 'danger' : 'solid'} loading={busy}>
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
