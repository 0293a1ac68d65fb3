/**
 * The dialog host and the toaster load once the browser is idle after the first route (src/app/app.tsx).
 * A toast raised before that (a failed purchase right after the page opened) asks for them at once through
 * this signal, so its message is not held back until the idle moment. Kept tiny: it is in the entry chunk.
 */
const listeners = new Set<() => void>();
let demanded = false;

export function demandHost(): void {
  if (demanded) return;
  demanded = true;
  for (const l of listeners) l();
}

export function subscribeHostDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hostDemanded = (): boolean => demanded;
