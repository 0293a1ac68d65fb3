/**
 * generationQueue (02 §3 Generation queue item, §4 Generation queue / Video generation, §8, §9).
 *
 * Model paths run the REAL queue with the REAL videoPolling children (their start / poll slots are
 * controllable promises). Timers (1 s duplicate window, 2 s / 1 s locks, 1 s gallery refetch) are
 * tested on a SimulatedClock below; the model leaves the clock alone so its paths stay exact.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  generationQueueMachine,
  lockKeyOf,
  videoChildId,
  type FetchInProgressVideosInput,
  type GenerateImageInput,
  type GenerateImageOutput,
  type GenerationQueueContext,
  type InProgressVideoRecord,
} from '@machines/generation-queue.machine';
import {
  videoPollingMachine,
  type PollVideoStatusInput,
  type StartVideoInput,
  type StartVideoOutput,
  type VideoStatusOutput,
} from '@machines/video-polling.machine';
import {
  classifyImageError,
  isDuplicateAdd,
  queueItemKey,
  renumberActive,
  type NewQueueItem,
  type QueueItem,
} from '@machines/queue-items';
import { orderGallery, type GalleryRecord } from '@machines/gallery-order';
import { QUEUE_MISSING_PAYLOAD_MESSAGE } from '@machines/constants';
import { createCoverageTracker, createMachineTestModel } from '../helpers/model-coverage';

const NOW = Date.parse('2026-03-10T12:00:00Z');
/**
 * 02 §4 Generation queue, §9, written out rather than read from machines/constants.ts: duplicate window 1 s, retry
 * lock 2 s (1 s for regenerate), gallery refetch within 1 s of a success, video poll interval 10 s.
 */
const QUEUE_DUPLICATE_WINDOW_MS = 1000;
const QUEUE_RETRY_LOCK_MS = 2000;
const QUEUE_REGENERATE_LOCK_MS = 1000;
const GALLERY_REFETCH_DELAY_MS = 1000;
const VIDEO_POLL_INTERVAL_MS = 10_000;
const tracker = createCoverageTracker(generationQueueMachine);
const flush = () => new Promise<void>((r) => setImmediate(r));

interface Deferred<T> {
  input: any;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

function harness(items: QueueItem[] = []) {
  const clock = new SimulatedClock();
  clock.set(NOW);
  const images: Deferred<GenerateImageOutput>[] = [];
  const fetches: Deferred<InProgressVideoRecord[]>[] = [];
  /** per queue item id: its child's start and polls */
  const starts: Record<string, Deferred<StartVideoOutput>> = {};
  const polls: Record<string, Deferred<VideoStatusOutput>[]> = {};
  const machine = generationQueueMachine.provide({
    actors: {
      generateImage: fromPromise<GenerateImageOutput, GenerateImageInput>(
        ({ input }) => new Promise((resolve, reject) => images.push({ input, resolve, reject })),
      ),
      fetchInProgressVideos: fromPromise<InProgressVideoRecord[], FetchInProgressVideosInput>(
        ({ input }) => new Promise((resolve, reject) => fetches.push({ input, resolve, reject })),
      ),
      videoPolling: videoPollingMachine.provide({
        actors: {
          startVideo: fromPromise<StartVideoOutput, StartVideoInput>(
            ({ input }) => new Promise((resolve, reject) => void (starts[input.queueId] = { input, resolve, reject })),
          ),
          pollVideoStatus: fromPromise<VideoStatusOutput, PollVideoStatusInput>(({ input }) => {
            const id = Object.keys(videoIds).reverse().find((k) => videoIds[k] === String(input.videoId))!;
            return new Promise((resolve, reject) => void (polls[id] ??= []).push({ input, resolve, reject }));
          }),
        },
      }),
    },
  });
  /** queue item id → video id, to route polls back */
  const videoIds: Record<string, string> = {};
  const actor = createActor(machine, { clock, inspect: tracker.inspect, input: { items } });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const child = (itemId: string) => actor.getSnapshot().children[videoChildId(itemId)] as any;
  return { actor, clock, images, fetches, starts, polls, videoIds, emitted, ctx, child };
}

const img = (over: Partial<NewQueueItem> = {}): NewQueueItem => ({
  type: 'image',
  source: 'example_popup',
  prompt: 'a red fox',
  modelName: 'Model A',
  aspectRatio: '1:1',
  requestPayload: { prompt: 'a red fox' },
  ...over,
});
const vid = (over: Partial<NewQueueItem> = {}): NewQueueItem => ({
  type: 'video',
  source: 'gallery_image_video',
  contentType: 'text_to_video',
  prompt: 'a dog on a beach',
  requestPayload: { content_type: 'text_to_video', prompt: 'a dog on a beach' },
  ...over,
});

// ── model ──────────────────────────────────────────────────────────────────────
const MAX_ITEMS = 2;
const MAX_SEQ = Number(process.env.GQ_MAX_SEQ ?? 2);
// regenerate adds, image-limit errors and the 'limited' / start-'error' settlements are in the
// rule tests below: the model keeps to the events that change the shape of the queue.
const adds: NewQueueItem[] = [img(), img({ prompt: 'no payload here', requestPayload: undefined }), vid()];
const resumeRecords: InProgressVideoRecord[] = [
  { id: 'r1', status: { status: 1 }, created_at: NOW - 3600_000, estimated_seconds: 300, prompt: 'resumed' },
  { id: 'r2', status: 1, created_at: NOW - 25 * 3600_000 }, // older than 24 h
  { id: 'r3', status: 4, created_at: NOW - 60_000 }, // complete
];

type Ctx = GenerationQueueContext;
const videoPhase = (i: QueueItem) =>
  i.type !== 'video' || i.status !== 'generating' ? 'none' : i.message ? 'deferred' : i.videoId === undefined ? 'starting' : 'polling';

function modelEvents(s: { context: Ctx; value: any }): AnyEventObject[] {
  const c = s.context;
  const ev: AnyEventObject[] = [];
  const canGrow = c.seq < MAX_SEQ;
  if (c.items.length < MAX_ITEMS && canGrow) for (const item of adds) ev.push({ type: 'queue.add', item, now: NOW });
  const failed = c.items.find((i) => i.status === 'error');
  if (failed && canGrow) ev.push({ type: 'queue.retry', id: failed.id, now: NOW });
  if (c.items[0]) ev.push({ type: 'queue.remove', id: c.items[0].id });
  ev.push({ type: 'queue.clearCompleted' }, { type: 'queue.clearErrored' }, { type: 'queue.clearActive' });
  if (c.items.length < MAX_ITEMS && canGrow) {
    ev.push({ type: 'queue.resumeVideos', now: NOW, isSignedIn: true });
    ev.push({ type: 'queue.resumeVideos', now: NOW, isSignedIn: false });
  }
  if (c.items.length < MAX_ITEMS && canGrow) ev.push({ type: 'xstate.done.actor.fetchInProgressVideos', output: resumeRecords });
  ev.push({ type: 'xstate.error.actor.fetchInProgressVideos', error: { status: 500 } });
  ev.push({
    type: 'xstate.done.actor.generateImage',
    output: { imageUrl: 'https://cdn/i.png', imageId: 99, creditUsage: 1, examplePromptId: 5, completedAt: NOW + 5000 },
  });
  ev.push({ type: 'xstate.error.actor.generateImage', error: { status: 504 } });
  for (const i of c.items) {
    const phase = videoPhase(i);
    const vId = `v-${i.id}`;
    if (phase === 'starting') {
      ev.push({ type: 'video.started', queueId: i.id, videoId: vId, estimatedSeconds: 30, startTime: i.updatedAt });
      ev.push({ type: 'video.settled', output: { queueId: i.id, outcome: 'deferred', videoId: vId, message: 'Your video is being generated. Please check your gallery later.' } });
      ev.push({
        type: 'video.settled',
        output: { queueId: i.id, outcome: 'removed', dialog: { dialog: 'invalidImage', title: 'Not a valid image' } },
      });
      ev.push({ type: 'video.settled', output: { queueId: i.id, outcome: 'unauthorized', clearJwt: false } });
    }
    if (phase === 'polling') {
      ev.push({
        type: 'video.settled',
        output: { queueId: i.id, outcome: 'success', videoId: i.videoId, videoUrl: 'https://cdn/v.mp4', thumbnailUrl: 'https://cdn/v.jpg', creditUsage: 20 },
      });
      ev.push({ type: 'video.settled', output: { queueId: i.id, outcome: 'error', videoId: i.videoId, error: 'Model crashed' } });
      ev.push({ type: 'video.settled', output: { queueId: i.id, outcome: 'unauthorized', videoId: i.videoId, clearJwt: true } });
    }
  }
  return ev;
}

/**
 * Projection: the state value and the whole context (minus the always-equal timestamps). It has to
 * be this fine: two states folded together must answer every later event alike, or the replayed
 * path would not be a real run. The space stays finite because ids come from `seq`, which the
 * model bounds (MAX_SEQ adds + retries per path).
 */
const project = (s: { value: unknown; context: Ctx }) =>
  JSON.stringify({ v: s.value, c: s.context });

const short = (e: AnyEventObject): string => {
  const t = e.type.replace('xstate.done.actor.', '').replace('xstate.error.actor.', '✗ ');
  if (e.type === 'queue.add') return `add ${e.item.type}/${e.item.source}${e.item.requestPayload ? '' : ' (no payload)'}`;
  if (e.type === 'video.settled') return `video ${e.output.outcome}`;
  if (e.type === 'queue.resumeVideos') return `resume (${e.isSignedIn ? 'signed in' : 'signed out'})`;
  if (e.type.startsWith('xstate.error')) return `${t} ${JSON.stringify(e.error)}`;
  return t;
};
const summary = (s: { value: any; context: Ctx }) =>
  `${JSON.stringify(s.value).replace(/"/g, '')} [${s.context.items.map((i) => `${i.type} ${i.status}`).join(', ')}]`;
const pathName = (p: { steps: { event: AnyEventObject }[]; state: any }) =>
  `${p.steps.slice(1).map((s) => short(s.event)).join(' → ')} ⇒ ${summary(p.state)}`;

/** Drive the REAL child of a video item to produce the model's settlement. */
async function settleVideo(h: ReturnType<typeof harness>, out: any) {
  const id: string = out.queueId;
  const start = h.starts[id];
  const phase = h.videoIds[id] ? 'polling' : 'starting';
  const poll = async (result: VideoStatusOutput | { reject: unknown }) => {
    h.child(id).send({ type: 'video.poll.tick' });
    await flush();
    const d = h.polls[id]!.at(-1)!;
    if ('reject' in result) d.reject(result.reject);
    else d.resolve(result);
  };
  switch (out.outcome) {
    case 'deferred':
      start!.resolve({ id: out.videoId, isTemporaryId: true });
      break;
    case 'removed':
      start!.reject({ status: 422 });
      break;
    case 'limited':
      start!.reject({ type: 'upgrade' });
      break;
    case 'error':
      if (phase === 'starting') start!.reject({ status: 500 });
      else await poll({ status: 3, error_message: 'Error: Model crashed' });
      break;
    case 'unauthorized':
      if (phase === 'starting') start!.reject({ status: 403 });
      else await poll({ reject: { status: 401 } });
      break;
    case 'success':
      await poll({ status: 4, video_url: out.videoUrl, thumbnail_url: out.thumbnailUrl, credit_usage: out.creditUsage });
      break;
  }
  await flush();
}

const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

describe('generationQueue model paths (02 §4 Generation queue, Video generation)', () => {
  const model = createMachineTestModel(generationQueueMachine, {
    events: modelEvents as never,
    serializeState: project as never,
    input: {},
    // Only the events listed by modelEvents (with their payloads); the internal timer events
    // (lock release, gallery refetch), progress reports and poll-now are tested on the clock below.
    filterEvents: (_s: unknown, e: AnyEventObject) => Object.keys(e).length > 1 || /^queue\.clear/.test(e.type),
  } as never);
  const paths = model.getShortestPaths();

  it(`the model has a bounded number of paths (${paths.length})`, () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(2000);
  });

  for (const path of paths) {
    it(pathName(path as never), async () => {
      const h = harness();
      const send = async ({ event }: { event: AnyEventObject }) => {
        h.actor.send(event as never);
        await flush();
      };
      await path.test({
        events: {
          'queue.add': async ({ event }: any) => {
            const errorsBefore = h.ctx().items.filter((i) => i.status === 'error').length;
            const countBefore = h.ctx().items.length;
            await send({ event });
            const after = h.ctx().items;
            if (after.length > countBefore || (errorsBefore > 0 && after.length !== countBefore)) {
              // accepted: the new item is at the front and error items were purged (02 §4)
              expect(after[0]!.prompt).toBe(event.item.prompt);
              expect(after.every((i) => i.status !== 'error' || i.error === QUEUE_MISSING_PAYLOAD_MESSAGE)).toBe(true);
            }
          },
          'queue.retry': send,
          'queue.remove': send,
          'queue.clearCompleted': send,
          'queue.clearErrored': send,
          'queue.clearActive': send,
          'queue.resumeVideos': send,
          'xstate.done.actor.fetchInProgressVideos': async ({ event }: any) => {
            h.fetches.at(-1)!.resolve(event.output);
            await flush();
            for (const i of h.ctx().items) if (i.videoId !== undefined) h.videoIds[i.id] = String(i.videoId);
          },
          'xstate.error.actor.fetchInProgressVideos': async ({ event }: any) => {
            h.fetches.at(-1)!.reject(event.error);
            await flush();
          },
          'xstate.done.actor.generateImage': async ({ event }: any) => {
            const before = h.emitted.length;
            h.images.at(-1)!.resolve(event.output);
            await flush();
            const now = h.emitted.slice(before).map((e) => e.type);
            // 02 §4: optimistic gallery insert + usage increment; refetch is scheduled (timer tests below)
            expect(now).toEqual(['gallery.insert', 'usage.increment']);
          },
          'xstate.error.actor.generateImage': async ({ event }: any) => {
            h.images.at(-1)!.reject(event.error);
            await flush();
          },
          'video.started': async ({ event }: any) => {
            h.videoIds[event.queueId] = event.videoId;
            h.starts[event.queueId]!.resolve({ id: event.videoId, estimated_seconds: event.estimatedSeconds });
            await flush();
          },
          'video.settled': async ({ event }: any) => settleVideo(h, event.output),
        } as never,
        states: {
          '*': (state: any) => {
            const snap = h.actor.getSnapshot();
            expect(snap.value).toEqual(state.value);
            if (JSON.stringify(plain(snap.context.items)) !== JSON.stringify(plain(state.context.items)) && process.env.GQ_DEBUG)
              console.log('SUT', JSON.stringify(plain(snap.context.items)), '\nMODEL', JSON.stringify(plain(state.context.items)));
            expect(plain(snap.context.items)).toEqual(plain(state.context.items));
            expect(snap.context.counter).toBe(state.context.counter);
            expect(snap.context.locks).toEqual(state.context.locks);
            const items = snap.context.items;
            // one image generating at most; active items numbered 1..n (02 §4)
            expect(items.filter((i) => i.type === 'image' && i.status === 'generating').length).toBeLessThanOrEqual(1);
            const positions = items.filter((i) => i.status === 'pending' || i.status === 'generating').map((i) => i.queuePosition);
            expect(positions.slice().sort()).toEqual(positions.map((_, n) => n + 1));
            // a starting or polling video has its child; a deferred one (temporary id) is not polled
            for (const i of items) {
              const phase = videoPhase(i);
              if (phase === 'starting' || phase === 'polling') expect(h.child(i.id)).toBeDefined();
              if (phase === 'deferred') expect(h.child(i.id)).toBeUndefined();
            }
          },
          'processing.generatingImage': () => {
            const c = h.ctx();
            const current = c.items.find((i) => i.id === c.currentId)!;
            expect(current.status).toBe('generating');
            // the slot got the item as it was picked up (its position may have been renumbered since)
            expect(h.images.at(-1)!.input.item).toEqual({ ...current, queuePosition: h.images.at(-1)!.input.item.queuePosition });
            expect(current.requestPayload).toBeDefined();
          },
          'processing.startingVideo': () => {
            const c = h.ctx();
            expect(h.starts[c.currentId!]!.input.request).toEqual(vid().requestPayload);
          },
          'resume.fetching': () => {
            expect(h.fetches.at(-1)!.input).toEqual({ now: NOW });
          },
        } as never,
      });
    });
  }
});

// ── timers on a SimulatedClock ─────────────────────────────────────────────────
async function succeedImage(h: ReturnType<typeof harness>, imageId = 1) {
  h.images.at(-1)!.resolve({ imageUrl: `https://cdn/${imageId}.png`, imageId });
  await flush();
}
async function failImage(h: ReturnType<typeof harness>, error: unknown = { status: 500 }) {
  h.images.at(-1)!.reject(error);
  await flush();
}

describe('generationQueue timers (02 §4, §9) on a SimulatedClock', () => {
  it(`same key within ${QUEUE_DUPLICATE_WINDOW_MS} ms → ignored; after the window → accepted`, async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    await succeedImage(h);
    h.clock.increment(QUEUE_DUPLICATE_WINDOW_MS - 1);
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    expect(h.ctx().items).toHaveLength(1);
    expect(h.emitted.at(-1)).toEqual({ type: 'queue.ignored', reason: 'duplicate' });
    h.clock.increment(1);
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    expect(h.ctx().items).toHaveLength(2);
    expect(h.ctx().items[0]!.status).toBe('generating');
  });

  it('an active item with the same key blocks a duplicate even after the window', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    h.clock.increment(60_000);
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    expect(h.ctx().items).toHaveLength(1);
  });

  it(`retry: failed item replaced by a pending 'retry' item; a second retry is locked for ${QUEUE_RETRY_LOCK_MS} ms`, async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    await failImage(h);
    const failed = h.ctx().items[0]!;
    expect(failed).toMatchObject({ status: 'error', error: 'Image generation failed. Please try again.' });
    h.actor.send({ type: 'queue.retry', id: failed.id, now: h.clock.now() });
    const retried = h.ctx().items;
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({ source: 'retry', status: 'generating', retryCount: 1, prompt: 'a red fox' });
    expect(retried[0]!.id).not.toBe(failed.id);
    expect(h.ctx().locks).toEqual([lockKeyOf(failed)]);
    await failImage(h);
    h.clock.increment(QUEUE_RETRY_LOCK_MS - 1);
    h.actor.send({ type: 'queue.retry', id: h.ctx().items[0]!.id, now: h.clock.now() });
    expect(h.emitted.at(-1)).toEqual({ type: 'queue.ignored', reason: 'locked' });
    expect(h.ctx().items[0]!.status).toBe('error');
    h.clock.increment(1);
    expect(h.ctx().locks).toEqual([]);
    h.actor.send({ type: 'queue.retry', id: h.ctx().items[0]!.id, now: h.clock.now() });
    expect(h.ctx().items[0]).toMatchObject({ source: 'retry', status: 'generating', retryCount: 2 });
  });

  it(`regenerate: locked for ${QUEUE_REGENERATE_LOCK_MS} ms, and ignored while one is in flight`, async () => {
    const h = harness();
    const regen = img({ source: 'regenerate', imageId: 7, prompt: 'regen 7' });
    h.actor.send({ type: 'queue.add', item: regen, now: h.clock.now() });
    h.clock.increment(QUEUE_DUPLICATE_WINDOW_MS + QUEUE_REGENERATE_LOCK_MS);
    // lock released, but the first is still generating → in flight
    h.actor.send({ type: 'queue.add', item: { ...regen, prompt: 'regen 7 again' }, now: h.clock.now() });
    expect(h.emitted.at(-1)).toEqual({ type: 'queue.ignored', reason: 'inFlight' });
    await succeedImage(h);
    h.actor.send({ type: 'queue.add', item: { ...regen, prompt: 'regen 7 again' }, now: h.clock.now() });
    expect(h.ctx().items[0]).toMatchObject({ prompt: 'regen 7 again', status: 'generating' });
    await succeedImage(h);
    h.clock.increment(QUEUE_REGENERATE_LOCK_MS - 1);
    h.actor.send({ type: 'queue.add', item: { ...regen, prompt: 'regen 7 third' }, now: h.clock.now() });
    expect(h.emitted.at(-1)).toEqual({ type: 'queue.ignored', reason: 'locked' });
    h.clock.increment(1);
    h.actor.send({ type: 'queue.add', item: { ...regen, prompt: 'regen 7 third' }, now: h.clock.now() });
    expect(h.ctx().items[0]).toMatchObject({ prompt: 'regen 7 third' });
  });

  it('a retry of a failed regenerate is locked for 1 s, not 2 s', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ source: 'regenerate', imageId: 3, prompt: 'r3' }), now: h.clock.now() });
    h.clock.increment(QUEUE_REGENERATE_LOCK_MS);
    await failImage(h);
    const failedId = h.ctx().items[0]!.id;
    h.actor.send({ type: 'queue.retry', id: failedId, now: h.clock.now() });
    await failImage(h);
    // the retried item's source is 'retry' → its own retry lock is 2 s; but the FIRST lock (regenerate) was 1 s:
    expect(h.ctx().locks).toHaveLength(1);
    h.clock.increment(QUEUE_REGENERATE_LOCK_MS);
    expect(h.ctx().locks).toEqual([]);
  });

  it(`a success asks for one gallery refetch ${GALLERY_REFETCH_DELAY_MS} ms later, however many succeed in that second`, async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img(), now: h.clock.now() });
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'second' }), now: h.clock.now() });
    await succeedImage(h, 1);
    h.clock.increment(400);
    await succeedImage(h, 2);
    const refetches = () => h.emitted.filter((e) => e.type === 'gallery.refetch').length;
    h.clock.increment(GALLERY_REFETCH_DELAY_MS - 401);
    expect(refetches()).toBe(0);
    h.clock.increment(1);
    expect(refetches()).toBe(1);
    h.clock.increment(10 * GALLERY_REFETCH_DELAY_MS);
    expect(refetches()).toBe(1);
  });

  it('a video success also schedules the gallery refetch', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: vid(), now: h.clock.now() });
    const id = h.ctx().items[0]!.id;
    h.videoIds[id] = 'v1';
    h.starts[id]!.resolve({ id: 'v1', estimated_seconds: 60 });
    await flush();
    h.clock.increment(VIDEO_POLL_INTERVAL_MS);
    h.polls[id]!.at(-1)!.resolve({ status: 4, video_url: 'u' });
    await flush();
    expect(h.ctx().items[0]).toMatchObject({ status: 'success', videoUrl: 'u', progress: 100 });
    expect(h.emitted.filter((e) => e.type === 'gallery.insert')).toHaveLength(1);
    h.clock.increment(GALLERY_REFETCH_DELAY_MS);
    expect(h.emitted.filter((e) => e.type === 'gallery.refetch')).toHaveLength(1);
  });
});

describe('generationQueue rules (02 §4, §8)', () => {
  it('one pending item is picked up at a time, the oldest first; positions renumber from 1 on finish', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'one' }), now: NOW });
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'two' }), now: NOW });
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'three' }), now: NOW });
    expect(h.ctx().items.map((i) => [i.prompt, i.status, i.queuePosition])).toEqual([
      ['three', 'pending', 3],
      ['two', 'pending', 2],
      ['one', 'generating', 1],
    ]);
    expect(h.images).toHaveLength(1);
    await succeedImage(h);
    expect(h.ctx().items.map((i) => [i.prompt, i.status, i.queuePosition])).toEqual([
      ['three', 'pending', 2],
      ['two', 'generating', 1],
      ['one', 'success', undefined],
    ]);
    expect(h.ctx().counter).toBe(3);
    h.actor.send({ type: 'queue.remove', id: h.ctx().items[1]!.id });
    expect(h.ctx().items.map((i) => [i.prompt, i.status, i.queuePosition])).toEqual([
      ['three', 'generating', 1],
      ['one', 'success', undefined],
    ]);
    expect(h.images.at(-1)!.input.item.prompt).toBe('three');
  });

  it("clear all active → counter back to 1; clear completed / errored keep the rest", async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'ok' }), now: NOW });
    await succeedImage(h);
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'p1' }), now: NOW });
    h.actor.send({ type: 'queue.add', item: vid(), now: NOW });
    expect(h.ctx().items.map((i) => i.status)).toEqual(['pending', 'generating', 'success']);
    expect(h.ctx().counter).toBe(3);
    h.actor.send({ type: 'queue.clearActive' });
    expect(h.ctx().items.map((i) => i.prompt)).toEqual(['ok']);
    expect(h.ctx().counter).toBe(1);
    expect(h.actor.getSnapshot().matches({ processing: 'idle' })).toBe(true);
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'bad', requestPayload: undefined }), now: NOW });
    expect(h.ctx().items.map((i) => [i.prompt, i.status])).toEqual([['bad', 'error'], ['ok', 'success']]);
    h.actor.send({ type: 'queue.clearErrored' });
    expect(h.ctx().items.map((i) => i.prompt)).toEqual(['ok']);
    h.actor.send({ type: 'queue.clearCompleted' });
    expect(h.ctx().items).toEqual([]);
  });

  describe('clearing with every status present, against the spec written out (02 §4 "Other actions clear completed or errored items, or clear all active items and reset the counter to 1")', () => {
    const stored = (id: string, status: QueueItem['status']): QueueItem => ({
      id,
      type: 'image',
      source: 'example_popup',
      status,
      prompt: `prompt ${id}`,
      isGenerating: false,
      retryCount: 0,
      updatedAt: NOW - 60_000,
      created_at: NOW - 60_000,
      requestPayload: { prompt: `prompt ${id}` },
      ...(status === 'error' ? { error: 'Image generation failed. Please try again.' } : {}),
    });
    // one pending item is picked up at once (02 §4 "Only one pending item is picked up at a time"): the oldest, which
    // is the lower one in the list, as new items are added at the front
    const mixed = () => [
      stored('a', 'pending'),
      stored('s1', 'success'),
      stored('e1', 'error'),
      stored('b', 'pending'),
      stored('s2', 'success'),
      stored('e2', 'error'),
    ];
    const shape = (h: ReturnType<typeof harness>) => h.ctx().items.map((i) => [i.id, i.status]);

    it('clear completed removes exactly the successes: the errors and the active items stay, in order', async () => {
      const h = harness(mixed());
      expect(shape(h)).toEqual([['a', 'pending'], ['s1', 'success'], ['e1', 'error'], ['b', 'generating'], ['s2', 'success'], ['e2', 'error']]);
      h.actor.send({ type: 'queue.clearCompleted' });
      expect(shape(h)).toEqual([['a', 'pending'], ['e1', 'error'], ['b', 'generating'], ['e2', 'error']]);
      // the running generation was not disturbed: it still ends in success, and the next pending one starts
      await succeedImage(h);
      expect(shape(h)).toEqual([['a', 'generating'], ['e1', 'error'], ['b', 'success'], ['e2', 'error']]);
      expect(h.images.map((d) => d.input.item.id)).toEqual(['b', 'a']);
    });

    it('clear errored removes exactly the errors: the successes and the active items stay, in order', () => {
      const h = harness(mixed());
      h.actor.send({ type: 'queue.clearErrored' });
      expect(shape(h)).toEqual([['a', 'pending'], ['s1', 'success'], ['b', 'generating'], ['s2', 'success']]);
    });

    it('clear active removes the pending and generating items, keeps successes and errors, and resets the counter to 1', () => {
      const h = harness(mixed());
      h.actor.send({ type: 'queue.clearActive' });
      expect(shape(h)).toEqual([['s1', 'success'], ['e1', 'error'], ['s2', 'success'], ['e2', 'error']]);
      expect(h.ctx().counter).toBe(1);
    });
  });

  it('error items are purged when a new item is added', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'bad', requestPayload: undefined }), now: NOW });
    expect(h.ctx().items[0]!.status).toBe('error');
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'good' }), now: NOW });
    expect(h.ctx().items.map((i) => i.prompt)).toEqual(['good']);
  });

  it('a retry of an item that is not failed is ignored', () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img(), now: NOW });
    h.actor.send({ type: 'queue.retry', id: h.ctx().items[0]!.id, now: NOW });
    h.actor.send({ type: 'queue.retry', id: 'nope', now: NOW });
    expect(h.emitted.filter((e) => e.type === 'queue.ignored')).toEqual([
      { type: 'queue.ignored', reason: 'notRetryable' },
      { type: 'queue.ignored', reason: 'notRetryable' },
    ]);
    expect(h.ctx().items).toHaveLength(1);
  });

  it("missing request payload → error 'Internal error: Request payload missing from queue item.' and nothing is called", () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ requestPayload: undefined }), now: NOW });
    expect(h.ctx().items[0]).toMatchObject({ status: 'error', error: 'Internal error: Request payload missing from queue item.' });
    expect(h.images).toHaveLength(0);
  });

  it("an image error containing 'limit' opens the image-limit dialog; upgrade opens the upgrade dialog; 504 refreshes", async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'x' }), now: NOW });
    await failImage(h, { status: 400, message: 'Daily image limit reached' });
    expect(h.emitted).toContainEqual({ type: 'image.dialog', dialog: 'imageLimit', message: 'Daily image limit reached' });
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'y' }), now: NOW });
    await failImage(h, { status: 455 });
    expect(h.emitted).toContainEqual({ type: 'image.dialog', dialog: 'upgrade', message: 'Insufficient credits to perform this request' });
    h.actor.send({ type: 'queue.add', item: img({ prompt: 'z' }), now: NOW });
    await failImage(h, { status: 504 });
    expect(h.ctx().items[0]).toMatchObject({ status: 'error', error: 'Image generation timed out. Please try again.' });
    expect(h.emitted.at(-1)).toEqual({ type: 'gallery.refetch' });
  });

  it('a video 401 on poll clears every generating item, stops their children and asks to clear the JWT', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: vid(), now: NOW });
    const v = h.ctx().items[0]!.id;
    h.videoIds[v] = 'v1';
    h.starts[v]!.resolve({ id: 'v1' });
    await flush();
    h.actor.send({ type: 'queue.add', item: img(), now: NOW });
    expect(h.ctx().items.map((i) => i.status)).toEqual(['generating', 'generating']);
    h.actor.send({ type: 'queue.videos.pollNow' });
    await flush();
    h.polls[v]!.at(-1)!.reject({ status: 401 });
    await flush();
    expect(h.ctx().items).toEqual([]);
    expect(h.child(v)).toBeUndefined();
    expect(h.emitted).toContainEqual({ type: 'auth.error', clearJwt: true });
    expect(h.actor.getSnapshot().matches({ processing: 'idle' })).toBe(true);
  });

  it('a 422 start removes the video item and forwards the dialog with the server title', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: vid(), now: NOW });
    const v = h.ctx().items[0]!.id;
    h.starts[v]!.reject({ status: 422, title: 'No face found' });
    await flush();
    expect(h.ctx().items).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'video.dialog', queueId: v, dialog: 'invalidImage', title: 'No face found', message: undefined });
  });

  it('video progress reports update the queue item (progress, currentTime)', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: vid(), now: NOW });
    const v = h.ctx().items[0]!.id;
    h.starts[v]!.resolve({ id: 'v1', estimated_seconds: 10 });
    await flush();
    expect(h.ctx().items[0]).toMatchObject({ videoId: 'v1', estimatedSeconds: 10, startTime: NOW, isGenerating: true });
    // SimulatedClock.increment jumps straight to the end: step through each 1 s tick
    for (let n = 0; n < 3; n++) h.clock.increment(1000);
    expect(h.ctx().items[0]).toMatchObject({ progress: 30, currentTime: NOW + 3000 });
  });

  it('video start requests are serialised: the next pending item waits for the start answer', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.add', item: vid(), now: NOW });
    h.actor.send({ type: 'queue.add', item: img(), now: NOW });
    expect(h.images).toHaveLength(0);
    h.starts[h.ctx().items[1]!.id]!.resolve({ id: 'v1' });
    await flush();
    expect(h.images).toHaveLength(1);
  });

  it('resume after reload: only when signed in; only videos of the last 24 h with status 1 or 2, not already queued', async () => {
    const h = harness();
    h.actor.send({ type: 'queue.resumeVideos', now: NOW, isSignedIn: false });
    expect(h.fetches).toHaveLength(0);
    h.actor.send({ type: 'queue.resumeVideos', now: NOW, isSignedIn: true });
    h.fetches[0]!.resolve(resumeRecords);
    await flush();
    expect(h.ctx().items).toHaveLength(1);
    expect(h.ctx().items[0]).toMatchObject({ videoId: 'r1', status: 'generating', startTime: NOW - 3600_000, queuePosition: 1 });
    const id = h.ctx().items[0]!.id;
    h.videoIds[id] = 'r1';
    expect(h.starts[id]).toBeUndefined(); // no new start request
    h.clock.increment(VIDEO_POLL_INTERVAL_MS);
    expect(h.polls[id]![0]!.input).toEqual({ videoId: 'r1', attempt: 1 });
    // a second resume does not queue r1 twice
    h.actor.send({ type: 'queue.resumeVideos', now: NOW, isSignedIn: true });
    h.fetches[1]!.resolve(resumeRecords);
    await flush();
    expect(h.ctx().items).toHaveLength(1);
  });
});

describe('queue helpers', () => {
  const base = (over: Partial<QueueItem>): QueueItem => ({
    id: 'x',
    type: 'image',
    source: 'example_popup',
    status: 'pending',
    prompt: 'p',
    isGenerating: false,
    retryCount: 0,
    updatedAt: 0,
    created_at: 0,
    ...over,
  });

  it('renumberActive: generating first, then pending oldest first; counter = active + 1', () => {
    const r = renumberActive([
      base({ id: 'c', status: 'pending' }),
      base({ id: 'b', status: 'pending' }),
      base({ id: 'e', status: 'error' }),
      base({ id: 'a', status: 'generating' }),
    ]);
    expect(r.items.map((i) => i.queuePosition)).toEqual([3, 2, undefined, 1]);
    expect(r.counter).toBe(4);
    expect(renumberActive([]).counter).toBe(1);
  });

  it('isDuplicateAdd: same key inside the window, or an active item with the key', () => {
    const key = queueItemKey({ type: 'image', source: 'example_popup', prompt: 'p' });
    expect(isDuplicateAdd([], { [key]: 1000 }, key, 1999)).toBe(true);
    expect(isDuplicateAdd([], { [key]: 1000 }, key, 2000)).toBe(false);
    expect(isDuplicateAdd([base({ status: 'generating' })], {}, key, 0)).toBe(true);
    expect(isDuplicateAdd([base({ status: 'success' })], {}, key, 0)).toBe(false);
  });

  it('classifyImageError follows 02 §8 Images', () => {
    expect(classifyImageError({ status: 429 })).toMatchObject({ message: 'You have made too many requests. Please try again later.' });
    expect(classifyImageError({ status: 401 })).toMatchObject({ message: 'You are not authorized to perform this action. Please log in again.' });
    expect(classifyImageError({ status: 403 })).toMatchObject({ message: 'You are not authorized to perform this action. Please log in again.' });
    expect(classifyImageError({ status: 400 })).toMatchObject({ message: 'There was a problem with your request. Please check your inputs.' });
    expect(classifyImageError({ status: 400, message: 'Prompt too long' })).toMatchObject({ message: 'Prompt too long' });
    expect(classifyImageError({ type: 'upgrade', message: 'Buy credits' })).toEqual({ kind: 'upgrade', message: 'Buy credits' });
    expect(classifyImageError(new Error('boom'))).toMatchObject({ message: 'Image generation failed. Please try again.' });
  });

  describe('orderGallery (02 §4 list ordering)', () => {
    const q = (id: string, status: QueueItem['status'], t: number, extra: Partial<QueueItem> = {}) =>
      base({ id, status, updatedAt: t, created_at: t, ...extra });
    const rec = (id: number, kind: 'image' | 'video', created: string): GalleryRecord => ({ id, kind, created_at: created });

    it('queue items first: generating/pending, then success, then error; each newest first; then the gallery newest first', () => {
      const out = orderGallery(
        [q('s-old', 'success', 1), q('e', 'error', 9), q('p', 'pending', 2), q('g', 'generating', 1), q('s-new', 'success', 5)],
        [rec(1, 'image', '2026-01-01T00:00:00Z'), rec(2, 'video', '2026-02-01T00:00:00Z')],
      );
      expect(out.map((e) => (e.from === 'queue' ? e.item.id : e.record.id))).toEqual(['p', 'g', 's-new', 's-old', 'e', 2, 1]);
    });

    it('uses the later of created and updated time', () => {
      const out = orderGallery([], [
        { id: 1, kind: 'image', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z' },
        { id: 2, kind: 'image', created_at: '2026-02-01T00:00:00Z' },
      ]);
      expect(out.map((e) => (e.from === 'gallery' ? e.record.id : ''))).toEqual([1, 2]);
    });

    it('an optimistic success is not shown twice once the gallery has it; deleted videos are hidden at once; filters apply', () => {
      const items = [q('a', 'success', 5, { imageId: 11 }), q('v', 'success', 4, { type: 'video', videoId: 21 })];
      const records = [rec(11, 'image', '2026-01-01T00:00:00Z'), rec(21, 'video', '2026-01-01T00:00:00Z'), rec(22, 'video', '2026-01-02T00:00:00Z')];
      const ids = (o: ReturnType<typeof orderGallery>) => o.map((e) => (e.from === 'queue' ? e.item.id : e.record.id));
      expect(ids(orderGallery(items, records))).toEqual(['a', 'v', 22]);
      expect(ids(orderGallery(items, records, { hiddenIds: [21, 22] }))).toEqual(['a']);
      expect(ids(orderGallery(items, records, { filter: 'video' }))).toEqual(['v', 22]);
      expect(ids(orderGallery(items, records, { filter: 'image' }))).toEqual(['a']);
    });
  });
});

describe('generationQueue coverage', () => {
  it('covers every state and every transition', () => {
    tracker.print();
    const r = tracker.report();
    expect(r.uncoveredStates).toEqual([]);
    expect(r.uncoveredTransitions).toEqual([]);
  });
});
