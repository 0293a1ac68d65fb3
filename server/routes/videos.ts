/**
 * Video generation (02 §3 Video record / Gallery video, §4 Video generation, §5, §6, §7, §8, §9):
 *
 * API host (openapi/paths/video.yaml):
 *   GET  /api/voice-over-styles … /api/video-scenes   option lists (server/media/video-options.ts)
 *   POST /api/videos                                  start a generation → {id, estimated_seconds}
 *   GET  /api/videos                                  the user's videos, newest first (30 a page; in_progress=1: 50)
 *   GET  /api/videos/{id}, /api/videos/{id}/status    one video / its status (polled every 10 s)
 *   DELETE /api/videos/{id}
 *   GET  /api/generation-status/{id}                  a queue-service run by its n8n_execution_id
 *   POST /api/video/enhance-prompt
 *   POST /api/jwt/generate, /api/jwt/validate         the queue service's API token
 * Video queue service (openapi/queue.yaml), mounted under /queue on this host:
 *   POST /queue/video_generation (multipart), POST /queue/video-image-prompt,
 *   GET /queue/get_video_credits, GET /queue/video-generation/model-list
 *
 * Processing, on the injected clock: a new video is pending (status 2) for VIDEO_PENDING_SECONDS, then
 * processing (status 1, progress = elapsed / estimate, at most 99) until ready_at = created_at +
 * estimated_seconds. The REAL MP4 and its thumbnail are rendered with ffmpeg (server/media/video-renderer.ts,
 * at low CPU priority): on the running server from the moment the video is started, in the background
 * (config.renderVideosAhead), and the video is completed at its ready_at by a timer (deps.schedule) or by the
 * first read at or after it, whichever comes first; otherwise — and after a restart — it is rendered on the first
 * read at or after ready_at (one render per video even under concurrent polls). Completing stores the files, sets
 * the video complete (4) and charges it in one transaction. A failed render ends the video as failed (5) with a
 * clear error_message and charges nothing.
 *
 * Refusals (before anything is stored): free plan → 403 'Video generation is only available on paid plans'
 * (type 'upgrade': the client opens the video generator's generate-limit dialog, 02 §6 / §8); subscription
 * not active → 403 (type 'upgrade'); no credits left → 455 'Insufficient credits to perform this request'
 * (type 'upgrade'); text types without a prompt → 400 'Video prompt is required' (type 'Validation Error',
 * the 02 §8 400 dialog); an image type without a usable image → 422 (type 'Not a valid image', the 02 §8
 * 422 title). Other users' ids answer 404.
 */
import { Hono, type Context } from 'hono';
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AppDeps, AppEnv } from '../app-env';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, idParam, intQuery, origin } from '../http/util';
import { authenticate, requireAuth } from '../http/auth';
import { HttpError, MSG, validationError } from '../http/errors';
import { pageMeta } from '../db/queries';
import { chargeGeneration, getAllowance } from '../metering';
import { deleteMedia, publicMediaUrl, readOwnMedia, sniffImageType, storeMedia } from '../media/store';
import { RENDER_MESSAGES, VideoRenderError, renderVideo, type RenderedVideo } from '../media/video-renderer';
import {
  VIDEO_CONTENT_TYPE_VALUES,
  VIDEO_OPTIONS,
  VIDEO_PENDING_SECONDS,
  isImageContentType,
  queueVideoModels,
  videoCredits,
  videoDurationFor,
  videoEstimatedSeconds,
  type VideoContentTypeValue,
} from '../media/video-options';
import { QUEUE_TOKEN_HEADER, queueTokenIssuer } from '../media/queue-token';
import {
  IMAGE_MESSAGES,
  VIDEO_FREE_PLAN_MESSAGE,
  VIDEO_IN_PROGRESS_PAGE_SIZE,
  VIDEO_IN_PROGRESS_WINDOW_MS,
  VIDEO_PROMPT_REQUIRED_MESSAGE,
  VIDEO_STATUS,
} from '../../machines/constants';

type VideoRow = typeof t.videos.$inferSelect;
type Video = Schemas['Video'];
type VideoStatusObject = Schemas['VideoStatusObject'];

/** 02 §9: videos are listed 30 a page. */
export const VIDEOS_PAGE_SIZE = 30;
export const SUBSCRIPTION_INACTIVE_VIDEO_MESSAGE = 'Your subscription is not active. Renew it to generate videos.';
/** 02 §8 422 title ('Not a valid image'); the messages are ours. */
export const INVALID_IMAGE_TITLE = 'Not a valid image';
export const IMAGE_REQUIRED_MESSAGE = 'This video type needs an image. Upload an image or pick one from your gallery.';
export const IMAGE_UNREADABLE_MESSAGE = 'The uploaded file is not a valid image. Use a PNG, JPEG or WebP image.';
export const RETRY_NOT_FOUND_MESSAGE = 'The video to retry was not found or has not failed.';
export const INVALID_QUEUE_TOKEN_MESSAGE = 'Invalid or expired API token.';

const IN_PROGRESS: number[] = [VIDEO_STATUS.processing, VIDEO_STATUS.pending];

/** What the request carried, kept in videos.request (jsonb) for retry, the renderer and generation-status. */
interface StoredRequest {
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

function statusObject(o: string, row: VideoRow, now: Date): VideoStatusObject {
  const v = videoView(row, now);
  const s: VideoStatusObject = { id: row.id, status: v.status as VideoStatusObject['status'], error_message: row.errorMessage };
  if (row.status === VIDEO_STATUS.complete && row.videoUrl)
    s.data = { movie: { url: publicMediaUrl(o, row.videoUrl)!, duration: row.duration ?? 0 } };
  return s;
}

export function toVideo(o: string, row: VideoRow, now: Date): Video {
  const v = videoView(row, now);
  return {
    id: row.id,
    status: statusObject(o, row, now),
    estimated_seconds: row.estimatedSeconds,
    video_url: publicMediaUrl(o, row.videoUrl),
    thumbnail_url: publicMediaUrl(o, row.thumbnailUrl),
    progress: v.progress,
    prompt: row.prompt,
    description: row.description,
    duration: row.duration,
    content_type: row.contentType as Video['content_type'],
    aspect_ratio: row.aspectRatio,
    video_quality: row.videoQuality,
    image_url: publicMediaUrl(o, row.imageUrl),
    model: row.model,
    scene_metadata: row.sceneMetadata,
    credit_usage: row.creditUsage,
    created_at: row.createdAt.toISOString(),
  };
}

/** The fields of a video generation request, from the API host's JSON or the queue service's form. */
interface StartRequest {
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

function decodeBase64Image(value: string): { bytes: Uint8Array; contentType: string } {
  const m = /^data:([a-z0-9.+/-]+);base64,(.*)$/is.exec(value.trim());
  const bytes = Buffer.from((m ? m[2]! : value).replace(/\s+/g, ''), 'base64');
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new HttpError(422, IMAGE_UNREADABLE_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { image_base64: [IMAGE_UNREADABLE_MESSAGE] } });
  return { bytes, contentType };
}

/** What a render ended with: the files, or the error to settle the video as failed with. */
type RenderOutcome = { video: RenderedVideo } | { error: unknown };

export function videoRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();
  const tokens = queueTokenIssuer();
  /** videos being settled now (one render and one completion per video, whoever polls) */
  const rendering = new Map<number, Promise<void>>();
  /**
   * Renders started ahead (config.renderVideosAhead): the video's files, made in the background from the moment it
   * was started and held here until its ready_at, when they are stored and the video completed — by a timer
   * (deps.schedule, see completeWhenDue) or by the first read at or after ready_at, whichever comes first — or
   * until it is deleted. So a render is held in memory at most until its ready time (about a minute), also for a
   * video nobody asks about again. Rendering ahead means the poll that completes a video does not wait for ffmpeg,
   * and the render does not compete with other users' calls at that moment. A server restart loses this map; the
   * video is then rendered on its first due read as before.
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

  async function render(deps: AppDeps, row: VideoRow): Promise<RenderOutcome> {
    try {
      let image: { bytes: Uint8Array; contentType: string } | undefined;
      if (isImageContentType(row.contentType) && row.imageUrl) {
        const m = await readOwnMedia(deps.db, row.userId, row.imageUrl);
        if (m && m.contentType.startsWith('image/')) image = { bytes: Buffer.from(m.dataBase64, 'base64'), contentType: m.contentType };
      }
      const video = await renderVideo({
        seed: JSON.stringify([row.id, row.prompt, row.description, row.contentType, row.model]),
        aspectRatio: row.aspectRatio ?? '9:16',
        durationSec: row.duration ?? 5,
        image,
        ffmpegPath: deps.config.env.FFMPEG_PATH,
      });
      return { video };
    } catch (error) {
      return { error };
    }
  }

  function renderAhead(deps: AppDeps, row: VideoRow) {
    const key = aheadKey(row);
    if (!deps.config.renderVideosAhead || ahead.has(key)) return;
    const job = render(deps, row);
    ahead.set(key, job);
    // once rendered, the video completes at its ready time whether or not anyone is polling it
    void job.then(() => {
      if (ahead.get(key) === job && row.readyAt) completeWhenDue(deps, key, row.id, row.readyAt);
    });
  }

  /**
   * At the video's ready time (deps.schedule), settles it as a due read would: stores the held render, completes
   * and charges it (or ends it failed). Nothing when it was deleted, restarted or settled by a read meanwhile (a
   * render left for a start that no longer exists is dropped); scheduled again when the clock says it is not due.
   */
  function completeWhenDue(deps: AppDeps, key: string, id: number, readyAt: Date) {
    const { schedule } = deps;
    if (!schedule) return;
    schedule(Math.max(0, readyAt.getTime() - deps.clock.now().getTime()), async () => {
      try {
        const [row] = await deps.db.select().from(t.videos).where(eq(t.videos.id, id)).limit(1);
        if (!row || aheadKey(row) !== key || !IN_PROGRESS.includes(row.status) || !row.readyAt) {
          ahead.delete(key);
          return;
        }
        if (isDue(row, deps.clock.now())) await settle(deps, row);
        else completeWhenDue(deps, key, id, row.readyAt);
      } catch (err) {
        console.error(`[video] video ${id} could not be completed at its ready time:`, err instanceof Error ? err.message : err);
      }
    });
  }

  async function finish(deps: AppDeps, row: VideoRow): Promise<void> {
    const { db, clock } = deps;
    const inProgress = and(eq(t.videos.id, row.id), inArray(t.videos.status, IN_PROGRESS));
    const key = aheadKey(row);
    const started = ahead.get(key);
    ahead.delete(key);
    try {
      const outcome = await (started ?? render(deps, row));
      if ('error' in outcome) throw outcome.error;
      const out = outcome.video;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const videoUrl = await storeMedia(tx, { userId: row.userId, contentType: 'video/mp4', bytes: out.mp4, now });
        const thumbnailUrl = await storeMedia(tx, { userId: row.userId, contentType: out.thumbnailType, bytes: out.thumbnail, now });
        const done = await tx
          .update(t.videos)
          .set({ status: VIDEO_STATUS.complete, progress: 100, videoUrl, thumbnailUrl, duration: out.durationSec, errorMessage: null, updatedAt: now })
          .where(inProgress)
          .returning({ id: t.videos.id });
        // Deleted (or settled elsewhere) while rendering: roll the files back.
        if (done.length === 0) throw new Gone();
        const charge = await chargeGeneration(
          tx,
          {
            userId: row.userId,
            requestKey: `video:${row.id}`,
            kind: 'video',
            description: `Video: ${(row.prompt ?? row.description ?? row.contentType).slice(0, 80)}`,
            fixedCredits: videoCredits(out.durationSec, row.videoQuality),
          },
          now,
        );
        await tx.update(t.videos).set({ creditUsage: charge.credits }).where(eq(t.videos.id, row.id));
      });
    } catch (err) {
      if (err instanceof Gone) return;
      if (!(err instanceof VideoRenderError)) console.error(`[video] video ${row.id} failed:`, err instanceof Error ? err.message : err);
      const message = err instanceof VideoRenderError ? err.message : RENDER_MESSAGES.failed;
      await db
        .update(t.videos)
        .set({ status: VIDEO_STATUS.failed, errorMessage: message, progress: 0, updatedAt: clock.now() })
        .where(inProgress);
    }
  }

  /** The row after settling it: renders it first when its ready_at has passed. */
  async function settle(deps: AppDeps, row: VideoRow): Promise<VideoRow | undefined> {
    if (!isDue(row, deps.clock.now())) return row;
    let job = rendering.get(row.id);
    if (!job) {
      job = finish(deps, row).finally(() => rendering.delete(row.id));
      rendering.set(row.id, job);
    }
    await job;
    const [fresh] = await deps.db.select().from(t.videos).where(eq(t.videos.id, row.id)).limit(1);
    return fresh;
  }

  /**
   * One page of the user's videos with the total in the same query (count(*) over the filtered rows), the due
   * videos on it settled first. Two queries fewer per list call than "settle every due video, count, select"
   * (the in-progress list is polled every 10 s by every open app: load test, scripts/load-test.ts). A due video
   * on another page is settled when that page, its status or the video itself is read — the app polls each
   * in-progress video's status anyway.
   */
  async function videoPage(deps: AppDeps, where: SQL | undefined, page: number, perPage: number): Promise<{ rows: VideoRow[]; total: number }> {
    const read = async () => {
      const found = await deps.db
        .select({ row: t.videos, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(t.videos)
        .where(where)
        .orderBy(desc(t.videos.createdAt), desc(t.videos.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows: found.map((f) => f.row), total: found[0]?.total };
    };
    let result = await read();
    const now = deps.clock.now();
    const due = result.rows.filter((row) => isDue(row, now));
    if (due.length > 0) {
      for (const row of due) await settle(deps, row);
      // statuses changed (and with them the in-progress filter): read the page again
      result = await read();
    }
    // an empty page has no row to carry the total (page 1: none at all; a page past the end: count them)
    const total = result.total ?? (page === 1 ? 0 : (await deps.db.select({ n: count() }).from(t.videos).where(where))[0].n);
    return { rows: result.rows, total };
  }

  async function ownVideo(c: Context<AppEnv>, id: number): Promise<VideoRow> {
    const deps = c.get('deps');
    const [row] = await deps.db
      .select()
      .from(t.videos)
      .where(and(eq(t.videos.id, id), eq(t.videos.userId, c.get('auth').userId)))
      .limit(1);
    if (!row) throw new HttpError(404, MSG.notFound);
    const settled = await settle(deps, row);
    if (!settled) throw new HttpError(404, MSG.notFound);
    return settled;
  }

  // ------------------------------------------------------------ starting

  async function start(c: Context<AppEnv>, req: StartRequest): Promise<VideoRow> {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
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
      if (upload) imageUrl = await storeMedia(tx, { userId, contentType: upload.contentType, bytes: upload.bytes, now });
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
      if (retry) {
        const [row] = await tx.update(t.videos).set(values).where(eq(t.videos.id, retry.id)).returning();
        return row!;
      }
      const [row] = await tx
        .insert(t.videos)
        .values({ userId, ...values })
        .returning();
      return row!;
    });
    renderAhead(c.get('deps'), started);
    return started;
  }

  // ------------------------------------------------------------ option lists

  const options: [string, keyof typeof VIDEO_OPTIONS][] = [
    ['/api/voice-over-styles', 'voiceOverStyles'],
    ['/api/video-styles', 'videoStyles'],
    ['/api/audio-styles', 'audioStyles'],
    ['/api/aspect-ratios', 'aspectRatios'],
    ['/api/video-content-types', 'contentTypes'],
    ['/api/video-models', 'models'],
    ['/api/video-scenes', 'scenes'],
  ];
  for (const [path, key] of options) {
    r.get(path, auth, (c) => c.json({ data: VIDEO_OPTIONS[key] } satisfies JsonResponse<'/api/video-styles', 'get', 200>, 200));
  }

  // ------------------------------------------------------------ videos

  r.post('/api/videos', auth, async (c) => {
    const b = body<JsonBody<'/api/videos', 'post'>>(c);
    const row = await start(c, {
      contentType: b.content_type,
      prompt: b.prompt,
      description: b.description,
      durationInSec: b.duration_in_sec,
      aspectRatioId: b.aspect_ratio_id,
      videoQuality: b.video_quality,
      model: b.model,
      imageUrl: b.image_url,
      imageBase64: b.image_base64,
      image: b.image,
      imagePrompt: b.image_prompt,
      characterDescription: b.character_description,
      locationBackground: b.location_background,
      voiceAccent: b.voice_accent,
      script: b.script,
      numberOfScenes: b.number_of_scenes,
      retryVideoId: b.video_id,
      // the image bytes are not kept twice
      fields: { ...b, image_base64: b.image_base64 ? '(uploaded)' : undefined },
      source: 'api',
    });
    const reply: JsonResponse<'/api/videos', 'post', 200> = {
      id: row.id,
      isTemporaryId: false,
      estimated_seconds: row.estimatedSeconds ?? undefined,
      n8n_execution_id: null,
    };
    return c.json(reply, 200);
  });

  r.get('/api/videos', auth, async (c) => {
    const deps = c.get('deps');
    const userId = c.get('auth').userId;
    const inProgressOnly = c.req.query('in_progress') === '1';
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', inProgressOnly ? VIDEO_IN_PROGRESS_PAGE_SIZE : VIDEOS_PAGE_SIZE, 100);
    const now = deps.clock.now();
    // 02 §3: in progress = created in the last 24 hours with status 1 or 2.
    const where = inProgressOnly
      ? and(
          eq(t.videos.userId, userId),
          inArray(t.videos.status, IN_PROGRESS),
          gt(t.videos.createdAt, new Date(now.getTime() - VIDEO_IN_PROGRESS_WINDOW_MS)),
        )
      : eq(t.videos.userId, userId);
    const { rows, total } = await videoPage(deps, where, page, perPage);
    const o = origin(c);
    const reply: JsonResponse<'/api/videos', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map((row) => toVideo(o, row, now)),
    };
    return c.json(reply, 200);
  });

  r.get('/api/videos/:id', auth, async (c) => {
    const row = await ownVideo(c, idParam(c));
    return c.json({ data: toVideo(origin(c), row, c.get('deps').clock.now()) } satisfies JsonResponse<'/api/videos/{id}', 'get', 200>, 200);
  });

  r.get('/api/videos/:id/status', auth, async (c) => {
    const row = await ownVideo(c, idParam(c));
    const o = origin(c);
    const v = videoView(row, c.get('deps').clock.now());
    const reply: JsonResponse<'/api/videos/{id}/status', 'get', 200> = {
      status: statusObject(o, row, c.get('deps').clock.now()),
      progress: v.progress,
      estimated_seconds: row.estimatedSeconds,
      credit_usage: row.creditUsage,
      video_url: publicMediaUrl(o, row.videoUrl),
      thumbnail_url: publicMediaUrl(o, row.thumbnailUrl),
      error_message: row.errorMessage,
    };
    return c.json(reply, 200);
  });

  r.delete('/api/videos/:id', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const id = idParam(c);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(t.videos)
        .where(and(eq(t.videos.id, id), eq(t.videos.userId, userId)))
        .returning();
      if (!row) throw new HttpError(404, MSG.notFound);
      ahead.delete(aheadKey(row));
      const uploaded = (row.request as StoredRequest | null)?.uploadedImage === true;
      // A gallery image used as the input stays in the gallery.
      await deleteMedia(tx, userId, [row.videoUrl, row.thumbnailUrl === row.imageUrl ? null : row.thumbnailUrl, uploaded ? row.imageUrl : null]);
    });
    return c.json({ message: 'Video deleted successfully.', status: true } satisfies JsonResponse<'/api/videos/{id}', 'delete', 200>, 200);
  });

  r.get('/api/generation-status/:id', auth, async (c) => {
    const deps = c.get('deps');
    const execId = c.req.param('id');
    const [row] = await deps.db
      .select()
      .from(t.videos)
      .where(and(eq(t.videos.userId, c.get('auth').userId), sql`${t.videos.request}->>'n8n_execution_id' = ${execId}`))
      .limit(1);
    if (!row) throw new HttpError(404, MSG.notFound);
    const settled = (await settle(deps, row)) ?? row;
    const v = videoView(settled, deps.clock.now());
    const status = v.status === VIDEO_STATUS.complete ? 'success' : v.status === VIDEO_STATUS.pending ? 'pending' : v.status === VIDEO_STATUS.processing ? 'running' : 'error';
    const reply: JsonResponse<'/api/generation-status/{id}', 'get', 200> = {
      data: { id: execId, status, video_id: settled.id, error_message: settled.errorMessage },
    };
    return c.json(reply, 200);
  });

  r.post('/api/video/enhance-prompt', auth, async (c) => {
    const b = body<JsonBody<'/api/video/enhance-prompt', 'post'>>(c);
    return c.json({ data: { text: enhanceVideoPrompt(b.text) } } satisfies JsonResponse<'/api/video/enhance-prompt', 'post', 200>, 200);
  });

  // ------------------------------------------------------------ queue-service token

  r.post('/api/jwt/generate', auth, async (c) => {
    const { token, expiresIn } = tokens.issue(c.get('auth').userId, c.get('deps').clock.now());
    return c.json({ token, expires_in: expiresIn } satisfies JsonResponse<'/api/jwt/generate', 'post', 200>, 200);
  });

  r.post('/api/jwt/validate', auth, async (c) => {
    const b = body<JsonBody<'/api/jwt/validate', 'post'>>(c);
    const v = tokens.verify(b.token, c.get('deps').clock.now());
    const reply: JsonResponse<'/api/jwt/validate', 'post', 200> =
      v && v.userId === c.get('auth').userId ? { valid: true, expires_in: v.expiresIn } : { valid: false };
    return c.json(reply, 200);
  });

  // ------------------------------------------------------------ the video queue service (openapi/queue.yaml)

  r.use('/queue/*', async (c, next) => {
    await authenticate(c);
    const token = c.req.header(QUEUE_TOKEN_HEADER);
    const v = token ? tokens.verify(token, c.get('deps').clock.now()) : null;
    if (!v || v.userId !== c.get('auth').userId) throw new HttpError(401, INVALID_QUEUE_TOKEN_MESSAGE, { type: 'queueToken' });
    return next();
  });

  const contentTypeQuery = (c: Context<AppEnv>): VideoContentTypeValue => {
    const type = c.req.query('type');
    if (!type) throw validationError({ type: ['The type field is required.'] });
    if (!(VIDEO_CONTENT_TYPE_VALUES as readonly string[]).includes(type)) throw validationError({ type: ['The selected type is invalid.'] });
    return type as VideoContentTypeValue;
  };

  r.post('/queue/video_generation', async (c) => {
    const contentType = contentTypeQuery(c);
    const ct = c.req.header('content-type') ?? '';
    if (!/multipart\/form-data|application\/x-www-form-urlencoded/i.test(ct))
      throw validationError({ body: ['The request must be multipart/form-data.'] });
    const form = await c.req.parseBody();
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    const errors: Record<string, string[]> = {};
    const videoDuration = str('videoDuration');
    const model = str('model');
    if (!videoDuration) errors.videoDuration = ['The video duration field is required.'];
    else if (!/^[0-9]+$/.test(videoDuration)) errors.videoDuration = ['The video duration field format is invalid.'];
    if (!model?.trim()) errors.model = ['The model field is required.'];
    const videoQuality = str('videoQuality');
    if (videoQuality && !['standard', 'hd-quality', 'regular', 'premium'].includes(videoQuality)) errors.videoQuality = ['The selected video quality is invalid.'];
    let data: Record<string, unknown> = {};
    const dataText = str('data');
    if (dataText) {
      try {
        const parsed = JSON.parse(dataText) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        data = parsed as Record<string, unknown>;
      } catch {
        errors.data = ['The data field must be a JSON object.'];
      }
    }
    const retryText = str('retry_video_id');
    if (retryText && !/^\d{1,9}$/.test(retryText)) errors.retry_video_id = ['The retry video id field format is invalid.'];
    if (Object.keys(errors).length) throw validationError(errors);

    let upload: StartRequest['upload'];
    const file = form.imageFile;
    if (file && typeof file !== 'string') {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffImageType(bytes);
      if (!type) throw new HttpError(422, IMAGE_UNREADABLE_MESSAGE, { type: INVALID_IMAGE_TITLE, errors: { imageFile: [IMAGE_UNREADABLE_MESSAGE] } });
      upload = { bytes, contentType: type };
    }
    const s = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : undefined);
    const n = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : undefined);
    const row = await start(c, {
      contentType,
      prompt: s('prompt') ?? s('image_prompt'),
      description: s('description'),
      durationInSec: Number(videoDuration),
      aspectRatioId: n('aspect_ratio_id'),
      videoQuality: videoQuality ?? null,
      model: model!.trim(),
      imageUrl: s('image_url'),
      image: s('image') ?? (typeof data.image_id === 'number' ? String(data.image_id) : undefined),
      upload,
      imagePrompt: s('image_prompt'),
      retryVideoId: retryText ? Number(retryText) : null,
      fields: { ...data, videoDuration, model, videoQuality, type: contentType },
      source: 'queue',
    });
    const id = String(row.id);
    return c.json(
      {
        id,
        data: { video_id: id },
        isTemporaryId: false,
        estimated_seconds: row.estimatedSeconds ?? undefined,
        n8n_execution_id: (row.request as StoredRequest).n8n_execution_id ?? null,
        message: 'Video generation started.',
      },
      200,
    );
  });

  r.post('/queue/video-image-prompt', async (c) => {
    let b: { image_id?: unknown; prompt?: unknown; is_remix?: unknown };
    try {
      b = (await c.req.json()) as typeof b;
    } catch {
      throw validationError({ body: ['The request body is not valid JSON.'] });
    }
    if (typeof b?.image_id !== 'number' || !Number.isInteger(b.image_id) || b.image_id < 1)
      throw validationError({ image_id: ['The image id field must be an integer.'] });
    const { db } = c.get('deps');
    const [img] = await db
      .select()
      .from(t.images)
      .where(and(eq(t.images.id, b.image_id), eq(t.images.userId, c.get('auth').userId)))
      .limit(1);
    if (!img) throw new HttpError(404, MSG.notFound);
    const base = (typeof b.prompt === 'string' && b.prompt.trim()) || img.editImagePrompt || img.promptText;
    return c.json({ data: { prompt: videoPromptForImage(base) } }, 200);
  });

  r.get('/queue/get_video_credits', async (c) => {
    const type = contentTypeQuery(c);
    const duration = videoDurationFor(type, 0);
    const quality = isImageContentType(type) ? 'standard' : 'regular';
    const byDuration: Record<string, number> = {};
    for (const d of [5, 10, 15, 30]) byDuration[String(d)] = videoCredits(d, quality);
    return c.json({ data: { credits: videoCredits(duration, quality), per_second: videoCredits(1, quality), by_duration: byDuration } }, 200);
  });

  r.get('/queue/video-generation/model-list', async (c) => {
    const type = contentTypeQuery(c);
    return c.json({ data: queueVideoModels(type) }, 200);
  });

  return r;
}

class Gone extends Error {}

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
