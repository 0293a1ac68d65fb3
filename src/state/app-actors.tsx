import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type Actor } from 'xstate';
import { dialogManagerMachine } from '../../machines/dialog-manager.machine';
import type { DialogRequest } from '../../machines/dialogs';
import { navigationGuardMachine } from '../../machines/navigation-guard.machine';
import type { Inspect } from './inspect';

/**
 * The app-wide actors, created once at start-up (main.tsx) — or once per test — and reached through
 * context. Each carries a readable id and systemId so Stately Inspect lists it by name.
 *
 * Why not createActorContext: these actors must exist before React renders (the API client's
 * middleware and the router's blocker talk to them outside components) and be shared by several
 * providers; a plain context over actors created here gives that, with the same narrow-selector use
 * (`useSelector(useAppActors().dialogs, (s) => s.context.current)`).
 */
export interface AppActors {
  dialogs: Actor<typeof dialogManagerMachine>;
  navigationGuard: Actor<typeof navigationGuardMachine>;
}

export function createAppActors(options: { inspect?: Inspect } = {}): AppActors {
  const dialogs = createActor(dialogManagerMachine, { id: 'dialogs', systemId: 'dialogs', input: {}, inspect: options.inspect });
  const navigationGuard = createActor(navigationGuardMachine, {
    id: 'navigationGuard',
    systemId: 'navigationGuard',
    input: {},
    inspect: options.inspect,
  });

  // The guard's dialogs (content-generation-check, outline-loading, content-stop, storyboard-stop)
  // are shown by the one dialog manager. Wired here, not in a component, so the bridge exists as long
  // as the actors do, whatever is mounted.
  let guardDialog: string | null = null;
  navigationGuard.on('nav.openDialog', ({ dialog }) => {
    guardDialog = dialog.name;
    dialogs.send({ type: 'dialog.open', dialog: dialog as DialogRequest });
  });
  navigationGuard.on('nav.closeDialog', () => {
    // Close only the guard's own dialog: when it was queued behind another one, or the user already
    // dismissed it, a blind `dialog.close` would close somebody else's dialog.
    const snap = dialogs.getSnapshot();
    if (guardDialog && snap.value === 'open' && snap.context.current?.name === guardDialog) dialogs.send({ type: 'dialog.close' });
    guardDialog = null;
  });

  dialogs.start();
  navigationGuard.start();
  return { dialogs, navigationGuard };
}

export function stopAppActors(actors: AppActors) {
  actors.navigationGuard.stop();
  actors.dialogs.stop();
}

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>');
  return actors;
}
