/**
 * Image generation and the gallery's image calls (02 §3, §4, §5, §7, §8): parse, call
 * server/services/images.ts (rendering, storing, metering and the refusals are described there), answer.
 *   GET    /api/getImgList                            the user's images, newest first, 30 a page
 *   POST   /api/ImgGenerate                           from an example prompt (prompt and options; remix)
 *   POST   /api/image-generation-new/generate-image   from the generator page
 *   DELETE /api/delImage/{id}                         removes the image and its files
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse } from '../types';
import { body, idParam, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { pageMeta } from '../db/queries';
import { IMAGES_PAGE_SIZE, deleteImage, generateImage, listImages, toGeneratedImage } from '../services/images';

export function imagesRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

  r.get('/api/getImgList', auth, async (c) => {
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'paginate', IMAGES_PAGE_SIZE, 100);
    const { total, rows, remixes } = await listImages(c.get('deps').db, c.get('auth').userId, page, perPage);
    const o = origin(c);
    const reply: JsonResponse<'/api/getImgList', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map((row) => toGeneratedImage(o, row, remixes)),
    };
    return c.json(reply, 200);
  });

  r.post('/api/ImgGenerate', auth, async (c) => {
    const b = body<JsonBody<'/api/ImgGenerate', 'post'>>(c);
    const row = await generateImage(c.get('deps'), c.get('auth').userId, {
      prompt: b.prompt.trim(),
      model: b.model ?? 'Model A',
      pixels: b.size && /\d+\s*x\s*\d+/i.test(b.size) ? b.size : undefined,
      ratio: b.ratio,
      size: b.size,
      sizeId: b.size_id,
      quality: b.quality,
      style: b.style,
      styleId: b.style_id,
      type: 'example',
      imagePromptId: b.image_prompt_id,
      parentImageId: b.is_remix === 1 ? (b.image_id ?? null) : null,
    });
    const reply: JsonResponse<'/api/ImgGenerate', 'post', 200> = { message: 'Image generated.', data: toGeneratedImage(origin(c), row) };
    return c.json(reply, 200);
  });

  r.post('/api/image-generation-new/generate-image', auth, async (c) => {
    const b = body<JsonBody<'/api/image-generation-new/generate-image', 'post'>>(c);
    const row = await generateImage(c.get('deps'), c.get('auth').userId, {
      prompt: b.prompt.trim(),
      model: b.model ?? 'Model A',
      pixels: b.aspectRatio,
      ratio: b.display_ratio,
      quality: b.quality,
      displayQuality: b.display_quality,
      styleId: b.style_id,
      templateId: b.template_id,
      templateTypeId: b.template_type_id,
      type: b.type ?? null,
      colors: b.include_brand ? [b.primaryColor, b.secondaryColor, b.tertiaryColor] : undefined,
      extra: [b.include_brand ? (b.brand_name ?? '') : '', b.product_title ?? ''],
    });
    const reply: JsonResponse<'/api/image-generation-new/generate-image', 'post', 200> = {
      message: 'Image generated.',
      data: toGeneratedImage(origin(c), row),
    };
    return c.json(reply, 200);
  });

  r.delete('/api/delImage/:id', auth, async (c) => {
    await deleteImage(c.get('deps').db, c.get('auth').userId, idParam(c));
    return c.json({ message: 'Image deleted successfully.', status: true } satisfies JsonResponse<'/api/delImage/{id}', 'delete', 200>, 200);
  });

  return r;
}

