/**
 * Dialog manager (01 §2 "Dialogs", 01 §4 "Dialog chain on close", 01 §8 api-error, 01 §9 delays):
 * the one place that knows which global dialog is open and with what payload.
 *
 * Events
 *  - `dialog.open {dialog: DialogRequest}`: open (defaults filled by `withDialogDefaults`).
 *  - `dialog.close`: close the open dialog (runs the chain below).
 *  - `dialog.closeAll`: close everything and drop the queue (e.g. on logout).
 *  - `dialog.flags {flags}`: update the onboarding flags used by the chain.
 *  - `dialog.confirm`: the confirm button of the open dialog (the confirmation dialogs, ConfirmDialogName:
 *    delete-chat, delete-story, delete-wordpress, plagiarism-checker).
 * Emitted (`actor.on(...)`): `dialog.navigate {to}` — the app calls react-router's navigate;
 * `dialog.confirmed {dialog}` — a confirmation's action is done (the opener follows up, e.g. leaves a deleted chat).
 * Actor slot: `confirmDialog` (input: the open dialog — its name is the intent, its payload the target) performs
 * the confirmed action (src/actors/dialog-confirmations.ts; nothing for a dialog without one).
 *
 * Confirmation (`open.asking` → `open.confirming` → closed, or `open.failed`): the dialog stays open and busy
 * while the action runs — closing it is ignored then, the action cannot be taken back — closes when it is done
 * (a plain close: no confirmation dialog is part of the chain below), and stays open with an error when it
 * failed, to retry or cancel. Which dialogs have a confirm button is the UI's (features/dialogs ConfirmFrame), so
 * the machine does not list them: the first route's code stays as small as before.
 *
 * Chain on close (01 §4):
 *  - welcome → offer.
 *  - offer → onboarding (navigate '/onboarding' after 50 ms, 01 §9) when the user is not onboarded
 *    and none of the stored flags is set; otherwise → the greetings dialog (explore-greetings) on
 *    home (navigate '/home') when not onboarded or onboarding was skipped; otherwise nothing.
 *  - api-error: closes at once but keeps its text for 100 ms (01 §8, §9), then clears it, so the
 *    closing animation does not show an empty dialog. A dialog opened meanwhile opens at once.
 *
 * Queueing policy (not in the spec; chosen here): one dialog is visible at a time. A `dialog.open`
 * while a dialog is open
 *  - with the same name replaces the open dialog's payload (e.g. a second api-error shows the newest text);
 *  - otherwise is queued FIFO; a queued dialog with the same name is replaced in place (no duplicates).
 * On close, a chained follow-up (offer, greetings) opens before the queue; then the queue drains.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { ERROR_DIALOG_CLEAR_DELAY_MS, OFFER_TO_ONBOARDING_DELAY_MS } from './constants';
import { dialog, withDialogDefaults, type Dialog, type DialogName, type DialogRequest } from './dialogs';

export interface OnboardingFlags {
  /** user.is_onboard */
  isOnboarded: boolean;
  /** user.is_onboard_skipped */
  isOnboardSkipped: boolean;
  /** the stored (local) flags the app keeps about onboarding/offer; "none set" sends to onboarding */
  storedFlags: Record<string, boolean>;
}

export interface DialogManagerInput {
  flags?: OnboardingFlags;
  /** a dialog to show at start (e.g. welcome on first login) */
  initial?: DialogRequest;
}

export interface DialogManagerContext {
  /** the visible dialog (in `closingError` the closed api-error whose text is kept 100 ms) */
  current: Dialog | null;
  queue: Dialog[];
  flags: OnboardingFlags;
}

export type DialogManagerEvent =
  | { type: 'dialog.open'; dialog: DialogRequest }
  | { type: 'dialog.close' }
  | { type: 'dialog.closeAll' }
  | { type: 'dialog.flags'; flags: OnboardingFlags }
  | { type: 'dialog.confirm' };

export type DialogManagerEmitted = { type: 'dialog.navigate'; to: string } | { type: 'dialog.confirmed'; dialog: Dialog };

const defaultFlags: OnboardingFlags = { isOnboarded: true, isOnboardSkipped: false, storedFlags: {} };
const isOpenNamed = (c: DialogManagerContext, name: DialogName) => c.current?.name === name;

export const dialogManagerMachine = setup({
  types: {
    context: {} as DialogManagerContext,
    input: {} as DialogManagerInput,
    events: {} as DialogManagerEvent,
    emitted: {} as DialogManagerEmitted,
  },
  actors: {
    confirmDialog: fromPromise<void, Dialog>(async () => {
      throw new Error('confirmDialog not provided');
    }),
  },
  delays: {
    errorClearDelay: ERROR_DIALOG_CLEAR_DELAY_MS,
    onboardingDelay: OFFER_TO_ONBOARDING_DELAY_MS,
  },
  guards: {
    hasInitialDialog: ({ context }) => context.current !== null,
    isSameDialog: ({ context, event }) =>
      event.type === 'dialog.open' && context.current?.name === event.dialog.name,
    isApiErrorOpen: ({ context }) => isOpenNamed(context, 'api-error'),
    isWelcomeOpen: ({ context }) => isOpenNamed(context, 'welcome'),
    isOfferToOnboarding: ({ context: c }) =>
      isOpenNamed(c, 'offer') && !c.flags.isOnboarded && !Object.values(c.flags.storedFlags).some(Boolean),
    isOfferToGreetings: ({ context: c }) =>
      isOpenNamed(c, 'offer') && (!c.flags.isOnboarded || c.flags.isOnboardSkipped),
    hasQueuedDialog: ({ context }) => context.queue.length > 0,
  },
  actions: {
    assignOpened: assign({
      current: ({ event }) => (event.type === 'dialog.open' ? withDialogDefaults(event.dialog) : null),
      queue: ({ context, event }) =>
        event.type === 'dialog.open' ? context.queue.filter((q) => q.name !== event.dialog.name) : context.queue,
    }),
    assignQueued: assign({
      queue: ({ context, event }) => {
        if (event.type !== 'dialog.open') return context.queue;
        const d = withDialogDefaults(event.dialog);
        const i = context.queue.findIndex((q) => q.name === d.name);
        return i >= 0 ? context.queue.map((q, j) => (j === i ? d : q)) : [...context.queue, d];
      },
    }),
    // a chained follow-up takes a queued request for the same dialog with it (no duplicates)
    assignOffer: assign({
      current: () => dialog('offer', {}),
      queue: ({ context }) => context.queue.filter((q) => q.name !== 'offer'),
    }),
    assignGreetings: assign({
      current: () => dialog('explore-greetings', {}),
      queue: ({ context }) => context.queue.filter((q) => q.name !== 'explore-greetings'),
    }),
    assignCleared: assign({ current: () => null }),
    assignDequeued: assign({
      current: ({ context }) => context.queue[0] ?? null,
      queue: ({ context }) => context.queue.slice(1),
    }),
    assignClosedAll: assign({ current: () => null, queue: () => [] }),
    assignFlags: assign({
      flags: ({ context, event }) => (event.type === 'dialog.flags' ? event.flags : context.flags),
    }),
    notifyNavigateOnboarding: emit({ type: 'dialog.navigate', to: '/onboarding' } as const),
    notifyNavigateHome: emit({ type: 'dialog.navigate', to: '/home' } as const),
    notifyConfirmed: emit(({ context }) => ({ type: 'dialog.confirmed', dialog: context.current as Dialog }) as const),
  },
}).createMachine({
  id: 'dialogManager',
  context: ({ input }) => ({
    current: input.initial ? withDialogDefaults(input.initial) : null,
    queue: [],
    flags: input.flags ?? defaultFlags,
  }),
  initial: 'starting',
  on: {
    'dialog.flags': { actions: 'assignFlags' },
    'dialog.closeAll': { target: '.idle', actions: 'assignClosedAll' },
  },
  states: {
    starting: {
      always: [{ guard: 'hasInitialDialog', target: 'open' }, { target: 'idle' }],
    },
    idle: {
      on: { 'dialog.open': { target: 'open', actions: 'assignOpened' } },
    },
    open: {
      initial: 'asking',
      states: {
        asking: {
          on: { 'dialog.confirm': 'confirming' },
        },
        confirming: {
          invoke: {
            id: 'confirmDialog',
            src: 'confirmDialog',
            input: ({ context }) => context.current as Dialog,
            // a confirmation dialog closes plainly (none of them is part of the chain on close)
            onDone: { target: '#dialogManager.next', actions: ['notifyConfirmed', 'assignCleared'] },
            onError: { target: 'failed' },
          },
          // the action is under way: the dialog stays until it is done
          on: { 'dialog.close': {} },
        },
        failed: {
          on: { 'dialog.confirm': 'confirming' },
        },
      },
      on: {
        'dialog.open': [
          { guard: 'isSameDialog', actions: 'assignOpened' },
          { actions: 'assignQueued' },
        ],
        'dialog.close': [
          { guard: 'isApiErrorOpen', target: 'closingError' },
          { guard: 'isWelcomeOpen', target: 'open', reenter: true, actions: 'assignOffer' },
          { guard: 'isOfferToOnboarding', target: 'waitingOnboarding', actions: 'assignCleared' },
          {
            guard: 'isOfferToGreetings',
            target: 'open',
            reenter: true,
            actions: ['assignGreetings', 'notifyNavigateHome'],
          },
          { target: 'next', actions: 'assignCleared' },
        ],
      },
    },
    closingError: {
      after: { errorClearDelay: { target: 'next', actions: 'assignCleared' } },
      on: { 'dialog.open': { target: 'open', actions: 'assignOpened' } },
    },
    waitingOnboarding: {
      after: { onboardingDelay: { target: 'next', actions: 'notifyNavigateOnboarding' } },
      on: { 'dialog.open': { actions: 'assignQueued' } },
    },
    next: {
      always: [{ guard: 'hasQueuedDialog', target: 'open', actions: 'assignDequeued' }, { target: 'idle' }],
    },
  },
});

/** The visible dialog for the UI: open flag and payload (in `closingError` the text is kept, closed). */
export function selectOpenDialog(snapshot: { value: unknown; context: DialogManagerContext }): {
  open: boolean;
  dialog: Dialog | null;
} {
  const v = snapshot.value;
  return { open: typeof v === 'object' && v !== null && 'open' in v, dialog: snapshot.context.current };
}
