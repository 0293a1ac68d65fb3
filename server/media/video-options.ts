/**
 * The video form's option lists (02 §3 Video options: each has is_default; content types also have
 * available and value) and the reference service's video pricing and timing.
 * Titles of styles are not in the spec except the defaults (02 §9: voice-over 'Professional Male',
 * audio and video styles 'Auto', aspect ratio 9:16); the other entries are ours.
 */
import { VIDEO_CREDITS_PER_SECOND, VIDEO_PREMIUM_CREDITS_PER_SECOND } from '../../machines/constants';

export interface VideoOptionEntry {
  id: number;
  title: string;
  value: string;
  is_default: boolean;
  available?: boolean;
  description?: string | null;
}

const list = (titles: string[], def: string, values?: string[]): VideoOptionEntry[] =>
  titles.map((title, i) => ({ id: i + 1, title, value: values?.[i] ?? title, is_default: title === def }));

export const VIDEO_CONTENT_TYPE_VALUES = [
  'text_to_video',
  'text_to_reels_video',
  'image_to_video',
  'image_to_360_video',
  'image_to_virtual_product',
  'image_to_vfx_ad_video',
  'image_to_ugc_ad_video',
] as const;
export type VideoContentTypeValue = (typeof VIDEO_CONTENT_TYPE_VALUES)[number];

export const VIDEO_OPTIONS = {
  voiceOverStyles: list(['Professional Male', 'Professional Female', 'Friendly Male', 'Friendly Female', 'Narrator'], 'Professional Male'),
  videoStyles: list(['Auto', 'Cinematic', 'Realistic', 'Animated', '3D Render', 'Minimal'], 'Auto'),
  audioStyles: list(['Auto', 'Upbeat', 'Calm', 'Dramatic', 'Corporate', 'No music'], 'Auto'),
  aspectRatios: list(['9:16', '16:9', '1:1', '4:5'], '9:16'),
  // 02 §2 Gallery: content-type badge labels TEXT TO VIDEO, 360° VIDEO, PRODUCT AD, VFX AD, UGC AD.
  contentTypes: list(
    ['Text to Video', 'Text to Reels Video', 'Image to Video', '360° Video', 'Product Ad', 'VFX Ad', 'UGC Ad'],
    'Text to Video',
    [...VIDEO_CONTENT_TYPE_VALUES],
  ).map((o) => ({ ...o, available: true })),
  models: list(['Model A', 'Model B'], 'Model A'),
  scenes: list(['Auto', '1', '2', '3', '4', '5'], 'Auto'),
};

export const isImageContentType = (t: string) => t.startsWith('image_to_');

/**
 * 02 §9 default durations: 5 s for the 360, product-ad and VFX types and image-to-video; 15 s in the
 * form, raised to at least 15 for text-to-reels; UGC 0 or 5 (the sources disagree: 0 is no video, so 5).
 * A requested 0 means "the default". Rendering is capped at VIDEO_MAX_RENDER_SECONDS (the form's slider
 * goes to 10; the hint says the actual length may differ).
 */
export const VIDEO_MAX_RENDER_SECONDS = 60;
export function videoDurationFor(contentType: string, requested: number | null | undefined): number {
  const fixedFive = ['image_to_360_video', 'image_to_virtual_product', 'image_to_vfx_ad_video'];
  if (fixedFive.includes(contentType)) return 5;
  let d = requested && requested > 0 ? requested : ['image_to_video', 'image_to_ugc_ad_video'].includes(contentType) ? 5 : 15;
  if (contentType === 'text_to_reels_video') d = Math.max(15, d);
  return Math.min(VIDEO_MAX_RENDER_SECONDS, Math.max(1, Math.round(d)));
}

export const isPremiumQuality = (q: string | null | undefined) => q === 'premium' || q === 'hd-quality';

/** Credits a video costs (our price; 02 §9 "Prices are not shown"). */
export function videoCredits(durationSec: number, quality: string | null | undefined): number {
  return Math.ceil(durationSec * (isPremiumQuality(quality) ? VIDEO_PREMIUM_CREDITS_PER_SECOND : VIDEO_CREDITS_PER_SECOND));
}

/**
 * Simulated processing time of the reference renderer, on the injected clock: the video waits
 * VIDEO_PENDING_SECONDS as pending (status 2), then processes (status 1) until ready_at.
 * estimated_seconds = 20 + the clip length (a 5 s clip is ready after 25 s: three 10 s polls).
 */
export const VIDEO_PENDING_SECONDS = 5;
export const videoEstimatedSeconds = (durationSec: number) => 20 + durationSec;

/** The queue service's models for image-to-video types (GET /queue/video-generation/model-list). */
export function queueVideoModels(contentType: string) {
  const durations = contentType === 'image_to_video' ? [5, 10] : [5];
  return [
    { id: 'model-a', title: 'Model A', display_title: 'Model A (fast)', value: 'model-a', is_default: true, durations, qualities: ['standard', 'hd-quality'] },
    { id: 'model-b', title: 'Model B', display_title: 'Model B (detailed)', value: 'model-b', is_default: false, durations, qualities: ['standard', 'hd-quality'] },
  ];
}
