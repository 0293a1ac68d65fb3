/**
 * The shared generation queue (02 §3 Generation queue item, §4 Generation queue, Video generation,
 * §8 Images / Video, §9).
 *
 * Two parallel regions:
 * - `processing`: picks up ONE pending item at a time (the oldest). An image item invokes
 *   `generateImage`; a video item spawns a `videoPolling` child (id `video-<itemId>`) and waits for
 *   it to report `video.started` (or to settle) before the next pending item is picked up, so
 *   start requests are serialised too. Decision: video items are SPAWNED children (not invoked)
 *   because several videos poll at once for minutes while images keep flowing through the queue.
 *   The child reports `video.started` / `video.progress` / `video.settled` back to this machine.
 * - `resume`: after a reload, `queue.resumeVideos` (only when signed in) fetches the in-progress
 *   videos (`fetchInProgressVideos`) and spawns a polling child for each one created in the last
 *   24 h with status 1 or 2 (02 §4 Video generation, §3 Video record).
 *
 * Time: `queue.add`, `queue.retry` and `queue.resumeVideos` carry `now` (the machine never reads a
 * clock). The 1 s duplicate window is measured on those `now` values; the retry / regenerate locks
 * and the gallery refetch are named delays (a delayed `raise`), so SimulatedClock drives them.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import {
  GALLERY_REFETCH_DELAY_MS,
  QUEUE_MISSING_PAYLOAD_MESSAGE,
  QUEUE_REGENERATE_LOCK_MS,
  QUEUE_RETRY_LOCK_MS,
} from './constants';
import {
  classifyImageError,
  hasRequestPayload,
  isActiveItem,
  isDuplicateAdd,
  isInProgressVideo,
  nextPendingItem,
  pruneRecentKeys,
  queueItemKey,
  renumberActive,
  type NewQueueItem,
  type QueueItem,
} from './queue-items';
import {
  videoPollingMachine,
  type VideoDialog,
  type VideoPollingOutput,
  type VideoReportEvent,
} from './video-polling.machine';

export interface GenerationQueueInput {
  /** Items restored by the app (optional). */
  items?: QueueItem[];
}

export interface GenerationQueueContext {
  items: QueueItem[];
  /** The queue counter: the position the next added item gets (02 §4). */
  counter: number;
  /** key → `now` of the last accepted add with that key (1 s duplicate window). */
  recentKeys: Record<string, number>;
  /** Lock keys of retries / regenerates in their 2 s / 1 s lock. */
  locks: string[];
  /** The item the `processing` region is working on. */
  currentId?: string;
  /** Source of deterministic ids. */
  seq: number;
  galleryRefetchScheduled: boolean;
  /** `now` of the pending resume request. */
  resumeNow?: number;
}

/** generateImage: input and output. The app dispatches on `item.source` / `item.requestPayload`. */
export interface GenerateImageInput {
  item: QueueItem;
}
export interface GenerateImageOutput {
  imageUrl: string;
  imageId?: string | number;
  thumbnailUrl?: string;
  creditUsage?: number;
  /** The example prompt whose usage count rises (02 §4 Image generation). */
  examplePromptId?: string | number;
  /** ms since epoch when the image was stored (the actor may read the clock; the machine may not). */
  completedAt?: number;
  /** The gallery record as the server returned it, for the optimistic insert. */
  image?: Record<string, unknown>;
}

/** 02 §3 Video record, as fetchInProgressVideos returns it. */
export interface InProgressVideoRecord {
  id: string | number;
  status: number | { id?: number; status: number; error_message?: string | null };
  estimated_seconds?: number | null;
  created_at: string | number;
  prompt?: string | null;
  description?: string | null;
  thumbnail_url?: string | null;
  progress?: number | null;
  content_type?: string | null;
}
export interface FetchInProgressVideosInput {
  now: number;
}

export type GenerationQueueEvent =
  | { type: 'queue.add'; item: NewQueueItem; now: number }
  | { type: 'queue.retry'; id: string; now: number }
  | { type: 'queue.remove'; id: string }
  | { type: 'queue.clearCompleted' }
  | { type: 'queue.clearErrored' }
  | { type: 'queue.clearActive' }
  | { type: 'queue.resumeVideos'; now: number; isSignedIn: boolean }
  /** The gallery opened: poll every running video now (02 §2 Gallery). */
  | { type: 'queue.videos.pollNow' }
  /** internal (delayed raise) */
  | { type: 'queue.lock.release'; key: string }
  | { type: 'queue.gallery.refetch' }
  | VideoReportEvent;

export type QueueIgnoredReason = 'duplicate' | 'locked' | 'inFlight' | 'notRetryable';

export type GenerationQueueEmitted =
  | { type: 'gallery.insert'; item: QueueItem; image?: Record<string, unknown> }
  | { type: 'gallery.refetch' }
  | { type: 'usage.increment'; kind: 'image'; examplePromptId?: string | number }
  | { type: 'queue.ignored'; reason: QueueIgnoredReason }
  | { type: 'image.dialog'; dialog: 'imageLimit' | 'upgrade'; message: string }
  | ({ type: 'video.dialog'; queueId: string } & VideoDialog)
  | { type: 'auth.error'; clearJwt: boolean };

export interface GenerationQueueOutput {
  items: QueueItem[];
}

export const videoChildId = (itemId: string) => `video-${itemId}`;

/** Lock key of 02 §4 "the same item is already retrying": the thing being retried / regenerated. */
export function lockKeyOf(item: Pick<QueueItem, 'type' | 'prompt'> & Partial<QueueItem>): string {
  return `${item.type}:${item.videoId ?? item.imageId ?? item.prompt.trim()}`;
}

const isLockingSource = (item: Pick<QueueItem, 'source'>) => item.source === 'retry' || item.source === 'regenerate';

function makeItem(ctx: GenerationQueueContext, input: NewQueueItem, now: number): QueueItem {
  return {
    ...input,
    id: input.id ?? `q-${now.toString(36)}-${ctx.seq + 1}`,
    status: 'pending',
    isGenerating: false,
    retryCount: input.retryCount ?? 0,
    created_at: now,
    updatedAt: now,
    queuePosition: ctx.counter,
  };
}

/** 02 §4: new item at the front, error items purged, position from the counter. */
function addItem(ctx: GenerationQueueContext, item: QueueItem, now: number): Partial<GenerationQueueContext> {
  return {
    items: [item, ...ctx.items.filter((i) => i.status !== 'error')],
    counter: ctx.counter + 1,
    seq: ctx.seq + 1,
    recentKeys: { ...pruneRecentKeys(ctx.recentKeys, now), [queueItemKey(item)]: now },
  };
}

const patch = (items: QueueItem[], id: string | undefined, p: Partial<QueueItem>) =>
  items.map((i) => (i.id === id ? { ...i, ...p } : i));

const renumbered = (items: QueueItem[]) => {
  const r = renumberActive(items);
  return { items: r.items, counter: r.counter };
};

const recordStatus = (r: InProgressVideoRecord) => (typeof r.status === 'number' ? r.status : r.status.status);

export const generationQueueMachine = setup({
  types: {
    context: {} as GenerationQueueContext,
    input: {} as GenerationQueueInput,
    output: {} as GenerationQueueOutput,
    events: {} as GenerationQueueEvent,
    emitted: {} as GenerationQueueEmitted,
  },
  actors: {
    generateImage: fromPromise<GenerateImageOutput, GenerateImageInput>(async () => {
      throw new Error('generateImage not provided');
    }),
    fetchInProgressVideos: fromPromise<InProgressVideoRecord[], FetchInProgressVideosInput>(async () => {
      throw new Error('fetchInProgressVideos not provided');
    }),
    videoPolling: videoPollingMachine,
  },
  delays: {
    retryLock: QUEUE_RETRY_LOCK_MS,
    regenerateLock: QUEUE_REGENERATE_LOCK_MS,
    galleryRefetch: GALLERY_REFETCH_DELAY_MS,
  },
  guards: {
    isAddLocked: ({ context, event }) =>
      event.type === 'queue.add' && isLockingSource(event.item) && context.locks.includes(lockKeyOf(event.item)),
    /** 02 §4: duplicate regenerate requests are ignored while one is in flight. */
    isRegenerateInFlight: ({ context, event }) =>
      event.type === 'queue.add' &&
      event.item.source === 'regenerate' &&
      context.items.some(
        (i) => isActiveItem(i) && i.source === 'regenerate' && lockKeyOf(i) === lockKeyOf(event.item),
      ),
    isDuplicateAdd: ({ context, event }) =>
      event.type === 'queue.add' &&
      isDuplicateAdd(context.items, context.recentKeys, queueItemKey({ ...event.item }), event.now),
    /** A retry needs a failed item whose lock is free. */
    isRetryLocked: ({ context, event }) => {
      if (event.type !== 'queue.retry') return false;
      const item = context.items.find((i) => i.id === event.id);
      return !!item && context.locks.includes(lockKeyOf(item));
    },
    isRetryable: ({ context, event }) =>
      event.type === 'queue.retry' && context.items.some((i) => i.id === event.id && i.status === 'error'),
    hasPendingWithoutPayload: ({ context }) => {
      const next = nextPendingItem(context.items);
      return !!next && !hasRequestPayload(next);
    },
    hasPendingImage: ({ context }) => nextPendingItem(context.items)?.type === 'image',
    hasPendingVideo: ({ context }) => nextPendingItem(context.items)?.type === 'video',
    /** The item being generated was removed or cleared. */
    isCurrentItemGone: ({ context }) =>
      !context.items.some((i) => i.id === context.currentId && i.status === 'generating'),
    /** The current video has its id (polling) or is no longer waiting for its start answer. */
    isCurrentVideoStarted: ({ context }) => {
      const item = context.items.find((i) => i.id === context.currentId);
      return !item || item.status !== 'generating' || item.videoId !== undefined || item.message !== undefined;
    },
    isSignedIn: ({ event }) => event.type === 'queue.resumeVideos' && event.isSignedIn,
  },
  actions: {
    notifyIgnored: emit((_, p: { reason: QueueIgnoredReason }) => ({ type: 'queue.ignored' as const, reason: p.reason })),
    assignAddedItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'queue.add') return;
      const item = makeItem(context, event.item, event.now);
      enqueue.assign(addItem(context, item, event.now));
      if (isLockingSource(item)) {
        const key = lockKeyOf(item);
        enqueue.assign({ locks: [...context.locks.filter((k) => k !== key), key] });
        enqueue.raise(
          { type: 'queue.lock.release', key },
          { delay: item.source === 'regenerate' ? 'regenerateLock' : 'retryLock' },
        );
      }
    }),
    /** 02 §4: retry removes the failed item and adds a new pending item with source retry. */
    assignRetriedItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'queue.retry') return;
      const failed = context.items.find((i) => i.id === event.id);
      if (!failed) return;
      const { id: _id, status: _s, error: _e, queuePosition: _q, ...rest } = failed;
      const base: GenerationQueueContext = { ...context, items: context.items.filter((i) => i.id !== failed.id) };
      const item = makeItem(
        base,
        {
          ...rest,
          source: 'retry',
          retryCount: failed.retryCount + 1,
          progress: undefined,
          videoId: failed.type === 'video' ? undefined : failed.videoId,
          message: undefined,
        },
        event.now,
      );
      const key = lockKeyOf(failed);
      enqueue.assign({ ...addItem(base, item, event.now), locks: [...context.locks.filter((k) => k !== key), key] });
      // 02 §4: the lock is released after 2 s, 1 s when the failed item was a regenerate.
      enqueue.raise({ type: 'queue.lock.release', key }, { delay: failed.source === 'regenerate' ? 'regenerateLock' : 'retryLock' });
    }),
    assignLockReleased: assign(({ context, event }) =>
      event.type === 'queue.lock.release' ? { locks: context.locks.filter((k) => k !== event.key) } : {},
    ),
    assignRemovedItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'queue.remove') return;
      enqueue.stopChild(videoChildId(event.id));
      enqueue.assign(renumbered(context.items.filter((i) => i.id !== event.id)));
    }),
    assignClearedCompleted: assign(({ context }) => ({ items: context.items.filter((i) => i.status !== 'success') })),
    assignClearedErrored: assign(({ context }) => ({ items: context.items.filter((i) => i.status !== 'error') })),
    /** 02 §4: clear all active items and reset the counter to 1. */
    assignClearedActive: enqueueActions(({ context, enqueue }) => {
      for (const i of context.items) if (isActiveItem(i) && i.type === 'video') enqueue.stopChild(videoChildId(i.id));
      enqueue.assign({ items: context.items.filter((i) => !isActiveItem(i)), counter: 1 });
    }),
    assignMissingPayload: assign(({ context }) => {
      const next = nextPendingItem(context.items)!;
      return renumbered(
        patch(context.items, next.id, { status: 'error', isGenerating: false, error: QUEUE_MISSING_PAYLOAD_MESSAGE }),
      );
    }),
    assignPickedUp: assign(({ context }) => {
      const next = nextPendingItem(context.items)!;
      return { currentId: next.id, items: patch(context.items, next.id, { status: 'generating', isGenerating: true }) };
    }),
    spawnVideoPolling: enqueueActions(({ context, enqueue, self }) => {
      const item = context.items.find((i) => i.id === context.currentId);
      if (!item) return;
      enqueue.spawnChild('videoPolling', {
        id: videoChildId(item.id),
        input: {
          queueId: item.id,
          mode: 'start',
          now: item.updatedAt,
          request: item.requestPayload as Record<string, unknown>,
          isGalleryImageToVideo: item.source === 'gallery_image_video',
          reportTo: self,
        },
      });
    }),
    assignImageSuccess: assign(({ context }, p: { output: GenerateImageOutput }) =>
      renumbered(
        patch(context.items, context.currentId, {
          status: 'success',
          isGenerating: false,
          imageUrl: p.output.imageUrl,
          imageId: p.output.imageId,
          thumbnailUrl: p.output.thumbnailUrl,
          credit_usage: p.output.creditUsage,
          progress: 100,
          updatedAt: p.output.completedAt ?? context.items.find((i) => i.id === context.currentId)?.updatedAt ?? 0,
        }),
      ),
    ),
    /** Optimistic gallery insert + usage increment (02 §4). */
    notifyImageSuccess: enqueueActions(({ context, enqueue }, p: { output: GenerateImageOutput }) => {
      const item = context.items.find((i) => i.id === context.currentId);
      if (item) enqueue(emit({ type: 'gallery.insert', item, image: p.output.image }));
      enqueue(emit({ type: 'usage.increment', kind: 'image', examplePromptId: p.output.examplePromptId }));
    }),
    assignImageError: assign(({ context }, p: { error: unknown }) =>
      renumbered(
        patch(context.items, context.currentId, {
          status: 'error',
          isGenerating: false,
          error: classifyImageError(p.error).message,
        }),
      ),
    ),
    notifyImageError: enqueueActions(({ enqueue }, p: { error: unknown }) => {
      const o = classifyImageError(p.error);
      if (o.kind === 'imageLimit' || o.kind === 'upgrade')
        enqueue(emit({ type: 'image.dialog', dialog: o.kind, message: o.message }));
      // 02 §8: a 504 refreshes the list.
      if (o.kind === 'message' && o.refreshList) enqueue(emit({ type: 'gallery.refetch' }));
    }),
    assignCurrentCleared: assign({ currentId: undefined }),
    /** 02 §4: the gallery refetches within 1 s of a success (one refetch per burst). */
    scheduleGalleryRefetch: enqueueActions(({ context, enqueue }) => {
      if (context.galleryRefetchScheduled) return;
      enqueue.assign({ galleryRefetchScheduled: true });
      enqueue.raise({ type: 'queue.gallery.refetch' }, { delay: 'galleryRefetch' });
    }),
    notifyGalleryRefetch: enqueueActions(({ enqueue }) => {
      enqueue.assign({ galleryRefetchScheduled: false });
      enqueue(emit({ type: 'gallery.refetch' }));
    }),
    assignVideoStarted: assign(({ context, event }) =>
      event.type === 'video.started'
        ? {
            items: patch(context.items, event.queueId, {
              videoId: event.videoId,
              estimatedSeconds: event.estimatedSeconds,
              startTime: event.startTime,
              currentTime: event.startTime,
              progress: 0,
              isGenerating: true,
            }),
          }
        : {},
    ),
    assignVideoProgress: assign(({ context, event }) =>
      event.type === 'video.progress'
        ? { items: patch(context.items, event.queueId, { progress: event.progress, currentTime: event.currentTime }) }
        : {},
    ),
    /** A video child settled: apply 02 §4 / §8 to the item and tell the app. */
    assignVideoSettled: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'video.settled') return;
      const o: VideoPollingOutput = event.output;
      const item = context.items.find((i) => i.id === o.queueId);
      enqueue.stopChild(videoChildId(o.queueId));
      if (o.dialog) enqueue(emit({ type: 'video.dialog', queueId: o.queueId, ...o.dialog }));
      switch (o.outcome) {
        case 'success': {
          const items = patch(context.items, o.queueId, {
            status: 'success',
            isGenerating: false,
            progress: 100,
            videoId: o.videoId,
            videoUrl: o.videoUrl,
            thumbnailUrl: o.thumbnailUrl,
            credit_usage: o.creditUsage,
            duration: o.duration,
            updatedAt: item?.currentTime ?? item?.updatedAt ?? 0,
          });
          enqueue.assign(renumbered(items));
          const done = items.find((i) => i.id === o.queueId);
          if (done) enqueue(emit({ type: 'gallery.insert', item: done }));
          return;
        }
        case 'error':
          enqueue.assign(
            renumbered(patch(context.items, o.queueId, { status: 'error', isGenerating: false, error: o.error })),
          );
          return;
        case 'deferred':
          // 02 §4: a temporary id stays generating with a check-later message and is not polled.
          enqueue.assign({ items: patch(context.items, o.queueId, { videoId: o.videoId, message: o.message }) });
          return;
        case 'removed':
        case 'limited':
          enqueue.assign(renumbered(context.items.filter((i) => i.id !== o.queueId)));
          return;
        case 'unauthorized': {
          // 02 §8: 401/403 → generating items are cleared and an auth error shows.
          for (const i of context.items)
            if (i.status === 'generating' && i.type === 'video') enqueue.stopChild(videoChildId(i.id));
          enqueue.assign(renumbered(context.items.filter((i) => i.status !== 'generating')));
          enqueue(emit({ type: 'auth.error', clearJwt: o.clearJwt === true }));
          return;
        }
      }
    }),
    scheduleRefetchOnVideoSuccess: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'video.settled' || event.output.outcome !== 'success' || context.galleryRefetchScheduled) return;
      enqueue.assign({ galleryRefetchScheduled: true });
      enqueue.raise({ type: 'queue.gallery.refetch' }, { delay: 'galleryRefetch' });
    }),
    assignResumeNow: assign(({ event }) => (event.type === 'queue.resumeVideos' ? { resumeNow: event.now } : {})),
    /** 02 §4: in-progress videos after a reload are polled again. */
    assignResumedVideos: enqueueActions(({ context, enqueue, self }, p: { records: InProgressVideoRecord[] }) => {
      const now = context.resumeNow ?? 0;
      const known = new Set(context.items.map((i) => String(i.videoId)));
      const fresh = (p.records ?? []).filter(
        (r) => isInProgressVideo({ created_at: r.created_at, status: recordStatus(r) }, now) && !known.has(String(r.id)),
      );
      let items = context.items;
      let seq = context.seq;
      for (const r of fresh) {
        seq += 1;
        const created = typeof r.created_at === 'number' ? r.created_at : Date.parse(r.created_at);
        const item: QueueItem = {
          id: `q-${now.toString(36)}-${seq}`,
          type: 'video',
          contentType: r.content_type ?? undefined,
          source: 'gallery_image_video',
          status: 'generating',
          prompt: r.prompt ?? r.description ?? '',
          videoId: r.id,
          thumbnailUrl: r.thumbnail_url ?? undefined,
          isGenerating: true,
          estimatedSeconds: r.estimated_seconds ?? undefined,
          progress: r.progress ?? 0,
          startTime: created,
          currentTime: now,
          retryCount: 0,
          created_at: created,
          updatedAt: now,
        };
        items = [item, ...items];
        enqueue.spawnChild('videoPolling', {
          id: videoChildId(item.id),
          input: {
            queueId: item.id,
            mode: 'resume',
            now,
            videoId: r.id,
            startTime: created,
            estimatedSeconds: r.estimated_seconds ?? undefined,
            reportTo: self,
          },
        });
      }
      enqueue.assign({ ...renumbered(items), seq, resumeNow: undefined });
    }),
    /** Forward a poll-now to every running video child. */
    notifyVideosPollNow: enqueueActions(({ context, enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, unknown>;
      for (const i of context.items)
        if (i.type === 'video' && i.status === 'generating' && children[videoChildId(i.id)])
          enqueue.sendTo(videoChildId(i.id), { type: 'video.poll.tick' });
    }),
  },
}).createMachine({
  id: 'generationQueue',
  type: 'parallel',
  context: ({ input }) => {
    const r = renumberActive(input.items ?? []);
    return {
      items: r.items,
      counter: r.counter,
      recentKeys: {},
      locks: [],
      seq: 0,
      galleryRefetchScheduled: false,
    };
  },
  on: {
    'queue.add': [
      { guard: 'isAddLocked', actions: { type: 'notifyIgnored', params: { reason: 'locked' } } },
      { guard: 'isRegenerateInFlight', actions: { type: 'notifyIgnored', params: { reason: 'inFlight' } } },
      { guard: 'isDuplicateAdd', actions: { type: 'notifyIgnored', params: { reason: 'duplicate' } } },
      { actions: 'assignAddedItem' },
    ],
    'queue.retry': [
      { guard: 'isRetryLocked', actions: { type: 'notifyIgnored', params: { reason: 'locked' } } },
      { guard: 'isRetryable', actions: 'assignRetriedItem' },
      { actions: { type: 'notifyIgnored', params: { reason: 'notRetryable' } } },
    ],
    'queue.lock.release': { actions: 'assignLockReleased' },
    'queue.remove': { actions: 'assignRemovedItem' },
    'queue.clearCompleted': { actions: 'assignClearedCompleted' },
    'queue.clearErrored': { actions: 'assignClearedErrored' },
    'queue.clearActive': { actions: 'assignClearedActive' },
    'queue.gallery.refetch': { actions: 'notifyGalleryRefetch' },
    'queue.videos.pollNow': { actions: 'notifyVideosPollNow' },
    'video.started': { actions: 'assignVideoStarted' },
    'video.progress': { actions: 'assignVideoProgress' },
    'video.settled': { actions: ['assignVideoSettled', 'scheduleRefetchOnVideoSuccess'] },
  },
  states: {
    processing: {
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: 'hasPendingWithoutPayload', actions: 'assignMissingPayload' },
            { guard: 'hasPendingImage', target: 'generatingImage', actions: 'assignPickedUp' },
            { guard: 'hasPendingVideo', target: 'startingVideo', actions: ['assignPickedUp', 'spawnVideoPolling'] },
          ],
        },
        generatingImage: {
          always: { guard: 'isCurrentItemGone', target: 'idle', actions: 'assignCurrentCleared' },
          invoke: {
            id: 'generateImage',
            src: 'generateImage',
            input: ({ context }) => ({ item: context.items.find((i) => i.id === context.currentId)! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignImageSuccess', params: ({ event }) => ({ output: event.output }) },
                { type: 'notifyImageSuccess', params: ({ event }) => ({ output: event.output }) },
                'scheduleGalleryRefetch',
                'assignCurrentCleared',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignImageError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyImageError', params: ({ event }) => ({ error: event.error }) },
                'assignCurrentCleared',
              ],
            },
          },
        },
        startingVideo: {
          always: { guard: 'isCurrentVideoStarted', target: 'idle', actions: 'assignCurrentCleared' },
        },
      },
    },
    resume: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'queue.resumeVideos': { guard: 'isSignedIn', target: 'fetching', actions: 'assignResumeNow' },
          },
        },
        fetching: {
          invoke: {
            id: 'fetchInProgressVideos',
            src: 'fetchInProgressVideos',
            input: ({ context }) => ({ now: context.resumeNow ?? 0 }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignResumedVideos', params: ({ event }) => ({ records: event.output }) },
            },
            // 'Failed to get video status': nothing to resume; the gallery still shows the records.
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
  output: ({ context }) => ({ items: context.items }),
});
