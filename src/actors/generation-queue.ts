/**
 * The generation queue's actor slots over the real client (02 §4 Generation queue, Image generation,
 * Video generation; §7; §8), and `provideGenerationQueue`, the machine with every slot filled — its
 * video children (videoPollingMachine) included.
 *
 *  - generateImage         → the image call the item's requestPayload names (see ImageRequestPayload):
 *                            POST /api/ImgGenerate (example prompts, remix), POST
 *                            /api/image-generation-new/generate-image (generator page), POST
 *                            /api/removeBackground, POST /api/image-generation-new/expand-ratio, POST
 *                            /api/image-generation-new/eraseGenrativeFillImageObject (form data).
 *                            A bare request body is sent to ImgGenerate for example-popup items (or when
 *                            it names image_prompt_id / is_remix) and to generate-image otherwise.
 *  - fetchInProgressVideos → GET /api/videos?in_progress=1&per_page=50 (02 §9: 50 for in-progress videos).
 *
 * Failures reject with the client middleware's ApiError ({status, type, message, errors}), which the
 * machine classifies (machines/queue-items.ts classifyImageError, 02 §8): type 'upgrade' or 455 → the
 * upgrade dialog; a message containing 'limit' → the image-limit dialog; 504 → 'Image generation timed
 * out. Please try again.' and a list refresh; 400 → the server's message; 401/403 → 'You are not
 * authorized…'; 429 → 'You have made too many requests…'; anything else → 'Image generation failed…'.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import {
  generationQueueMachine,
  type FetchInProgressVideosInput,
  type GenerateImageInput,
  type GenerateImageOutput,
  type InProgressVideoRecord,
} from '@machines/generation-queue.machine';
import { videoPollingMachine } from '@machines/video-polling.machine';
import { VIDEO_IN_PROGRESS_PAGE_SIZE } from '@machines/constants';
import { createVideoPollingActors, type VideoPollingActorOptions } from './video-polling';

type Schemas = components['schemas'];
type GeneratedImage = Schemas['GeneratedImage'];

/** What an image queue item's requestPayload holds: the call and its body. */
export type ImageRequestPayload =
  | { endpoint: 'example'; body: Schemas['ImgGenerateRequest'] }
  | { endpoint: 'generator'; body: Schemas['GenerateImageRequest'] }
  | { endpoint: 'removeBackground'; body: { image_url: string; imgsearch?: string } }
  | { endpoint: 'expandRatio'; body: { image_id: number; aspect_ratio: string } }
  | { endpoint: 'eraseOrFill'; body: { image_id: number | string; masked_image: Blob; prompt?: string } };

const isPayload = (p: unknown): p is ImageRequestPayload =>
  !!p && typeof p === 'object' && 'endpoint' in p && 'body' in p && typeof (p as { endpoint: unknown }).endpoint === 'string';

/** The call for a queue item (see the module comment). */
export function imageRequestOf(item: GenerateImageInput['item']): ImageRequestPayload {
  const p = item.requestPayload;
  if (isPayload(p)) return p;
  const body = (p ?? {}) as Record<string, unknown>;
  if (item.source === 'example_popup' || 'image_prompt_id' in body || 'is_remix' in body)
    return { endpoint: 'example', body: body as Schemas['ImgGenerateRequest'] };
  return { endpoint: 'generator', body: body as Schemas['GenerateImageRequest'] };
}

async function sendImageRequest(api: ApiClient, req: ImageRequestPayload, signal: AbortSignal): Promise<GeneratedImage | undefined> {
  switch (req.endpoint) {
    case 'example':
      return (await api.POST('/api/ImgGenerate', { body: req.body, signal })).data?.data;
    case 'generator':
      return (await api.POST('/api/image-generation-new/generate-image', { body: req.body, signal })).data?.data;
    case 'removeBackground':
      return (await api.POST('/api/removeBackground', { body: req.body, signal })).data?.data;
    case 'expandRatio':
      return (await api.POST('/api/image-generation-new/expand-ratio', { body: req.body, signal })).data?.data;
    case 'eraseOrFill': {
      const form = new FormData();
      form.set('image_id', String(req.body.image_id));
      form.set('masked_image', req.body.masked_image, 'mask.png');
      if (req.body.prompt) form.set('prompt', req.body.prompt);
      const { data } = await api.POST('/api/image-generation-new/eraseGenrativeFillImageObject', {
        body: {} as never,
        bodySerializer: () => form,
        signal,
      });
      return data?.data;
    }
  }
}

export function createGenerationQueueActors(api: ApiClient) {
  return {
    generateImage: fromPromise<GenerateImageOutput, GenerateImageInput>(async ({ input, signal }) => {
      const req = imageRequestOf(input.item);
      const image = await sendImageRequest(api, req, signal);
      // A 2xx without the image is a failure too ('Could not fetch image!' is the page's own default).
      if (!image?.image_url) throw new Error('Image generation failed. Please try again.');
      const promptId = image.image_prompt_id ?? (req.endpoint === 'example' ? req.body.image_prompt_id : undefined);
      const created = Date.parse(image.created_at);
      return {
        imageUrl: image.image_url,
        imageId: image.id,
        thumbnailUrl: image.compressed_image_url ?? undefined,
        creditUsage: image.credit_usage ?? undefined,
        examplePromptId: promptId ?? undefined,
        completedAt: Number.isNaN(created) ? undefined : created,
        image: image as unknown as Record<string, unknown>,
      };
    }),
    fetchInProgressVideos: fromPromise<InProgressVideoRecord[], FetchInProgressVideosInput>(async ({ signal }) => {
      const { data } = await api.GET('/api/videos', {
        params: { query: { in_progress: 1, per_page: VIDEO_IN_PROGRESS_PAGE_SIZE, page: 1 } },
        signal,
      });
      return (data?.data ?? []).map((v) => ({
        id: v.id,
        status: v.status,
        estimated_seconds: v.estimated_seconds,
        created_at: v.created_at,
        prompt: v.prompt,
        description: v.description,
        thumbnail_url: v.thumbnail_url,
        progress: v.progress,
        content_type: v.content_type,
      }));
    }),
  };
}

/**
 * The generation queue machine with its actors and its video children's actors provided:
 * `createActor(provideGenerationQueue(api), { input: {} })`. Pass `{ queue }` (createQueueService) so
 * gallery-image-to-video items can reach the video queue service.
 */
export function provideGenerationQueue(api: ApiClient, opts: VideoPollingActorOptions = {}) {
  return generationQueueMachine.provide({
    actors: {
      ...createGenerationQueueActors(api),
      videoPolling: videoPollingMachine.provide({ actors: createVideoPollingActors(api, opts) }),
    },
  });
}
