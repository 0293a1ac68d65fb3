/**
 * Video generation jobs (02 §3 Video record / Gallery video, §4 Video generation, §5, §6, §8, §9): starting a
 * video, its render, and settling its status. Both contracts that start videos use it: the main API
 * (server/routes/videos.ts) and the video queue service (server/routes/video-queue.ts).
 *
 * Processing, on the injected clock: a new video is pending (status 2) for VIDEO_PENDING_SECONDS, then
 * processing (status 1, progress = elapsed / estimate, at most 99) until ready_at = created_at +
 * estimated_seconds. The REAL MP4 and its thumbnail are rendered with ffmpeg (server/media/video-renderer.ts,
 * at low CPU priority): on the running server from the moment the video is started, in the background
 * (renderAhead), and the video is completed at its ready_at by a timer (schedule) or by the first read at or
 * after it, whichever comes first; otherwise — and after a restart — it is rendered on the first read at or after
 * ready_at (one render per video even under concurrent polls). Completing stores the files, sets the video
 * complete (4) and charges it in one transaction. A failed render ends the video as failed (5) with a clear
 * error_message and charges nothing.
 *
 * Refusals (before anything is stored): free plan → 403 'Video generation is only available on paid plans'
 * (type 'upgrade': the client opens the video generator's generate-limit dialog, 02 §6 / §8); subscription
 * not active → 403 (type 'upgrade'); no credits left → 455 'Insufficient credits to perform this request'
 * (type 'upgrade'); text types without a prompt → 400 'Video prompt is required' (type 'Validation Error',
 * the 02 §8 400 dialog); an image type without a usable image → 422 (type 'Not a valid image', the 02 §8
 * 422 title). Other users' ids answer 404.
 */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AppDeps, Clock } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError, MSG } from '../http/errors';
import { getAllowance, holdOf, releaseGeneration, reserveIn, settleGeneration } from '../metering';
import { deleteMedia, mediaFilesOf, readMediaBytes, readOwnMedia, sniffImageType, storeMedia } from '../media/store';
import { RENDER_MESSAGES, VideoRenderError, renderVideo, type RenderedVideo } from '../media/video-renderer';
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

/** What a render ended with: the files, or the error to settle the video as failed with. */
type RenderOutcome = { video: RenderedVideo } | { error: unknown };

/** Thrown inside the completing transaction when the video was deleted or settled meanwhile: its files roll back. */
class Gone extends Error {}

export interface VideoJobsDeps {
  db: Db;
  clock: Clock;
  /** Runs work at a video's ready time (AppDeps.schedule); without it the first due read completes the video. */
  schedule?: AppDeps['schedule'];
  /** Render each video as soon as it is started (AppConfig.renderVideosAhead). */
  renderAhead?: boolean;
  /** Another ffmpeg binary (FFMPEG_PATH). */
  ffmpegPath?: string;
}

export type VideoJobs = ReturnType<typeof createVideoJobs>;

const videoKey = (id: number) => `video:${id}`;

export function createVideoJobs(deps: VideoJobsDeps) {
  const { db, clock } = deps;
  /** videos being settled now (one render and one completion per video, whoever polls) */
  const rendering = new Map<number, Promise<void>>();
  /**
   * Renders started ahead (renderAhead): the video's files, made in the background from the moment it was started
   * and held here until its ready_at, when they are stored and the video completed — by a timer (schedule, see
   * completeWhenDue) or by the first read at or after ready_at, whichever comes first — or until it is deleted. So a
   * render is held in memory at most until its ready time (about a minute), also for a video nobody asks about
   * again. Rendering ahead means the poll that completes a video does not wait for ffmpeg, and the render does not
   * compete with other users' calls at that moment. A server restart loses this map; the video is then rendered on
   * its first due read.
   */
  const ahead = new Map<string, Promise<RenderOutcome>>();
  /**
   * A held render belongs to one start of one video: its id, start time and everything the render is made from.
   * Ids are reused after the dev reset (the tables restart their ids, and the test clock may restart too) and a
   * retry restarts the same row, so the id alone could hand a new video the render of another one (another
   * duration or aspect ratio, and the charge that follows from them). With the inputs in the key, a match is the
   * render this video would get anyway (renders are deterministic in these inputs).
   */
  const aheadKey = (row: VideoRow) =>
    JSON.stringify([row.id, row.userId, row.createdAt.getTime(), row.prompt, row.description, row.contentType, row.model, row.aspectRatio, row.duration, row.imageUrl]);
  const isDue = (row: VideoRow, now: Date) => IN_PROGRESS.includes(row.status) && !!row.readyAt && now >= row.readyAt;

  // ------------------------------------------------------------ rendering and settling

  async function render(row: VideoRow): Promise<RenderOutcome> {
    try {
      let image: { bytes: Uint8Array; contentType: string } | undefined;
      if (isImageContentType(row.contentType) && row.imageUrl) {
        const m = await readOwnMedia(db, row.userId, row.imageUrl);
        const bytes = m && m.contentType.startsWith('image/') ? await readMediaBytes(mediaFilesOf(db), m) : null;
        if (m && bytes) image = { bytes, contentType: m.contentType };
      }
      const video = await renderVideo({
        seed: JSON.stringify([row.id, row.prompt, row.description, row.contentType, row.model]),
        aspectRatio: row.aspectRatio ?? '9:16',
        durationSec: row.duration ?? 5,
        image,
        ffmpegPath: deps.ffmpegPath,
      });
      return { video };
    } catch (error) {
      return { error };
    }
  }

  function renderAhead(row: VideoRow) {
    const key = aheadKey(row);
    if (!deps.renderAhead || ahead.has(key)) return;
    const job = render(row);
    ahead.set(key, job);
    // once rendered, the video completes at its ready time whether or not anyone is polling it
    void job.then(() => {
      if (ahead.get(key) === job && row.readyAt) completeWhenDue(key, row.id, row.readyAt);
    });
  }

  /**
   * At the video's ready time (schedule), settles it as a due read would: stores the held render, completes and
   * charges it (or ends it failed). Nothing when it was deleted, restarted or settled by a read meanwhile (a render
   * left for a start that no longer exists is dropped); scheduled again when the clock says it is not due.
   */
  function completeWhenDue(key: string, id: number, readyAt: Date) {
    const { schedule } = deps;
    if (!schedule) return;
    schedule(Math.max(0, readyAt.getTime() - clock.now().getTime()), async () => {
      try {
        const [row] = await db.select().from(t.videos).where(eq(t.videos.id, id)).limit(1);
        if (!row || aheadKey(row) !== key || !IN_PROGRESS.includes(row.status) || !row.readyAt) {
          ahead.delete(key);
          return;
        }
        if (isDue(row, clock.now())) await settle(row);
        else completeWhenDue(key, id, row.readyAt);
      } catch (err) {
        console.error(`[video] video ${id} could not be completed at its ready time:`, err instanceof Error ? err.message : err);
      }
    });
  }

  /** Renders (or takes the held render of) a due video, then completes and charges it, or ends it failed. */
  async function finish(row: VideoRow): Promise<void> {
    const inProgress = and(eq(t.videos.id, row.id), inArray(t.videos.status, IN_PROGRESS));
    const key = aheadKey(row);
    const started = ahead.get(key);
    ahead.delete(key);
    try {
      const outcome = await (started ?? render(row));
      if ('error' in outcome) throw outcome.error;
      const out = outcome.video;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const videoUrl = await storeMedia(tx, mediaFilesOf(db), { userId: row.userId, contentType: 'video/mp4', bytes: out.mp4, now });
        const thumbnailUrl = await storeMedia(tx, mediaFilesOf(db), { userId: row.userId, contentType: out.thumbnailType, bytes: out.thumbnail, now });
        const done = await tx
          .update(t.videos)
          .set({ status: VIDEO_STATUS.complete, progress: 100, videoUrl, thumbnailUrl, duration: out.durationSec, errorMessage: null, updatedAt: now })
          .where(inProgress)
          .returning({ id: t.videos.id });
        // Deleted (or settled elsewhere) while rendering: roll the files back.
        if (done.length === 0) throw new Gone();
        const charge = await settleGeneration(tx, holdOf(row.userId, videoKey(row.id)), { fixedCredits: videoCredits(out.durationSec, row.videoQuality) }, now, {
          videoId: row.id,
        });
        await tx.update(t.videos).set({ creditUsage: charge.credits }).where(eq(t.videos.id, row.id));
      });
    } catch (err) {
      if (err instanceof Gone) return;
      if (!(err instanceof VideoRenderError)) console.error(`[video] video ${row.id} failed:`, err instanceof Error ? err.message : err);
      const message = err instanceof VideoRenderError ? err.message : RENDER_MESSAGES.failed;
      // a failed render gives back the credits its start reserved
      await releaseGeneration(db, holdOf(row.userId, videoKey(row.id)), clock.now());
      await db
        .update(t.videos)
        .set({ status: VIDEO_STATUS.failed, errorMessage: message, progress: 0, updatedAt: clock.now() })
        .where(inProgress);
    }
  }

  /** The row after settling it: renders it first when its ready_at has passed. */
  async function settle(row: VideoRow): Promise<VideoRow | undefined> {
    if (!isDue(row, clock.now())) return row;
    let job = rendering.get(row.id);
    if (!job) {
      job = finish(row).finally(() => rendering.delete(row.id));
      rendering.set(row.id, job);
    }
    await job;
    const [fresh] = await db.select().from(t.videos).where(eq(t.videos.id, row.id)).limit(1);
    return fresh;
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
      for (const row of due) await settle(row);
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
      return row!;
    });
    renderAhead(started);
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
        ahead.delete(aheadKey(row));
        const uploaded = (row.request as StoredRequest | null)?.uploadedImage === true;
        await deleteMedia(tx, mediaFilesOf(db), userId, [row.videoUrl, row.thumbnailUrl === row.imageUrl ? null : row.thumbnailUrl, uploaded ? row.imageUrl : null]);
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
