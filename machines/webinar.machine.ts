/**
 * Webinar promotion (01 §2 webinar dialog and floating button, 01 §4 "Webinar", 01 §8, 01 §9).
 *
 * Input: `now` (epoch ms), the user's is_webinar status (0 not registered, 1 skipped,
 * 2 registered) and optionally the webinar start from user.webinar.webinar_date (epoch ms; when
 * absent or past, the default 20:00 India time schedule of machines/webinar-schedule.ts is used).
 *
 *  - The floating button shows on weekdays only (India time); on weekends the machine is `hidden`.
 *  - A user who has not answered (is_webinar 0) is prompted after 120 s (`waitingPrompt`);
 *    the button (`webinar.open`) opens the dialog at any time.
 *  - The dialog ('Join Us Live Today!') counts down to the start, ticking each second.
 *  - 'Yes, I want to Attend' (`webinar.attend`): actor `registerWebinar` (external hook), then
 *    actor `updateWebinarStatus {is_webinar: 2}`; success shows 'Meeting invitation link has been
 *    sent to your email.', offers the add-to-calendar event (40 min) and closes after 2 s;
 *    failure shows 'An error occurred! Please try again!' and stays open.
 *  - 'Skip this' (`webinar.skip`): actor `updateWebinarStatus {is_webinar: 1}` and close.
 *  - `webinar.close` closes the dialog.
 * Emitted: `webinar.openDialog`, `webinar.closeDialog` (forward to the dialog manager).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { DIALOG_TEXT } from './dialog-text';
import { WEBINAR_PROMPT_DELAY_MS, WEBINAR_STATUS, WEBINAR_SUCCESS_CLOSE_MS, WEBINAR_TICK_MS } from './constants';
import { countdownParts, type CountdownParts } from './time-parts';
import { isWebinarDay, nextWebinarStart, webinarCalendarEvent } from './webinar-schedule';

export type WebinarStatus = (typeof WEBINAR_STATUS)[keyof typeof WEBINAR_STATUS];

export interface WebinarInput {
  now: number;
  isWebinar: WebinarStatus;
  /** user.webinar.webinar_date as epoch ms, if any */
  webinarStart?: number | null;
}
export interface WebinarContext {
  now: number;
  isWebinar: WebinarStatus;
  start: number;
  message: string | null;
  calendarEvent: { start: number; end: number } | null;
}
export type WebinarEvent =
  | { type: 'webinar.open' }
  | { type: 'webinar.attend' }
  | { type: 'webinar.skip' }
  | { type: 'webinar.close' };
/** Open / close the webinar dialog: the host of this actor forwards them to the dialog manager (with this actor). */
export type WebinarEmitted = { type: 'webinar.openDialog' } | { type: 'webinar.closeDialog' };

export const webinarMachine = setup({
  types: {
    context: {} as WebinarContext,
    input: {} as WebinarInput,
    events: {} as WebinarEvent,
    emitted: {} as WebinarEmitted,
  },
  actors: {
    registerWebinar: fromPromise<void, void>(async () => {
      throw new Error('registerWebinar not provided');
    }),
    updateWebinarStatus: fromPromise<void, { isWebinar: WebinarStatus }>(async () => {
      throw new Error('updateWebinarStatus not provided');
    }),
  },
  delays: {
    promptDelay: WEBINAR_PROMPT_DELAY_MS,
    tick: WEBINAR_TICK_MS,
    successClose: WEBINAR_SUCCESS_CLOSE_MS,
  },
  guards: {
    isWebinarDay: ({ context }) => isWebinarDay(context.now),
    hasAnswered: ({ context }) => context.isWebinar !== WEBINAR_STATUS.notRegistered,
  },
  actions: {
    assignTick: assign({ now: ({ context }) => context.now + WEBINAR_TICK_MS }),
    assignError: assign({ message: () => DIALOG_TEXT.webinar.error }),
    assignRegistered: assign(({ context }) => ({
      isWebinar: WEBINAR_STATUS.registered,
      message: DIALOG_TEXT.webinar.success,
      calendarEvent: webinarCalendarEvent(context.start),
    })),
    assignSkipped: assign({ isWebinar: () => WEBINAR_STATUS.skipped }),
    assignClosed: assign({ message: () => null }),
    notifyOpen: emit({ type: 'webinar.openDialog' } as const),
    notifyClose: emit({ type: 'webinar.closeDialog' } as const),
  },
}).createMachine({
  id: 'webinar',
  context: ({ input }) => ({
    now: input.now,
    isWebinar: input.isWebinar,
    start: input.webinarStart && input.webinarStart > input.now ? input.webinarStart : nextWebinarStart(input.now),
    message: null,
    calendarEvent: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isWebinarDay', target: 'available' }, { target: 'hidden' }],
    },
    hidden: {},
    available: {
      type: 'parallel',
      states: {
        // the countdown clock ticks each second while the button/dialog is available (01 §9)
        clock: {
          initial: 'ticking',
          states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'assignTick' } } } },
        },
        flow: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasAnswered', target: 'button' }, { target: 'waitingPrompt' }],
            },
            waitingPrompt: {
              after: { promptDelay: { target: 'dialog', actions: 'notifyOpen' } },
              on: { 'webinar.open': { target: 'dialog', actions: 'notifyOpen' } },
            },
            button: {
              on: { 'webinar.open': { target: 'dialog', actions: 'notifyOpen' } },
            },
            dialog: {
              on: {
                'webinar.attend': 'registering',
                'webinar.skip': 'skipping',
                'webinar.close': { target: 'button', actions: ['assignClosed', 'notifyClose'] },
              },
            },
            registering: {
              invoke: {
                src: 'registerWebinar',
                id: 'registerWebinar',
                onDone: 'savingRegistration',
                onError: { target: 'dialog', actions: 'assignError' },
              },
            },
            savingRegistration: {
              invoke: {
                src: 'updateWebinarStatus',
                id: 'saveRegistered',
                input: { isWebinar: WEBINAR_STATUS.registered },
                // the registration itself succeeded: a failed status save does not undo it
                onDone: { target: 'registered', actions: 'assignRegistered' },
                onError: { target: 'registered', actions: 'assignRegistered' },
              },
            },
            registered: {
              after: { successClose: { target: 'button', actions: ['assignClosed', 'notifyClose'] } },
              on: { 'webinar.close': { target: 'button', actions: ['assignClosed', 'notifyClose'] } },
            },
            skipping: {
              invoke: {
                src: 'updateWebinarStatus',
                id: 'saveSkipped',
                input: { isWebinar: WEBINAR_STATUS.skipped },
                onDone: { target: 'button', actions: ['assignSkipped', 'notifyClose'] },
                onError: { target: 'button', actions: ['assignSkipped', 'notifyClose'] },
              },
            },
          },
        },
      },
    },
  },
});

/** The dialog's countdown to the start (days, hours, minutes, seconds), zero once started. */
export function selectWebinarCountdown(s: { context: WebinarContext }): CountdownParts {
  return countdownParts(s.context.start - s.context.now);
}
