/** Webinar: 01 §4 Webinar, 01 §2 dialog texts, 01 §8 messages, 01 §9 (UTC+5:30, 20:00–20:30, weekdays), simulated time. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { selectWebinarCountdown, webinarMachine, type WebinarEmitted, type WebinarInput } from '@machines/webinar.machine';
import { indiaWeekday, isWebinarDay, isWebinarLive, nextWebinarStart, webinarCalendarEvent } from '@machines/webinar-schedule';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(webinarMachine);
/** 01 §4 Webinar "prompt after 120 seconds", "closes after 2 seconds"; 01 §9 "countdown ticks each second" — written out. */
const PROMPT_DELAY_MS = 120_000;
const SUCCESS_CLOSE_MS = 2000;
const delays = { promptDelay: PROMPT_DELAY_MS, tick: 1000, successClose: SUCCESS_CLOSE_MS };
const at = (iso: string) => Date.parse(iso);
const TUE_NOON_UTC = at('2026-03-10T12:00:00Z'); // Tuesday 17:30 India time

describe('webinar schedule (pure date maths, UTC+5:30)', () => {
  it('weekday in India time, including across the UTC midnight', () => {
    expect(indiaWeekday(TUE_NOON_UTC)).toBe(2);
    expect(indiaWeekday(at('2026-03-13T18:29:59Z'))).toBe(5); // Fri 23:59:59 IST
    expect(indiaWeekday(at('2026-03-13T18:30:00Z'))).toBe(6); // Sat 00:00 IST
    expect(isWebinarDay(at('2026-03-14T12:00:00Z'))).toBe(false);
    expect(isWebinarDay(at('2026-03-15T18:30:00Z'))).toBe(true); // Mon 00:00 IST
  });
  it('default start is 20:00 India time (14:30 UTC) today before the window ends', () => {
    expect(nextWebinarStart(TUE_NOON_UTC)).toBe(at('2026-03-10T14:30:00Z'));
    expect(nextWebinarStart(at('2026-03-10T14:59:59Z'))).toBe(at('2026-03-10T14:30:00Z'));
    expect(isWebinarLive(at('2026-03-10T14:45:00Z'))).toBe(true);
    expect(isWebinarLive(at('2026-03-10T15:00:00Z'))).toBe(false);
    expect(nextWebinarStart(at('2026-03-10T15:00:00Z'))).toBe(at('2026-03-11T14:30:00Z'));
  });
  it('Friday after the window, Saturday and Sunday roll to Monday', () => {
    const monday = at('2026-03-16T14:30:00Z');
    expect(nextWebinarStart(at('2026-03-13T15:00:00Z'))).toBe(monday);
    expect(nextWebinarStart(at('2026-03-14T10:00:00Z'))).toBe(monday);
    expect(nextWebinarStart(at('2026-03-15T20:00:00Z'))).toBe(monday);
  });
  it('the calendar event lasts 40 minutes', () => {
    expect(webinarCalendarEvent(1000)).toEqual({ start: 1000, end: 1000 + 40 * 60_000 });
  });
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const inputs: Array<[string, WebinarInput]> = [
  ['weekday, not registered', { now: TUE_NOON_UTC, isWebinar: 0 }],
  ['weekday, already registered', { now: TUE_NOON_UTC, isWebinar: 2 }],
  ['weekend', { now: at('2026-03-14T12:00:00Z'), isWebinar: 0 }],
];
const events: AnyEventObject[] = [
  { type: 'webinar.open' },
  { type: 'webinar.attend' },
  { type: 'webinar.skip' },
  { type: 'webinar.close' },
  { type: 'xstate.done.actor.registerWebinar', output: undefined },
  { type: 'xstate.error.actor.registerWebinar', error: new Error('hook') },
  { type: 'xstate.done.actor.saveRegistered', output: undefined },
  { type: 'xstate.error.actor.saveRegistered', error: new Error('api') },
  { type: 'xstate.done.actor.saveSkipped', output: undefined },
  { type: 'xstate.error.actor.saveSkipped', error: new Error('api') },
];

for (const [label, input] of inputs) {
  describe(`webinar model paths — ${label}`, () => {
    const model = createMachineTestModel(webinarMachine, {
      input,
      events,
      // the 1 s clock tick is covered by the countdown test below; here it would only reorder real timers
      filterEvents: (_, e) => e.type !== 'xstate.after.tick.webinar.available.clock.ticking',
      serializeState: (s, e) => JSON.stringify([s.value, s.context.message, e?.type ?? null]),
    });
    for (const path of model.getShortestPaths()) {
      it(path.description, async () => {
        const pending: Record<string, { res: (v: unknown) => void; rej: (e: unknown) => void }> = {};
        const statusCalls: number[] = [];
        const actor = createActor(
          webinarMachine.provide({
            actors: {
              registerWebinar: fromPromise<void, void>(() => new Promise((res, rej) => (pending.registerWebinar = { res: res as never, rej }))),
              updateWebinarStatus: fromPromise<void, { isWebinar: 0 | 1 | 2 }>(({ input: i }) => {
                statusCalls.push(i.isWebinar);
                return new Promise((res, rej) => (pending[i.isWebinar === 2 ? 'saveRegistered' : 'saveSkipped'] = { res: res as never, rej }));
              }),
            },
          }),
          { input, inspect: tracker.inspect },
        );
        const emitted: WebinarEmitted[] = [];
        actor.on('*', (e: WebinarEmitted) => emitted.push(e));
        actor.start();
        await path.test({
          states: {
            '#webinar': (s) => expect(actor.getSnapshot().value).toEqual(s.value),
            hidden: () => expect(isWebinarDay(input.now)).toBe(false),
            'available.flow.waitingPrompt': (s) => expect(s.context.isWebinar).toBe(0),
            'available.flow.dialog': () => expect(emitted.filter((e) => e.type === 'webinar.openDialog').length).toBeGreaterThan(0),
            'available.flow.registered': (s) => {
              expect(s.context.isWebinar).toBe(2);
              expect(s.context.message).toBe('Meeting invitation link has been sent to your email.');
              expect(s.context.calendarEvent).toEqual(webinarCalendarEvent(s.context.start));
              expect(statusCalls).toContain(2);
            },
          },
          events: replayExecutors([path], {
            send: (e) => actor.send(e),
            advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined),
            delays,
            onActorEvent: async (e) => {
              const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)!;
              if (m[1] === 'done') pending[m[2]].res(e.output);
              else pending[m[2]].rej(e.error);
              await vi.advanceTimersByTimeAsync(0);
            },
          }) as never,
        });
        // a failed registration shows the 01 §8 message and keeps the dialog open
        const last = path.steps.at(-1)!;
        if (last.event.type === 'xstate.error.actor.registerWebinar') {
          expect(actor.getSnapshot().context.message).toBe('An error occurred! Please try again!');
          expect(actor.getSnapshot().matches({ available: { flow: 'dialog' } })).toBe(true);
        }
        if (last.event.type.endsWith('saveSkipped')) {
          expect(statusCalls.at(-1)).toBe(1);
          expect(emitted.at(-1)).toEqual({ type: 'webinar.closeDialog' });
        }
        actor.stop();
      });
    }
  });
}

describe('webinar timers (simulated time)', () => {
  const ok = fromPromise<void, any>(async () => {});
  const start = (input: WebinarInput) =>
    createActor(webinarMachine.provide({ actors: { registerWebinar: ok, updateWebinarStatus: ok } }), {
      input,
      inspect: tracker.inspect,
    }).start();

  it('prompts after 120 s, not at 119.999 s', () => {
    const a = start({ now: TUE_NOON_UTC, isWebinar: 0 });
    vi.advanceTimersByTime(PROMPT_DELAY_MS - 1);
    expect(a.getSnapshot().matches({ available: { flow: 'waitingPrompt' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(a.getSnapshot().matches({ available: { flow: 'dialog' } })).toBe(true);
  });

  it('the countdown ticks each second towards 20:00 India time', () => {
    const a = start({ now: TUE_NOON_UTC, isWebinar: 2 });
    expect(selectWebinarCountdown(a.getSnapshot())).toEqual({ days: 0, hours: 2, minutes: 30, seconds: 0 });
    vi.advanceTimersByTime(1000);
    expect(selectWebinarCountdown(a.getSnapshot())).toEqual({ days: 0, hours: 2, minutes: 29, seconds: 59 });
    vi.advanceTimersByTime(60_000);
    expect(selectWebinarCountdown(a.getSnapshot())).toEqual({ days: 0, hours: 2, minutes: 28, seconds: 59 });
  });

  it('a registered webinar date from the user is used when in the future', () => {
    const a = start({ now: TUE_NOON_UTC, isWebinar: 0, webinarStart: TUE_NOON_UTC + 5000 });
    expect(selectWebinarCountdown(a.getSnapshot())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 5 });
  });

  it('the success confirmation can be closed before the 2 s are up', async () => {
    const a = start({ now: TUE_NOON_UTC, isWebinar: 0 });
    a.send({ type: 'webinar.open' });
    a.send({ type: 'webinar.attend' });
    await vi.advanceTimersByTimeAsync(0);
    a.send({ type: 'webinar.close' });
    expect(a.getSnapshot().matches({ available: { flow: 'button' } })).toBe(true);
    expect(a.getSnapshot().context.message).toBeNull();
    expect(a.getSnapshot().context.isWebinar).toBe(2);
  });

  it('after a successful registration the dialog closes after 2 s', async () => {
    const a = start({ now: TUE_NOON_UTC, isWebinar: 0 });
    a.send({ type: 'webinar.open' });
    a.send({ type: 'webinar.attend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.getSnapshot().matches({ available: { flow: 'registered' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(SUCCESS_CLOSE_MS - 1);
    expect(a.getSnapshot().matches({ available: { flow: 'registered' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.getSnapshot().matches({ available: { flow: 'button' } })).toBe(true);
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
