/**
 * The video polling machine's actor slots over the real clients (02 §4 Video generation, §7, §8, §9),
 * and the client of the separate video queue service (openapi/queue.yaml).
 *
 *  - startVideo      → POST /api/videos (API host) with the 02 §3 video generation request; or, when the
 *                      request is a queue-service form (it carries `videoDuration`, 02 §7), POST
 *                      {queue}/video_generation?type=… as multipart form data with the JWT from
 *                      POST /api/jwt/generate in X-Api-Token. Both time out after 60000 ms (02 §9).
 *  - pollVideoStatus → GET /api/videos/{id}/status, flattened to the machine's VideoStatusOutput.
 *
 * Errors reach the machine as the client middleware's ApiError (status, type, message, errors), which
 * machines/queue-items.ts classifies: type 'upgrade' → the video generator's generate-limit dialog;
 * 422 → 'Not a valid image' (the server's `type` is the dialog title, 02 §8 "a server title overrides",
 * so it is copied to `title`); 400 → 'Validation Error'; 401/403 → auth error (a 401 on poll also
 * clears the JWT); anything else → the item fails with the message. A network failure of the queue
 * service becomes 'Unable to connect to the video queue service.' (02 §8 "Network failure").
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { APP_HEADER_NAME, APP_HEADER_VALUE } from '@/api/client';
import { ApiError, NetworkError, toErrorBody } from '@/api/errors';
import type { components } from '@contract/schema.gen';
import type { components as QueueComponents, paths as QueuePaths } from '@contract/queue-schema.gen';
import type {
  PollVideoStatusInput,
  StartVideoInput,
  StartVideoOutput,
  VideoStatusOutput,
} from '@machines/video-polling.machine';
import { VIDEO_MESSAGES, VIDEO_REQUEST_TIMEOUT_MS } from '@machines/constants';

type VideoGenerationRequest = components['schemas']['VideoGenerationRequest'];
type VideoContentType = components['schemas']['VideoContentType'];
type QueueForm = QueueComponents['schemas']['QueueVideoGenerationForm'];

/** 02 §8 Network failure: unable to connect to the queue service (wording ours). */
export const QUEUE_NETWORK_ERROR_MESSAGE = 'Unable to connect to the video queue service.';
/** 02 §8 Video: 'Failed to generate JWT token'. */
export const JWT_FAILED_MESSAGE = 'Failed to generate JWT token';
/** The header the queue service reads its API token from (openapi/queue.yaml securitySchemes.queueToken). */
export const QUEUE_TOKEN_HEADER = 'X-Api-Token';

/**
 * A queue-service request as a queue item's requestPayload: the form fields of 02 §7 plus the content
 * type for the `type` query. `data` may be an object (sent as JSON text).
 */
export interface QueueVideoRequest {
  type: VideoContentType;
  videoDuration: string | number;
  model: string;
  imageFile?: Blob;
  data?: Record<string, unknown> | string;
  videoQuality?: QueueForm['videoQuality'];
  retry_video_id?: string | number;
}

export const isQueueVideoRequest = (r: unknown): r is QueueVideoRequest =>
  !!r && typeof r === 'object' && 'videoDuration' in r && 'model' in r;

export type QueueClient = Client<QueuePaths>;

export interface QueueServiceOptions {
  /** The queue service's base URL ('/queue' on the reference backend's host by default). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** The user's bearer token (the queue service also needs it, 02 §7). */
  accessToken: () => string | undefined;
}

/** The queue service: its client and the cached JWT (fetched on first use, dropped on a 401). */
export interface QueueService {
  client: QueueClient;
  /** The current JWT, generated through POST /api/jwt/generate when there is none. */
  token(signal?: AbortSignal): Promise<string>;
  /** 02 §8: a 401 on poll clears the JWT token. */
  clearToken(): void;
}

/** Like the API client's middleware, but a 401 never signs the user out: it only means a stale JWT. */
function queueMiddleware(opts: QueueServiceOptions, jwt: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const bearer = opts.accessToken();
      if (bearer) request.headers.set('Authorization', `Bearer ${bearer}`);
      const token = jwt();
      if (token) request.headers.set(QUEUE_TOKEN_HEADER, token);
      request.headers.set(APP_HEADER_NAME, APP_HEADER_VALUE);
      if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
      return request;
    },
    async onResponse({ response }) {
      if (response.ok) return undefined;
      const text = await response.clone().text().catch(() => '');
      let raw: unknown = text;
      try {
        raw = text ? JSON.parse(text) : undefined;
      } catch {
        /* keep the text */
      }
      throw new ApiError(response.status, toErrorBody(response.status, raw, response.statusText));
    },
    onError({ error }) {
      if (error instanceof ApiError || (error as { name?: string })?.name === 'AbortError') return error as Error;
      return new NetworkError(error);
    },
  };
}

export function createQueueService(api: ApiClient, opts: QueueServiceOptions): QueueService {
  let jwt: string | undefined;
  const client = createClient<QueuePaths>({ baseUrl: opts.baseUrl ?? '/queue', fetch: opts.fetch });
  client.use(queueMiddleware(opts, () => jwt));
  return {
    client,
    async token(signal) {
      if (jwt) return jwt;
      try {
        const { data } = await api.POST('/api/jwt/generate', { signal });
        if (!data?.token) throw new Error(JWT_FAILED_MESSAGE);
        jwt = data.token;
        return jwt;
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new Error(JWT_FAILED_MESSAGE, { cause: err });
      }
    },
    clearToken() {
      jwt = undefined;
    },
  };
}

/** An AbortSignal that fires on the caller's abort or after `ms` (setTimeout, so fake timers drive it). */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, ms);
  const onAbort = () => ctrl.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: ctrl.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** 02 §8 "a server title overrides": the server's `type` becomes the dialog title of a 422. */
function withTitle(err: unknown): unknown {
  if (err instanceof ApiError && err.status === 422 && err.type && err.type !== 'validation')
    return Object.assign(err, { title: err.type });
  return err;
}

function formOf(r: QueueVideoRequest): FormData {
  const f = new FormData();
  if (r.imageFile) f.set('imageFile', r.imageFile, 'image');
  f.set('videoDuration', String(r.videoDuration));
  f.set('model', r.model);
  if (r.data !== undefined) f.set('data', typeof r.data === 'string' ? r.data : JSON.stringify(r.data));
  if (r.videoQuality) f.set('videoQuality', r.videoQuality);
  if (r.retry_video_id !== undefined) f.set('retry_video_id', String(r.retry_video_id));
  return f;
}

async function startOnQueue(queue: QueueService, r: QueueVideoRequest, signal: AbortSignal): Promise<StartVideoOutput> {
  const send = async () => {
    await queue.token(signal);
    const { data } = await queue.client.POST('/video_generation', {
      params: { query: { type: r.type } },
      // the form carries the image file: sent as multipart/form-data as built (the browser sets the boundary)
      body: {} as QueueForm,
      bodySerializer: () => formOf(r),
      signal,
    });
    return data;
  };
  let data;
  try {
    data = await send();
  } catch (err) {
    // A stale token (e.g. the service restarted): drop it and try once with a fresh one.
    if (!(err instanceof ApiError && err.status === 401)) throw err;
    queue.clearToken();
    data = await send();
  }
  if (!data || typeof data !== 'object') throw new Error(VIDEO_MESSAGES.invalidResponse);
  // 02 §7: the client reads data.video_id, else id.
  return {
    id: data.data?.video_id ?? data.id ?? null,
    isTemporaryId: data.isTemporaryId,
    estimated_seconds: data.estimated_seconds,
    n8n_execution_id: data.n8n_execution_id ?? undefined,
  };
}

export interface VideoPollingActorOptions {
  /** The queue service, for queue-service requests (gallery image to video). */
  queue?: QueueService;
}

export function createVideoPollingActors(api: ApiClient, opts: VideoPollingActorOptions = {}) {
  return {
    startVideo: fromPromise<StartVideoOutput, StartVideoInput>(async ({ input, signal }) => {
      const t = withTimeout(signal, VIDEO_REQUEST_TIMEOUT_MS);
      try {
        if (isQueueVideoRequest(input.request)) {
          if (!opts.queue) throw new Error(QUEUE_NETWORK_ERROR_MESSAGE);
          return await startOnQueue(opts.queue, input.request, t.signal);
        }
        const { data } = await api.POST('/api/videos', { body: (input.request ?? {}) as VideoGenerationRequest, signal: t.signal });
        if (!data || typeof data !== 'object') throw new Error(VIDEO_MESSAGES.invalidResponse);
        return {
          id: data.id ?? null,
          isTemporaryId: data.isTemporaryId,
          estimated_seconds: data.estimated_seconds,
          estimated_sec: data.estimated_sec,
          n8n_execution_id: data.n8n_execution_id ?? undefined,
        };
      } catch (err) {
        if (t.timedOut()) throw new Error(VIDEO_MESSAGES.generateFailed, { cause: err });
        if (err instanceof NetworkError && isQueueVideoRequest(input.request)) throw new Error(QUEUE_NETWORK_ERROR_MESSAGE, { cause: err });
        throw withTitle(err);
      } finally {
        t.done();
      }
    }),
    pollVideoStatus: fromPromise<VideoStatusOutput, PollVideoStatusInput>(async ({ input, signal }) => {
      const id = Number(input.videoId);
      const { data } = await api.GET('/api/videos/{id}/status', { params: { path: { id } }, signal });
      if (!data?.status || typeof data.status.status !== 'number') throw new Error(VIDEO_MESSAGES.checkStatusFailed);
      return {
        status: data.status.status,
        progress: data.progress,
        estimated_seconds: data.estimated_seconds,
        credit_usage: data.credit_usage,
        video_url: data.video_url ?? data.status.data?.movie?.url ?? null,
        thumbnail_url: data.thumbnail_url,
        duration: data.status.data?.movie?.duration ?? null,
        error_message: data.error_message ?? data.status.error_message ?? null,
      };
    }),
  };
}
