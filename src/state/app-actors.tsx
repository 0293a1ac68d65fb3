import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type Actor } from 'xstate';
import { dialogManagerMachine } from '../../machines/dialog-manager.machine';
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
}

export function createAppActors(options: { inspect?: Inspect } = {}): AppActors {
  const dialogs = createActor(dialogManagerMachine, { id: 'dialogs', systemId: 'dialogs', input: {}, inspect: options.inspect });
  dialogs.start();
  return { dialogs };
}

export function stopAppActors(actors: AppActors) {
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
