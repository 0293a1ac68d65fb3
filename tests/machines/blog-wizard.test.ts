/**
 * blogWizard (03 §2 Long blog writer, §4 Long blog / Generate All / Navigation guard 4, §5, §8, §9).
 *
 * Three model-based suites over the REAL machine, each starting from its own input so that the
 * full context can be the projection (sound: two folded states answer every later event alike):
 * outline fetching (AI and Google, 03 §8 rules), content generation with Generate All, and moving
 * between blogs. Unit tests cover the retry caps, the Google rounds and the pure helpers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  blogWizardMachine,
  selectCanGenerateAll,
  type BlogWizardInput,
  type FetchBlogInput,
  type FetchBlogOutput,
  type FetchGoogleOutlineInput,
  type FetchGoogleOutlineOutput,
  type GenerateBlogImageInput,
  type GenerateOutlineInput,
  type GenerateOutlineOutput,
  type GenerateSectionInput,
} from '@machines/blog-wizard.machine';
import {
  classifyOutlineError,
  countWords,
  generateAllPlan,
  isValidGoogleStructure,
  partKey,
  type BlogOutline,
} from '@machines/blog-outline';
import { createCoverageTracker, createMachineTestModel } from '../helpers/model-coverage';

const tracker = createCoverageTracker(blogWizardMachine);
const flush = () => new Promise<void>((r) => setImmediate(r));

interface Deferred<T> {
  input: any;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
interface Stream {
  input: GenerateSectionInput;
  sendBack: (e: AnyEventObject) => void;
  stopped: boolean;
}

function harness(input: BlogWizardInput) {
  const outlines: Deferred<GenerateOutlineOutput>[] = [];
  const googles: Deferred<FetchGoogleOutlineOutput>[] = [];
  const blogs: Deferred<FetchBlogOutput>[] = [];
  const streams: Stream[] = [];
  const images: Record<string, { input: GenerateBlogImageInput; sendBack: (e: AnyEventObject) => void }> = {};
  const machine = blogWizardMachine.provide({
    actors: {
      generateOutline: fromPromise<GenerateOutlineOutput, GenerateOutlineInput>(
        ({ input }) => new Promise((resolve, reject) => outlines.push({ input, resolve, reject })),
      ),
      fetchGoogleOutline: fromPromise<FetchGoogleOutlineOutput, FetchGoogleOutlineInput>(
        ({ input }) => new Promise((resolve, reject) => googles.push({ input, resolve, reject })),
      ),
      fetchBlog: fromPromise<FetchBlogOutput, FetchBlogInput>(
        ({ input }) => new Promise((resolve, reject) => blogs.push({ input, resolve, reject })),
      ),
      generateSection: fromCallback<any, GenerateSectionInput>(({ input, sendBack }) => {
        const s: Stream = { input, sendBack: sendBack as never, stopped: false };
        streams.push(s);
        return () => void (s.stopped = true);
      }),
      generateBlogImage: fromCallback<any, GenerateBlogImageInput>(({ input, sendBack }) => {
        images[input.key] = { input, sendBack: sendBack as never };
      }),
    },
  });
  const actor = createActor(machine, { input, inspect: tracker.inspect });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  return { actor, outlines, googles, blogs, streams, images, emitted, ctx };
}
type H = ReturnType<typeof harness>;

const outlineA: BlogOutline = {
  id: 'o1',
  introduction: '',
  conclusion: '',
  sections: [
    { id: 's1', title: 'Why foxes', isChecked: true, content: '' },
    { id: 's2', title: 'Where foxes live', isChecked: true, content: '' },
    { id: 's3', title: 'Skipped', isChecked: false, content: '' },
  ],
};
const GOOD = '1. Intro 2. Body 3. End';

const short = (e: AnyEventObject): string => {
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (e.type.startsWith('xstate.done')) return `${id} ok${e.output?.structure ? ` (${isValidGoogleStructure(e.output.structure) ? 'valid' : 'invalid'})` : ''}`;
  if (e.type.startsWith('xstate.error')) return `${id} fails ${JSON.stringify(e.error)}`;
  const { type, ...rest } = e;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
};
const pathName = (p: { steps: { event: AnyEventObject }[]; state: any }) =>
  `${p.steps.slice(1).map((s) => short(s.event)).join(' → ') || '(start)'} ⇒ ${JSON.stringify(p.state.value).replace(/"/g, '')}`;
const project = (s: any) => JSON.stringify({ v: s.value, c: s.context });
/** Only the events a model lists (the graph walker otherwise adds a bare `{ type }` for every handled event). */
const only = (fn: (s: any) => AnyEventObject[]) => ({
  events: fn as never,
  filterEvents: ((s: any, e: AnyEventObject) => fn(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
});

/** The Generate All rule of 03 §4, written again from the spec (not from the machine). */
function specCanGenerateAll(h: H): boolean {
  const s = h.actor.getSnapshot();
  const c = s.context;
  const o = c.outlines[c.outlineIndex];
  if (!o) return false;
  const empty = (t: string) => t.trim() === '';
  const allHaveContent =
    !empty(o.introduction) && !empty(o.conclusion) && o.sections.filter((x) => x.isChecked).every((x) => !empty(x.content));
  const running = s.matches({ content: 'generating' }) || c.loadingImages.length > 0;
  const placeholder = o.sections.some((x) => x.title.toLowerCase().includes('enter your heading'));
  return !allHaveContent && !running && !placeholder;
}
function specWordCount(o: BlogOutline | undefined): number {
  if (!o) return 0;
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  return words(o.introduction) + o.sections.filter((s) => s.isChecked).reduce((n, s) => n + words(s.content), 0) + words(o.conclusion);
}

/** Event executors shared by the three models: drive the real actor the way the app would. */
function executors(h: H) {
  const send = async ({ event }: any) => {
    h.actor.send(event);
    await flush();
  };
  const last = <T,>(list: T[]) => list.at(-1)!;
  return {
    'wizard.step.set': send,
    'outline.select': send,
    'outline.fetch': send,
    'section.add': send,
    'section.remove': send,
    'section.toggle': send,
    'section.retitle': send,
    'content.edit': send,
    'section.generate': send,
    'wizard.generateAll': send,
    'wizard.stop': send,
    'image.generate': send,
    'blog.open': send,
    'xstate.done.actor.generateOutline': async ({ event }: any) => (last(h.outlines).resolve(event.output), flush()),
    'xstate.error.actor.generateOutline': async ({ event }: any) => (last(h.outlines).reject(event.error), flush()),
    'xstate.done.actor.fetchGoogleOutline': async ({ event }: any) => (last(h.googles).resolve(event.output), flush()),
    'xstate.error.actor.fetchGoogleOutline': async ({ event }: any) => (last(h.googles).reject(event.error), flush()),
    'xstate.done.actor.fetchBlog': async ({ event }: any) => (last(h.blogs).resolve(event.output), flush()),
    'xstate.error.actor.fetchBlog': async ({ event }: any) => (last(h.blogs).reject(event.error), flush()),
    // the stream and image events arrive through the real callback actors
    'section.chunk': async ({ event }: any) => (last(h.streams).sendBack(event), flush()),
    'section.complete': async ({ event }: any) => (last(h.streams).sendBack(event), flush()),
    'section.failed': async ({ event }: any) => (last(h.streams).sendBack(event), flush()),
    'image.loaded': async ({ event }: any) => (h.images[event.key]!.sendBack(event), flush()),
    'image.failed': async ({ event }: any) => (h.images[event.key]!.sendBack(event), flush()),
  } as never;
}

/** State checks common to every model: the real actor is where the model is, and the spec rules hold. */
const commonStates = (h: H) => ({
  '*': (state: any) => {
    const snap = h.actor.getSnapshot();
    expect(snap.value).toEqual(state.value);
    expect(JSON.parse(JSON.stringify(snap.context))).toEqual(JSON.parse(JSON.stringify(state.context)));
    const c = snap.context;
    expect([1, 2, 3]).toContain(c.step);
    expect(c.outlineIndex === 0 || (c.outlineIndex >= 0 && c.outlineIndex < c.outlines.length)).toBe(true);
    expect(c.wordCount).toBe(specWordCount(c.outlines[c.outlineIndex]));
    expect(selectCanGenerateAll(snap)).toBe(specCanGenerateAll(h));
  },
});

// ── model 1: outline fetching ─────────────────────────────────────────────────
const aiOutline = { ...outlineA, id: 'ai-1' };
const googleOutline = (n: number) => ({ ...outlineA, id: `g-${n}` });
const outlineErrors = [
  { message: 'Google Hit limit reached.' },
  { status: 408 },
  { message: 'Unexpected token in JSON at position 1.2' },
  { type: 'upgrade', message: 'Word limit reached' },
  { type: 'longBlog' },
  { message: 'Server exploded' },
  {},
];
function outlineModelEvents(s: any): AnyEventObject[] {
  const c = s.context;
  const ev: AnyEventObject[] = [
    { type: 'wizard.step.set', step: 3 },
    { type: 'wizard.step.set', step: 4 },
    { type: 'outline.select', index: 0 },
    { type: 'outline.select', index: 3 },
  ];
  if (c.outlines.length === 0) {
    ev.push({ type: 'outline.fetch', title: 'Foxes', source: 'ai generated' });
    ev.push({ type: 'outline.fetch', title: 'Foxes', source: 'google search' });
  }
  ev.push({ type: 'xstate.done.actor.generateOutline', output: { blogId: 'b1', outline: aiOutline } });
  const round = c.googleRound + 1;
  ev.push({ type: 'xstate.done.actor.fetchGoogleOutline', output: { blogId: 'b1', structure: GOOD, url: 'https://x', outline: googleOutline(round) } });
  if (c.outlineRetries < 1)
    ev.push({ type: 'xstate.done.actor.fetchGoogleOutline', output: { blogId: 'b1', structure: '1. only 2. two', outline: googleOutline(round) } });
  for (const error of outlineErrors) {
    if (error.message?.includes('1.2') && c.outlineRetries >= 1) continue;
    ev.push({ type: 'xstate.error.actor.generateOutline', error });
    if (round === 1 || !('type' in error)) ev.push({ type: 'xstate.error.actor.fetchGoogleOutline', error });
  }
  return ev;
}

describe('blogWizard outline model (03 §4 outline creation, Google rounds, §8 outline rules)', () => {
  const model = createMachineTestModel(blogWizardMachine, {
    ...only(outlineModelEvents),
    serializeState: project,
    input: { title: 'Foxes' },
  });
  const paths = model.getShortestPaths();
  it(`has a bounded set of paths (${paths.length})`, () => expect(paths.length).toBeLessThan(600));

  for (const path of paths) {
    it(pathName(path as never), async () => {
      const h = harness({ title: 'Foxes' });
      const base: any = executors(h);
      /** After an outline error: the 03 §8 rule's visible effect (dialog, step). */
      const checked = (exec: (s: any) => Promise<void>) => async (step: any) => {
        const before = h.emitted.length;
        const hadOutlines = h.ctx().outlines.length > 0;
        await exec(step);
        const rule = classifyOutlineError(step.event.error).rule;
        const dialogs = h.emitted.slice(before).filter((e) => e.type === 'blog.dialog');
        if (rule === 'quietStop' || (rule === 'retry' && h.actor.getSnapshot().matches({ outline: 'fetching' })))
          expect(dialogs).toEqual([]);
        if (rule === 'upgrade') {
          expect(dialogs).toEqual([{ type: 'blog.dialog', dialog: 'wordLimit', message: 'Word limit reached' }]);
          expect(h.ctx().step).toBe(hadOutlines ? 2 : 1);
        }
        if (rule === 'longBlog') {
          expect(dialogs).toEqual([{ type: 'blog.dialog', dialog: 'longBlogLimit' }]);
          expect(h.ctx().step).toBe(1);
        }
        if (rule === 'dialog')
          expect(dialogs).toEqual([{ type: 'blog.dialog', dialog: 'error', message: step.event.error.message ?? 'Error occured while generating outline' }]);
        expect(h.ctx().shouldFetchOutline).toBe(h.actor.getSnapshot().matches({ outline: 'fetching' }));
      };
      await path.test({
        events: {
          ...base,
          'outline.fetch': async (step: any) => {
            await base['outline.fetch'](step);
            expect(h.ctx().step).toBe(2);
          },
          'xstate.error.actor.generateOutline': checked(base['xstate.error.actor.generateOutline']),
          'xstate.error.actor.fetchGoogleOutline': checked(base['xstate.error.actor.fetchGoogleOutline']),
        } as never,
        states: {
          ...commonStates(h),
          'outline.fetching.ai': () => {
            expect(h.outlines.at(-1)!.input).toMatchObject({ title: 'Foxes', languageId: 21, source: 'ai generated' });
            expect(h.ctx().shouldFetchOutline).toBe(true);
          },
          'outline.fetching.google': () => {
            const c = h.ctx();
            expect(h.googles.at(-1)!.input).toMatchObject({ title: 'Foxes', language: 'english', round: c.googleRound + 1 });
            expect(c.googleRound).toBeLessThan(3);
          },
          'outline.loaded': () => {
            const c = h.ctx();
            expect(c.shouldFetchOutline).toBe(false);
            expect(c.outlines.length).toBeGreaterThan(0);
            // 03 §4: loaded → the blog is added to the history
            expect(h.emitted.filter((e) => e.type === 'history.add')).toEqual([{ type: 'history.add', blogId: 'b1', title: 'Foxes' }]);
          },
          'outline.idle': () => {
            expect(h.ctx().shouldFetchOutline).toBe(false);
          },
        } as never,
      });
    });
  }
});

// ── model 2: content, Generate All, images ───────────────────────────────────
const contentInput: BlogWizardInput = { blogId: 'b1', title: 'Foxes', step: 3, outlines: [outlineA] };
function contentModelEvents(s: any): AnyEventObject[] {
  const c = s.context;
  const o: BlogOutline = c.outlines[c.outlineIndex];
  const part = c.generatingPart;
  const current = part ? (part.kind === 'section' ? o.sections.find((x) => x.id === part.id)?.content : o[part.kind as 'introduction']) : '';
  const ev: AnyEventObject[] = [
    { type: 'wizard.generateAll' },
    { type: 'section.generate', part: { kind: 'conclusion' } },
    { type: 'wizard.stop' },
    { type: 'section.complete' },
    { type: 'section.failed', message: 'HTTP error! status: 500' },
    { type: 'image.generate', part: { kind: 'introduction' }, prompt: 'a fox' },
    { type: 'section.retitle', id: 's1', title: o.sections[0]?.title === 'Why foxes' ? 'Enter Your Heading' : 'Why foxes' },
  ];
  if (c.loadingImages.includes('introduction'))
    ev.push(
      { type: 'image.loaded', key: 'introduction', url: 'https://cdn/fox.png' },
      { type: 'image.failed', key: 'introduction', message: 'Image failed' },
      { type: 'image.failed', key: 'introduction', isLimit: true },
    );
  if (part && !current) ev.push({ type: 'section.chunk', text: 'Foxes are clever animals.' });
  if (!part && !o.introduction) ev.push({ type: 'content.edit', part: { kind: 'introduction' }, content: 'Hand written intro' });
  return ev;
}

describe('blogWizard content model (03 §4 Generate All, per-section generation, images, word count)', () => {
  const model = createMachineTestModel(blogWizardMachine, {
    ...only(contentModelEvents),
    serializeState: project,
    input: contentInput,
  });
  const paths = model.getShortestPaths();
  it(`has a bounded set of paths (${paths.length})`, () => expect(paths.length).toBeLessThan(1500));

  for (const path of paths) {
    it(pathName(path as never), async () => {
      const h = harness(contentInput);
      await path.test({
        events: executors(h),
        states: {
          ...commonStates(h),
          'content.generating': () => {
            const c = h.ctx();
            const s = h.streams.at(-1)!;
            expect(s.stopped).toBe(false);
            expect(s.input.part).toEqual(c.generatingPart);
            expect(s.input.type).toBe(c.generatingPart!.kind === 'introduction' ? 'intro' : c.generatingPart!.kind);
            expect(h.streams.slice(0, -1).every((x) => x.stopped)).toBe(true);
            if (c.isAllGenerating) {
              // 03 §4 order: introduction if empty, then checked empty sections last → first, then conclusion
              const order = c.attemptedParts;
              const rank = (k: string) => (k === 'introduction' ? 0 : k === 'section:s2' ? 1 : k === 'section:s1' ? 2 : 3);
              expect(order.map(rank)).toEqual(order.map(rank).slice().sort());
              expect(order).not.toContain('section:s3'); // unchecked
            }
          },
          'content.idle': () => {
            const c = h.ctx();
            expect(c.isAllGenerating).toBe(false);
            expect(c.generatingPart).toBeUndefined();
            expect(h.streams.every((x) => x.stopped)).toBe(true);
          },
        } as never,
      });
    });
  }
});

// ── model 3: moving between blogs ────────────────────────────────────────────
const blogData = (id: string): FetchBlogOutput => ({ blogId: id, title: `Blog ${id}`, outlines: [{ ...outlineA, id: `${id}-o` }] });
function blogModelEvents(s: any): AnyEventObject[] {
  return [
    { type: 'wizard.step.set', step: s.context.step === 3 ? 2 : 3 },
    { type: 'blog.open', blogId: 'b2' },
    { type: 'blog.open', blogId: 'b1' },
    { type: 'xstate.done.actor.fetchBlog', output: blogData(s.context.blogId) },
    { type: 'xstate.error.actor.fetchBlog', error: { status: 500 } },
  ];
}
describe('blogWizard blog switching model (03 §4 Navigation guard 4: remember / restore the step)', () => {
  const input: BlogWizardInput = { blogId: 'b1', title: 'Blog b1', step: 1, outlines: [outlineA] };
  const model = createMachineTestModel(blogWizardMachine, { ...only(blogModelEvents), serializeState: project, input });
  const paths = model.getShortestPaths();
  for (const path of paths) {
    it(pathName(path as never), async () => {
      const h = harness(input);
      const base: any = executors(h);
      await path.test({
        events: {
          ...base,
          'blog.open': async (step: any) => {
            const from = h.ctx().blogId;
            const fromStep = h.ctx().step;
            const remembered = h.ctx().stepsByBlog[step.event.blogId];
            const loading = h.actor.getSnapshot().matches({ blog: 'loading' });
            await base['blog.open'](step);
            const c = h.ctx();
            if (step.event.blogId === from || loading) return; // same blog, or a fetch already running: ignored
            expect(c.stepsByBlog[from!]).toBe(fromStep); // remembered
            expect(c.step).toBe(remembered ?? 1); // restored, default 1
            expect(h.blogs.at(-1)!.input).toEqual({ blogId: step.event.blogId });
          },
        } as never,
        states: {
          ...commonStates(h),
          'blog.loading': () => expect(h.blogs.at(-1)!.input).toEqual({ blogId: h.ctx().blogId }),
        } as never,
      });
    });
  }
});

// ── unit tests ───────────────────────────────────────────────────────────────
describe('blogWizard rules', () => {
  it('wizard steps: only 1 to 3 are taken; outline index only within range', () => {
    const h = harness({ outlines: [outlineA, { ...outlineA, id: 'o2' }] });
    for (const step of [0, 4, 2.5, -1, 7]) h.actor.send({ type: 'wizard.step.set', step });
    expect(h.ctx().step).toBe(1);
    h.actor.send({ type: 'wizard.step.set', step: 3 });
    expect(h.ctx().step).toBe(3);
    h.actor.send({ type: 'outline.select', index: 0 });
    expect(h.ctx().outlineIndex).toBe(0);
    h.actor.send({ type: 'outline.select', index: 2 });
    h.actor.send({ type: 'outline.select', index: -1 });
    h.actor.send({ type: 'outline.select', index: 0.5 });
    expect(h.ctx().outlineIndex).toBe(0);
    h.actor.send({ type: 'outline.select', index: 1 });
    expect(h.ctx().outlineIndex).toBe(1);
  });

  it("a 'number after a dot' error is retried up to 10 times, then the error dialog opens", async () => {
    const h = harness({ title: 'Foxes', shouldFetchOutline: true });
    expect(h.outlines).toHaveLength(1);
    for (let n = 1; n <= 10; n++) {
      h.outlines.at(-1)!.reject({ message: 'Unexpected token at 1.2' });
      await flush();
      expect(h.outlines).toHaveLength(n + 1);
      expect(h.outlines.at(-1)!.input.attempt).toBe(n + 1);
    }
    h.outlines.at(-1)!.reject({ message: 'Unexpected token at 1.2' });
    await flush();
    expect(h.outlines).toHaveLength(11);
    expect(h.actor.getSnapshot().matches({ outline: 'idle' })).toBe(true);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'error', message: 'Unexpected token at 1.2' });
  });

  it('Google: an invalid structure is retried up to 10 times, then the fetch stops (validation failure)', async () => {
    const h = harness({ title: 'Foxes', outlineSource: 'google search', shouldFetchOutline: true });
    for (let n = 1; n <= 11; n++) {
      expect(h.googles).toHaveLength(n);
      h.googles.at(-1)!.resolve({ blogId: 'b1', structure: 'no numbers', outline: googleOutline(1) });
      await flush();
    }
    expect(h.googles).toHaveLength(11);
    expect(h.ctx().shouldFetchOutline).toBe(false);
    expect(h.ctx().outlines).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'error', message: 'Error occured while generating outline' });
  });

  it('Google: 3 rounds, each an outline record; then loaded and added to the history once', async () => {
    const h = harness({ title: 'Foxes', outlineSource: 'google search', shouldFetchOutline: true });
    for (let round = 1; round <= 3; round++) {
      expect(h.googles.at(-1)!.input).toMatchObject({ round, language: 'english' });
      h.googles.at(-1)!.resolve({ blogId: 'b1', structure: GOOD, outline: googleOutline(round), faviconUrl: 'f', url: 'u' });
      await flush();
    }
    expect(h.googles).toHaveLength(3);
    expect(h.ctx().outlines.map((o) => o.id)).toEqual(['g-1', 'g-2', 'g-3']);
    expect(h.ctx().outlines[0]).toMatchObject({ structure: GOOD, faviconUrl: 'f', url: 'u' });
    expect(h.ctx().outlineIndex).toBe(2);
    expect(h.actor.getSnapshot().matches({ outline: 'loaded' })).toBe(true);
    expect(h.emitted.filter((e) => e.type === 'history.add')).toHaveLength(1);
  });

  it("Google: 'Results limit already provided.' after one round stops quietly with what was fetched", async () => {
    const h = harness({ title: 'Foxes', outlineSource: 'google search', shouldFetchOutline: true });
    h.googles[0]!.resolve({ blogId: 'b1', structure: GOOD, outline: googleOutline(1) });
    await flush();
    h.googles[1]!.reject({ message: 'Results limit already provided.' });
    await flush();
    expect(h.actor.getSnapshot().matches({ outline: 'loaded' })).toBe(true);
    expect(h.emitted.filter((e) => e.type === 'blog.dialog')).toEqual([]);
  });

  it('Google: a number-after-dot error is retried in the same round; 10 invalid structures after a round → loaded with what exists', async () => {
    const h = harness({ title: 'Foxes', outlineSource: 'google search', shouldFetchOutline: true });
    h.googles[0]!.reject({ message: 'Bad offset 3.1' });
    await flush();
    expect(h.googles[1]!.input).toMatchObject({ round: 1, attempt: 2 });
    h.googles[1]!.resolve({ blogId: 'b1', structure: GOOD, outline: googleOutline(1) });
    await flush();
    expect(h.googles[2]!.input).toMatchObject({ round: 2, attempt: 1 });
    for (let n = 0; n <= 10; n++) {
      h.googles.at(-1)!.resolve({ blogId: 'b1', structure: 'nothing', outline: googleOutline(2) });
      await flush();
    }
    expect(h.googles).toHaveLength(13);
    expect(h.actor.getSnapshot().matches({ outline: 'loaded' })).toBe(true);
    expect(h.ctx().outlines.map((o) => o.id)).toEqual(['g-1']);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'error', message: 'Error occured while generating outline' });
    expect(h.emitted.filter((e) => e.type === 'history.add')).toHaveLength(1);
  });

  it('a loaded outline can be fetched again (shouldFetchOutline on) and the new one is added', async () => {
    const h = harness({ title: 'Foxes', shouldFetchOutline: true });
    h.outlines[0]!.resolve({ blogId: 'b1', outline: aiOutline });
    await flush();
    expect(h.actor.getSnapshot().matches({ outline: 'loaded' })).toBe(true);
    h.actor.send({ type: 'outline.fetch', title: 'Foxes 2', source: 'ai generated' });
    expect(h.actor.getSnapshot().matches({ outline: { fetching: 'ai' } })).toBe(true);
    expect(h.outlines[1]!.input).toMatchObject({ title: 'Foxes 2', blogId: 'b1' });
    h.outlines[1]!.resolve({ blogId: 'b1', outline: { ...aiOutline, id: 'ai-2' } });
    await flush();
    expect(h.ctx().outlines.map((o) => o.id)).toEqual(['ai-1', 'ai-2']);
    expect(h.ctx().outlineIndex).toBe(1);
  });

  it('wizard.stop during Generate All aborts the stream and clears the all-generating flag', async () => {
    const h = harness({ outlines: [outlineA] });
    h.actor.send({ type: 'wizard.generateAll' });
    h.streams[0]!.sendBack({ type: 'section.chunk', text: 'Partial intro' });
    h.actor.send({ type: 'wizard.stop' });
    expect(h.streams[0]!.stopped).toBe(true);
    expect(h.ctx()).toMatchObject({ isAllGenerating: false, generatingPart: undefined });
    expect(h.ctx().outlines[0]!.introduction).toBe('Partial intro'); // what streamed stays
    expect(h.actor.getSnapshot().matches({ content: 'idle' })).toBe(true);
  });

  it('a failed image leaves the loading list and opens the error dialog', () => {
    const h = harness({ outlines: [outlineA] });
    h.actor.send({ type: 'image.generate', part: { kind: 'introduction' }, prompt: 'p' });
    expect(h.images['introduction']!.input).toMatchObject({ key: 'introduction', prompt: 'p', outlineId: 'o1' });
    h.images['introduction']!.sendBack({ type: 'image.failed', key: 'introduction', message: 'Image failed' });
    expect(h.ctx().loadingImages).toEqual([]);
    expect(h.ctx().isImageLimitReached).toBe(false);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'error', message: 'Image failed' });
  });

  it('upgrade error with an outline already there → word-limit dialog and back to step 2', async () => {
    const h = harness({ title: 'Foxes', outlines: [outlineA], step: 3 });
    h.actor.send({ type: 'outline.fetch', title: 'Foxes', source: 'ai generated' });
    h.outlines[0]!.reject({ type: 'upgrade', message: 'Upgrade' });
    await flush();
    expect(h.ctx().step).toBe(2);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'wordLimit', message: 'Upgrade' });
  });

  it('Generate All runs introduction → sections last to first (checked, empty) → conclusion, then clears the flag', async () => {
    const o: BlogOutline = {
      ...outlineA,
      sections: [...outlineA.sections, { id: 's4', title: 'Has text', isChecked: true, content: 'done already' }],
    };
    const h = harness({ blogId: 'b1', outlines: [o] });
    h.actor.send({ type: 'wizard.generateAll' });
    const order: string[] = [];
    while (h.actor.getSnapshot().matches({ content: 'generating' })) {
      const s = h.streams.at(-1)!;
      order.push(partKey(s.input.part));
      expect(h.ctx().isAllGenerating).toBe(true);
      s.sendBack({ type: 'section.chunk', text: 'word '.repeat(3) });
      s.sendBack({ type: 'section.complete' });
      await flush();
    }
    expect(order).toEqual(['introduction', 'section:s2', 'section:s1', 'conclusion']);
    expect(h.ctx().isAllGenerating).toBe(false);
    // 4 parts × 3 words + 'done already'
    expect(h.ctx().wordCount).toBe(14);
    expect(selectCanGenerateAll(h.actor.getSnapshot())).toBe(false); // everything has content now
  });

  it('Generate All with a content-filled introduction starts at the last empty section', () => {
    const h = harness({ outlines: [{ ...outlineA, introduction: 'Hi there' }] });
    h.actor.send({ type: 'wizard.generateAll' });
    expect(partKey(h.streams[0]!.input.part)).toBe('section:s2');
  });

  it("Generate All is disabled by a section titled 'Enter Your Heading' (any case) and while an image loads", () => {
    const h = harness({ outlines: [outlineA] });
    h.actor.send({ type: 'section.add', id: 'react-key-1' });
    expect(h.ctx().outlines[0]!.sections.at(-1)).toMatchObject({
      id: 'react-key-1',
      title: 'Enter Your Heading',
      isChecked: true,
      section_length: 'Very Short (up to 300 words)',
    });
    expect(selectCanGenerateAll(h.actor.getSnapshot())).toBe(false);
    h.actor.send({ type: 'wizard.generateAll' });
    expect(h.streams).toHaveLength(0);
    h.actor.send({ type: 'section.remove', id: 'react-key-1' });
    expect(selectCanGenerateAll(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'section.add', id: 'react-key-2', afterId: 's1' });
    expect(h.ctx().outlines[0]!.sections.map((s) => s.id)).toEqual(['s1', 'react-key-2', 's2', 's3']);
    h.actor.send({ type: 'section.retitle', id: 'react-key-2', title: 'Dens' });
    h.actor.send({ type: 'image.generate', part: { kind: 'section', id: 's1' }, prompt: 'fox' });
    expect(h.ctx().loadingImages).toEqual(['section:s1']);
    expect(selectCanGenerateAll(h.actor.getSnapshot())).toBe(false);
    h.images['section:s1']!.sendBack({ type: 'image.loaded', key: 'section:s1', url: 'u' });
    expect(h.ctx().images).toEqual({ 'section:s1': 'u' });
    expect(selectCanGenerateAll(h.actor.getSnapshot())).toBe(true);
  });

  it('toggling a section changes the running word count (checked sections only)', () => {
    const o: BlogOutline = { ...outlineA, introduction: 'one two', sections: [{ id: 's1', title: 'A', isChecked: true, content: 'three four five' }] };
    const h = harness({ outlines: [o] });
    expect(h.ctx().wordCount).toBe(5);
    h.actor.send({ type: 'section.toggle', id: 's1' });
    expect(h.ctx().wordCount).toBe(2);
  });

  it('an image-limit failure sets the image-limit flag, opens the dialog and blocks further images', () => {
    const h = harness({ outlines: [outlineA] });
    h.actor.send({ type: 'image.generate', part: { kind: 'conclusion' }, prompt: 'p' });
    h.images['conclusion']!.sendBack({ type: 'image.failed', key: 'conclusion', isLimit: true });
    expect(h.ctx().isImageLimitReached).toBe(true);
    expect(h.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'imageLimit' });
    h.actor.send({ type: 'image.generate', part: { kind: 'introduction' }, prompt: 'p' });
    expect(h.ctx().loadingImages).toEqual([]);
  });

  it('moving to another blog is ignored while content generates (03 §2: only when nothing generates)', () => {
    const h = harness({ blogId: 'b1', outlines: [outlineA] });
    h.actor.send({ type: 'section.generate', part: { kind: 'introduction' } });
    h.actor.send({ type: 'blog.open', blogId: 'b2' });
    expect(h.blogs).toHaveLength(0);
    expect(h.ctx().blogId).toBe('b1');
  });

  it('remembers the step per blog: b1 at 3 → b2 (1) → set 2 → back to b1 restores 3 → b2 restores 2', async () => {
    const h = harness({ blogId: 'b1', step: 3 });
    h.actor.send({ type: 'blog.open', blogId: 'b2' });
    expect(h.ctx().step).toBe(1);
    h.blogs.at(-1)!.resolve(blogData('b2'));
    await flush();
    h.actor.send({ type: 'wizard.step.set', step: 2 });
    h.actor.send({ type: 'blog.open', blogId: 'b1' });
    expect(h.ctx().step).toBe(3);
    h.blogs.at(-1)!.resolve(blogData('b1'));
    await flush();
    h.actor.send({ type: 'blog.open', blogId: 'b2' });
    expect(h.ctx().step).toBe(2);
    expect(h.actor.getSnapshot().output).toBeUndefined(); // the wizard never ends by itself
  });
});

describe('blog helpers', () => {
  it('countWords splits on whitespace over introduction, checked sections and conclusion', () => {
    expect(countWords(undefined)).toBe(0);
    expect(
      countWords({
        introduction: ' Hello   brave new\nworld ',
        conclusion: '',
        sections: [
          { id: 'a', title: 't', isChecked: true, content: 'one' },
          { id: 'b', title: 't', isChecked: false, content: 'not counted at all' },
        ],
      }),
    ).toBe(5);
  });

  it('generateAllPlan: intro if empty, checked empty sections last → first, conclusion if empty', () => {
    expect(generateAllPlan(outlineA).map(partKey)).toEqual(['introduction', 'section:s2', 'section:s1', 'conclusion']);
    expect(generateAllPlan({ ...outlineA, introduction: 'x', conclusion: ' ' }).map(partKey)).toEqual(['section:s2', 'section:s1', 'conclusion']);
    expect(generateAllPlan(undefined)).toEqual([]);
  });

  it("isValidGoogleStructure needs '1.', '2.' and '3.'", () => {
    expect(isValidGoogleStructure(GOOD)).toBe(true);
    expect(isValidGoogleStructure('1. a 2. b')).toBe(false);
    expect(isValidGoogleStructure(undefined)).toBe(false);
  });

  it('classifyOutlineError follows 03 §8', () => {
    expect(classifyOutlineError({ message: 'Google Hit limit reached.' })).toEqual({ rule: 'quietStop' });
    expect(classifyOutlineError({ message: 'Results limit already provided.' })).toEqual({ rule: 'quietStop' });
    expect(classifyOutlineError({ status: 408, message: 'x' })).toEqual({ rule: 'quietStop' });
    expect(classifyOutlineError({ message: 'bad value 3.5' })).toEqual({ rule: 'retry' });
    expect(classifyOutlineError({ message: 'Try again. 2 left' })).toEqual({ rule: 'retry' });
    expect(classifyOutlineError({ type: 'upgrade' })).toEqual({ rule: 'upgrade', message: undefined });
    expect(classifyOutlineError({ type: 'longBlog', message: 'm' })).toEqual({ rule: 'longBlog', message: 'm' });
    expect(classifyOutlineError({ message: 'Nope.' })).toEqual({ rule: 'dialog', message: 'Nope.' });
    expect(classifyOutlineError(undefined)).toEqual({ rule: 'dialog', message: 'Error occured while generating outline' });
  });
});

describe('blogWizard coverage', () => {
  it('covers every state and every transition', () => {
    tracker.print();
    const r = tracker.report();
    expect(r.uncoveredStates).toEqual([]);
    expect(r.uncoveredTransitions).toEqual([]);
  });
});
