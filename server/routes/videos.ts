/**
 * Video generation on the API host (openapi/paths/video.yaml; 02 §3 Video record / Gallery video, §4, §7, §9).
 * Starting, rendering and settling videos is server/services/video-jobs.ts; this file reads the requests and
 * writes the answers. The video queue service's own contract is server/routes/video-queue.ts.
 *   GET  /api/voice-over-styles … /api/video-scenes   option lists (server/media/video-options.ts)
 *   POST /api/videos                                  start a generation → {id, estimated_seconds}
 *   GET  /api/videos                                  the user's videos, newest first (30 a page; in_progress=1: 50)
 *   GET  /api/videos/{id}, /api/videos/{id}/status    one video / its status (polled every 10 s)
 *   DELETE /api/videos/{id}
 *   GET  /api/generation-status/{id}                  a queue-service run by its n8n_execution_id
 *   POST /api/video/enhance-prompt
 *   POST /api/jwt/generate, /api/jwt/validate         the queue service's API token
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, idParam, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { pageMeta } from '../db/queries';
import { publicMediaUrl } from '../media/store';
import { VIDEO_OPTIONS } from '../media/video-options';
import type { QueueTokenIssuer } from '../media/queue-token';
import { enhanceVideoPrompt, videoView, type VideoJobs, type VideoRow } from '../services/video-jobs';
import { VIDEO_IN_PROGRESS_PAGE_SIZE, VIDEO_STATUS } from '../../machines/constants';

type Video = Schemas['Video'];
type VideoStatusObject = Schemas['VideoStatusObject'];

/** 02 §9: videos are listed 30 a page. */
export const VIDEOS_PAGE_SIZE = 30;

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

export function videoRoutes(videos: VideoJobs, queueTokens: QueueTokenIssuer) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

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
    const row = await videos.start(c.get('auth').userId, {
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
    const inProgressOnly = c.req.query('in_progress') === '1';
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', inProgressOnly ? VIDEO_IN_PROGRESS_PAGE_SIZE : VIDEOS_PAGE_SIZE, 100);
    const now = c.get('deps').clock.now();
    const { rows, total } = await videos.list(c.get('auth').userId, { inProgressOnly, page, perPage });
    const o = origin(c);
    const reply: JsonResponse<'/api/videos', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map((row) => toVideo(o, row, now)),
    };
    return c.json(reply, 200);
  });

  r.get('/api/videos/:id', auth, async (c) => {
    const row = await videos.get(c.get('auth').userId, idParam(c));
    return c.json({ data: toVideo(origin(c), row, c.get('deps').clock.now()) } satisfies JsonResponse<'/api/videos/{id}', 'get', 200>, 200);
  });

  r.get('/api/videos/:id/status', auth, async (c) => {
    const row = await videos.get(c.get('auth').userId, idParam(c));
    const o = origin(c);
    const now = c.get('deps').clock.now();
    const reply: JsonResponse<'/api/videos/{id}/status', 'get', 200> = {
      status: statusObject(o, row, now),
      progress: videoView(row, now).progress,
      estimated_seconds: row.estimatedSeconds,
      credit_usage: row.creditUsage,
      video_url: publicMediaUrl(o, row.videoUrl),
      thumbnail_url: publicMediaUrl(o, row.thumbnailUrl),
      error_message: row.errorMessage,
    };
    return c.json(reply, 200);
  });

  r.delete('/api/videos/:id', auth, async (c) => {
    await videos.delete(c.get('auth').userId, idParam(c));
    return c.json({ message: 'Video deleted successfully.', status: true } satisfies JsonResponse<'/api/videos/{id}', 'delete', 200>, 200);
  });

  r.get('/api/generation-status/:id', auth, async (c) => {
    const execId = c.req.param('id');
    const row = await videos.byExecution(c.get('auth').userId, execId);
    const v = videoView(row, c.get('deps').clock.now());
    const status = v.status === VIDEO_STATUS.complete ? 'success' : v.status === VIDEO_STATUS.pending ? 'pending' : v.status === VIDEO_STATUS.processing ? 'running' : 'error';
    const reply: JsonResponse<'/api/generation-status/{id}', 'get', 200> = {
      data: { id: execId, status, video_id: row.id, error_message: row.errorMessage },
    };
    return c.json(reply, 200);
  });

  r.post('/api/video/enhance-prompt', auth, async (c) => {
    const b = body<JsonBody<'/api/video/enhance-prompt', 'post'>>(c);
    return c.json({ data: { text: enhanceVideoPrompt(b.text) } } satisfies JsonResponse<'/api/video/enhance-prompt', 'post', 200>, 200);
  });

  // ------------------------------------------------------------ the queue service's token

  r.post('/api/jwt/generate', auth, async (c) => {
    const { token, expiresIn } = queueTokens.issue(c.get('auth').userId, c.get('deps').clock.now());
    return c.json({ token, expires_in: expiresIn } satisfies JsonResponse<'/api/jwt/generate', 'post', 200>, 200);
  });

  r.post('/api/jwt/validate', auth, async (c) => {
    const b = body<JsonBody<'/api/jwt/validate', 'post'>>(c);
    const v = queueTokens.verify(b.token, c.get('deps').clock.now());
    const reply: JsonResponse<'/api/jwt/validate', 'post', 200> =
      v && v.userId === c.get('auth').userId ? { valid: true, expires_in: v.expiresIn } : { valid: false };
    return c.json(reply, 200);
  });

  return r;
}
