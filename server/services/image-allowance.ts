/**
 * The refusals of an image generation (02 §8), for every place that makes images: the image generator
 * (server/routes/images.ts) and the long blog's pictures (server/services/long-blog.ts).
 */
import { HttpError } from '../http/errors';
import type { Allowance } from '../metering';
import { IMAGE_MESSAGES } from '../../machines/constants';

/** Our wording; it contains 'limit' so the client opens the image-limit-exceeded dialog (02 §8). */
export const IMAGE_LIMIT_MESSAGE = 'You have reached your image limit. Upgrade your plan to generate more images.';
export const IMAGE_LIMIT_TITLE = 'Image Limit';
export const SUBSCRIPTION_INACTIVE_MESSAGE = 'Your subscription is not active. Renew it to keep generating.';

/** The refusal for a plan that cannot start an image generation (02 §8). */
export function imageRefusal(a: Allowance): HttpError {
  if (a.plan === 'paid') return new HttpError(455, IMAGE_MESSAGES.insufficientCredits, { type: 'upgrade' });
  if (a.plan === 'free') return new HttpError(403, IMAGE_LIMIT_MESSAGE, { type: IMAGE_LIMIT_TITLE });
  return new HttpError(403, SUBSCRIPTION_INACTIVE_MESSAGE, { type: 'upgrade' });
}
