/**
 * Video generation jobs (02 §3 Video record / Gallery video, §4 Video generation, §5, §6, §8, §9): starting a
 * video, its render, and settling its status. Both contracts that start videos use it: the main API
 * (server/routes/videos.ts) and the video queue service (server/routes/video-queue.ts).
 *
 * Processing, on the injected clock: a new video is pending (status 2) for VIDEO_PENDING_SECONDS, then
 * processing (status 1, progress = elapsed / estimate, at most 99) until ready_at = created_at +
 * estimated_seconds. The REAL MP4 and its thumbnail are rendered with ffmpeg (server/media/video-renderer.ts, at
 * low CPU priority) by a render JOB on the job queue (server/jobs/queue.ts, in the database): any app process with
 * render workers runs it, at most VIDEO_RENDER_CONCURRENCY at once per process, retried with backoff when ffmpeg
 * fails, resumed after a restart, never run twice at once. The job is created with the video (renderAhead, the
 * running server) or by the video's first read at or after ready_at. It stores the files and records them on the
 * row (render_output); the video is then completed at its ready_at — by a timer (schedule), by the job itself when
 * it ends after ready_at, or by the first read at or after it (which waits up to VIDEO_DUE_READ_WAIT_MS for a job
 * still running) — completing sets it complete (4) and charges it in one transaction, once. A render that fails
 * on its last attempt ends the video as failed (5) with a clear error_message and charges nothing. Everything a
 * poll answers comes from the row, so any process answers it alike.
 *
 * Refusals (before anything is stored): free plan → 403 'Video generation is only available on paid plans'
 * (type 'upgrade': the client opens the video generator's generate-limit dialog, 02 §6 / §8); subscription
 * not active → 403 (type 'upgrade'); no credits left → 455 'Insufficient credits to perform this request'
 * (type 'upgrade'); text types without a prompt → 400 'Video prompt is required' (type 'Validation Error',
 * the 02 §8 400 dialog); an image type without a usable image → 422 (type 'Not a valid image', the 02 §8
 * 422 title). Other users' ids answer 404.
 */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps, Clock } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError, MSG } from '../http/errors';
import { getAllowance, holdOf, releaseGeneration, reserveIn, settleGeneration } from '../metering';
import { deleteMedia, mediaFilesOf, readMediaBytes, readOwnMedia, sniffImageType, storeMedia } from '../media/store';
import {
  RENDER_MESSAGES,
  VIDEO_RENDER_CONCURRENCY,
  VIDEO_RENDER_TIMEOUT_MS,
  VideoRenderError,
  renderVideo,
  type RenderedVideo,
} from '../media/video-renderer';
import type { JobQueue, QueuedJob } from '../jobs/queue';
import {
  VIDEO_OPTIONS,
  VIDEO_PENDING_SECONDS,
  isImageContentType,
  videoCredits,
  videoDurationFor,
  videoEstimatedSeconds,
  type VideoContentTypeValue,
} from '../media/video-options';
import {
  IMAGE_MESSAGES,
  VIDEO_FREE_PLAN_MESSAGE,
  VIDEO_IN_PROGRESS_WINDOW_MS,
  VIDEO_PROMPT_REQUIRED_MESSAGE,
  VIDEO_REQUEST_TIMEOUT_MS,
  VIDEO_STATUS,
} from '../../machines/constants';

export type VideoRow = typeof t.videos.$inferSelect;

export const SUBSCRIPTION_INACTIVE_VIDEO_MESSAGE = 'Your subscription is not active. Renew it to generate videos.';
/** 02 §8 422 title ('Not a valid image'); the messages are ours. */
export const INVALID_IMAGE_TITLE = 'Not a valid image';
export const IMAGE_REQUIRED_MESSAGE = 'This video type needs an image. Upload an image or pick one from your gallery.';
export const IMAGE_UNREADABLE_MESSAGE = 'The uploaded file is not a valid image. Use a PNG, JPEG or WebP image.';
export const RETRY_NOT_FOUND_MESSAGE = 'The video to retry was not found or has not failed.';

const IN_PROGRESS: number[] = [VIDEO_STATUS.processing, VIDEO_STATUS.pending];

/** What the request carried, kept in videos.request (jsonb) for retry, the renderer and generation-status. */
export interface StoredRequest {
  fields: Record<string, unknown>;
  /** the input image was uploaded for this video (its file is deleted with the video) */
  uploadedImage?: boolean;
  n8n_execution_id?: string | null;
  source: 'api' | 'queue';
}

/** The displayed status and progress of a record at `now` (02 §3 codes: 1 processing, 2 pending). */
export function videoView(row: VideoRow, now: Date): { status: number; progress: number } {
  if (!IN_PROGRESS.includes(row.status)) return { status: row.status, progress: row.status === VIDEO_STATUS.complete ? 100 : row.progress };
  const started = row.createdAt.getTime();
  const elapsed = now.getTime() - started;
  if (elapsed < VIDEO_PENDING_SECONDS * 1000) return { status: VIDEO_STATUS.pending, progress: 0 };
  const total = Math.max(1, (row.readyAt?.getTime() ?? started) - started);
  return { status: VIDEO_STATUS.processing, progress: Math.max(1, Math.min(99, Math.floor((elapsed / total) * 100))) };
}

/** An uploaded image's bytes and type, or 422 naming `field` when they are not a PNG, JPEG or WebP image. */
export function readImageUpload(bytes: Uint8Array, field: string): { bytes: Uint8Array; contentType: string } {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new HttpError(422, IMAGE_UNREADABLE_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { [field]: [IMAGE_UNREADABLE_MESSAGE] } });
  return { bytes, contentType };
}

function decodeBase64Image(value: string): { bytes: Uint8Array; contentType: string } {
  const m = /^data:([a-z0-9.+/-]+);base64,(.*)$/is.exec(value.trim());
  return readImageUpload(Buffer.from((m ? m[2]! : value).replace(/\s+/g, ''), 'base64'), 'image_base64');
}

/** POST /api/video/enhance-prompt: a richer prompt from the user's text (deterministic; no model in the reference service). */
export function enhanceVideoPrompt(text: string): string {
  const base = text.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
  return `${base}. Cinematic composition, smooth camera movement, natural lighting, rich detail and vivid colour, steady pacing from an establishing shot to a close-up.`;
}

/** POST /queue/video-image-prompt: a motion prompt for a gallery image. */
export function videoPromptForImage(imagePrompt: string): string {
  const base = imagePrompt.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
  return `Bring this image to life: ${base}. Gentle camera push-in, subtle natural motion, soft lighting changes.`;
}

/** The fields of a video generation request, from the API host's JSON or the queue service's form. */
export interface StartRequest {
  contentType: VideoContentTypeValue;
  prompt?: string | null;
  description?: string | null;
  durationInSec?: number | null;
  aspectRatioId?: number | null;
  videoQuality?: string | null;
  model?: string | null;
  imageUrl?: string | null;
  imageBase64?: string | null;
  /** gallery image id (or its URL) */
  image?: string | null;
  upload?: { bytes: Uint8Array; contentType: string };
  imagePrompt?: string | null;
  characterDescription?: string | null;
  locationBackground?: string | null;
  voiceAccent?: string | null;
  script?: string | null;
  numberOfScenes?: string | null;
  retryVideoId?: number | null;
  fields: Record<string, unknown>;
  source: 'api' | 'queue';
}

/** What the render job needs, carried by the job itself (a job may run in another process, after a restart). */
interface RenderJobData {
  videoId: number;
  userId: number;
  seed: string;
  aspectRatio: string;
  durationSec: number;
  /** the input image of image types (one of the user's media URLs) */
  imageUrl: string | null;
}

/** What the render job ended with, kept on the row (videos.render_output) until the video's ready_at settles it. */
export type RenderOutput = { videoUrl: string; thumbnailUrl: string; durationSec: number } | { error: string };

/** Thrown inside the recording transaction when the video was deleted, restarted or settled meanwhile: its files roll back. */
class Gone extends Error {}

/** The render jobs' queue (server/jobs/queue.ts). */
export const VIDEO_RENDER_QUEUE = 'video-render';
/**
 * Retries of a render: a failed ffmpeg run (a killed or crashed process, a full temp disk) is tried twice more,
 * the first retry 10 s later, the second about 20 s after that (pg-boss's exponential backoff). A missing ffmpeg
 * is not retried: it is the server's setup, and the video fails at once with the message that says so. An attempt
 * still running after expireInSeconds (the render timeout plus the time to read the input and store the files)
 * is taken as lost with its process and retried.
 */
export const VIDEO_RENDER_RETRY = {
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: Math.ceil(VIDEO_RENDER_TIMEOUT_MS / 1000) + 120,
} as const;
/**
 * How long a read of a due video waits for its render job to end before it answers the video as still
 * processing (the client polls again): a render of the longest clip on a busy machine, and under the client's
 * request timeout (02 §9) with room for the answer.
 */
export const VIDEO_DUE_READ_WAIT_MS = VIDEO_REQUEST_TIMEOUT_MS - 15_000;
/** While it waits, it reads the row this often, and asks the queue whether the job was given up this often. */
const DUE_READ_POLL_MS = 200;
const DUE_READ_JOB_CHECK_MS = 2_000;

export interface VideoJobsDeps {
  db: Db;
  clock: Clock;
  /** The job queue the renders run on (one per process; AppDeps.jobs). */
  jobs: JobQueue;
  /** Renders this process runs at once (AppConfig.videoRenderWorkers; 0: none, this process only serves the API). */
  renderWorkers?: number;
  /**
   * Runs work at a video's ready time (AppDeps.schedule). Safe to lose (a restart drops it): it only makes a
   * rendered video complete when nobody reads it; the first read at or after ready_at does the same from the row.
   */
  schedule?: AppDeps['schedule'];
  /** Queue each video's render as soon as it is started (AppConfig.renderVideosAhead); otherwise its first due read queues it. */
  renderAhead?: boolean;
  /** Another ffmpeg binary (FFMPEG_PATH). */
  ffmpegPath?: string;
}

export type VideoJobs = ReturnType<typeof createVideoJobs>;

const videoKey = (id: number) => `video:${id}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createVideoJobs(deps: VideoJobsDeps) {
  const { db, clock, jobs } = deps;
  const isDue = (row: VideoRow, now: Date) => IN_PROGRESS.includes(row.status) && !!row.readyAt && now >= row.readyAt;
  const load = async (id: number) => (await db.select().from(t.videos).where(eq(t.videos.id, id)).limit(1))[0];
  /** The row's current start, still unsettled and without an outcome: the only state a render job may record into. */
  const openFor = (id: number, jobId: string) =>
    and(eq(t.videos.id, id), eq(t.videos.renderJobId, jobId), inArray(t.videos.status, IN_PROGRESS), sql`${t.videos.renderOutput} is null`);

  // ------------------------------------------------------------ the render job

  const jobData = (row: VideoRow): RenderJobData => ({
    videoId: row.id,
    userId: row.userId,
    seed: JSON.stringify([row.id, row.prompt, row.description, row.contentType, row.model]),
    aspectRatio: row.aspectRatio ?? '9:16',
    durationSec: row.duration ?? 5,
    imageUrl: isImageContentType(row.contentType) ? row.imageUrl : null,
  });

  async function renderFor(data: RenderJobData): Promise<RenderedVideo> {
    let image: { bytes: Uint8Array; contentType: string } | undefined;
    if (data.imageUrl) {
      const m = await readOwnMedia(db, data.userId, data.imageUrl);
      const bytes = m && m.contentType.startsWith('image/') ? await readMediaBytes(mediaFilesOf(db), m) : null;
      if (m && bytes) image = { bytes, contentType: m.contentType };
    }
    return renderVideo({ seed: data.seed, aspectRatio: data.aspectRatio, durationSec: data.durationSec, image, ffmpegPath: deps.ffmpegPath });
  }

  /**
   * One attempt of a render job: renders from the job's data (the row is not needed for that, so a video deleted
   * meanwhile is simply not recorded), then stores the files and records them on the row in one transaction —
   * only when the row is still this job's start and has no outcome yet, so a stale job (a retried video, an id
   * handed out again after the dev reset) or a second run can never record. A failure is thrown back to the queue
   * for a retry while attempts remain; the last one records the error the video fails with.
   */
  async function runRenderJob(job: QueuedJob<RenderJobData>): Promise<void> {
    const { data } = job;
    let output: RenderOutput;
    try {
      const out = await renderFor(data);
      const now = clock.now();
      output = await db.transaction(async (tx) => {
        const videoUrl = await storeMedia(tx, mediaFilesOf(db), { userId: data.userId, contentType: 'video/mp4', bytes: out.mp4, now });
        const thumbnailUrl = await storeMedia(tx, mediaFilesOf(db), { userId: data.userId, contentType: out.thumbnailType, bytes: out.thumbnail, now });
        const rendered: RenderOutput = { videoUrl, thumbnailUrl, durationSec: out.durationSec };
        const recorded = await tx.update(t.videos).set({ renderOutput: rendered }).where(openFor(data.videoId, job.id)).returning({ id: t.videos.id });
        if (recorded.length === 0) throw new Gone();
        return rendered;
      });
    } catch (err) {
      if (err instanceof Gone) return;
      const missingFfmpeg = err instanceof VideoRenderError && err.reason === 'unavailable';
      if (!missingFfmpeg && job.retryCount < job.retryLimit) {
        console.error(`[video] render of video ${data.videoId} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}), retried later:`, err instanceof Error ? err.message : err);
        throw err;
      }
      if (!(err instanceof VideoRenderError)) console.error(`[video] video ${data.videoId} failed:`, err instanceof Error ? err.message : err);
      output = { error: err instanceof VideoRenderError ? err.message : RENDER_MESSAGES.failed };
      const recorded = await db.update(t.videos).set({ renderOutput: output }).where(openFor(data.videoId, job.id)).returning({ id: t.videos.id });
      if (recorded.length === 0) return;
    }
    const row = await load(data.videoId);
    if (!row) return;
    if (isDue(row, clock.now())) await finalize(row.id);
    else if (row.readyAt) completeWhenDue(row.id, job.id, row.readyAt);
  }

  jobs.define<RenderJobData>(VIDEO_RENDER_QUEUE, VIDEO_RENDER_RETRY, {
    concurrency: deps.renderWorkers ?? VIDEO_RENDER_CONCURRENCY,
    handler: runRenderJob,
  });

  /** Creates the render job of the row's current start (nothing when it exists already). */
  async function queueRender(executor: Db, row: VideoRow & { renderJobId: string }) {
    await jobs.send(executor, VIDEO_RENDER_QUEUE, jobData(row), row.renderJobId);
  }

  // ------------------------------------------------------------ settling

  /**
   * At the video's ready time (schedule), settles it as a due read would. Nothing when it was deleted, restarted
   * or settled meanwhile; scheduled again when the clock says it is not due yet.
   */
  function completeWhenDue(id: number, jobId: string, readyAt: Date) {
    const { schedule } = deps;
    if (!schedule) return;
    schedule(Math.max(0, readyAt.getTime() - clock.now().getTime()), async () => {
      try {
        const row = await load(id);
        if (!row || row.renderJobId !== jobId || !IN_PROGRESS.includes(row.status) || !row.readyAt) return;
        if (isDue(row, clock.now())) await finalize(row.id);
        else completeWhenDue(id, jobId, row.readyAt);
      } catch (err) {
        console.error(`[video] video ${id} could not be completed at its ready time:`, err instanceof Error ? err.message : err);
      }
    });
  }

  /**
   * Completes and charges a due video from its recorded render (or ends it failed and gives back what its start
   * reserved), in one transaction that only a video still in progress passes: one completion and one charge
   * however many reads, timers and processes get here at once.
   */
  async function finalize(id: number): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(t.videos).where(eq(t.videos.id, id)).limit(1);
      const output = row?.renderOutput as RenderOutput | null | undefined;
      if (!row || !output || !isDue(row, now)) return;
      const inProgress = and(eq(t.videos.id, row.id), inArray(t.videos.status, IN_PROGRESS));
      if ('error' in output) {
        const failed = await tx
          .update(t.videos)
          .set({ status: VIDEO_STATUS.failed, errorMessage: output.error, progress: 0, updatedAt: now })
          .where(inProgress)
          .returning({ id: t.videos.id });
        // a failed render gives back the credits its start reserved
        if (failed.length > 0) await releaseGeneration(tx, holdOf(row.userId, videoKey(row.id)), now);
        return;
      }
      const done = await tx
        .update(t.videos)
        .set({
          status: VIDEO_STATUS.complete,
          progress: 100,
          videoUrl: output.videoUrl,
          thumbnailUrl: output.thumbnailUrl,
          duration: output.durationSec,
          errorMessage: null,
          updatedAt: now,
        })
        .where(inProgress)
        .returning({ id: t.videos.id });
      if (done.length === 0) return;
      const charge = await settleGeneration(tx, holdOf(row.userId, videoKey(row.id)), { fixedCredits: videoCredits(output.durationSec, row.videoQuality) }, now, {
        videoId: row.id,
      });
      await tx.update(t.videos).set({ creditUsage: charge.credits }).where(eq(t.videos.id, row.id));
    });
  }

  /**
   * A due video without an outcome yet: queues its render job (when its start did not) and waits for the job to
   * record one, for at most VIDEO_DUE_READ_WAIT_MS (then the video is answered as still processing, from the row).
   * A job that the queue gave up on without recording (lost on its last attempt) ends the video as failed.
   */
  async function awaitRender(row: VideoRow): Promise<VideoRow | undefined> {
    let jobId = row.renderJobId;
    if (!jobId) {
      // started before render jobs existed: this start gets one now (once, whoever reads first)
      const [given] = await db
        .update(t.videos)
        .set({ renderJobId: randomUUID() })
        .where(and(eq(t.videos.id, row.id), sql`${t.videos.renderJobId} is null`))
        .returning({ renderJobId: t.videos.renderJobId });
      jobId = given?.renderJobId ?? (await load(row.id))?.renderJobId ?? null;
      if (!jobId) return load(row.id);
    }
    await queueRender(db, { ...row, renderJobId: jobId });
    const deadline = Date.now() + VIDEO_DUE_READ_WAIT_MS;
    let nextJobCheck = Date.now() + DUE_READ_JOB_CHECK_MS;
    for (;;) {
      const fresh = await load(row.id);
      if (!fresh || fresh.renderJobId !== jobId || fresh.renderOutput || !IN_PROGRESS.includes(fresh.status)) return fresh;
      if (Date.now() >= nextJobCheck) {
        nextJobCheck = Date.now() + DUE_READ_JOB_CHECK_MS;
        const state = await jobs.state(VIDEO_RENDER_QUEUE, jobId);
        if (state === 'failed' || state === 'cancelled') {
          await db.update(t.videos).set({ renderOutput: { error: RENDER_MESSAGES.failed } satisfies RenderOutput }).where(openFor(row.id, jobId));
          return load(row.id);
        }
      }
      if (Date.now() >= deadline) return fresh;
      await sleep(DUE_READ_POLL_MS);
    }
  }

  /** The row after settling it: completes (or fails) it from its render when its ready_at has passed. */
  async function settle(row: VideoRow): Promise<VideoRow | undefined> {
    if (!isDue(row, clock.now())) return row;
    let current: VideoRow | undefined = row;
    if (!current.renderOutput) {
      current = await awaitRender(current);
      if (!current?.renderOutput || !IN_PROGRESS.includes(current.status)) return current;
    }
    await finalize(current.id);
    return load(current.id);
  }

  /**
   * One page of videos with the total in the same query (count(*) over the filtered rows), the due videos on it
   * settled first: two queries fewer per list call than "settle every due video, count, select", for the
   * in-progress list that every open app polls every 10 s. A due video on another page is settled when that page,
   * its status or the video itself is read — the app polls each in-progress video's status anyway.
   */
  async function videoPage(where: SQL | undefined, page: number, perPage: number): Promise<{ rows: VideoRow[]; total: number }> {
    const read = async () => {
      const found = await db
        .select({ row: t.videos, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(t.videos)
        .where(where)
        .orderBy(desc(t.videos.createdAt), desc(t.videos.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows: found.map((f) => f.row), total: found[0]?.total };
    };
    let result = await read();
    const now = clock.now();
    const due = result.rows.filter((row) => isDue(row, now));
    if (due.length > 0) {
      await Promise.all(due.map((row) => settle(row)));
      // statuses changed (and with them the in-progress filter): read the page again
      result = await read();
    }
    // an empty page has no row to carry the total (page 1: none at all; a page past the end: count them)
    const total = result.total ?? (page === 1 ? 0 : (await db.select({ n: count() }).from(t.videos).where(where))[0].n);
    return { rows: result.rows, total };
  }

  // ------------------------------------------------------------ starting

  /** Starts a video (or restarts a failed one, retryVideoId) after the refusals of the module comment. */
  async function start(userId: number, req: StartRequest): Promise<VideoRow> {
    const now = clock.now();
    const allowance = await getAllowance(db, userId, now);
    if (allowance.plan === 'free') throw new HttpError(403, VIDEO_FREE_PLAN_MESSAGE, { type: 'upgrade' });
    if (allowance.plan === 'inactive') throw new HttpError(403, SUBSCRIPTION_INACTIVE_VIDEO_MESSAGE, { type: 'upgrade' });
    if (allowance.creditsLeft <= 0) throw new HttpError(455, IMAGE_MESSAGES.insufficientCredits, { type: 'upgrade' });

    const prompt = req.prompt?.trim() || null;
    const description = req.description?.trim() || null;
    // 02 §5: text-to-reels needs a non-empty prompt. A text-to-video needs some text too (prompt or description).
    if ((req.contentType === 'text_to_reels_video' && !prompt) || (req.contentType === 'text_to_video' && !prompt && !description))
      throw new HttpError(400, VIDEO_PROMPT_REQUIRED_MESSAGE, { type: 'Validation Error', errors: { prompt: [VIDEO_PROMPT_REQUIRED_MESSAGE] } });

    let retry: VideoRow | undefined;
    if (req.retryVideoId) {
      [retry] = await db
        .select()
        .from(t.videos)
        .where(and(eq(t.videos.id, req.retryVideoId), eq(t.videos.userId, userId)))
        .limit(1);
      if (!retry || ![VIDEO_STATUS.error, VIDEO_STATUS.failed].includes(retry.status as 3 | 5))
        throw new HttpError(400, RETRY_NOT_FOUND_MESSAGE, { type: 'Validation Error' });
    }

    // The input image of image types: an upload, base64, one of the user's media URLs, a gallery image, or
    // (not fetched by this reference service) an outside http(s) URL.
    let imageUrl: string | null = null;
    let upload = req.upload;
    if (isImageContentType(req.contentType)) {
      if (!upload && req.imageBase64) upload = decodeBase64Image(req.imageBase64);
      if (!upload) {
        const ref = req.imageUrl?.trim() || req.image?.trim() || null;
        if (ref && /^\d{1,9}$/.test(ref)) {
          const [img] = await db
            .select()
            .from(t.images)
            .where(and(eq(t.images.id, Number(ref)), eq(t.images.userId, userId)))
            .limit(1);
          if (!img) throw new HttpError(422, IMAGE_REQUIRED_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { image: [IMAGE_REQUIRED_MESSAGE] } });
          imageUrl = img.imageUrl;
        } else if (ref && /^\/media\/|\/media\/[0-9a-f]{32}/.test(ref)) {
          const m = await readOwnMedia(db, userId, ref);
          if (!m || !m.contentType.startsWith('image/'))
            throw new HttpError(422, IMAGE_UNREADABLE_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { image_url: [IMAGE_UNREADABLE_MESSAGE] } });
          imageUrl = new URL(ref, 'http://x').pathname;
        } else if (ref && /^https?:\/\/\S+$/i.test(ref)) {
          imageUrl = ref;
        } else if (retry?.imageUrl) {
          imageUrl = retry.imageUrl;
        } else {
          throw new HttpError(422, IMAGE_REQUIRED_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { image_url: [IMAGE_REQUIRED_MESSAGE] } });
        }
      }
    }

    const duration = videoDurationFor(req.contentType, req.durationInSec);
    const estimated = videoEstimatedSeconds(duration);
    const aspect =
      VIDEO_OPTIONS.aspectRatios.find((a) => a.id === req.aspectRatioId)?.value ??
      VIDEO_OPTIONS.aspectRatios.find((a) => a.is_default)!.value;
    const quality = req.videoQuality ?? (isImageContentType(req.contentType) ? 'standard' : 'regular'); // 02 §9
    const sceneMetadata =
      req.contentType === 'image_to_ugc_ad_video'
        ? JSON.stringify({
            character_description: req.characterDescription ?? '',
            background_description: req.locationBackground ?? '',
            voice_accent: req.voiceAccent ?? '',
            script_description: req.script ?? '',
            number_of_scenes: req.numberOfScenes ?? 'Auto',
          })
        : null;

    // On the embedded database a transaction holds its one connection: the queue starts (its schema, its workers) before.
    if (deps.renderAhead) await jobs.start();
    const started = await db.transaction(async (tx) => {
      if (upload) imageUrl = await storeMedia(tx, mediaFilesOf(db), { userId, contentType: upload.contentType, bytes: upload.bytes, now });
      const stored: StoredRequest = {
        fields: req.fields,
        uploadedImage: !!upload || (retry ? (retry.request as StoredRequest | null)?.uploadedImage === true && imageUrl === retry.imageUrl : false),
        n8n_execution_id: req.source === 'queue' ? `exec_${randomBytes(8).toString('hex')}` : null,
        source: req.source,
      };
      const values = {
        status: VIDEO_STATUS.pending as number,
        progress: 0,
        estimatedSeconds: estimated,
        videoUrl: null,
        // image types show their input image while processing
        thumbnailUrl: imageUrl && imageUrl.startsWith('/media/') ? imageUrl : null,
        prompt: prompt ?? req.imagePrompt?.trim() ?? null,
        description,
        duration,
        contentType: req.contentType,
        aspectRatio: aspect,
        videoQuality: quality,
        imageUrl,
        model: req.model ?? null,
        sceneMetadata,
        errorMessage: null,
        creditUsage: null,
        request: stored,
        readyAt: new Date(now.getTime() + estimated * 1000),
        renderJobId: randomUUID(),
        renderOutput: null,
        createdAt: now,
        updatedAt: now,
      };
      const [row] = retry
        ? await tx.update(t.videos).set(values).where(eq(t.videos.id, retry.id)).returning()
        : await tx
            .insert(t.videos)
            .values({ userId, ...values })
            .returning();
      // The video's price is reserved with the row (the whole transaction is refused when it does not fit).
      await reserveIn(
        tx,
        {
          userId,
          requestKey: videoKey(row!.id),
          kind: 'video',
          description: `Video: ${(values.prompt ?? description ?? req.contentType).slice(0, 80)}`,
          fixedCredits: videoCredits(duration, quality),
          refusal: () => new HttpError(455, IMAGE_MESSAGES.insufficientCredits, { type: 'upgrade' }),
        },
        now,
      );
      // the render job is created with the row: a start that commits always has its job, also across a crash
      if (deps.renderAhead) await queueRender(tx, row as VideoRow & { renderJobId: string });
      return row!;
    });
    return started;
  }

  return {
    start,

    /** One page of the user's videos, newest first; inProgressOnly: 02 §3 "in progress" (status 1 or 2, created in the last 24 hours). */
    list(userId: number, o: { inProgressOnly: boolean; page: number; perPage: number }): Promise<{ rows: VideoRow[]; total: number }> {
      const where = o.inProgressOnly
        ? and(
            eq(t.videos.userId, userId),
            inArray(t.videos.status, IN_PROGRESS),
            gt(t.videos.createdAt, new Date(clock.now().getTime() - VIDEO_IN_PROGRESS_WINDOW_MS)),
          )
        : eq(t.videos.userId, userId);
      return videoPage(where, o.page, o.perPage);
    },

    /** The user's video, settled (rendered and completed when due); 404 when it is not theirs. */
    async get(userId: number, id: number): Promise<VideoRow> {
      const [row] = await db
        .select()
        .from(t.videos)
        .where(and(eq(t.videos.id, id), eq(t.videos.userId, userId)))
        .limit(1);
      if (!row) throw new HttpError(404, MSG.notFound);
      const settled = await settle(row);
      if (!settled) throw new HttpError(404, MSG.notFound);
      return settled;
    },

    /** The user's video started through the queue service, by its n8n_execution_id, settled; 404 when there is none. */
    async byExecution(userId: number, executionId: string): Promise<VideoRow> {
      const [row] = await db
        .select()
        .from(t.videos)
        .where(and(eq(t.videos.userId, userId), sql`${t.videos.request}->>'n8n_execution_id' = ${executionId}`))
        .limit(1);
      if (!row) throw new HttpError(404, MSG.notFound);
      return (await settle(row)) ?? row;
    },

    /** Deletes the user's video with its files (a gallery image used as the input stays in the gallery); drops a held render. */
    async delete(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(t.videos)
          .where(and(eq(t.videos.id, id), eq(t.videos.userId, userId)))
          .returning();
        if (!row) throw new HttpError(404, MSG.notFound);
        const uploaded = (row.request as StoredRequest | null)?.uploadedImage === true;
        // a render recorded but not yet settled (its ready_at still ahead) has stored files too
        const rendered = row.renderOutput as RenderOutput | null;
        const files = [row.videoUrl, row.thumbnailUrl === row.imageUrl ? null : row.thumbnailUrl, uploaded ? row.imageUrl : null];
        if (rendered && 'videoUrl' in rendered) files.push(rendered.videoUrl, rendered.thumbnailUrl);
        await deleteMedia(tx, mediaFilesOf(db), userId, [...new Set(files)]);
      });
      // deleted before it was rendered: what its start reserved is given back (a settled video stays charged)
      await releaseGeneration(db, holdOf(userId, videoKey(id)), clock.now());
    },

    /** The prompt a gallery image of the user was made from (its edit prompt first); 404 when it is not theirs. */
    async imagePrompt(userId: number, imageId: number): Promise<string> {
      const [img] = await db
        .select()
        .from(t.images)
        .where(and(eq(t.images.id, imageId), eq(t.images.userId, userId)))
        .limit(1);
      if (!img) throw new HttpError(404, MSG.notFound);
      return img.editImagePrompt || img.promptText;
    },
  };
}
