/**
 * The video queue service (openapi/queue.yaml; 02 §7), mounted under /queue on this host:
 *   POST /queue/video_generation (multipart), POST /queue/video-image-prompt,
 *   GET /queue/get_video_credits, GET /queue/video-generation/model-list
 * Every call needs the user's bearer token and, in X-Api-Token, the queue token that POST /api/jwt/generate issued to
 * the same user (server/routes/videos.ts). Videos start through the same jobs as on the API host
 * (server/services/video-jobs.ts); this file reads the service's forms and writes its answers.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { authenticate } from '../http/auth';
import { HttpError, validationError } from '../http/errors';
import { VIDEO_CONTENT_TYPE_VALUES, isImageContentType, queueVideoModels, videoCredits, videoDurationFor, type VideoContentTypeValue } from '../media/video-options';
import { QUEUE_TOKEN_HEADER, type QueueTokenIssuer } from '../media/queue-token';
import { readImageUpload, videoPromptForImage, type StartRequest, type StoredRequest, type VideoJobs } from '../services/video-jobs';

export const INVALID_QUEUE_TOKEN_MESSAGE = 'Invalid or expired API token.';

/** The `type` query parameter every queue call names its video type with. */
function contentTypeQuery(c: Context<AppEnv>): VideoContentTypeValue {
  const type = c.req.query('type');
  if (!type) throw validationError({ type: ['The type field is required.'] });
  if (!(VIDEO_CONTENT_TYPE_VALUES as readonly string[]).includes(type)) throw validationError({ type: ['The selected type is invalid.'] });
  return type as VideoContentTypeValue;
}

export function videoQueueRoutes(videos: VideoJobs, queueTokens: QueueTokenIssuer) {
  const r = new Hono<AppEnv>();

  r.use('/queue/*', async (c, next) => {
    await authenticate(c);
    const token = c.req.header(QUEUE_TOKEN_HEADER);
    const v = token ? queueTokens.verify(token, c.get('deps').clock.now()) : null;
    if (!v || v.userId !== c.get('auth').userId) throw new HttpError(401, INVALID_QUEUE_TOKEN_MESSAGE, { type: 'queueToken' });
    return next();
  });

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
    if (file && typeof file !== 'string') upload = readImageUpload(new Uint8Array(await file.arrayBuffer()), 'imageFile');
    const s = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : undefined);
    const n = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : undefined);
    const row = await videos.start(c.get('auth').userId, {
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
    const imagePrompt = await videos.imagePrompt(c.get('auth').userId, b.image_id);
    const base = (typeof b.prompt === 'string' && b.prompt.trim()) || imagePrompt;
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
