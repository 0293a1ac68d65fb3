/**
 * Navigation guard (01 §4 "Navigation guard when leaving a page", 03 §4 "Navigation guard",
 * storybook rule 01 §4 last bullet and 03 §2 "Storybook creator").
 *
 * The app keeps the flags current with `nav.update {…}` and asks `nav.request {to, blogId?, reset?}`
 * whenever the user leaves a page (react-router's blocker or a history-row click). The guard
 * answers with emitted events (`actor.on(type, …)`), so src/ can drive the blocker:
 *  - `nav.navigate {to}`: go (blocker.proceed / navigate(to)).
 *  - `nav.openDialog {dialog}` / `nav.closeDialog`: forward to the dialog manager.
 *  - `nav.loadBlog {blogId, step}`: restore the target blog's remembered step (default 1) and fetch it.
 *  - `nav.resetBlog`: reset the blog title and blog and focus the first input.
 *  - `nav.stopGeneration`: the leave dialog's confirm stops the running generation (03 §4).
 *
 * Ordered checks on `nav.request` (01 §4 = 03 §4, plus the storybook rule):
 *  1. app-wide generation running → content-generation-check ('Are you sure?'), target stored.
 *  S. on /storybook-library or /storybook-library/details with a storyboard in progress →
 *     storyboard-stop. The spec lists this rule apart from the five steps; it is placed right
 *     after step 1 (the app-wide check stays first; storybook pages have no blog flags).
 *  2. outline / SEO keyword / real-time data in progress → outline-loading dialog, no navigation.
 *  3. blog content generating → content-stop {isImageStop: false} with target, reset flag, blog id.
 *  4. with a blog id: loading images pending → content-stop {isImageStop: true} (the image-stop
 *     dialog); otherwise remember the current step for the current blog, restore the target blog's
 *     step (default 1) and fetch it.
 *  5. no blog id: loading images pending → image-stop; otherwise navigate, and on a reset request
 *     reset the blog.
 * 'Yes proceed' (`nav.confirm`) closes the dialog and goes to the stored URL; for the stop dialogs
 * it also stops generation and then navigates to the pending page, or reloads the given blog with
 * its remembered step (03 §4). 'Stay here' (`nav.cancel`) closes it.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { BLOG_DEFAULT_STEP, STORYBOOK_GUARDED_ROUTES } from './constants';
import { dialog, type Dialog } from './dialogs';

export type BlogId = string | number;

export interface NavFlags {
  /** app-wide generation running (01 §4 step 1) */
  generationRunning: boolean;
  /** outline or SEO keyword generation or real-time data in progress (step 2) */
  outlineInProgress: boolean;
  /** blog content being generated (step 3) */
  blogContentGenerating: boolean;
  /** loading images pending (steps 4, 5) */
  loadingImagesPending: boolean;
  /** a storyboard is being created (storybook rule) */
  storyboardInProgress: boolean;
  /** the current route path */
  currentPath: string;
  /** the blog open now, if any */
  currentBlogId: BlogId | null;
  /** the wizard step of the blog open now */
  currentStep: number;
}

export type NavInput = Partial<NavFlags>;

export interface PendingNavigation {
  to: string;
  blogId: BlogId | null;
  reset: boolean;
}

export interface NavContext extends NavFlags {
  /** remembered wizard step per blog */
  steps: Record<string, number>;
  pending: PendingNavigation | null;
  dialog: Dialog | null;
}

export type NavEvent =
  | { type: 'nav.request'; to: string; blogId?: BlogId | null; reset?: boolean }
  | { type: 'nav.update'; flags: Partial<NavFlags> }
  | { type: 'nav.confirm' }
  | { type: 'nav.cancel' };

export type NavEmitted =
  | { type: 'nav.navigate'; to: string }
  | { type: 'nav.openDialog'; dialog: Dialog }
  | { type: 'nav.closeDialog' }
  | { type: 'nav.loadBlog'; blogId: BlogId; step: number }
  | { type: 'nav.resetBlog' }
  | { type: 'nav.stopGeneration' };

const defaults: NavFlags = {
  generationRunning: false,
  outlineInProgress: false,
  blogContentGenerating: false,
  loadingImagesPending: false,
  storyboardInProgress: false,
  currentPath: '/',
  currentBlogId: null,
  currentStep: BLOG_DEFAULT_STEP,
};

const requestOf = (event: NavEvent): PendingNavigation =>
  event.type === 'nav.request'
    ? { to: event.to, blogId: event.blogId ?? null, reset: event.reset ?? false }
    : { to: '/', blogId: null, reset: false };

const isStorybookRoute = (path: string) =>
  (STORYBOOK_GUARDED_ROUTES as readonly string[]).includes(path.split('?')[0].replace(/\/$/, ''));

export const navigationGuardMachine = setup({
  types: {
    context: {} as NavContext,
    input: {} as NavInput,
    events: {} as NavEvent,
    emitted: {} as NavEmitted,
  },
  guards: {
    isGenerationRunning: ({ context }) => context.generationRunning,
    isStoryboardLeave: ({ context }) => context.storyboardInProgress && isStorybookRoute(context.currentPath),
    isOutlineInProgress: ({ context }) => context.outlineInProgress,
    isBlogContentGenerating: ({ context }) => context.blogContentGenerating,
    hasPendingImages: ({ context }) => context.loadingImagesPending,
    hasTargetBlog: ({ event }) => event.type === 'nav.request' && event.blogId != null,
    isStopDialog: ({ context }) =>
      context.dialog?.name === 'content-stop' || context.dialog?.name === 'storyboard-stop',
  },
  actions: {
    assignFlags: assign(({ context, event }) => (event.type === 'nav.update' ? { ...context, ...event.flags } : context)),
    assignPending: assign({ pending: ({ event }) => requestOf(event) }),
    assignGenerationCheck: assign({
      dialog: ({ event }) => dialog('content-generation-check', { targetUrl: requestOf(event).to }),
    }),
    assignStoryboardStop: assign({
      dialog: ({ event }) => dialog('storyboard-stop', { isImageStop: false, targetUrl: requestOf(event).to }),
    }),
    assignContentStop: assign({
      dialog: ({ event }, params: { isImageStop: boolean }) => {
        const r = requestOf(event);
        return dialog('content-stop', { isImageStop: params.isImageStop, targetUrl: r.to, reset: r.reset, blogId: r.blogId });
      },
    }),
    notifyOpenDialog: emit(({ context }) => ({ type: 'nav.openDialog', dialog: context.dialog! }) as const),
    notifyOutlineLoading: emit({ type: 'nav.openDialog', dialog: dialog('outline-loading', {}) } as const),
    notifyCloseDialog: emit({ type: 'nav.closeDialog' } as const),
    notifyStopGeneration: emit({ type: 'nav.stopGeneration' } as const),
    assignCleared: assign({ pending: () => null, dialog: () => null }),
    /** step 4: remember the current blog's step, restore the target's (default 1), fetch it — and go */
    assignSwitchBlog: assign(({ context }, p: PendingNavigation) => {
      if (p.blogId == null) return {};
      const steps =
        context.currentBlogId != null ? { ...context.steps, [String(context.currentBlogId)]: context.currentStep } : context.steps;
      return {
        steps,
        currentBlogId: p.blogId,
        currentStep: steps[String(p.blogId)] ?? BLOG_DEFAULT_STEP,
      };
    }),
    notifyGo: enqueueActions(({ context, enqueue }, p: PendingNavigation) => {
      if (p.blogId != null) enqueue.emit({ type: 'nav.loadBlog', blogId: p.blogId, step: context.currentStep });
      enqueue.emit({ type: 'nav.navigate', to: p.to });
      if (p.blogId == null && p.reset) enqueue.emit({ type: 'nav.resetBlog' });
    }),
  },
}).createMachine({
  id: 'navigationGuard',
  context: ({ input }) => ({ ...defaults, ...input, steps: {}, pending: null, dialog: null }),
  on: { 'nav.update': { actions: 'assignFlags' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'nav.request': [
          {
            guard: 'isGenerationRunning',
            target: 'confirming',
            actions: ['assignPending', 'assignGenerationCheck', 'notifyOpenDialog'],
          },
          {
            guard: 'isStoryboardLeave',
            target: 'confirming',
            actions: ['assignPending', 'assignStoryboardStop', 'notifyOpenDialog'],
          },
          { guard: 'isOutlineInProgress', actions: 'notifyOutlineLoading' },
          {
            guard: 'isBlogContentGenerating',
            target: 'confirming',
            actions: ['assignPending', { type: 'assignContentStop', params: { isImageStop: false } }, 'notifyOpenDialog'],
          },
          {
            guard: 'hasPendingImages',
            target: 'confirming',
            actions: ['assignPending', { type: 'assignContentStop', params: { isImageStop: true } }, 'notifyOpenDialog'],
          },
          {
            guard: 'hasTargetBlog',
            actions: [
              { type: 'assignSwitchBlog', params: ({ event }) => requestOf(event) },
              { type: 'notifyGo', params: ({ event }) => requestOf(event) },
            ],
          },
          { actions: { type: 'notifyGo', params: ({ event }) => requestOf(event) } },
        ],
      },
    },
    confirming: {
      on: {
        'nav.confirm': [
          {
            guard: 'isStopDialog',
            target: 'idle',
            actions: [
              'notifyCloseDialog',
              'notifyStopGeneration',
              { type: 'assignSwitchBlog', params: ({ context }) => context.pending! },
              { type: 'notifyGo', params: ({ context }) => context.pending! },
              'assignCleared',
            ],
          },
          {
            target: 'idle',
            actions: [
              'notifyCloseDialog',
              { type: 'notifyGo', params: ({ context }) => ({ ...context.pending!, blogId: null, reset: false }) },
              'assignCleared',
            ],
          },
        ],
        'nav.cancel': { target: 'idle', actions: ['notifyCloseDialog', 'assignCleared'] },
      },
    },
  },
});
