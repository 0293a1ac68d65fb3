/** Navigation guard: 01 §4 / 03 §4 five ordered checks, storybook rule (01 §4, 03 §2), dialogs texts 01 §2. */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  navigationGuardMachine,
  type NavContext,
  type NavEmitted,
  type NavEvent,
} from '@machines/navigation-guard.machine';
import { DIALOG_TEXT } from '@machines/dialog-text';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(navigationGuardMachine);
type Snap = { value: unknown; context: NavContext; matches: (v: any) => boolean };

const flagNames = ['generationRunning', 'outlineInProgress', 'blogContentGenerating', 'loadingImagesPending', 'storyboardInProgress'] as const;
const events: NavEvent[] = [
  ...flagNames.flatMap((f) => [true, false].map((v) => ({ type: 'nav.update' as const, flags: { [f]: v } }))),
  { type: 'nav.update', flags: { currentPath: '/storybook-library/details' } },
  { type: 'nav.update', flags: { currentPath: '/blog-writer' } },
  { type: 'nav.update', flags: { currentStep: 3 } },
  { type: 'nav.request', to: '/history' },
  { type: 'nav.request', to: '/blog-writer', reset: true },
  { type: 'nav.request', to: '/blog-writer?blog=b2', blogId: 'b2' },
  { type: 'nav.confirm' },
  { type: 'nav.cancel' },
];

/** The spec's answer to one step (written from 01 §4 / 03 §4, not from the machine). */
function oracle(prev: Snap, e: AnyEventObject, next: Snap): NavEmitted[] {
  const c = prev.context;
  if (e.type === 'nav.request' && prev.value === 'idle') {
    const target = { to: e.to as string, blogId: (e.blogId ?? null) as string | null, reset: !!e.reset };
    const onStorybook = ['/storybook-library', '/storybook-library/details'].includes(c.currentPath);
    if (c.generationRunning)
      return [{ type: 'nav.openDialog', dialog: { name: 'content-generation-check', payload: { targetUrl: target.to } } }];
    if (c.storyboardInProgress && onStorybook)
      return [{ type: 'nav.openDialog', dialog: { name: 'storyboard-stop', payload: { isImageStop: false, targetUrl: target.to } } }];
    if (c.outlineInProgress) return [{ type: 'nav.openDialog', dialog: { name: 'outline-loading', payload: {} } }];
    const stop = (isImageStop: boolean): NavEmitted[] => [
      { type: 'nav.openDialog', dialog: { name: 'content-stop', payload: { isImageStop, targetUrl: target.to, reset: target.reset, blogId: target.blogId } } },
    ];
    if (c.blogContentGenerating) return stop(false);
    if (c.loadingImagesPending) return stop(true);
    if (target.blogId != null)
      return [
        { type: 'nav.loadBlog', blogId: target.blogId, step: c.steps[target.blogId] ?? 1 },
        { type: 'nav.navigate', to: target.to },
      ];
    return [{ type: 'nav.navigate', to: target.to }, ...(target.reset ? [{ type: 'nav.resetBlog' } as const] : [])];
  }
  if (e.type === 'nav.cancel' && prev.value === 'confirming') return [{ type: 'nav.closeDialog' }];
  if (e.type === 'nav.confirm' && prev.value === 'confirming') {
    const p = c.pending!;
    if (c.dialog!.name === 'content-generation-check') return [{ type: 'nav.closeDialog' }, { type: 'nav.navigate', to: p.to }];
    const out: NavEmitted[] = [{ type: 'nav.closeDialog' }, { type: 'nav.stopGeneration' }];
    if (p.blogId != null) out.push({ type: 'nav.loadBlog', blogId: p.blogId, step: next.context.currentStep });
    out.push({ type: 'nav.navigate', to: p.to });
    if (p.blogId == null && p.reset) out.push({ type: 'nav.resetBlog' });
    return out;
  }
  return [];
}

describe('navigationGuard model paths', () => {
  const model = createMachineTestModel(navigationGuardMachine, {
    input: { currentBlogId: 'b1', currentStep: 2 },
    events,
    // projection: state, the flags, the path class, the open dialog and which blog is open
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        flagNames.map((f) => s.context[f]),
        s.context.currentPath,
        s.context.dialog?.name ?? null,
        s.context.currentBlogId,
      ]),
  });
  const paths = model.getShortestPaths();
  it('has paths', () => expect(paths.length).toBeGreaterThan(100));

  for (const path of paths) {
    it(path.description, async () => {
      const emitted: NavEmitted[] = [];
      const actor = createActor(navigationGuardMachine, { input: { currentBlogId: 'b1', currentStep: 2 }, inspect: tracker.inspect });
      actor.on('*', (e: NavEmitted) => emitted.push(e));
      actor.start();
      let prev: Snap | undefined;
      const base = replayExecutors([path], { send: (e) => actor.send(e), advance: () => {} });
      const execs = Object.fromEntries(
        Object.entries(base).map(([type, exec]) => [
          type,
          async (step: { event: AnyEventObject; state: Snap }) => {
            const before = emitted.length;
            const realPrev = actor.getSnapshot() as unknown as Snap;
            await exec(step);
            // oracle on the REAL previous state (the model state is a projection representative)
            expect(emitted.slice(before)).toEqual(oracle(realPrev, step.event, actor.getSnapshot() as unknown as Snap));
          },
        ]),
      );
      await path.test({
        states: {
          '#navigationGuard': (s) => {
            expect(actor.getSnapshot().value).toEqual(s.value);
            prev = s as Snap;
          },
          idle: (s) => expect(s.context.dialog).toBeNull(),
          confirming: (s) => {
            expect(s.context.pending).not.toBeNull();
            expect(['content-generation-check', 'content-stop', 'storyboard-stop']).toContain(s.context.dialog!.name);
          },
        },
        events: execs as never,
      });
      expect(prev).toBeDefined();
      actor.stop();
    });
  }
});

describe('navigationGuard scenarios', () => {
  const start = (input = {}) => {
    const emitted: NavEmitted[] = [];
    const a = createActor(navigationGuardMachine, { input, inspect: tracker.inspect });
    a.on('*', (e: NavEmitted) => emitted.push(e));
    a.start();
    return { a, emitted };
  };

  it("generation running: 'Are you sure?' → 'Yes proceed' goes to the stored URL", () => {
    const { a, emitted } = start({ generationRunning: true });
    a.send({ type: 'nav.request', to: '/chat' });
    expect(DIALOG_TEXT['content-generation-check']).toEqual({
      title: 'Are you sure?',
      message: 'Leaving this page will stop generation.',
      confirm: 'Yes proceed',
      cancel: 'Stay here',
    });
    a.send({ type: 'nav.confirm' });
    expect(emitted).toEqual([
      { type: 'nav.openDialog', dialog: { name: 'content-generation-check', payload: { targetUrl: '/chat' } } },
      { type: 'nav.closeDialog' },
      { type: 'nav.navigate', to: '/chat' },
    ]);
  });

  it("'Stay here' closes without navigating", () => {
    const { a, emitted } = start({ generationRunning: true });
    a.send({ type: 'nav.request', to: '/chat' });
    a.send({ type: 'nav.cancel' });
    expect(emitted.map((e) => e.type)).toEqual(['nav.openDialog', 'nav.closeDialog']);
    expect(a.getSnapshot().value).toBe('idle');
  });

  it("outline in progress: 'Content still generating' and no navigation", () => {
    const { a, emitted } = start({ outlineInProgress: true });
    a.send({ type: 'nav.request', to: '/chat' });
    expect(emitted).toEqual([{ type: 'nav.openDialog', dialog: { name: 'outline-loading', payload: {} } }]);
    expect(DIALOG_TEXT['outline-loading']).toEqual({
      title: 'Content still generating',
      message: 'You cannot do this action as still content is generating.',
    });
  });

  it('per-blog step memory: leaving b1 at step 3 for b2 (default 1), then back to b1 restores 3', () => {
    const { a, emitted } = start({ currentBlogId: 'b1', currentStep: 3 });
    a.send({ type: 'nav.request', to: '/blog-writer?b2', blogId: 'b2' });
    a.send({ type: 'nav.update', flags: { currentStep: 2 } });
    a.send({ type: 'nav.request', to: '/blog-writer?b1', blogId: 'b1' });
    expect(emitted.filter((e) => e.type === 'nav.loadBlog')).toEqual([
      { type: 'nav.loadBlog', blogId: 'b2', step: 1 },
      { type: 'nav.loadBlog', blogId: 'b1', step: 3 },
    ]);
    expect(a.getSnapshot().context.steps).toEqual({ b1: 3, b2: 2 });
  });

  it('content-stop confirm stops generation and reloads the given blog with its remembered step', () => {
    const { a, emitted } = start({ currentBlogId: 'b1', currentStep: 3 });
    a.send({ type: 'nav.request', to: '/x', blogId: 'b2' });
    a.send({ type: 'nav.update', flags: { blogContentGenerating: true, currentStep: 2 } });
    a.send({ type: 'nav.request', to: '/y', blogId: 'b1' });
    a.send({ type: 'nav.confirm' });
    expect(emitted.slice(2)).toEqual([
      { type: 'nav.openDialog', dialog: { name: 'content-stop', payload: { isImageStop: false, targetUrl: '/y', reset: false, blogId: 'b1' } } },
      { type: 'nav.closeDialog' },
      { type: 'nav.stopGeneration' },
      { type: 'nav.loadBlog', blogId: 'b1', step: 3 },
      { type: 'nav.navigate', to: '/y' },
    ]);
  });

  it('storyboard in progress on /storybook-library opens storyboard-stop; elsewhere navigation is immediate', () => {
    const on = start({ storyboardInProgress: true, currentPath: '/storybook-library' });
    on.a.send({ type: 'nav.request', to: '/home' });
    expect(on.emitted[0]).toEqual({ type: 'nav.openDialog', dialog: { name: 'storyboard-stop', payload: { isImageStop: false, targetUrl: '/home' } } });
    const off = start({ storyboardInProgress: true, currentPath: '/home' });
    off.a.send({ type: 'nav.request', to: '/chat' });
    expect(off.emitted).toEqual([{ type: 'nav.navigate', to: '/chat' }]);
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
