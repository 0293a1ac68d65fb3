/**
 * The work behind image generation and the gallery's image calls (server/routes/images.ts parses and answers) (02 §3 Generated image, §4 Image generation, §5, §7, §8):
 *   GET    /api/getImgList                            the user's images, newest first, 30 a page
 *   POST   /api/ImgGenerate                           from an example prompt (prompt and options; remix)
 *   POST   /api/image-generation-new/generate-image   from the generator page
 *   DELETE /api/delImage/{id}                         removes the image and its files
 *
 * Every generation produces a REAL PNG (server/media/image-renderer.ts: a deterministic abstract picture
 * from the prompt at the requested ratio) plus a smaller compressed PNG, stores both in media_files and the
 * record in images, and charges it (server/metering.ts) in ONE transaction: a failure leaves nothing.
 *
 * Refusals (02 §8, checked before rendering):
 *  - free plan, image limit reached → 403 'You have reached your image limit. …' (type 'Image Limit', the
 *    01 §8 limit title): the message contains 'limit', which opens the image-limit-exceeded dialog;
 *  - paid plan, no credits left → 455 'Insufficient credits to perform this request', type 'upgrade';
 *  - subscription not active (pending, overdue, expired, canceled) → 403, type 'upgrade' (our choice: the
 *    client's gate normally stops these first; the server still refuses);
 *  - free plan and an HD quality → 403, type 'upgrade' (02 §9 "HD images are not for free users").
 * Paid plans pay the credit matrix's image rate for the model's source: Model A/B/C → source 1/2/3 (02 §2).
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { Schemas } from '../types';
import { HttpError, MSG } from '../http/errors';
import { getAllowance, releaseGeneration, reserveGeneration, settleGeneration, type Hold } from '../metering';
import { parseRequestedSize, renderImage } from '../media/image-renderer';
import { deleteMedia, mediaFilesOf, publicMediaUrl, storeMedia } from '../media/store';
import { imageRefusal } from './image-allowance';

type ImageRow = typeof t.images.$inferSelect;
type GeneratedImage = Schemas['GeneratedImage'];

/** 02 §9: generated images are listed 30 a page. */
export const IMAGES_PAGE_SIZE = 30;
export const HD_NOT_FOR_FREE_MESSAGE = 'HD images are not available on the free plan. Upgrade to generate HD images.';
export const ALREADY_REMIX_MESSAGE = 'This image is already a remix.';
/** Marks images made by this renderer (background removal stays allowed: only dalle3 images block it, 02 §4). */
export const IMAGE_API_TYPE = 'reference';

/** 02 §2 "Model selector labels are Model A, B and C, mapped to source 1, 2 and 3". */
export function modelSource(model: string | null | undefined): 1 | 2 | 3 {
  const m = (model ?? '').trim();
  if (/^(model\s*)?b$/i.test(m) || m === '2') return 2;
  if (/^(model\s*)?c$/i.test(m) || m === '3') return 3;
  return 1;
}

/**
 * 02 §5: "Free plan: the image quality 'Standard' is not allowed and is changed to 'Medium'. A missing
 * quality defaults to 'Standard' on the free plan and 'Medium' on others." Read together: the free
 * default 'Standard' is then changed to 'Medium' by the first rule, so a free image is never 'Standard'.
 */
export function effectiveQuality(quality: string | null | undefined, isFree: boolean): string {
  const q = quality?.trim() || (isFree ? 'Standard' : 'Medium');
  return isFree && q.toLowerCase() === 'standard' ? 'Medium' : q;
}

const isHd = (quality: string) => /^(hd|hd[-_ ]quality|high definition)$/i.test(quality.trim());

export function toGeneratedImage(o: string, row: ImageRow, remixes: ImageRow[] = []): GeneratedImage {
  return {
    id: row.id,
    userId: row.userId,
    image_url: publicMediaUrl(o, row.imageUrl)!,
    compressed_image_url: publicMediaUrl(o, row.compressedImageUrl),
    prompt_text: row.promptText,
    model: row.model,
    ratio: row.ratio,
    display_ratio: row.displayRatio,
    size: row.size,
    quality: row.quality,
    display_quality: row.displayQuality,
    style: row.style,
    style_id: row.styleId,
    size_id: row.sizeId,
    template_id: row.templateId,
    template_type_id: row.templateTypeId,
    type: row.type,
    is_favorite: row.isFavorite ? 1 : 0,
    is_edit_image: row.isEditImage ? 1 : 0,
    is_remix: row.isRemix ? 1 : 0,
    is_bg_removed: row.isBgRemoved ? 1 : 0,
    image_api_type: row.imageApiType,
    created_at: row.createdAt.toISOString(),
    edit_image_prompt: row.editImagePrompt,
    credit_usage: row.creditUsage,
    from_example: row.fromExample ? 1 : 0,
    image_prompt_id: row.imagePromptId,
    // oldest first: "the latest entry is used for a remix" (02 §3)
    remix_generations: remixes
      .filter((r) => r.parentImageId === row.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((r) => ({ id: r.id, image_url: publicMediaUrl(o, r.imageUrl)!, created_at: r.createdAt.toISOString() })),
  };
}

async function remixesOf(db: Db, userId: number, ids: number[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(t.images)
    .where(and(eq(t.images.userId, userId), inArray(t.images.parentImageId, ids)));
}

/** What both generate calls hand to `generate` once their request is read. */
export interface ImageSpec {
  prompt: string;
  model: string | null;
  /** requested pixels (e.g. 1792x1024) and ratio label (e.g. 16:9) */
  pixels?: string | null;
  ratio?: string | null;
  size?: string | null;
  sizeId?: number | null;
  quality?: string | null;
  displayQuality?: string | null;
  style?: string | null;
  styleId?: number | null;
  templateId?: number | null;
  templateTypeId?: number | null;
  type?: string | null;
  imagePromptId?: number | null;
  parentImageId?: number | null;
  colors?: (string | undefined)[];
  /** extra text that changes the picture (brand, product) */
  extra?: string[];
}

type ImageDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Reserves one image, renders, stores and charges it in one transaction; a failure leaves nothing and releases the hold. */
export async function generateImage(deps: ImageDeps, userId: number, spec: ImageSpec): Promise<ImageRow> {
  const { db, clock } = deps;
  const now = clock.now();
  const allowance = await getAllowance(db, userId, now);
  const isFree = allowance.plan === 'free';
  if (isFree && isHd(effectiveQuality(spec.quality, isFree))) throw new HttpError(403, HD_NOT_FOR_FREE_MESSAGE, { type: 'upgrade' });
  // One image reserved before rendering (server/metering.ts); given back when anything below fails.
  const hold = await reserveGeneration(
    db,
    {
      userId,
      requestKey: `image:${randomUUID()}`,
      kind: 'image',
      description: `Image: ${spec.prompt.slice(0, 80)}`,
      images: 1,
      imageSource: modelSource(spec.model),
      refusal: imageRefusal,
    },
    now,
  );
  try {
    return await generateHeld(deps, userId, spec, hold);
  } finally {
    await releaseGeneration(db, hold, clock.now());
  }
}

async function generateHeld(deps: ImageDeps, userId: number, spec: ImageSpec, hold: Hold): Promise<ImageRow> {
  const { db, clock } = deps;
  const now = clock.now();
  const isFree = hold.allowance.plan === 'free';
  const quality = effectiveQuality(spec.quality, isFree);

  let parent: ImageRow | undefined;
  if (spec.parentImageId) {
    [parent] = await db
      .select()
      .from(t.images)
      .where(and(eq(t.images.id, spec.parentImageId), eq(t.images.userId, userId)))
      .limit(1);
    if (!parent) throw new HttpError(404, MSG.notFound);
    // 02 §4 "Remix is disabled if the image is already a remix."
    if (parent.isRemix) throw new HttpError(400, ALREADY_REMIX_MESSAGE);
  }

  const size = parseRequestedSize(spec.pixels ?? parent?.ratio, spec.ratio ?? parent?.displayRatio);
  // The same prompt and options give the same first picture; each further generation of the same prompt
  // by the user (regenerate, retry) is a new variation.
  const [{ n: earlier }] = await db
    .select({ n: count() })
    .from(t.images)
    .where(and(eq(t.images.userId, userId), eq(t.images.promptText, spec.prompt)));
  const seed = JSON.stringify([
    spec.prompt,
    spec.model ?? null,
    spec.styleId ?? spec.style ?? null,
    spec.templateId ?? null,
    quality,
    ...(spec.extra ?? []),
    parent?.id ?? null,
    earlier,
  ]);
  const rendered = renderImage(seed, size, spec.colors);

  const row = await db.transaction(async (tx) => {
    const imageUrl = await storeMedia(tx, mediaFilesOf(db), { userId, contentType: 'image/png', bytes: rendered.full.png, now });
    const compressedUrl = await storeMedia(tx, mediaFilesOf(db), { userId, contentType: 'image/png', bytes: rendered.compressed.png, now });
    const [inserted] = await tx
      .insert(t.images)
      .values({
        userId,
        imageUrl,
        compressedImageUrl: compressedUrl,
        promptText: spec.prompt,
        model: spec.model,
        ratio: size.pixels,
        displayRatio: size.ratio,
        size: spec.size ?? null,
        quality,
        displayQuality: spec.displayQuality ?? quality,
        style: spec.style ?? null,
        styleId: spec.styleId ?? null,
        sizeId: spec.sizeId ?? null,
        templateId: spec.templateId ?? null,
        templateTypeId: spec.templateTypeId ?? null,
        type: spec.type ?? null,
        isRemix: parent ? 1 : 0,
        imageApiType: IMAGE_API_TYPE,
        fromExample: spec.imagePromptId ? 1 : 0,
        imagePromptId: spec.imagePromptId ?? null,
        parentImageId: parent?.id ?? null,
        createdAt: now,
      })
      .returning();
    const requestKey = hold.requestKey;
    const charge = await settleGeneration(tx, hold, { images: 1 }, now, { imageId: inserted!.id });
    const [updated] = await tx
      .update(t.images)
      .set({ creditUsage: charge.credits, requestKey })
      .where(eq(t.images.id, inserted!.id))
      .returning();
    return updated!;
  });
  return row;
}

/** One page of the user's images, newest first, with each image's remixes. */
export async function listImages(db: Db, userId: number, page: number, perPage: number) {
  const [{ n: total }] = await db.select({ n: count() }).from(t.images).where(eq(t.images.userId, userId));
  const rows = await db
    .select()
    .from(t.images)
    .where(eq(t.images.userId, userId))
    .orderBy(desc(t.images.createdAt), desc(t.images.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const remixes = await remixesOf(db, userId, rows.map((x) => x.id));
  return { total, rows, remixes };
}

/** Deletes the user's image and its files; its remixes keep their own pictures. 404 when it is not theirs. */
export async function deleteImage(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(t.images)
      .where(and(eq(t.images.id, id), eq(t.images.userId, userId)))
      .returning();
    if (!row) throw new HttpError(404, MSG.notFound);
    await deleteMedia(tx, mediaFilesOf(db), userId, [row.imageUrl, row.compressedImageUrl]);
    // A remix keeps its own picture; it just no longer points at a parent.
    await tx.update(t.images).set({ parentImageId: null }).where(and(eq(t.images.userId, userId), eq(t.images.parentImageId, id)));
  });
}
