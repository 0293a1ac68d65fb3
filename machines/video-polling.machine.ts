/**
 * One video generation (02 §4 Video generation, §8 Video, §9).
 *
 * start request (startVideo) → polling every 10 s (pollVideoStatus) with a 1 s progress tick,
 * until complete (4) → success, error/failed (3, 5) → error with the cleaned message, or 120 polls
 * → 'Video generation timed out'. A temporary id ends in `deferred` (the item stays generating with
 * a check-later message and is not polled). The resume path (after a reload) starts in `polling`.
 *
 * The generation queue spawns one of these per video (spawnChild, id `video:<queueId>`) and passes
 * itself as `reportTo`: the machine then sends `video.started`, `video.progress` and
 * `video.settled` to it. Used alone, the app listens to the emitted `video.dialog` / `auth.error`
 * events and reads the output.
 *
 * Time: no clock is read. The start time comes in as input (`now`); elapsed time is counted by the
 * 1 s progress tick (a named delay), so the same code runs under a SimulatedClock in tests.
 */
import { assign, emit, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import {
  VIDEO_DEFAULT_ESTIMATED_SECONDS,
  VIDEO_MAX_POLLS,
  VIDEO_MESSAGES,
  VIDEO_POLL_INTERVAL_MS,
  VIDEO_PROGRESS_CAP_PERCENT,
  VIDEO_PROGRESS_TICK_MS,
} from './constants';
import {
  classifyVideoStartError,
  cleanVideoErrorMessage,
  isVideoCompleteStatus,
  isVideoFailedStatus,
  type VideoStartErrorOutcome,
} from './queue-items';

/** 02 §3 Video generation request: the body is built by the app; the machine only carries it. */
export type VideoGenerationRequest = Record<string, unknown>;

/** startVideo output = 02 §3 Video generation response. */
export interface StartVideoOutput {
  id?: string | number | null;
  isTemporaryId?: boolean;
  estimated_seconds?: number;
  estimated_sec?: number;
  n8n_execution_id?: string;
}
export interface StartVideoInput {
  queueId: string;
  request: VideoGenerationRequest | undefined;
}

/** pollVideoStatus output = 02 §3 Video status response, flattened (status.status → status). */
export interface VideoStatusOutput {
  status: number;
  progress?: number | null;
  estimated_seconds?: number | null;
  credit_usage?: number | null;
  video_url?: string | null;
  thumbnail_url?: string | null;
  duration?: number | null;
  error_message?: string | null;
}
export interface PollVideoStatusInput {
  videoId: string | number;
  /** 1-based poll number. */
  attempt: number;
}

export interface VideoPollingInput {
  queueId: string;
  /** 'start' sends the request first; 'resume' polls an existing video (after a reload). */
  mode: 'start' | 'resume';
  /** Current time (ms since epoch) when the actor is created. */
  now: number;
  request?: VideoGenerationRequest;
  /** resume: the video id, its start (created) time and estimate. */
  videoId?: string | number;
  startTime?: number;
  estimatedSeconds?: number;
  /** 02 §4: a gallery-image-to-video failure defaults to 'Failed to generate video from image'. */
  isGalleryImageToVideo?: boolean;
  /** The parent queue; receives video.started / video.progress / video.settled. */
  reportTo?: AnyActorRef;
}

export type VideoOutcome = 'success' | 'error' | 'deferred' | 'removed' | 'unauthorized' | 'limited';

export type VideoDialog =
  | { dialog: 'invalidImage'; title: string; message?: string }
  | { dialog: 'validation'; title: string; message?: string }
  | { dialog: 'generateLimit'; tool: 'videoGenerator'; message?: string }
  | { dialog: 'videoFailed'; title: string; message: string };

export interface VideoPollingOutput {
  queueId: string;
  outcome: VideoOutcome;
  videoId?: string | number;
  videoUrl?: string;
  thumbnailUrl?: string;
  creditUsage?: number;
  duration?: number;
  error?: string;
  /** check-later message for a temporary id */
  message?: string;
  dialog?: VideoDialog;
  /** 02 §8: a 401 on poll also clears the JWT token. */
  clearJwt?: boolean;
}

/** Events sent to `reportTo` (the queue). */
export type VideoReportEvent =
  | { type: 'video.started'; queueId: string; videoId: string | number; estimatedSeconds: number; startTime: number }
  | { type: 'video.progress'; queueId: string; progress: number; currentTime: number; polls: number }
  | { type: 'video.settled'; output: VideoPollingOutput };

export type VideoPollingEmitted =
  | ({ type: 'video.dialog'; queueId: string } & VideoDialog)
  | { type: 'auth.error'; queueId: string; clearJwt: boolean };

export type VideoPollingEvent = { type: 'video.poll.tick' } | { type: 'video.cancel' };

/** 02 §4: a temporary id keeps the item generating with a message to check later (wording ours). */
export const VIDEO_CHECK_LATER_MESSAGE =
  'Your video is being generated. Please check your gallery later.';

interface VideoPollingContext {
  queueId: string;
  request?: VideoGenerationRequest;
  videoId?: string | number;
  estimatedSeconds: number;
  startTime: number;
  elapsedMs: number;
  polls: number;
  progress: number;
  serverProgress?: number;
  isGalleryImageToVideo: boolean;
  reportTo?: AnyActorRef;
  result?: VideoPollingOutput;
}

/**
 * 02 §4: progress is elapsed over estimated time capped at 95 %, or the server's progress when it
 * gives one (clamped to 0–100).
 */
export function videoProgress(elapsedMs: number, estimatedSeconds: number, serverProgress?: number | null): number {
  if (typeof serverProgress === 'number' && Number.isFinite(serverProgress))
    return Math.max(0, Math.min(100, serverProgress));
  const est = estimatedSeconds > 0 ? estimatedSeconds : VIDEO_DEFAULT_ESTIMATED_SECONDS;
  return Math.max(0, Math.min(VIDEO_PROGRESS_CAP_PERCENT, Math.floor((elapsedMs / 1000 / est) * 100)));
}

const startErrorOf = (error: unknown, ctx: VideoPollingContext): VideoStartErrorOutcome =>
  classifyVideoStartError(
    error,
    ctx.isGalleryImageToVideo ? VIDEO_MESSAGES.galleryImageToVideoFailed : VIDEO_MESSAGES.generateFailed,
  );

const isStatus401 = (error: unknown) =>
  !!error && typeof error === 'object' && (error as { status?: number }).status === 401;
const isStatus401or403 = (error: unknown) =>
  !!error &&
  typeof error === 'object' &&
  [401, 403].includes((error as { status?: number }).status ?? 0);

export const videoPollingMachine = setup({
  types: {
    context: {} as VideoPollingContext,
    input: {} as VideoPollingInput,
    output: {} as VideoPollingOutput,
    events: {} as VideoPollingEvent,
    emitted: {} as VideoPollingEmitted,
  },
  actors: {
    startVideo: fromPromise<StartVideoOutput, StartVideoInput>(async () => {
      throw new Error('startVideo not provided');
    }),
    pollVideoStatus: fromPromise<VideoStatusOutput, PollVideoStatusInput>(async () => {
      throw new Error('pollVideoStatus not provided');
    }),
  },
  delays: {
    pollInterval: VIDEO_POLL_INTERVAL_MS,
    progressTick: VIDEO_PROGRESS_TICK_MS,
  },
  guards: {
    isResume: ({ context }) => context.videoId !== undefined && context.videoId !== null && context.videoId !== '',
    isMissingVideoId: (_, p: { output: StartVideoOutput }) =>
      p.output.id === undefined || p.output.id === null || p.output.id === '',
    isTemporaryId: (_, p: { output: StartVideoOutput }) => p.output.isTemporaryId === true,
    isInvalidImageError: ({ context }, p: { error: unknown }) => startErrorOf(p.error, context).kind === 'invalidImage',
    isValidationError: ({ context }, p: { error: unknown }) => startErrorOf(p.error, context).kind === 'validation',
    isUnauthorizedError: (_, p: { error: unknown }) => isStatus401or403(p.error),
    isUpgradeError: ({ context }, p: { error: unknown }) => startErrorOf(p.error, context).kind === 'upgrade',
    isCompleteStatus: (_, p: { output: VideoStatusOutput }) => isVideoCompleteStatus(p.output.status),
    isFailedStatus: (_, p: { output: VideoStatusOutput }) => isVideoFailedStatus(p.output.status),
    /** This poll was the 120th and the video is still not done. */
    isPollLimitReached: ({ context }) => context.polls + 1 >= VIDEO_MAX_POLLS,
  },
  actions: {
    assignStarted: assign((_, p: { output: StartVideoOutput }) => ({
      videoId: p.output.id ?? undefined,
      estimatedSeconds: p.output.estimated_seconds ?? p.output.estimated_sec ?? VIDEO_DEFAULT_ESTIMATED_SECONDS,
      elapsedMs: 0,
      progress: 0,
    })),
    assignPolled: assign(({ context }, p: { output: VideoStatusOutput }) => {
      const serverProgress = typeof p.output.progress === 'number' ? p.output.progress : context.serverProgress;
      const estimatedSeconds = p.output.estimated_seconds ?? context.estimatedSeconds;
      return {
        polls: context.polls + 1,
        serverProgress,
        estimatedSeconds,
        progress: videoProgress(context.elapsedMs, estimatedSeconds, serverProgress),
      };
    }),
    assignPollFailed: assign(({ context }) => ({ polls: context.polls + 1 })),
    assignElapsed: assign(({ context }) => {
      const elapsedMs = context.elapsedMs + VIDEO_PROGRESS_TICK_MS;
      return { elapsedMs, progress: videoProgress(elapsedMs, context.estimatedSeconds, context.serverProgress) };
    }),
    assignSucceeded: assign(({ context }, p: { output: VideoStatusOutput }) => ({
      progress: 100,
      result: {
        queueId: context.queueId,
        outcome: 'success' as const,
        videoId: context.videoId,
        videoUrl: p.output.video_url ?? undefined,
        thumbnailUrl: p.output.thumbnail_url ?? undefined,
        creditUsage: p.output.credit_usage ?? undefined,
        duration: p.output.duration ?? undefined,
      },
    })),
    assignStatusFailed: assign(({ context }, p: { output: VideoStatusOutput }) => ({
      result: {
        queueId: context.queueId,
        outcome: 'error' as const,
        videoId: context.videoId,
        error: cleanVideoErrorMessage(p.output.error_message),
      },
    })),
    assignTimedOut: assign(({ context }) => ({
      polls: context.polls + 1,
      result: { queueId: context.queueId, outcome: 'error' as const, videoId: context.videoId, error: VIDEO_MESSAGES.timedOut },
    })),
    assignMissingId: assign(({ context }) => ({
      result: { queueId: context.queueId, outcome: 'error' as const, error: VIDEO_MESSAGES.missingId },
    })),
    assignDeferred: assign(({ context }, p: { output: StartVideoOutput }) => ({
      videoId: p.output.id ?? undefined,
      result: {
        queueId: context.queueId,
        outcome: 'deferred' as const,
        videoId: p.output.id ?? undefined,
        message: VIDEO_CHECK_LATER_MESSAGE,
      },
    })),
    assignRejected: assign(({ context }, p: { error: unknown }) => {
      const o = startErrorOf(p.error, context);
      const dialog: VideoDialog =
        o.kind === 'invalidImage'
          ? { dialog: 'invalidImage', title: o.title, message: o.message }
          : { dialog: 'validation', title: VIDEO_MESSAGES.validationError, message: o.message };
      return { result: { queueId: context.queueId, outcome: 'removed' as const, dialog } };
    }),
    assignUnauthorized: assign(({ context }, p: { clearJwt: boolean }) => ({
      result: { queueId: context.queueId, outcome: 'unauthorized' as const, videoId: context.videoId, clearJwt: p.clearJwt },
    })),
    assignLimited: assign(({ context }, p: { error: unknown }) => ({
      result: {
        queueId: context.queueId,
        outcome: 'limited' as const,
        dialog: { dialog: 'generateLimit' as const, tool: 'videoGenerator' as const, message: startErrorOf(p.error, context).message },
      },
    })),
    assignStartFailed: assign(({ context }, p: { error: unknown }) => {
      const o = startErrorOf(p.error, context);
      const message = o.kind === 'failed' ? o.message : (o.message ?? VIDEO_MESSAGES.generateFailed);
      return {
        result: {
          queueId: context.queueId,
          outcome: 'error' as const,
          error: message,
          dialog: { dialog: 'videoFailed' as const, title: VIDEO_MESSAGES.failedDialogTitle, message },
        },
      };
    }),
    assignCancelled: assign(({ context }) => ({
      result: { queueId: context.queueId, outcome: 'removed' as const, videoId: context.videoId },
    })),
    notifyStarted: enqueueActions(({ context, enqueue }) => {
      if (!context.reportTo || context.videoId === undefined) return;
      enqueue.sendTo(context.reportTo, {
        type: 'video.started',
        queueId: context.queueId,
        videoId: context.videoId,
        estimatedSeconds: context.estimatedSeconds,
        startTime: context.startTime,
      } satisfies VideoReportEvent);
    }),
    notifyProgress: enqueueActions(({ context, enqueue }) => {
      if (!context.reportTo) return;
      enqueue.sendTo(context.reportTo, {
        type: 'video.progress',
        queueId: context.queueId,
        progress: context.progress,
        currentTime: context.startTime + context.elapsedMs,
        polls: context.polls,
      } satisfies VideoReportEvent);
    }),
    /** Emits the dialog / auth outcome and reports the settlement to the queue. */
    notifySettled: enqueueActions(({ context, enqueue }) => {
      const r = context.result;
      if (!r) return;
      if (r.dialog) enqueue(emit({ type: 'video.dialog', queueId: context.queueId, ...r.dialog } as VideoPollingEmitted));
      if (r.outcome === 'unauthorized')
        enqueue(emit({ type: 'auth.error', queueId: context.queueId, clearJwt: r.clearJwt === true }));
      if (context.reportTo) enqueue.sendTo(context.reportTo, { type: 'video.settled', output: r } satisfies VideoReportEvent);
    }),
  },
}).createMachine({
  id: 'videoPolling',
  context: ({ input }) => ({
    queueId: input.queueId,
    request: input.request,
    videoId: input.mode === 'resume' ? input.videoId : undefined,
    estimatedSeconds: input.estimatedSeconds ?? VIDEO_DEFAULT_ESTIMATED_SECONDS,
    startTime: input.startTime ?? input.now,
    elapsedMs: Math.max(0, input.now - (input.startTime ?? input.now)),
    polls: 0,
    progress: videoProgress(Math.max(0, input.now - (input.startTime ?? input.now)), input.estimatedSeconds ?? VIDEO_DEFAULT_ESTIMATED_SECONDS),
    isGalleryImageToVideo: input.isGalleryImageToVideo === true,
    reportTo: input.reportTo,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'isResume', target: 'polling' }, { target: 'starting' }],
    },
    starting: {
      on: {
        // The queue removed / cleared the item: stop quietly (the queue already knows).
        'video.cancel': { target: 'cancelled', actions: 'assignCancelled' },
      },
      invoke: {
        id: 'startVideo',
        src: 'startVideo',
        input: ({ context }) => ({ queueId: context.queueId, request: context.request }),
        onDone: [
          {
            guard: { type: 'isMissingVideoId', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: 'assignMissingId',
          },
          {
            guard: { type: 'isTemporaryId', params: ({ event }) => ({ output: event.output }) },
            target: 'deferred',
            actions: { type: 'assignDeferred', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'polling',
            actions: [{ type: 'assignStarted', params: ({ event }) => ({ output: event.output }) }, 'notifyStarted'],
          },
        ],
        onError: [
          {
            guard: { type: 'isUpgradeError', params: ({ event }) => ({ error: event.error }) },
            target: 'limited',
            actions: { type: 'assignLimited', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isInvalidImageError', params: ({ event }) => ({ error: event.error }) },
            target: 'removed',
            actions: { type: 'assignRejected', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isValidationError', params: ({ event }) => ({ error: event.error }) },
            target: 'removed',
            actions: { type: 'assignRejected', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthorized',
            actions: { type: 'assignUnauthorized', params: () => ({ clearJwt: false }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignStartFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    polling: {
      type: 'parallel',
      on: { 'video.cancel': { target: 'cancelled', actions: 'assignCancelled' } },
      states: {
        status: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollInterval: 'checking' },
              on: {
                // 02 §2 Gallery: "Polling of video status resumes when the gallery opens": poll now.
                'video.poll.tick': 'checking',
              },
            },
            checking: {
              invoke: {
                id: 'pollVideoStatus',
                src: 'pollVideoStatus',
                input: ({ context }) => ({ videoId: context.videoId!, attempt: context.polls + 1 }),
                onDone: [
                  {
                    guard: { type: 'isCompleteStatus', params: ({ event }) => ({ output: event.output }) },
                    target: '#videoPolling.succeeded',
                    actions: { type: 'assignSucceeded', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isFailedStatus', params: ({ event }) => ({ output: event.output }) },
                    target: '#videoPolling.failed',
                    actions: { type: 'assignStatusFailed', params: ({ event }) => ({ output: event.output }) },
                  },
                  { guard: 'isPollLimitReached', target: '#videoPolling.failed', actions: 'assignTimedOut' },
                  {
                    target: 'waiting',
                    actions: [{ type: 'assignPolled', params: ({ event }) => ({ output: event.output }) }, 'notifyProgress'],
                  },
                ],
                onError: [
                  {
                    // 02 §8: 401/403 → generating items cleared + auth error; a 401 on poll also clears the JWT.
                    guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
                    target: '#videoPolling.unauthorized',
                    actions: { type: 'assignUnauthorized', params: ({ event }) => ({ clearJwt: isStatus401(event.error) }) },
                  },
                  { guard: 'isPollLimitReached', target: '#videoPolling.failed', actions: 'assignTimedOut' },
                  // A failed status check ('Failed to check video status') counts as a poll and
                  // polling goes on: the 120-poll limit bounds it. The spec does not say to fail the item.
                  { target: 'waiting', actions: 'assignPollFailed' },
                ],
              },
            },
          },
        },
        progress: {
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                progressTick: { target: 'ticking', reenter: true, actions: ['assignElapsed', 'notifyProgress'] },
              },
            },
          },
        },
      },
    },
    succeeded: { type: 'final', entry: 'notifySettled' },
    failed: { type: 'final', entry: 'notifySettled' },
    deferred: { type: 'final', entry: 'notifySettled' },
    removed: { type: 'final', entry: 'notifySettled' },
    unauthorized: { type: 'final', entry: 'notifySettled' },
    limited: { type: 'final', entry: 'notifySettled' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result ?? { queueId: context.queueId, outcome: 'removed' },
});
