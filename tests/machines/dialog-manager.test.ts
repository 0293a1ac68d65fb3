/** Dialog manager: 01 §2 dialogs, 01 §4 dialog chain, 01 §8/§9 api-error clear delay and offer → onboarding delay. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  dialogManagerMachine,
  selectOpenDialog,
  type DialogManagerContext,
  type DialogManagerEvent,
  type OnboardingFlags,
} from '@machines/dialog-manager.machine';
import { DIALOG_NAMES, withDialogDefaults, type Dialog } from '@machines/dialogs';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(dialogManagerMachine);
/** 01 §8/§9 "Error dialog close delay 100 ms; offer dialog opens onboarding after 50 ms" — written out. */
const ERROR_DIALOG_CLEAR_DELAY_MS = 100;
const OFFER_TO_ONBOARDING_DELAY_MS = 50;
const delays = { errorClearDelay: ERROR_DIALOG_CLEAR_DELAY_MS, onboardingDelay: OFFER_TO_ONBOARDING_DELAY_MS };

const toOnboarding: OnboardingFlags = { isOnboarded: false, isOnboardSkipped: false, storedFlags: { seen: false } };
const toGreetings: OnboardingFlags = { isOnboarded: false, isOnboardSkipped: false, storedFlags: { seen: true } };
const skipped: OnboardingFlags = { isOnboarded: true, isOnboardSkipped: true, storedFlags: {} };
const onboarded: OnboardingFlags = { isOnboarded: true, isOnboardSkipped: false, storedFlags: {} };
const flagsClass = (f: OnboardingFlags) =>
  f === toOnboarding ? 'onboarding' : f === toGreetings ? 'greetings' : f === skipped ? 'skipped' : 'onboarded';

const events: DialogManagerEvent[] = [
  { type: 'dialog.open', dialog: { name: 'welcome' } },
  { type: 'dialog.open', dialog: { name: 'offer' } },
  { type: 'dialog.open', dialog: { name: 'api-error', payload: { title: 'ValidationError', message: 'Boom' } } },
  { type: 'dialog.open', dialog: { name: 'image-viewer', payload: { imageUrl: 'https://x/1.png' } } },
  { type: 'dialog.open', dialog: { name: 'generate-limit', payload: { type: 'image' } } },
  { type: 'dialog.open', dialog: { name: 'delete-chat', payload: { kind: 'chat', id: 42 } } },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'dialog.closeAll' },
  { type: 'dialog.flags', flags: toOnboarding },
  { type: 'dialog.flags', flags: toGreetings },
  { type: 'dialog.flags', flags: skipped },
  { type: 'dialog.flags', flags: onboarded },
];

// the confirmation's action, answered by the model path (done or failed)
const confirmOutcomes = [
  { type: 'xstate.done.actor.confirmDialog', output: undefined },
  { type: 'xstate.error.actor.confirmDialog', error: new Error('Server Error') },
];

/** The state's top-level name ('open' for every open substate). */
const topState = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// projection: state, visible dialog, queue length, flag class (the queue itself is bounded by dedupe)
const project = (s: { value: unknown; context: DialogManagerContext }) =>
  JSON.stringify([s.value, s.context.current?.name ?? null, s.context.queue.length, flagsClass(s.context.flags)]);

describe('dialogManager model paths (shortest path to every projected state)', () => {
  const model = createMachineTestModel(dialogManagerMachine, {
    input: { flags: onboarded },
    events: [...events, ...confirmOutcomes],
    // the UI offers the confirm button only on a confirmation dialog (ConfirmFrame): the model sends it only there
    filterEvents: (s, e) => e.type !== 'dialog.confirm' || s.context.current?.name === 'delete-chat',
    // projection: state, visible dialog, queue length, flag class (the queue itself is bounded by dedupe)
    serializeState: (s) => project(s),
  });
  const paths = model.getShortestPaths();
  console.log('dialogManager model paths:', paths.length);

  it('the model reaches every state with every flag class', () => {
    const all = model.getShortestPaths({ allowDuplicatePaths: true });
    const reached = new Set(all.map((p) => `${topState(p.state.value)}|${flagsClass(p.state.context.flags)}`));
    for (const v of ['idle', 'open', 'closingError', 'waitingOnboarding'])
      for (const f of ['onboarding', 'greetings', 'skipped', 'onboarded']) expect(reached).toContain(`${v}|${f}`);
    // waitingOnboarding is ENTERED (by closing the offer) only with the onboarding flags (01 §4 chain)
    const entries = all.filter(
      (p) => p.state.value === 'waitingOnboarding' && p.steps.at(-1)!.event.type === 'dialog.close',
    );
    // the confirmation's states are reached too
    for (const sub of ['asking', 'confirming', 'failed']) expect(all.some((p) => p.state.matches({ open: sub as 'asking' }))).toBe(true);
    expect(entries.length).toBeGreaterThan(0);
    for (const p of entries) expect(flagsClass(p.state.context.flags)).toBe('onboarding');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const navigations: string[] = [];
      const confirmed: unknown[] = [];
      let pending: { res: () => void; rej: (e: unknown) => void } | null = null;
      const confirmDialog = fromPromise<void, Dialog>(() => new Promise<void>((res, rej) => (pending = { res, rej })));
      const actor = createActor(dialogManagerMachine.provide({ actors: { confirmDialog } }), { input: { flags: onboarded }, inspect: tracker.inspect });
      actor.on('dialog.navigate', (e) => navigations.push(e.to));
      actor.on('dialog.confirmed', (e) => confirmed.push(e.dialog));
      actor.start();
      await path.test({
        states: {
          idle: (s) => {
            expect(s.context.current).toBeNull();
            expect(s.context.queue).toEqual([]);
            expect(selectOpenDialog(s).open).toBe(false);
          },
          open: (s) => {
            expect(s.context.current).not.toBeNull();
            expect(selectOpenDialog(s).open).toBe(true);
            expect(s.context.queue.map((d) => d.name)).not.toContain(s.context.current!.name);
          },
          // the confirmation runs with the open delete-chat as its target; the dialog stays up and busy
          'open.confirming': (s) => {
            expect(s.context.current).toEqual({ name: 'delete-chat', payload: { kind: 'chat', id: 42 } });
            expect(s.matches({ open: 'confirming' })).toBe(true);
            expect(pending).not.toBeNull();
          },
          // failed: still open on the same dialog, to retry or cancel
          'open.failed': (s) => {
            expect(s.context.current).toEqual({ name: 'delete-chat', payload: { kind: 'chat', id: 42 } });
            expect(s.matches({ open: 'failed' })).toBe(true);
          },
          // 01 §8: closed, but its text is kept until the clear delay has passed
          closingError: (s) => {
            expect(selectOpenDialog(s)).toEqual({ open: false, dialog: s.context.current });
            expect(s.context.current).toEqual({ name: 'api-error', payload: { title: 'ValidationError', message: 'Boom' } });
          },
          // decided when the offer closed: a later flags update does not cancel the navigation
          waitingOnboarding: (s) => expect(s.context.current).toBeNull(),
        },
        events: replayExecutors([path], {
          send: (e) => actor.send(e),
          advance: (ms) => void vi.advanceTimersByTime(ms),
          delays,
          onActorEvent: async (e) => {
            expect(pending, 'the confirmation is running').not.toBeNull();
            const p = pending!;
            pending = null;
            if (e.type.startsWith('xstate.done')) p.res();
            else p.rej(e.error);
            await Promise.resolve();
            await Promise.resolve();
          },
        }),
      });
      const real = actor.getSnapshot();
      // the path's end state is the representative of its projection class: compare projections
      expect(project(real)).toEqual(project(path.state));
      const expectedNav = path.steps.filter((s, i) => {
        const prev = i > 0 ? path.steps[i - 1].state : undefined;
        return (
          (s.event.type === 'xstate.after.onboardingDelay.dialogManager.waitingOnboarding') ||
          (s.event.type === 'dialog.close' && prev?.context.current?.name === 'offer' && s.state.context.current?.name === 'explore-greetings')
        );
      }).length;
      expect(navigations).toHaveLength(expectedNav);
      // `dialog.confirmed` once per confirmation done, with what was confirmed, never for a failed one
      const done = path.steps.filter((s) => s.event.type === 'xstate.done.actor.confirmDialog').length;
      expect(confirmed).toEqual(Array.from({ length: done }, () => ({ name: 'delete-chat', payload: { kind: 'chat', id: 42 } })));
      actor.stop();
    });
  }
});

describe('dialogManager chain and timers (simulated time)', () => {
  const start = (flags: OnboardingFlags) => {
    const nav: string[] = [];
    const a = createActor(dialogManagerMachine, { input: { flags, initial: { name: 'welcome' } }, inspect: tracker.inspect });
    a.on('dialog.navigate', (e) => nav.push(e.to));
    a.start();
    return { a, nav };
  };

  it('welcome closes to offer; offer closes to onboarding after exactly 50 ms when not onboarded and no stored flag', () => {
    const { a, nav } = start(toOnboarding);
    expect(a.getSnapshot().context.current?.name).toBe('welcome');
    a.send({ type: 'dialog.close' });
    expect(selectOpenDialog(a.getSnapshot())).toEqual({ open: true, dialog: { name: 'offer', payload: {} } });
    a.send({ type: 'dialog.close' });
    expect(selectOpenDialog(a.getSnapshot()).open).toBe(false);
    vi.advanceTimersByTime(49);
    expect(nav).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(nav).toEqual(['/onboarding']);
    expect(a.getSnapshot().value).toBe('idle');
  });

  it('offer closes to the greetings dialog on home when a stored flag is set and the user is not onboarded', () => {
    const { a, nav } = start(toGreetings);
    a.send({ type: 'dialog.close' });
    a.send({ type: 'dialog.close' });
    expect(a.getSnapshot().context.current).toEqual({ name: 'explore-greetings', payload: {} });
    expect(nav).toEqual(['/home']);
    vi.advanceTimersByTime(1000);
    expect(nav).toEqual(['/home']);
  });

  it('offer closes to greetings when onboarding was skipped', () => {
    const { a, nav } = start(skipped);
    a.send({ type: 'dialog.close' });
    a.send({ type: 'dialog.close' });
    expect(a.getSnapshot().context.current?.name).toBe('explore-greetings');
    expect(nav).toEqual(['/home']);
  });

  it('offer simply closes for an onboarded user', () => {
    const { a, nav } = start(onboarded);
    a.send({ type: 'dialog.close' });
    a.send({ type: 'dialog.close' });
    vi.advanceTimersByTime(1000);
    expect(a.getSnapshot().value).toBe('idle');
    expect(nav).toEqual([]);
  });

  it('api-error closes at once and clears its text 100 ms later (not at 99 ms)', () => {
    const a = createActor(dialogManagerMachine, { input: {}, inspect: tracker.inspect }).start();
    a.send({ type: 'dialog.open', dialog: { name: 'api-error', payload: { message: 'Nope' } } });
    expect(a.getSnapshot().context.current).toEqual({ name: 'api-error', payload: { title: 'Error', message: 'Nope' } });
    a.send({ type: 'dialog.close' });
    expect(selectOpenDialog(a.getSnapshot()).open).toBe(false);
    vi.advanceTimersByTime(99);
    expect(a.getSnapshot().context.current?.name).toBe('api-error');
    vi.advanceTimersByTime(1);
    expect(a.getSnapshot().context.current).toBeNull();
  });

  it('a dialog opened while the api-error text is being cleared opens at once', () => {
    const a = createActor(dialogManagerMachine, { input: {}, inspect: tracker.inspect }).start();
    a.send({ type: 'dialog.open', dialog: { name: 'api-error', payload: { message: 'Nope' } } });
    a.send({ type: 'dialog.close' });
    vi.advanceTimersByTime(50);
    a.send({ type: 'dialog.open', dialog: { name: 'no-network' } });
    expect(selectOpenDialog(a.getSnapshot())).toEqual({ open: true, dialog: { name: 'no-network', payload: {} } });
    vi.advanceTimersByTime(100);
    expect(a.getSnapshot().context.current?.name).toBe('no-network');
  });

  it('api-error defaults are Error / Something went Wrong !', () => {
    expect(withDialogDefaults({ name: 'api-error' })).toEqual({
      name: 'api-error',
      payload: { title: 'Error', message: 'Something went Wrong !' },
    });
  });

  it('image-viewer defaults imageAspect to square; generate-limit defaults to word', () => {
    expect(withDialogDefaults({ name: 'image-viewer', payload: { imageUrl: 'u' } }).payload).toEqual({
      imageUrl: 'u',
      imageAspect: 'square',
    });
    expect(withDialogDefaults({ name: 'generate-limit' }).payload).toEqual({ type: 'word' });
  });

  it('queueing: FIFO, same name replaces, chained follow-up before the queue', () => {
    const { a } = start(onboarded);
    a.send({ type: 'dialog.open', dialog: { name: 'no-network' } });
    a.send({ type: 'dialog.open', dialog: { name: 'generate-limit', payload: { type: 'word' } } });
    a.send({ type: 'dialog.open', dialog: { name: 'generate-limit', payload: { type: 'both' } } });
    a.send({ type: 'dialog.open', dialog: { name: 'welcome' } }); // same as open: payload replaced, no queue entry
    expect(a.getSnapshot().context.queue).toEqual([
      { name: 'no-network', payload: {} },
      { name: 'generate-limit', payload: { type: 'both' } },
    ]);
    a.send({ type: 'dialog.close' });
    expect(a.getSnapshot().context.current?.name).toBe('offer');
    a.send({ type: 'dialog.close' });
    expect(a.getSnapshot().context.current?.name).toBe('no-network');
    a.send({ type: 'dialog.close' });
    expect(a.getSnapshot().context.current).toEqual({ name: 'generate-limit', payload: { type: 'both' } });
    a.send({ type: 'dialog.closeAll' });
    expect(a.getSnapshot().value).toBe('idle');
  });

  describe('confirmation (the confirm button of delete-chat, delete-story, delete-wordpress, plagiarism-checker)', () => {
    const startConfirming = () => {
      const runs: { input: unknown; res: () => void; rej: (e: unknown) => void }[] = [];
      const confirmDialog = fromPromise<void, Dialog>(({ input }) => new Promise<void>((res, rej) => void runs.push({ input, res, rej })));
      const a = createActor(dialogManagerMachine.provide({ actors: { confirmDialog } }), { input: {}, inspect: tracker.inspect }).start();
      const confirmed: unknown[] = [];
      a.on('dialog.confirmed', (e) => confirmed.push(e.dialog));
      return { a, runs, confirmed };
    };

    it('runs the action with the dialog as its target; closing is ignored meanwhile; done closes and announces it; the queue follows', async () => {
      const { a, runs, confirmed } = startConfirming();
      a.send({ type: 'dialog.open', dialog: { name: 'delete-story', payload: { kind: 'video', id: 9 } } });
      a.send({ type: 'dialog.open', dialog: { name: 'no-network' } });
      a.send({ type: 'dialog.confirm' });
      expect(runs.map((r) => r.input)).toEqual([{ name: 'delete-story', payload: { kind: 'video', id: 9 } }]);
      a.send({ type: 'dialog.close' });
      expect(selectOpenDialog(a.getSnapshot())).toEqual({ open: true, dialog: { name: 'delete-story', payload: { kind: 'video', id: 9 } } });
      expect(a.getSnapshot().matches({ open: 'confirming' })).toBe(true);
      runs[0].res();
      await Promise.resolve();
      await Promise.resolve();
      expect(confirmed).toEqual([{ name: 'delete-story', payload: { kind: 'video', id: 9 } }]);
      expect(a.getSnapshot().context.current).toEqual({ name: 'no-network', payload: {} });
      expect(a.getSnapshot().matches({ open: 'asking' })).toBe(true);
    });

    it('a failed action keeps the dialog open; confirming again runs it again; closing then closes without announcing', async () => {
      const { a, runs, confirmed } = startConfirming();
      a.send({ type: 'dialog.open', dialog: { name: 'delete-wordpress', payload: { id: 3 } } });
      a.send({ type: 'dialog.confirm' });
      runs[0].rej(new Error('Server Error'));
      await Promise.resolve();
      await Promise.resolve();
      expect(a.getSnapshot().matches({ open: 'failed' })).toBe(true);
      expect(selectOpenDialog(a.getSnapshot()).open).toBe(true);
      a.send({ type: 'dialog.confirm' });
      expect(runs).toHaveLength(2);
      expect(a.getSnapshot().matches({ open: 'confirming' })).toBe(true);
      runs[1].rej(new Error('Server Error'));
      await Promise.resolve();
      await Promise.resolve();
      a.send({ type: 'dialog.close' });
      expect(a.getSnapshot().value).toBe('idle');
      expect(confirmed).toEqual([]);
    });

    it('the action runs with whichever dialog is open (only the confirmation dialogs have the button)', async () => {
      const { a, runs, confirmed } = startConfirming();
      a.send({ type: 'dialog.open', dialog: { name: 'plagiarism-checker' } });
      a.send({ type: 'dialog.confirm' });
      expect(runs.map((r) => r.input)).toEqual([{ name: 'plagiarism-checker', payload: {} }]);
      runs[0].res();
      await Promise.resolve();
      await Promise.resolve();
      expect(confirmed).toEqual([{ name: 'plagiarism-checker', payload: {} }]);
      expect(a.getSnapshot().value).toBe('idle');
    });

    it('the placeholder slot throws "not provided": the dialog shows the failure', async () => {
      const a = createActor(dialogManagerMachine, { input: {}, inspect: tracker.inspect }).start();
      a.send({ type: 'dialog.open', dialog: { name: 'plagiarism-checker' } });
      a.send({ type: 'dialog.confirm' });
      await Promise.resolve();
      await Promise.resolve();
      expect(a.getSnapshot().matches({ open: 'failed' })).toBe(true);
    });
  });

  it('every 01 §2 dialog opens with its name', () => {
    const a = createActor(dialogManagerMachine, { input: {}, inspect: tracker.inspect }).start();
    for (const name of DIALOG_NAMES) {
      a.send({ type: 'dialog.open', dialog: { name, payload: {} } as never });
      expect(a.getSnapshot().context.current?.name).toBe(name);
      a.send({ type: 'dialog.closeAll' });
    }
    // the 59 of 01 §2 (the list and the dialog texts), switch-account (issue 25: an impersonation link asks) and
    // replace-brand-description (issue 33: "Write it for me" asks before replacing a typed description)
    expect(DIALOG_NAMES).toHaveLength(61);
    expect(DIALOG_NAMES).toContain('switch-account');
    expect(DIALOG_NAMES).toContain('replace-brand-description');
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
