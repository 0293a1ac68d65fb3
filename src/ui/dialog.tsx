import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { dialog } from 'styled-system/recipes';
import { XIcon } from './icons';
import { UI_MESSAGES } from './messages';

/**
 * Modal dialog (Ark Dialog: focus trap, Escape and outside click close, focus returns to the trigger).
 * Width 560 px by default (01 §9); `size="sm" | "lg"` on Root for others.
 *
 *   <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
 *     <Dialog.Trigger asChild><Button>Open</Button></Dialog.Trigger>
 *     <Portal>
 *       <Dialog.Backdrop />
 *       <Dialog.Positioner>
 *         <Dialog.Content>
 *           <Dialog.Header><Dialog.Title>…</Dialog.Title><Dialog.Description>…</Dialog.Description></Dialog.Header>
 *           <Dialog.Body>…</Dialog.Body>
 *           <Dialog.Footer>…</Dialog.Footer>
 *           <Dialog.CloseTrigger />
 *         </Dialog.Content>
 *       </Dialog.Positioner>
 *     </Portal>
 *   </Dialog.Root>
 */
const { withRootProvider, withContext } = createStyleContext(dialog);

/**
 * Focus that moves behind the dialog without the user (a page whose code arrives late focuses its field on mounting:
 * the chat's composer under the navigation guard's 'Are you sure?') does not close it — Ark closes a modal on any
 * focus outside, which answered the question for the user. The focus trap takes the focus back; a click outside and
 * Escape still close.
 */
const keepOpenOnFocusOutside = (e: { preventDefault(): void }) => e.preventDefault();

export const Root = withRootProvider(Dialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true, onFocusOutside: keepOpenOnFocusOutside },
});
export const RootProvider = withRootProvider(Dialog.RootProvider);
export const Trigger = Dialog.Trigger;
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop');
export const Positioner = withContext(Dialog.Positioner, 'positioner');
export const Content = withContext(Dialog.Content, 'content');
export const Header = withContext(ark.div, 'header');
export const Title = withContext(Dialog.Title, 'title');
export const Description = withContext(Dialog.Description, 'description');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');
/** An icon button labelled 'Close' by default; pass children/aria-label to change it. */
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger', {
  defaultProps: { 'aria-label': UI_MESSAGES.close, children: <XIcon /> },
});
export { Portal };
export const Context = Dialog.Context;

export type RootProps = ComponentProps<typeof Root>;
export type ContentProps = ComponentProps<typeof Content>;
export type { DialogOpenChangeDetails as OpenChangeDetails } from '@ark-ui/react/dialog';
