/**
 * Pure helpers of the generation queue (02 §3 Generation queue item, §4 Generation queue,
 * §8 Images / Video). No time source here: the current time always comes in as an argument.
 */
import {
  IMAGE_MESSAGES,
  IMAGE_UPGRADE_ERROR_CODE,
  QUEUE_DUPLICATE_WINDOW_MS,
  VIDEO_IN_PROGRESS_WINDOW_MS,
  VIDEO_MESSAGES,
  VIDEO_STATUS,
} from './constants';

/** 02 §3: queue item sources. */
export type QueueItemSource =
  | 'example_popup'
  | 'regenerate'
  | 'retry'
  | 'bg_removal'
  | 'expand'
  | 'erase'
  | 'generative_fill'
  | 'gallery_image_video';

/** 02 §3: queue item status values. */
export type QueueItemStatus = 'pending' | 'generating' | 'success' | 'error';

/** 02 §3 Generation queue item: every field of the spec (snake_case kept where the spec has it). */
export interface QueueItem {
  id: string;
  type: 'image' | 'video';
  contentType?: string;
  source: QueueItemSource;
  status: QueueItemStatus;
  prompt: string;
  /** The spec names both modelName and model. */
  modelName?: string;
  model?: string;
  aspectRatio?: string;
  imageUrl?: string;
  imageId?: string | number;
  videoId?: string | number;
  videoUrl?: string;
  thumbnailUrl?: string;
  isGenerating: boolean;
  error?: string;
  queuePosition?: number;
  estimatedSeconds?: number;
  progress?: number;
  currentTime?: number;
  startTime?: number;
  retryCount: number;
  updatedAt: number;
  created_at: number;
  credit_usage?: number;
  requestPayload?: unknown;
  /** Gallery-image-to-video items only (02 §3). */
  n8nExecutionId?: string;
  duration?: number;
  galImageToVideo?: unknown;
  /** A check-later message for a temporary video id (02 §4 Video generation). */
  message?: string;
}

/** What a caller supplies for `queue.add`; the machine fills id, status, counters and times. */
export type NewQueueItem = Omit<
  QueueItem,
  'id' | 'status' | 'isGenerating' | 'retryCount' | 'updatedAt' | 'created_at' | 'queuePosition'
> & { id?: string; retryCount?: number };

export const isActiveItem = (item: Pick<QueueItem, 'status'>): boolean =>
  item.status === 'pending' || item.status === 'generating';

/**
 * The duplicate key of 02 §4 ("the same key"): type, source, target image, prompt and the options
 * that change the result. The spec does not list the fields; these are the ones a user can vary.
 */
export function queueItemKey(item: Pick<QueueItem, 'type' | 'source' | 'prompt'> & Partial<QueueItem>): string {
  return JSON.stringify([
    item.type,
    item.source === 'retry' ? 'retry' : item.source,
    item.imageId ?? null,
    item.prompt.trim(),
    item.contentType ?? null,
    item.modelName ?? item.model ?? null,
    item.aspectRatio ?? null,
  ]);
}

/**
 * 02 §4: a duplicate is ignored if it arrives within 1 s with the same key, or if an active
 * (pending or generating) item matches.
 */
export function isDuplicateAdd(
  items: readonly QueueItem[],
  recentKeys: Readonly<Record<string, number>>,
  key: string,
  now: number,
): boolean {
  const last = recentKeys[key];
  if (last !== undefined && now - last < QUEUE_DUPLICATE_WINDOW_MS) return true;
  return items.some((i) => isActiveItem(i) && queueItemKey(i) === key);
}

/** Keys older than the duplicate window are dropped so the map does not grow without bound. */
export function pruneRecentKeys(recentKeys: Readonly<Record<string, number>>, now: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, t] of Object.entries(recentKeys)) if (now - t < QUEUE_DUPLICATE_WINDOW_MS) out[k] = t;
  return out;
}

/**
 * 02 §4: renumber the active items from 1 in the order they will be served: the generating ones
 * first, then pending ones oldest first (new items are added at the front, so the oldest is last).
 * Returns the items in their original order and the next counter value (active count + 1).
 */
export function renumberActive(items: readonly QueueItem[]): { items: QueueItem[]; counter: number } {
  const order = [
    ...items.filter((i) => i.status === 'generating').reverse(),
    ...items.filter((i) => i.status === 'pending').reverse(),
  ];
  const pos = new Map(order.map((i, n) => [i.id, n + 1]));
  return {
    items: items.map((i) => (pos.has(i.id) ? { ...i, queuePosition: pos.get(i.id) } : { ...i, queuePosition: undefined })),
    counter: order.length + 1,
  };
}

/** The next pending item to pick up: the oldest pending one (the last in the list). */
export function nextPendingItem(items: readonly QueueItem[]): QueueItem | undefined {
  for (let n = items.length - 1; n >= 0; n--) if (items[n]!.status === 'pending') return items[n];
  return undefined;
}

export function hasRequestPayload(item: QueueItem | undefined): boolean {
  return item?.requestPayload !== undefined && item.requestPayload !== null;
}

/** The error value an actor slot rejects with (normalised by the client middleware). */
export interface ApiErrorLike {
  status?: number;
  type?: string;
  code?: number;
  title?: string;
  message?: string;
  error?: { message?: string };
  errors?: unknown;
}

function asApiError(err: unknown): ApiErrorLike {
  if (err && typeof err === 'object') return err as ApiErrorLike;
  if (typeof err === 'string') return { message: err };
  return {};
}

/** 02 §8 Video: "Messages come from message, error.message or an errors list." */
export function apiErrorMessage(err: unknown): string | undefined {
  const e = asApiError(err);
  if (typeof e.message === 'string' && e.message.trim()) return e.message;
  if (typeof e.error?.message === 'string' && e.error.message.trim()) return e.error.message;
  const list = Array.isArray(e.errors)
    ? e.errors
    : e.errors && typeof e.errors === 'object'
      ? Object.values(e.errors as Record<string, unknown>).flat()
      : [];
  const texts = list.map((x) => (typeof x === 'string' ? x : (x as { message?: string })?.message)).filter(Boolean);
  return texts.length ? texts.join(' ') : undefined;
}

/**
 * 02 §8 Video: "Failed videos show a cleaned error message". The spec names the cleaning but not
 * its rule; this is ours, written down: trim; strip any leading "Error:"/"error -" prefixes; strip a
 * trailing stack or JSON blob after the first newline; collapse runs of whitespace. An empty result
 * falls back to the processing default 'An error occurred while processing your video' (the card
 * shows 'Video generation failed' when even that is absent: VIDEO_MESSAGES.failedFallback).
 */
export function cleanVideoErrorMessage(raw: unknown): string {
  if (typeof raw !== 'string') return VIDEO_MESSAGES.processingDefault;
  let s = raw.split('\n')[0]!.trim();
  while (/^error\s*[:-]\s*/i.test(s)) s = s.replace(/^error\s*[:-]\s*/i, '');
  s = s.replace(/\s+/g, ' ').trim();
  return s || VIDEO_MESSAGES.processingDefault;
}

/** 02 §8 Images: how an image generation failure is shown. */
export type ImageErrorOutcome =
  | { kind: 'imageLimit'; message: string }
  | { kind: 'upgrade'; message: string }
  | { kind: 'message'; message: string; refreshList: boolean };

export function classifyImageError(err: unknown): ImageErrorOutcome {
  const e = asApiError(err);
  const msg = apiErrorMessage(err);
  if (e.type === 'upgrade' || e.status === IMAGE_UPGRADE_ERROR_CODE || e.code === IMAGE_UPGRADE_ERROR_CODE)
    return { kind: 'upgrade', message: msg ?? IMAGE_MESSAGES.insufficientCredits };
  if (msg && /limit/i.test(msg)) return { kind: 'imageLimit', message: msg };
  switch (e.status) {
    case 504:
      return { kind: 'message', message: IMAGE_MESSAGES.timedOut, refreshList: true };
    case 400:
      return { kind: 'message', message: msg ?? IMAGE_MESSAGES.badRequest, refreshList: false };
    case 401:
    case 403:
      return { kind: 'message', message: IMAGE_MESSAGES.unauthorized, refreshList: false };
    case 429:
      return { kind: 'message', message: IMAGE_MESSAGES.tooManyRequests, refreshList: false };
    default:
      return { kind: 'message', message: IMAGE_MESSAGES.failed, refreshList: false };
  }
}

/** 02 §8 Video: how a failed start request is handled. */
export type VideoStartErrorOutcome =
  | { kind: 'invalidImage'; title: string; message?: string }
  | { kind: 'validation'; title: string; message?: string }
  | { kind: 'unauthorized'; message?: string }
  | { kind: 'upgrade'; message?: string }
  | { kind: 'failed'; message: string };

export function classifyVideoStartError(err: unknown, fallback: string = VIDEO_MESSAGES.generateFailed): VideoStartErrorOutcome {
  const e = asApiError(err);
  const msg = apiErrorMessage(err);
  if (e.type === 'upgrade') return { kind: 'upgrade', message: msg };
  if (e.status === 422) return { kind: 'invalidImage', title: e.title || VIDEO_MESSAGES.notValidImage, message: msg };
  if (e.status === 400) return { kind: 'validation', title: VIDEO_MESSAGES.validationError, message: msg };
  if (e.status === 401 || e.status === 403) return { kind: 'unauthorized', message: msg };
  return { kind: 'failed', message: msg ?? fallback };
}

export const isVideoInProgressStatus = (s: number): boolean =>
  s === VIDEO_STATUS.processing || s === VIDEO_STATUS.pending;
export const isVideoFailedStatus = (s: number): boolean => s === VIDEO_STATUS.error || s === VIDEO_STATUS.failed;
export const isVideoCompleteStatus = (s: number): boolean => s === VIDEO_STATUS.complete;

/** 02 §3 Video record: in progress = created in the last 24 h with status 1 or 2. */
export function isInProgressVideo(record: { created_at: string | number; status: number }, now: number): boolean {
  const created = typeof record.created_at === 'number' ? record.created_at : Date.parse(record.created_at);
  if (Number.isNaN(created)) return false;
  return now - created >= 0 && now - created < VIDEO_IN_PROGRESS_WINDOW_MS && isVideoInProgressStatus(record.status);
}
