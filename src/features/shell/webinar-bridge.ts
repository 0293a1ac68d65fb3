import { useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import type { webinarMachine } from '../../../machines/webinar.machine';

export type WebinarActor = Actor<typeof webinarMachine>;

/**
 * The one webinar actor of the signed-in shell (created by the floating button, webinar-button.tsx), shared with
 * the webinar dialog so the button, the 120 s prompt and the dialog are one machine. A small module of its own so
 * the dialogs chunk does not carry the button.
 */
let currentActor: WebinarActor | null = null;
const listeners = new Set<() => void>();

export function setWebinarActor(actor: WebinarActor | null) {
  currentActor = actor;
  listeners.forEach((l) => l());
}
export function getWebinarActor(): WebinarActor | null {
  return currentActor;
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}
/** The running webinar actor of the shell, or null (signed out, or a page without the shell). */
export function useWebinarActor(): WebinarActor | null {
  return useSyncExternalStore(subscribe, () => currentActor, () => null);
}
