import type { Actor } from 'xstate';
import type { webinarMachine } from '@machines/webinar.machine';

export type WebinarActor = Actor<typeof webinarMachine>;

/**
 * The one webinar actor of the signed-in shell (created by the floating button, webinar-button.tsx), shared with
 * the webinar dialog so the button, the 120 s prompt and the dialog are one machine. A small module of its own so
 * the dialogs chunk does not carry the button. The dialog reads it once, when it opens (webinar-dialog.tsx).
 */
let currentActor: WebinarActor | null = null;

export function setWebinarActor(actor: WebinarActor | null) {
  currentActor = actor;
}
export function getWebinarActor(): WebinarActor | null {
  return currentActor;
}
