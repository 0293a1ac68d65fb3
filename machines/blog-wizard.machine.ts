/**
 * The long blog writer wizard (03 §2 Long blog writer, §3 Long blog post, §4 Long blog and
 * Navigation guard, §5 long-blog rules, §8 outline rules, §9).
 *
 * Parallel regions:
 * - `outline`: driven by `shouldFetchOutline` (03 §4): idle → fetching (AI / real-time stream via
 *   `generateOutline`, or Google search via `fetchGoogleOutline` in up to 3 rounds, an invalid
 *   structure retried up to 10 times) → loaded (and the blog is added to the history, emitted).
 *   Errors follow 03 §8 (see classifyOutlineError).
 * - `content`: one part streams at a time (`generateSection`, a callback actor that sends
 *   `section.chunk` / `section.complete` / `section.failed`). Generate All runs the plan of
 *   generateAllPlan() one part after the other, each completion starting the next.
 * - `images`: per-part image creation (`generateBlogImage`, spawned per part) with a loading list.
 * - `blog`: moving between blogs remembers the step of the current blog and restores the step of
 *   the target blog (default 1), then fetches it (`fetchBlog`). Only when nothing generates
 *   (03 §2 Sidebar; the dialogs of the navigation guard are the guard machine's job).
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  BLOG_SECTION_FAILED_MESSAGE,
  BLOG_WIZARD_STEPS,
  DEFAULT_BLOG_LANGUAGE_ID,
  GOOGLE_OUTLINE_ROUNDS,
  LONG_BLOG_ERROR_FALLBACK,
  NEW_SECTION_LENGTH,
  NEW_SECTION_TITLE,
  OUTLINE_ERROR_FALLBACK,
  OUTLINE_RETRY_CAP,
} from './constants';
import {
  classifyOutlineError,
  countWords,
  generateAllPlan,
  hasEmptyPart,
  hasPlaceholderTitle,
  isValidGoogleStructure,
  partKey,
  partTitle,
  setPartContent,
  partContent,
  type BlogOutline,
  type BlogPart,
} from './blog-outline';

export type WizardStep = (typeof BLOG_WIZARD_STEPS)[number];
/** 03 §3: outlineSource values. */
export type OutlineSource = 'ai generated' | 'google search' | 'real_time_info';

export interface BlogWizardInput {
  blogId?: string;
  title?: string;
  languageId?: number;
  location?: string;
  step?: number;
  outlines?: BlogOutline[];
  outlineIndex?: number;
  outlineSource?: OutlineSource;
  /** 03 §4: the outline fetch is driven by this flag. */
  shouldFetchOutline?: boolean;
  /** Remembered steps per blog id (kept by the app across page loads if it wants). */
  stepsByBlog?: Record<string, number>;
}

export interface BlogWizardContext {
  blogId?: string;
  title: string;
  languageId: number;
  location?: string;
  step: WizardStep;
  outlines: BlogOutline[];
  outlineIndex: number;
  outlineSource: OutlineSource;
  shouldFetchOutline: boolean;
  /** Google rounds done in this fetch. */
  googleRound: number;
  /** Retries used in this fetch (number-after-dot errors and invalid Google structures). */
  outlineRetries: number;
  /** The error being handled by the 03 §8 rules. */
  outlineError?: unknown;
  /** 03 §4 generation flags. */
  isAllGenerating: boolean;
  generatingPart?: BlogPart;
  /** Parts already run by this Generate All (a part that streamed nothing is not retried forever). */
  attemptedParts: string[];
  loadingImages: string[];
  images: Record<string, string>;
  isImageLimitReached: boolean;
  wordCount: number;
  stepsByBlog: Record<string, number>;
}

/** generateOutline (AI or real-time stream, collected by the app). */
export interface GenerateOutlineInput {
  blogId?: string;
  title: string;
  languageId: number;
  source: OutlineSource;
  attempt: number;
}
export interface GenerateOutlineOutput {
  blogId: string;
  outline: BlogOutline;
}
/** fetchGoogleOutline: 03 §7 Google-search outline (language 'english'). */
export interface FetchGoogleOutlineInput {
  blogId?: string;
  title: string;
  language: 'english';
  location?: string;
  round: number;
  attempt: number;
}
export interface FetchGoogleOutlineOutput {
  blogId: string;
  structure: string;
  faviconUrl?: string;
  url?: string;
  /** The outline record the server created for this round. */
  outline: BlogOutline;
}
/** generateSection: streamed; sends section.chunk / section.complete / section.failed back. */
export interface GenerateSectionInput {
  blogId?: string;
  outlineId: string;
  part: BlogPart;
  /** 03 §9: generate-based-on types. */
  type: 'intro' | 'conclusion' | 'section';
  title: string;
}
/** generateBlogImage: sends image.loaded / image.failed back. */
export interface GenerateBlogImageInput {
  blogId?: string;
  outlineId: string;
  part: BlogPart;
  key: string;
  prompt: string;
}
export interface FetchBlogInput {
  blogId: string;
}
export interface FetchBlogOutput {
  blogId: string;
  title: string;
  outlines: BlogOutline[];
  last_outline_index?: number;
  outlineSource?: OutlineSource;
}

export type BlogWizardEvent =
  | { type: 'wizard.step.set'; step: number }
  | { type: 'outline.select'; index: number }
  | { type: 'outline.fetch'; title: string; source: OutlineSource }
  | { type: 'section.add'; id: string; afterId?: string }
  | { type: 'section.remove'; id: string }
  | { type: 'section.toggle'; id: string }
  | { type: 'section.retitle'; id: string; title: string }
  | { type: 'content.edit'; part: BlogPart; content: string }
  | { type: 'section.generate'; part: BlogPart }
  | { type: 'wizard.generateAll' }
  | { type: 'wizard.stop' }
  | { type: 'section.chunk'; text: string }
  | { type: 'section.complete' }
  | { type: 'section.failed'; message?: string }
  | { type: 'image.generate'; part: BlogPart; prompt: string }
  | { type: 'image.loaded'; key: string; url: string }
  | { type: 'image.failed'; key: string; message?: string; isLimit?: boolean }
  | { type: 'blog.open'; blogId: string };

export type BlogWizardEmitted =
  | { type: 'history.add'; blogId: string; title: string }
  | { type: 'blog.dialog'; dialog: 'wordLimit' | 'longBlogLimit' | 'imageLimit'; message?: string }
  | { type: 'blog.dialog'; dialog: 'error'; message: string };

export interface BlogWizardOutput {
  blogId?: string;
  step: WizardStep;
  stepsByBlog: Record<string, number>;
}

export const isWizardStep = (n: unknown): n is WizardStep =>
  typeof n === 'number' && (BLOG_WIZARD_STEPS as readonly number[]).includes(n);

export const currentOutline = (c: Pick<BlogWizardContext, 'outlines' | 'outlineIndex'>): BlogOutline | undefined =>
  c.outlines[c.outlineIndex];

/**
 * 03 §4: Generate All is disabled when every part has content, while any content or image
 * generation runs, or when a section title contains 'enter your heading'. Used by the guard and,
 * through selectCanGenerateAll, by the button.
 */
export function canGenerateAll(c: BlogWizardContext): boolean {
  const outline = currentOutline(c);
  return (
    !!outline &&
    hasEmptyPart(outline) &&
    c.generatingPart === undefined &&
    c.loadingImages.length === 0 &&
    !hasPlaceholderTitle(outline)
  );
}
export const selectCanGenerateAll = (s: SnapshotFrom<typeof blogWizardMachine>): boolean =>
  s.matches({ content: 'idle' }) && canGenerateAll(s.context);
export const selectWordCount = (s: SnapshotFrom<typeof blogWizardMachine>): number => s.context.wordCount;

const updateOutline = (c: BlogWizardContext, f: (o: BlogOutline) => BlogOutline) => {
  const o = currentOutline(c);
  if (!o) return {};
  const outlines = c.outlines.map((x, i) => (i === c.outlineIndex ? f(x) : x));
  return { outlines, wordCount: countWords(outlines[c.outlineIndex]) };
};

const partType = (p: BlogPart): GenerateSectionInput['type'] =>
  p.kind === 'introduction' ? 'intro' : p.kind === 'conclusion' ? 'conclusion' : 'section';

/** The next Generate All part, skipping the ones this run already attempted. */
const nextPlannedPart = (c: BlogWizardContext): BlogPart | undefined =>
  generateAllPlan(currentOutline(c)).find((p) => !c.attemptedParts.includes(partKey(p)));

export const blogWizardMachine = setup({
  types: {
    context: {} as BlogWizardContext,
    input: {} as BlogWizardInput,
    output: {} as BlogWizardOutput,
    events: {} as BlogWizardEvent,
    emitted: {} as BlogWizardEmitted,
  },
  actors: {
    generateOutline: fromPromise<GenerateOutlineOutput, GenerateOutlineInput>(async () => {
      throw new Error('generateOutline not provided');
    }),
    fetchGoogleOutline: fromPromise<FetchGoogleOutlineOutput, FetchGoogleOutlineInput>(async () => {
      throw new Error('fetchGoogleOutline not provided');
    }),
    generateSection: fromCallback<BlogWizardEvent, GenerateSectionInput>(() => {
      throw new Error('generateSection not provided');
    }),
    generateBlogImage: fromCallback<BlogWizardEvent, GenerateBlogImageInput>(() => {
      throw new Error('generateBlogImage not provided');
    }),
    fetchBlog: fromPromise<FetchBlogOutput, FetchBlogInput>(async () => {
      throw new Error('fetchBlog not provided');
    }),
  },
  guards: {
    isValidStep: ({ event }) => event.type === 'wizard.step.set' && isWizardStep(event.step),
    isOutlineIndexInRange: ({ context, event }) =>
      event.type === 'outline.select' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.outlines.length,
    hasShouldFetchOutline: ({ context }) => context.shouldFetchOutline,
    isGoogleSource: ({ context }) => context.outlineSource === 'google search',
    hasOutlines: ({ context }) => context.outlines.length > 0,
    isRetryableOutlineError: ({ context }, p: { error: unknown }) =>
      classifyOutlineError(p.error).rule === 'retry' && context.outlineRetries < OUTLINE_RETRY_CAP,
    isQuietStopError: (_, p: { error: unknown }) => classifyOutlineError(p.error).rule === 'quietStop',
    isUpgradeError: (_, p: { error: unknown }) => classifyOutlineError(p.error).rule === 'upgrade',
    isLongBlogError: (_, p: { error: unknown }) => classifyOutlineError(p.error).rule === 'longBlog',
    isInvalidStructure: (_, p: { structure: string }) => !isValidGoogleStructure(p.structure),
    hasRetriesLeft: ({ context }) => context.outlineRetries < OUTLINE_RETRY_CAP,
    hasMoreGoogleRounds: ({ context }) => context.googleRound < GOOGLE_OUTLINE_ROUNDS,
    canGenerateAll: ({ context }) => canGenerateAll(context),
    canGeneratePart: ({ context, event }) => {
      if (event.type !== 'section.generate') return false;
      const o = currentOutline(context);
      if (!o || context.generatingPart) return false;
      const part = event.part;
      return part.kind !== 'section' || o.sections.some((s) => s.id === part.id);
    },
    /** Generate All continues unless the conclusion just completed or nothing is left. */
    hasNextGenerateAllPart: ({ context }) =>
      context.isAllGenerating && context.generatingPart?.kind !== 'conclusion' && nextPlannedPart(context) !== undefined,
    canGenerateImage: ({ context, event }) =>
      event.type === 'image.generate' &&
      !!currentOutline(context) &&
      !context.isImageLimitReached &&
      !context.loadingImages.includes(partKey(event.part)),
    isLoadingImage: ({ context, event }) =>
      (event.type === 'image.loaded' || event.type === 'image.failed') && context.loadingImages.includes(event.key),
    isImageLimitFailure: ({ context, event }) =>
      event.type === 'image.failed' && event.isLimit === true && context.loadingImages.includes(event.key),
    isOtherBlogWhileIdle: ({ context, event }) =>
      event.type === 'blog.open' &&
      event.blogId !== context.blogId &&
      context.generatingPart === undefined &&
      context.loadingImages.length === 0 &&
      !context.shouldFetchOutline,
  },
  actions: {
    assignStep: assign(({ event }) => (event.type === 'wizard.step.set' && isWizardStep(event.step) ? { step: event.step } : {})),
    assignOutlineIndex: assign(({ context, event }) =>
      event.type === 'outline.select'
        ? { outlineIndex: event.index, wordCount: countWords(context.outlines[event.index]) }
        : {},
    ),
    /** 03 §4: the fetch is driven by shouldFetchOutline; the outline step is step 2. */
    assignOutlineRequested: assign(({ event }) =>
      event.type === 'outline.fetch'
        ? { shouldFetchOutline: true, title: event.title, outlineSource: event.source, step: 2 as WizardStep }
        : {},
    ),
    assignFetchStarted: assign({ googleRound: 0, outlineRetries: 0, outlineError: undefined }),
    assignRetry: assign(({ context }) => ({ outlineRetries: context.outlineRetries + 1 })),
    assignAiOutline: assign(({ context }, p: { output: GenerateOutlineOutput }) => {
      const outlines = [...context.outlines, p.output.outline];
      return {
        blogId: p.output.blogId,
        outlines,
        outlineIndex: outlines.length - 1,
        shouldFetchOutline: false,
        wordCount: countWords(p.output.outline),
      };
    }),
    /** One Google round = one outline record (03 §4). */
    assignGoogleOutline: assign(({ context }, p: { output: FetchGoogleOutlineOutput }) => {
      const outline = { ...p.output.outline, structure: p.output.structure, faviconUrl: p.output.faviconUrl, url: p.output.url };
      const outlines = [...context.outlines, outline];
      return {
        blogId: p.output.blogId,
        outlines,
        outlineIndex: outlines.length - 1,
        googleRound: context.googleRound + 1,
        outlineRetries: 0,
        wordCount: countWords(outline),
      };
    }),
    assignFetchStopped: assign({ shouldFetchOutline: false }),
    assignOutlineError: assign((_, p: { error: unknown }) => ({ outlineError: p.error })),
    /** 03 §8 upgrade: back to step 1 or 2 (2 when an outline already exists, else 1). */
    assignBackAfterUpgrade: assign(({ context }) => ({ step: (context.outlines.length > 0 ? 2 : 1) as WizardStep })),
    assignStepOne: assign({ step: 1 as WizardStep }),
    notifyHistoryAdd: enqueueActions(({ context, enqueue }) => {
      if (context.blogId) enqueue(emit({ type: 'history.add', blogId: context.blogId, title: context.title }));
    }),
    notifyOutlineDialog: emit((_, p: { error: unknown }) => {
      const r = classifyOutlineError(p.error);
      if (r.rule === 'upgrade') return { type: 'blog.dialog' as const, dialog: 'wordLimit' as const, message: r.message };
      if (r.rule === 'longBlog') return { type: 'blog.dialog' as const, dialog: 'longBlogLimit' as const, message: r.message };
      // 'dialog', or a 'retry' error whose 10 retries are spent: show its message.
      const raw = (p.error as { message?: unknown } | undefined)?.message;
      const message = r.rule === 'dialog' ? r.message : typeof raw === 'string' && raw ? raw : OUTLINE_ERROR_FALLBACK;
      return { type: 'blog.dialog' as const, dialog: 'error' as const, message };
    }),
    notifyInvalidStructure: emit({ type: 'blog.dialog', dialog: 'error', message: OUTLINE_ERROR_FALLBACK }),
    assignSectionAdded: assign(({ context, event }) =>
      event.type === 'section.add'
        ? updateOutline(context, (o) => {
            const section = { id: event.id, title: NEW_SECTION_TITLE, isChecked: true, content: '', section_length: NEW_SECTION_LENGTH };
            const at = event.afterId ? o.sections.findIndex((s) => s.id === event.afterId) + 1 : o.sections.length;
            const sections = [...o.sections];
            sections.splice(at <= 0 ? o.sections.length : at, 0, section);
            return { ...o, sections };
          })
        : {},
    ),
    assignSectionRemoved: assign(({ context, event }) =>
      event.type === 'section.remove'
        ? updateOutline(context, (o) => ({ ...o, sections: o.sections.filter((s) => s.id !== event.id) }))
        : {},
    ),
    assignSectionToggled: assign(({ context, event }) =>
      event.type === 'section.toggle'
        ? updateOutline(context, (o) => ({
            ...o,
            sections: o.sections.map((s) => (s.id === event.id ? { ...s, isChecked: !s.isChecked } : s)),
          }))
        : {},
    ),
    assignSectionTitle: assign(({ context, event }) =>
      event.type === 'section.retitle'
        ? updateOutline(context, (o) => ({
            ...o,
            sections: o.sections.map((s) => (s.id === event.id ? { ...s, title: event.title } : s)),
          }))
        : {},
    ),
    assignEditedContent: assign(({ context, event }) =>
      event.type === 'content.edit' ? updateOutline(context, (o) => setPartContent(o, event.part, event.content)) : {},
    ),
    assignPartStarted: assign(({ context, event }) =>
      event.type === 'section.generate'
        ? {
            generatingPart: event.part,
            attemptedParts: [partKey(event.part)],
            ...updateOutline(context, (o) => setPartContent(o, event.part, '')),
          }
        : {},
    ),
    assignGenerateAllStarted: assign(({ context }) => {
      const part = nextPlannedPart({ ...context, attemptedParts: [] })!;
      return { isAllGenerating: true, generatingPart: part, attemptedParts: [partKey(part)] };
    }),
    assignNextPart: assign(({ context }) => {
      const part = nextPlannedPart(context)!;
      return { generatingPart: part, attemptedParts: [...context.attemptedParts, partKey(part)] };
    }),
    assignChunk: assign(({ context, event }) => {
      const part = context.generatingPart;
      if (event.type !== 'section.chunk' || !part) return {};
      return updateOutline(context, (o) => setPartContent(o, part, partContent(o, part) + event.text));
    }),
    /** A completed conclusion, the end of the plan or a stop clears the flags (03 §4). */
    assignGenerationEnded: assign({ isAllGenerating: false, generatingPart: undefined, attemptedParts: [] }),
    notifySectionFailed: emit(({ event }) => ({
      type: 'blog.dialog' as const,
      dialog: 'error' as const,
      message: (event.type === 'section.failed' && event.message) || BLOG_SECTION_FAILED_MESSAGE,
    })),
    spawnImage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'image.generate') return;
      const o = currentOutline(context)!;
      const key = partKey(event.part);
      enqueue.assign({ loadingImages: [...context.loadingImages, key] });
      enqueue.spawnChild('generateBlogImage', {
        id: `image-${key}`,
        input: { blogId: context.blogId, outlineId: o.id, part: event.part, key, prompt: event.prompt },
      });
    }),
    assignImageLoaded: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'image.loaded') return;
      enqueue.stopChild(`image-${event.key}`);
      enqueue.assign({
        loadingImages: context.loadingImages.filter((k) => k !== event.key),
        images: { ...context.images, [event.key]: event.url },
      });
    }),
    assignImageFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'image.failed') return;
      enqueue.stopChild(`image-${event.key}`);
      enqueue.assign({ loadingImages: context.loadingImages.filter((k) => k !== event.key) });
    }),
    assignImageLimitReached: assign({ isImageLimitReached: true }),
    notifyImageLimit: emit({ type: 'blog.dialog', dialog: 'imageLimit' }),
    notifyImageFailed: emit(({ event }) => ({
      type: 'blog.dialog' as const,
      dialog: 'error' as const,
      message: (event.type === 'image.failed' && event.message) || LONG_BLOG_ERROR_FALLBACK,
    })),
    /** 03 §4 Navigation guard 4: remember the current blog's step, restore the target's (default 1). */
    assignBlogSwitched: assign(({ context, event }) => {
      if (event.type !== 'blog.open') return {};
      const stepsByBlog = context.blogId ? { ...context.stepsByBlog, [context.blogId]: context.step } : context.stepsByBlog;
      const remembered = stepsByBlog[event.blogId];
      return {
        stepsByBlog,
        blogId: event.blogId,
        step: (isWizardStep(remembered) ? remembered : 1) as WizardStep,
        outlines: [],
        outlineIndex: 0,
        images: {},
        wordCount: 0,
      };
    }),
    assignBlog: assign(({ context }, p: { output: FetchBlogOutput }) => {
      const outlines = p.output.outlines ?? [];
      const idx = p.output.last_outline_index;
      const outlineIndex = typeof idx === 'number' && idx >= 0 && idx < outlines.length ? idx : Math.max(0, outlines.length - 1);
      return {
        blogId: p.output.blogId,
        title: p.output.title,
        outlines,
        outlineIndex,
        outlineSource: p.output.outlineSource ?? context.outlineSource,
        wordCount: countWords(outlines[outlineIndex]),
      };
    }),
    notifyBlogLoadFailed: emit({ type: 'blog.dialog', dialog: 'error', message: LONG_BLOG_ERROR_FALLBACK }),
  },
}).createMachine({
  id: 'blogWizard',
  type: 'parallel',
  context: ({ input }) => {
    const outlines = input.outlines ?? [];
    const idx = input.outlineIndex ?? Math.max(0, outlines.length - 1);
    const outlineIndex = idx >= 0 && idx < outlines.length ? idx : 0;
    return {
      blogId: input.blogId,
      title: input.title ?? '',
      languageId: input.languageId ?? DEFAULT_BLOG_LANGUAGE_ID,
      location: input.location,
      step: isWizardStep(input.step) ? input.step : 1,
      outlines,
      outlineIndex,
      outlineSource: input.outlineSource ?? 'ai generated',
      shouldFetchOutline: input.shouldFetchOutline === true,
      googleRound: 0,
      outlineRetries: 0,
      isAllGenerating: false,
      attemptedParts: [],
      loadingImages: [],
      images: {},
      isImageLimitReached: false,
      wordCount: countWords(outlines[outlineIndex]),
      stepsByBlog: input.stepsByBlog ?? {},
    };
  },
  on: {
    // 03 §2 / §5: steps 1 to 3, other values ignored; the outline index only within range.
    'wizard.step.set': { guard: 'isValidStep', actions: 'assignStep' },
    'outline.select': { guard: 'isOutlineIndexInRange', actions: 'assignOutlineIndex' },
    'section.add': { actions: 'assignSectionAdded' },
    'section.remove': { actions: 'assignSectionRemoved' },
    'section.toggle': { actions: 'assignSectionToggled' },
    'section.retitle': { actions: 'assignSectionTitle' },
  },
  states: {
    outline: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasShouldFetchOutline', target: 'fetching' },
          on: { 'outline.fetch': { actions: 'assignOutlineRequested' } },
        },
        fetching: {
          entry: 'assignFetchStarted',
          initial: 'routing',
          states: {
            routing: { always: [{ guard: 'isGoogleSource', target: 'google' }, { target: 'ai' }] },
            ai: {
              invoke: {
                id: 'generateOutline',
                src: 'generateOutline',
                input: ({ context }) => ({
                  blogId: context.blogId,
                  title: context.title,
                  languageId: context.languageId,
                  source: context.outlineSource,
                  attempt: context.outlineRetries + 1,
                }),
                onDone: {
                  target: '#blogWizard.outline.loaded',
                  actions: [{ type: 'assignAiOutline', params: ({ event }) => ({ output: event.output }) }, 'notifyHistoryAdd'],
                },
                onError: [
                  {
                    guard: { type: 'isRetryableOutlineError', params: ({ event }) => ({ error: event.error }) },
                    target: 'ai',
                    reenter: true,
                    actions: 'assignRetry',
                  },
                  {
                    target: '#blogWizard.outline.failing',
                    actions: { type: 'assignOutlineError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            google: {
              invoke: {
                id: 'fetchGoogleOutline',
                src: 'fetchGoogleOutline',
                input: ({ context }) => ({
                  blogId: context.blogId,
                  title: context.title,
                  language: 'english' as const,
                  location: context.location,
                  round: context.googleRound + 1,
                  attempt: context.outlineRetries + 1,
                }),
                onDone: [
                  {
                    guard: { type: 'isInvalidStructure', params: ({ event }) => ({ structure: event.output.structure }) },
                    target: 'checkingRetries',
                  },
                  {
                    target: 'nextRound',
                    actions: { type: 'assignGoogleOutline', params: ({ event }) => ({ output: event.output }) },
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isRetryableOutlineError', params: ({ event }) => ({ error: event.error }) },
                    target: 'google',
                    reenter: true,
                    actions: 'assignRetry',
                  },
                  {
                    target: '#blogWizard.outline.failing',
                    actions: { type: 'assignOutlineError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            /** 03 §4: an invalid structure is retried up to 10 times, then the fetch stops (validation failure). */
            checkingRetries: {
              always: [
                { guard: 'hasRetriesLeft', target: 'google', actions: 'assignRetry' },
                { guard: 'hasOutlines', target: '#blogWizard.outline.loaded', actions: ['assignFetchStopped', 'notifyInvalidStructure', 'notifyHistoryAdd'] },
                { target: '#blogWizard.outline.idle', actions: ['assignFetchStopped', 'notifyInvalidStructure'] },
              ],
            },
            /** 03 §4: up to 3 rounds, each creating an outline record. */
            nextRound: {
              always: [
                { guard: 'hasMoreGoogleRounds', target: 'google' },
                { target: '#blogWizard.outline.loaded', actions: ['assignFetchStopped', 'notifyHistoryAdd'] },
              ],
            },
          },
        },
        /** 03 §8 outline rules, applied to the error of either source. */
        failing: {
          always: [
            {
              guard: { type: 'isQuietStopError', params: ({ context }) => ({ error: context.outlineError }) },
              target: 'stopped',
              actions: 'assignFetchStopped',
            },
            {
              guard: { type: 'isUpgradeError', params: ({ context }) => ({ error: context.outlineError }) },
              target: 'stopped',
              actions: [
                'assignFetchStopped',
                'assignBackAfterUpgrade',
                { type: 'notifyOutlineDialog', params: ({ context }) => ({ error: context.outlineError }) },
              ],
            },
            {
              guard: { type: 'isLongBlogError', params: ({ context }) => ({ error: context.outlineError }) },
              target: 'stopped',
              actions: [
                'assignFetchStopped',
                'assignStepOne',
                { type: 'notifyOutlineDialog', params: ({ context }) => ({ error: context.outlineError }) },
              ],
            },
            {
              target: 'stopped',
              actions: [
                'assignFetchStopped',
                { type: 'notifyOutlineDialog', params: ({ context }) => ({ error: context.outlineError }) },
              ],
            },
          ],
        },
        /** After a stop: back to loaded when earlier rounds produced outlines, else idle. */
        stopped: {
          always: [
            { guard: 'hasOutlines', target: 'loaded', actions: 'notifyHistoryAdd' },
            { target: 'idle' },
          ],
        },
        loaded: {
          always: { guard: 'hasShouldFetchOutline', target: 'fetching' },
          on: { 'outline.fetch': { actions: 'assignOutlineRequested' } },
        },
      },
    },
    content: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'section.generate': { guard: 'canGeneratePart', target: 'generating', actions: 'assignPartStarted' },
            'wizard.generateAll': { guard: 'canGenerateAll', target: 'generating', actions: 'assignGenerateAllStarted' },
            'content.edit': { actions: 'assignEditedContent' },
          },
        },
        generating: {
          invoke: {
            id: 'generateSection',
            src: 'generateSection',
            input: ({ context }) => {
              const o = currentOutline(context)!;
              const part = context.generatingPart!;
              return { blogId: context.blogId, outlineId: o.id, part, type: partType(part), title: partTitle(o, part) };
            },
          },
          on: {
            'section.chunk': { actions: 'assignChunk' },
            'section.complete': [
              { guard: 'hasNextGenerateAllPart', target: 'generating', reenter: true, actions: 'assignNextPart' },
              { target: 'idle', actions: 'assignGenerationEnded' },
            ],
            'section.failed': { target: 'idle', actions: ['assignGenerationEnded', 'notifySectionFailed'] },
            'wizard.stop': { target: 'idle', actions: 'assignGenerationEnded' },
          },
        },
      },
    },
    images: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'image.generate': { guard: 'canGenerateImage', actions: 'spawnImage' },
            'image.loaded': { guard: 'isLoadingImage', actions: 'assignImageLoaded' },
            'image.failed': [
              {
                guard: 'isImageLimitFailure',
                actions: ['assignImageFailed', 'assignImageLimitReached', 'notifyImageLimit'],
              },
              { guard: 'isLoadingImage', actions: ['assignImageFailed', 'notifyImageFailed'] },
            ],
          },
        },
      },
    },
    blog: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'blog.open': { guard: 'isOtherBlogWhileIdle', target: 'loading', actions: 'assignBlogSwitched' } },
        },
        loading: {
          invoke: {
            id: 'fetchBlog',
            src: 'fetchBlog',
            input: ({ context }) => ({ blogId: context.blogId! }),
            onDone: { target: 'ready', actions: { type: 'assignBlog', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'ready', actions: 'notifyBlogLoadFailed' },
          },
        },
      },
    },
  },
  output: ({ context }) => ({ blogId: context.blogId, step: context.step, stepsByBlog: context.stepsByBlog }),
});
