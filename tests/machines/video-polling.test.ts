/**
 * videoPolling (02 §4 Video generation, §8 Video, §9): model paths over the real machine, plus
 * timer tests on SimulatedClock (10 s polls, 120-poll timeout, 1 s progress tick) and unit tests of
 * the pure helpers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  videoPollingMachine,
  videoProgress,
  VIDEO_CHECK_LATER_MESSAGE,
  type PollVideoStatusInput,
  type StartVideoInput,
  type StartVideoOutput,
  type VideoPollingInput,
  type VideoStatusOutput,
} from '@machines/video-polling.machine';
import {
  classifyVideoStartError,
  cleanVideoErrorMessage,
  isInProgressVideo,
} from '@machines/queue-items';
import { VIDEO_MESSAGES } from '@machines/constants';
import { createCoverageTracker, createMachineTestModel } from '../helpers/model-coverage';

/**
 * The spec's figures written out (02 §4 Video generation, §9), not read from machines/constants.ts: a test that
 * read the constant back would pass whatever the constant held.
 */
const MAX_POLLS = 120;
const POLL_INTERVAL_MS = 10_000;
const PROGRESS_TICK_MS = 1000;
const T0 = Date.parse('2026-03-10T12:00:00Z');
const tracker = createCoverageTracker(videoPollingMachine);
const flush = () => new Promise<void>((r) => setImmediate(r));

interface Deferred<T> {
  input: unknown;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/** The real machine with controllable actor slots and a simulated clock. */
function harness(input: Partial<VideoPollingInput> = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const starts: Deferred<StartVideoOutput>[] = [];
  const polls: Deferred<VideoStatusOutput>[] = [];
  const machine = videoPollingMachine.provide({
    actors: {
      startVideo: fromPromise<StartVideoOutput, StartVideoInput>(
        ({ input }) => new Promise((resolve, reject) => starts.push({ input, resolve, reject })),
      ),
      pollVideoStatus: fromPromise<VideoStatusOutput, PollVideoStatusInput>(
        ({ input }) => new Promise((resolve, reject) => polls.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, {
    clock,
    inspect: tracker.inspect,
    input: { queueId: 'q1', mode: 'start', now: T0, request: { prompt: 'a cat' }, ...input },
  });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, clock, starts, polls, emitted };
}

// ── model ──────────────────────────────────────────────────────────────────────
const AFTER_POLL = 'xstate.after.pollInterval.videoPolling.polling.status.waiting';
const AFTER_TICK = 'xstate.after.progressTick.videoPolling.polling.progress.ticking';

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.startVideo', output: { id: 'v1', estimated_seconds: 40 } },
  { type: 'xstate.done.actor.startVideo', output: { id: null } },
  { type: 'xstate.done.actor.startVideo', output: { id: 'tmp-1', isTemporaryId: true } },
  { type: 'xstate.error.actor.startVideo', error: { status: 422 } },
  { type: 'xstate.error.actor.startVideo', error: { status: 422, title: 'Image too small' } },
  { type: 'xstate.error.actor.startVideo', error: { status: 400, message: 'duration_in_sec is invalid' } },
  { type: 'xstate.error.actor.startVideo', error: { status: 401 } },
  { type: 'xstate.error.actor.startVideo', error: { status: 403 } },
  { type: 'xstate.error.actor.startVideo', error: { type: 'upgrade', message: 'Insufficient credits' } },
  { type: 'xstate.error.actor.startVideo', error: { status: 500, error: { message: 'Queue is down' } } },
  { type: AFTER_POLL },
  { type: AFTER_TICK },
  { type: 'video.poll.tick' },
  { type: 'xstate.done.actor.pollVideoStatus', output: { status: 1, progress: 30 } },
  { type: 'xstate.done.actor.pollVideoStatus', output: { status: 2 } },
  { type: 'xstate.done.actor.pollVideoStatus', output: { status: 4, video_url: 'https://cdn/v1.mp4', thumbnail_url: 'https://cdn/v1.jpg', credit_usage: 12 } },
  { type: 'xstate.done.actor.pollVideoStatus', output: { status: 3, error_message: 'Error: Model crashed\n at worker.js:1' } },
  { type: 'xstate.done.actor.pollVideoStatus', output: { status: 5, error_message: null } },
  { type: 'xstate.error.actor.pollVideoStatus', error: { status: 401 } },
  { type: 'xstate.error.actor.pollVideoStatus', error: { status: 403 } },
  { type: 'xstate.error.actor.pollVideoStatus', error: { status: 502 } },
  { type: 'video.cancel' },
];

const project = (s: { value: unknown; context: { result?: { outcome: string; error?: string; dialog?: unknown; clearJwt?: boolean } } }) =>
  JSON.stringify({ v: s.value, r: s.context.result ?? null });

const short = (e: AnyEventObject): string => {
  if (e.type === AFTER_POLL) return 'after 10 s';
  if (e.type === AFTER_TICK) return 'after 1 s tick';
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (e.type.startsWith('xstate.done')) return `${id} ok ${JSON.stringify(e.output)}`;
  if (e.type.startsWith('xstate.error')) return `${id} fails ${JSON.stringify(e.error)}`;
  return e.type;
};
const pathName = (p: { steps: { event: AnyEventObject }[]; state: any }) =>
  `${p.steps.slice(1).map((s) => short(s.event)).join(' → ')} ⇒ ${JSON.stringify(p.state.value).replace(/"/g, '')}`;

describe('videoPolling model paths (02 §4 Video generation, §8 Video)', () => {
  const model = createMachineTestModel(videoPollingMachine, {
    events: modelEvents,
    serializeState: project as never,
    input: { queueId: 'q1', mode: 'start', now: T0, request: { prompt: 'a cat' } },
  });
  const paths = model.getShortestPaths();

  it('the model reaches every outcome the spec names', () => {
    const outcomes = new Set(
      paths.flatMap((p) => p.steps.map((s) => (s.state.context as { result?: { outcome: string } }).result?.outcome ?? 'running')),
    );
    expect([...outcomes].sort()).toEqual(['deferred', 'error', 'removed', 'running', 'success', 'unauthorized', 'limited'].sort());
  });

  for (const path of paths) {
    it(pathName(path as never), async () => {
      const h = harness();
      await path.test({
        events: {
          'xstate.done.actor.startVideo': async ({ event }: any) => {
            h.starts.at(-1)!.resolve((event as AnyEventObject).output);
            await flush();
          },
          'xstate.error.actor.startVideo': async ({ event }: any) => {
            h.starts.at(-1)!.reject((event as AnyEventObject).error);
            await flush();
          },
          'xstate.done.actor.pollVideoStatus': async ({ event }: any) => {
            h.polls.at(-1)!.resolve((event as AnyEventObject).output);
            await flush();
          },
          'xstate.error.actor.pollVideoStatus': async ({ event }: any) => {
            h.polls.at(-1)!.reject((event as AnyEventObject).error);
            await flush();
          },
          [AFTER_POLL]: async () => {
            h.clock.increment(POLL_INTERVAL_MS);
            await flush();
          },
          [AFTER_TICK]: async () => {
            h.clock.increment(PROGRESS_TICK_MS);
            await flush();
          },
          'video.poll.tick': async () => {
            h.actor.send({ type: 'video.poll.tick' });
            await flush();
          },
          'video.cancel': async () => {
            h.actor.send({ type: 'video.cancel' });
            await flush();
          },
        } as never,
        states: {
          '*': (state) => {
            // the real actor is where the model says, with the same outcome
            expect(h.actor.getSnapshot().value).toEqual(state.value);
            expect(project(h.actor.getSnapshot() as never)).toEqual(project(state as never));
          },
          starting: () => {
            expect(h.starts.at(-1)!.input).toEqual({ queueId: 'q1', request: { prompt: 'a cat' } });
          },
          polling: () => {
            const c = h.actor.getSnapshot().context;
            expect(c.videoId).toBe('v1');
            expect(c.estimatedSeconds).toBe(40);
            expect(c.progress).toBeLessThanOrEqual(95);
          },
          'polling.status.checking': () => {
            expect(h.polls.at(-1)!.input).toEqual({ videoId: 'v1', attempt: h.actor.getSnapshot().context.polls + 1 });
          },
          succeeded: () => {
            expect(h.actor.getSnapshot().output).toMatchObject({
              outcome: 'success',
              videoId: 'v1',
              videoUrl: 'https://cdn/v1.mp4',
              thumbnailUrl: 'https://cdn/v1.jpg',
              creditUsage: 12,
            });
          },
          failed: () => {
            const out = h.actor.getSnapshot().output!;
            expect(out.outcome).toBe('error');
            // one of the spec's texts, or the cleaned server message
            expect([
              VIDEO_MESSAGES.missingId,
              'Model crashed',
              VIDEO_MESSAGES.processingDefault,
              'Queue is down',
            ]).toContain(out.error);
            if (out.dialog) expect(out.dialog).toEqual({ dialog: 'videoFailed', title: 'Video Generation Failed', message: 'Queue is down' });
          },
          deferred: () => {
            const out = h.actor.getSnapshot().output!;
            expect(out).toMatchObject({ outcome: 'deferred', videoId: 'tmp-1', message: VIDEO_CHECK_LATER_MESSAGE });
            const before = h.polls.length;
            h.clock.increment(10 * POLL_INTERVAL_MS);
            expect(h.polls.length).toBe(before); // not polled
          },
          removed: () => {
            const out = h.actor.getSnapshot().output!;
            expect(out.outcome).toBe('removed');
            const dialogs = h.emitted.filter((e) => e.type === 'video.dialog');
            if (out.dialog) {
              expect(dialogs).toHaveLength(1);
              expect(['Not a valid image', 'Image too small', 'Validation Error']).toContain(dialogs[0]!.title);
            }
          },
          unauthorized: () => {
            const out = h.actor.getSnapshot().output!;
            const auth = h.emitted.filter((e) => e.type === 'auth.error');
            expect(auth).toHaveLength(1);
            // 02 §8: only a 401 on a poll clears the JWT
            expect(auth[0]!.clearJwt).toBe(out.clearJwt);
          },
          limited: () => {
            expect(h.emitted).toContainEqual({
              type: 'video.dialog',
              queueId: 'q1',
              dialog: 'generateLimit',
              tool: 'videoGenerator',
              message: 'Insufficient credits',
            });
          },
        },
      });
    });
  }
});

describe('videoPolling timers on a SimulatedClock (02 §9)', () => {
  it('start ok → no poll before 10 s → poll at 10 s → next poll 10 s after the answer', async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v9', estimated_sec: 100 });
    await flush();
    expect(h.actor.getSnapshot().matches({ polling: { status: 'waiting' } })).toBe(true);
    h.clock.increment(POLL_INTERVAL_MS - 1);
    expect(h.polls).toHaveLength(0);
    h.clock.increment(1);
    expect(h.polls).toHaveLength(1);
    expect(h.polls[0]!.input).toEqual({ videoId: 'v9', attempt: 1 });
    h.polls[0]!.resolve({ status: 2 });
    await flush();
    h.clock.increment(POLL_INTERVAL_MS - 1);
    expect(h.polls).toHaveLength(1);
    h.clock.increment(1);
    expect(h.polls).toHaveLength(2);
  });

  it('estimated seconds default to 3 (02 §3) and progress rises each 1 s tick, capped at 95 %', async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v1' });
    await flush();
    expect(h.actor.getSnapshot().context.estimatedSeconds).toBe(3);
    h.clock.increment(PROGRESS_TICK_MS);
    expect(h.actor.getSnapshot().context.progress).toBe(33);
    h.clock.increment(PROGRESS_TICK_MS);
    expect(h.actor.getSnapshot().context.progress).toBe(66);
    h.clock.increment(PROGRESS_TICK_MS * 5);
    expect(h.actor.getSnapshot().context.progress).toBe(95);
  });

  it('the server progress wins over the estimate', async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v1', estimated_seconds: 1000 });
    await flush();
    h.clock.increment(POLL_INTERVAL_MS);
    h.polls[0]!.resolve({ status: 1, progress: 42 });
    await flush();
    expect(h.actor.getSnapshot().context.progress).toBe(42);
    h.clock.increment(PROGRESS_TICK_MS);
    expect(h.actor.getSnapshot().context.progress).toBe(42);
  });

  it(`still processing after ${MAX_POLLS} polls → error 'Video generation timed out'`, async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v1', estimated_seconds: 60 });
    await flush();
    for (let n = 1; n <= MAX_POLLS; n++) {
      h.clock.increment(POLL_INTERVAL_MS);
      expect(h.polls).toHaveLength(n);
      expect(h.polls[n - 1]!.input).toEqual({ videoId: 'v1', attempt: n });
      // one poll fails on the network: it counts and polling goes on
      if (n === 7) h.polls[n - 1]!.reject({ status: 502 });
      else h.polls[n - 1]!.resolve({ status: n % 2 ? 1 : 2 });
      await flush();
      if (n < MAX_POLLS) expect(h.actor.getSnapshot().matches('polling')).toBe(true);
    }
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'error', error: 'Video generation timed out' });
    expect(h.clock.now() - T0).toBe(MAX_POLLS * POLL_INTERVAL_MS);
  });

  it(`the ${MAX_POLLS}th poll failing on the network also times out`, async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v1' });
    await flush();
    for (let n = 1; n <= MAX_POLLS; n++) {
      h.clock.increment(POLL_INTERVAL_MS);
      if (n === MAX_POLLS) h.polls[n - 1]!.reject({ status: 500 });
      else h.polls[n - 1]!.resolve({ status: 1 });
      await flush();
    }
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'error', error: VIDEO_MESSAGES.timedOut });
  });

  it('complete on the 120th poll is a success, not a time-out', async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'v1' });
    await flush();
    for (let n = 1; n <= MAX_POLLS; n++) {
      h.clock.increment(POLL_INTERVAL_MS);
      h.polls[n - 1]!.resolve(n === MAX_POLLS ? { status: 4, video_url: 'u' } : { status: 1 });
      await flush();
    }
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'success', videoUrl: 'u' });
  });

  it('resume after a reload: polls the existing video without a start request, elapsed from its start time', async () => {
    const h = harness({ mode: 'resume', videoId: 'v5', startTime: T0 - 20_000, estimatedSeconds: 100, request: undefined });
    expect(h.starts).toHaveLength(0);
    expect(h.actor.getSnapshot().matches({ polling: { status: 'waiting' } })).toBe(true);
    expect(h.actor.getSnapshot().context.progress).toBe(20);
    h.clock.increment(POLL_INTERVAL_MS);
    expect(h.polls[0]!.input).toEqual({ videoId: 'v5', attempt: 1 });
  });

  it('a temporary id is never polled, even after 20 minutes', async () => {
    const h = harness();
    h.starts[0]!.resolve({ id: 'tmp', isTemporaryId: true });
    await flush();
    h.clock.increment(20 * 60_000);
    expect(h.polls).toHaveLength(0);
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('reports started / progress / settled to the queue when given reportTo', async () => {
    const got: AnyEventObject[] = [];
    const sink = createActor(
      setup({}).createMachine({ on: { '*': { actions: ({ event }) => void got.push(event) } } }),
    ).start();
    const h = harness({ reportTo: sink as never });
    h.starts[0]!.resolve({ id: 'v1', estimated_seconds: 10 });
    await flush();
    h.clock.increment(PROGRESS_TICK_MS);
    h.clock.increment(POLL_INTERVAL_MS - PROGRESS_TICK_MS);
    h.polls[0]!.resolve({ status: 4, video_url: 'u' });
    await flush();
    const types = got.map((e) => e.type);
    expect(types[0]).toBe('video.started');
    expect(got[0]).toMatchObject({ queueId: 'q1', videoId: 'v1', estimatedSeconds: 10, startTime: T0 });
    expect(got.find((e) => e.type === 'video.progress')).toMatchObject({ progress: 10, currentTime: T0 + 1000 });
    expect(types.at(-1)).toBe('video.settled');
    expect(got.at(-1)!.output).toMatchObject({ outcome: 'success', videoUrl: 'u' });
  });
});

describe('video helpers', () => {
  it('videoProgress: elapsed / estimated, floored, capped at 95; server progress clamped 0–100', () => {
    expect(videoProgress(0, 10)).toBe(0);
    expect(videoProgress(5000, 10)).toBe(50);
    expect(videoProgress(9999_000, 10)).toBe(95);
    expect(videoProgress(1000, 0)).toBe(33); // 0 or invalid estimate → default 3 s
    expect(videoProgress(1000, 10, 120)).toBe(100);
    expect(videoProgress(1000, 10, -3)).toBe(0);
  });

  it('cleanVideoErrorMessage: trims, drops "Error:" prefixes and trailing lines, falls back to the default', () => {
    expect(cleanVideoErrorMessage('Error: error - Model crashed\n  at x')).toBe('Model crashed');
    expect(cleanVideoErrorMessage('  too   many   spaces ')).toBe('too many spaces');
    expect(cleanVideoErrorMessage('')).toBe('An error occurred while processing your video');
    expect(cleanVideoErrorMessage(null)).toBe('An error occurred while processing your video');
  });

  it('classifyVideoStartError: 422 / 400 / 401 / 403 / upgrade / other (02 §8)', () => {
    expect(classifyVideoStartError({ status: 422 })).toEqual({ kind: 'invalidImage', title: 'Not a valid image', message: undefined });
    expect(classifyVideoStartError({ status: 422, title: 'Face not found' })).toMatchObject({ title: 'Face not found' });
    expect(classifyVideoStartError({ status: 400, errors: { prompt: ['required'] } })).toEqual({
      kind: 'validation',
      title: 'Validation Error',
      message: 'required',
    });
    expect(classifyVideoStartError({ status: 401 }).kind).toBe('unauthorized');
    expect(classifyVideoStartError({ status: 403 }).kind).toBe('unauthorized');
    expect(classifyVideoStartError({ type: 'upgrade' }).kind).toBe('upgrade');
    expect(classifyVideoStartError({ status: 500 })).toEqual({ kind: 'failed', message: 'Failed to generate video' });
    expect(classifyVideoStartError({ status: 500 }, VIDEO_MESSAGES.galleryImageToVideoFailed)).toEqual({
      kind: 'failed',
      message: 'Failed to generate video from image',
    });
    expect(classifyVideoStartError({ errors: ['a', { message: 'b' }] })).toEqual({ kind: 'failed', message: 'a b' });
  });

  it('isInProgressVideo: created in the last 24 h with status 1 or 2 (02 §3)', () => {
    const h = 3600_000;
    expect(isInProgressVideo({ created_at: T0 - 23 * h, status: 1 }, T0)).toBe(true);
    expect(isInProgressVideo({ created_at: new Date(T0 - h).toISOString(), status: 2 }, T0)).toBe(true);
    expect(isInProgressVideo({ created_at: T0 - 24 * h, status: 1 }, T0)).toBe(false);
    expect(isInProgressVideo({ created_at: T0 - h, status: 4 }, T0)).toBe(false);
    expect(isInProgressVideo({ created_at: T0 - h, status: 3 }, T0)).toBe(false);
    expect(isInProgressVideo({ created_at: 'garbage', status: 1 }, T0)).toBe(false);
  });

  it('a gallery-image-to-video start failure defaults to "Failed to generate video from image"', async () => {
    const h = harness({ isGalleryImageToVideo: true });
    h.starts[0]!.reject({ status: 500 });
    await flush();
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'error', error: 'Failed to generate video from image' });
  });
});

describe('videoPolling coverage', () => {
  it('covers every state and every transition', () => {
    tracker.print();
    const r = tracker.report();
    expect(r.uncoveredStates).toEqual([]);
    expect(r.uncoveredTransitions).toEqual([]);
  });
});


