import type { AppActors } from './app-actors';

/** 01 §2 no-network dialog: opened when a call could not reach the server (the client's `onNetworkError`). */
export function openNoNetworkDialog(actors: Pick<AppActors, 'dialogs'>) {
  actors.dialogs.send({ type: 'dialog.open', dialog: { name: 'no-network' } });
}

/** …and when the browser says the connection is gone (`offline`). Returns the cleanup. */
export function openNoNetworkOnOffline(actors: Pick<AppActors, 'dialogs'>, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
  const onOffline = () => openNoNetworkDialog(actors);
  target.addEventListener('offline', onOffline);
  return () => target.removeEventListener('offline', onOffline);
}
