import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { dialogManagerMachine } from '@machines/dialog-manager.machine';
import type { Dialog, DialogRequest } from '@machines/dialogs';
import { navigationGuardMachine } from '@machines/navigation-guard.machine';
import { sessionMachine } from '@machines/session.machine';
import type { Inspect } from '@/platform/inspect';
import type { AppServices } from '@/core/services';
import { provideSession } from '@/actors/session';
import type { BlogWizardActor, GenerationQueueActor } from './generation-actors';
import { loadWhenIdle } from '@/platform/idle-queue';

/**
 * How an actor is hosted in this app — two ways, and only these two:
 *
 * 1. App-wide: one actor for the whole app, created here, once, by `createAppActors` (main.tsx at start-up; each
 *    test makes its own) and reached with `useAppActors()` in components (then `useSelector(actor, narrow)`), or
 *    through the `AppActors` object where there is no component (main.tsx, the wiring below). Either created at
 *    start-up (dialogs, navigationGuard, session), or — for bundle size, when the first route does not need its code
 *    — lazily after the first route, from a dynamically imported module (generationQueue, blogWizard): a
 *    `Deferred<T>`, reached with `useDeferredActor((a) => a.generationQueue)` in components or
 *    `await actors.generationQueue.ready` elsewhere. What an actor needs from another (a dialog from the session, the
 *    queue's dialogs) is wired here, by events and `actor.on(...)`, not through module variables.
 * 2. View-owned: an actor that lives as long as one component — @xstate/react's `useActorRef(machine, { input })`
 *    in the component that owns it (the trial countdown, the upgrade button, the webinar button). Another view
 *    that needs it is handed the reference explicitly: the webinar dialog gets the webinar button's actor in its
 *    dialog payload, through the app-wide dialog manager (machines/dialogs.ts).
 *
 * Nothing else: no actor in a module-level variable, no actor created in a render. Each app-wide actor carries a
 * readable id and systemId so Stately Inspect lists it by name; a view-owned one may pass `useAppActors().inspect`.
 *
 * Why not createActorContext: these actors must exist before React renders (the API client's reports and the
 * router's blocker talk to them outside components) and be shared by several providers; a plain context over
 * actors created here gives that, with the same narrow-selector use
 * (`useSelector(useAppActors().dialogs, (s) => s.context.current)`).
 */
export interface AppActors {
  dialogs: Actor<typeof dialogManagerMachine>;
  navigationGuard: Actor<typeof navigationGuardMachine>;
  /** sign-in state, the 401 policy and logout (machines/session.machine.ts) */
  session: Actor<typeof sessionMachine>;
  /**
   * The generation queue (images and videos, with its video-polling children). Created at start-up, but
   * from a module loaded with a dynamic import (its machines and the queue client are not needed by the
   * first route — bundle budget), so it is a deferred actor: `await generationQueue.ready`, or
   * `useDeferredActor((a) => a.generationQueue)` in components. Null `ready` without services (unit tests of other
   * actors).
   */
  generationQueue: Deferred<GenerationQueueActor>;
  /** The long-blog wizard with Generate All, deferred like the queue (same lazily loaded module). */
  blogWizard: Deferred<BlogWizardActor>;
  /** Loads the deferred actors' module now (App calls it once its first route has settled). */
  startDeferred(): void;
  /**
   * Resolves when `startDeferred()` is called — the quiet moment after the first route (see App) — or at once
   * without `deferUntilStarted`. Other parts the first route does not need (the shell's menus, the webinar button) load then too.
   */
  afterFirstRoute: Promise<void>;
  /** the inspector the actors were created with: actors made later (one gate check, one chat) use it too */
  inspect?: Inspect;
}

/** An app-wide actor created from a lazily loaded module. */
export interface Deferred<T> {
  current: T | null;
  ready: Promise<T> | null;
}

/** Where the browser goes when the session says so (01 §4); tests record it instead. */
export interface AppPlatform {
  redirect(to: string, reload: boolean): void;
  /** The deferred actors (queue, wizard) load only once `startDeferred()` is called (the browser app). */
  deferUntilStarted?: boolean;
  local?: Storage;
  session?: Storage;
}

/**
 * The session's `signInUrl`: the hosted sign-in address is made at redirect time (it carries a fresh
 * `state` stored in session storage), so the machine holds this marker and the platform builds the URL.
 */
export const HOSTED_SIGN_IN = 'hosted-sign-in:';

export interface AppActorsOptions {
  inspect?: Inspect;
  /**
   * The API services. Without them (unit tests of the dialogs and the guard) the session starts
   * signed out and never calls the network.
   */
  services?: AppServices;
  platform?: AppPlatform;
  /** the token of the impersonation link the page was opened with (src/app/startup-params.ts) */
  impersonateToken?: string | null;
}

export function createAppActors(options: AppActorsOptions = {}): AppActors {
  const steps = appActorSteps(options);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same actors, each step a task of its own: `pause` ends the current task between them (main.tsx passes
 * its yield to the browser). At start-up each machine's initial snapshot and the session's start are several
 * milliseconds of script on a fast machine (tens of ms in all on a cold profile at 1× CPU), four times that on
 * Lighthouse's slow phone — in one task, one long blocking task.
 */
export async function createAppActorsInSteps(options: AppActorsOptions, pause: () => Promise<void>): Promise<AppActors> {
  const steps = appActorSteps(options);
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}

/**
 * The dialog manager with its slot: a confirmation's action (src/actors/dialog-confirmations.ts), loaded when one
 * runs — the first route does not carry it.
 */
function provideDialogManager(services: AppServices) {
  return dialogManagerMachine.provide({
    actors: {
      confirmDialog: fromPromise<void, Dialog>(({ input }) =>
        import('@/actors/dialog-confirmations').then((m) => m.runConfirmation(services, input)),
      ),
    },
  });
}

function* appActorSteps(options: AppActorsOptions): Generator<void, AppActors, void> {
  const { services, platform } = options;
  const dialogs = createActor(services ? provideDialogManager(services) : dialogManagerMachine, {
    id: 'dialogs',
    systemId: 'dialogs',
    input: {},
    inspect: options.inspect,
  });
  yield;
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
    if (guardDialog && snap.matches('open') && snap.context.current?.name === guardDialog) dialogs.send({ type: 'dialog.close' });
    guardDialog = null;
  });

  yield;
  const session = createActor(
    services ? provideSession({ services, storage: { local: platform?.local, session: platform?.session } }) : sessionMachine,
    {
      id: 'session',
      systemId: 'session',
      // the hosted sign-in's ?code= is exchanged by the /home route (it must finish before that route renders),
      // which hands the signed-in user over with `session.signIn`; the machine verifies a stored token itself
      input: { hasStoredToken: !!services && services.tokens.get() !== null, signInUrl: HOSTED_SIGN_IN, impersonateToken: options.impersonateToken },
      inspect: options.inspect,
    },
  );
  // the API client's 401 reports reach the session, which decides what they mean (01 §4)
  services?.unauthorized.attach((report) => session.send({ type: 'session.unauthorized', ...report }));
  session.on('session.clearToken', () => services?.tokens.clear());
  session.on('session.redirect', ({ to, reload }) => platform?.redirect(to, reload));
  // an impersonation link on a browser with a session: the dialog asks; a confirmation hands the link to the session
  session.on('session.askSwitch', ({ token }) => dialogs.send({ type: 'dialog.open', dialog: { name: 'switch-account', payload: { token } } }));
  dialogs.on('dialog.confirmed', ({ dialog }) => {
    if (dialog.name === 'switch-account') session.send({ type: 'session.switchAccount', token: dialog.payload.token });
  });

  yield;
  dialogs.start();
  navigationGuard.start();
  session.start();

  let startDeferred = () => {};
  const afterFirstRoute = new Promise<void>((resolve) => {
    if (platform?.deferUntilStarted) startDeferred = resolve;
    else resolve();
  });
  const generationQueue: Deferred<GenerationQueueActor> = { current: null, ready: null };
  const blogWizard: Deferred<BlogWizardActor> = { current: null, ready: null };
  if (services) {
    // Loaded once the first route is up — App calls `startDeferred()` after its first route settles
    // (when the platform asks for `deferUntilStarted`), otherwise at once — so the first route never waits
    // for the queue's code (bundle budget); `ready` exists from the start either way. In the browser app it then
    // waits for its turn in the idle queue (one background load at a time, src/platform/idle-queue.ts).
    const load = () => import('./generation-actors');
    const mod = afterFirstRoute.then(() => (platform?.deferUntilStarted ? loadWhenIdle(load) : load()));
    generationQueue.ready = mod.then(({ createGenerationQueueActor }) => {
      generationQueue.current = createGenerationQueueActor({ services, dialogs, session, inspect: options.inspect });
      return generationQueue.current;
    });
    blogWizard.ready = mod.then(({ createBlogWizardActor }) => {
      blogWizard.current = createBlogWizardActor({ services, dialogs, inspect: options.inspect });
      return blogWizard.current;
    });
  }
  return { dialogs, navigationGuard, session, generationQueue, blogWizard, startDeferred: () => startDeferred(), afterFirstRoute, inspect: options.inspect };
}

export function stopAppActors(actors: AppActors) {
  actors.generationQueue.current?.stop();
  actors.blogWizard.current?.stop();
  actors.session.stop();
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

/**
 * A lazily created app-wide actor in a component (`useDeferredActor((a) => a.generationQueue)`): null until its
 * module has loaded, shortly after the first route, then the actor.
 */
export function useDeferredActor<T>(pick: (actors: AppActors) => Deferred<T>): T | null {
  const deferred = pick(useAppActors());
  const [actor, setActor] = useState(deferred.current);
  useEffect(() => {
    let live = true;
    void deferred.ready?.then((a) => live && setActor(a));
    return () => {
      live = false;
    };
  }, [deferred]);
  return actor;
}
