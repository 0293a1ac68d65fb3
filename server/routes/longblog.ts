/**
 * Long blog writer calls (03 §7 "Long blog"; openapi/paths/longblog.yaml). What they do — generation, storage,
 * metering, the free long blog — is server/services/long-blog.ts; this file reads the requests and writes the answers.
 *   POST   /api/longBlog/createOutline             outline: streamed (ai generated, real_time_info) or JSON (google search)
 *   POST   /api/longBlog/generateContent           streamed HTML: introduction, checked sections, conclusion (or one section)
 *   POST   /api/longBlog/generateBasedOn{Intro|Conclusion|Section}   streamed HTML of one part (the wizard's per-part generation)
 *   POST   /api/longBlog/saveContent               the HTML of one part (a stopped generation, an edit)
 *   GET    /api/longBlog/list                      history, newest first, 4 a page by default
 *   GET    /api/longBlog/getBlogData/{id}          one blog with its outlines
 *   DELETE /api/longBlog/delete-blog/{id}
 *   POST   /api/longBlog/updateOutline             the edited section list (03 §4, §5)
 *   POST   /api/longBlog/updateSectionTitle | addSection | deleteSection
 *   POST   /api/longBlog/imageGeneration           a real PNG for the introduction, a section or the conclusion
 * Streams (server/http/sse.ts) end with `data: [DONE]` once the generation is stored and charged, or with an
 * `event: error` event when it fails half-way.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, idParam, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { validationError } from '../http/errors';
import { sseResponse } from '../http/sse';
import { pageMeta } from '../db/queries';
import { publicMediaUrl } from '../media/store';
import type { BlogRow, LongBlogService } from '../services/long-blog';
import { readContent, type PartChoice, type PartRef } from '../services/long-blog-content';
import { BLOG_HISTORY_PAGE_SIZE, BLOG_SECTION_FAILED_MESSAGE, OUTLINE_ERROR_FALLBACK } from '../../machines/constants';

type LongBlog = Schemas['LongBlog'];
type LongBlogOutline = Schemas['LongBlogOutline'];
type OutlineSource = Schemas['OutlineSource'];
type PartType = Schemas['BlogPartType'];
type MediaUrl = (u: string | null | undefined) => string | null;

/** An outline as answered: its pictures' stored paths made absolute URLs. */
function outlineToApi(o: LongBlogOutline, abs: MediaUrl): LongBlogOutline {
  return {
    ...o,
    introduction_image_url: abs(o.introduction_image_url),
    conclusion_image_url: abs(o.conclusion_image_url),
    sections: o.sections.map((s) => ({ ...s, image_url: abs(s.image_url) })),
  };
}

function toApi(row: BlogRow, base: string): LongBlog {
  const c = readContent(row.content);
  const abs: MediaUrl = (u) => publicMediaUrl(base, u ?? null);
  return {
    id: row.id,
    title: row.title,
    step: row.step,
    outline_source: row.outlineSource as OutlineSource,
    language_id: row.languageId,
    location: c.location,
    is_real_time: c.is_real_time ? 1 : 0,
    is_free_blog: c.free_blog ? 1 : 0,
    last_outline_index: c.last_outline_index,
    outlines: c.outlines.map((o) => outlineToApi(o, abs)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function longBlogRoutes(blogs: LongBlogService) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

  r.post('/api/longBlog/createOutline', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/createOutline', 'post'>>(c);
    const title = b.user_input_title.trim();
    if (!title) throw validationError({ user_input_title: ['The user input title field is required.'] });
    const source: OutlineSource = b.outline_source ?? 'ai generated';
    const outline = await blogs.startOutline(c.get('auth').userId, {
      title,
      source,
      blogId: b.blog_id,
      languageId: b.language_id,
      language: b.user_input_language ?? b.language,
      location: b.location,
      backgroundInfo: b.background_info,
      structure: b.structure,
      realTimeMode: b.real_time_mode,
    });
    const blogIdHeader = { 'X-Blog-Id': String(outline.blogId) };

    // A Google outline, or a client that asks for JSON only, gets the whole outline at once.
    const accept = c.req.header('accept') ?? '';
    const wantsJson = source === 'google search' || (/application\/json/i.test(accept) && !/text\/event-stream/i.test(accept));
    if (!wantsJson) return sseResponse(c.req.raw, outline.stream, { failureMessage: OUTLINE_ERROR_FALLBACK, headers: blogIdHeader });

    const stored = await outline.whole(c.req.raw.signal);
    c.header('X-Blog-Id', blogIdHeader['X-Blog-Id']);
    const abs: MediaUrl = (u) => publicMediaUrl(origin(c), u ?? null);
    const reply: JsonResponse<'/api/longBlog/createOutline', 'post', 200> = {
      structuredData: {
        blog_id: outline.blogId,
        structure: stored.structure ?? '',
        faviconUrl: null,
        url: null,
        outline_id: stored.id,
        outline: outlineToApi(stored, abs),
      },
    };
    return c.json(reply, 200);
  });

  r.post('/api/longBlog/generateContent', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/generateContent', 'post'>>(c);
    const choice: PartChoice = b.section_id != null ? { kind: 'section', id: b.section_id } : { kind: 'all' };
    const html = await blogs.startContent(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, requestId: b.request_id, choice });
    return sseResponse(c.req.raw, html, { failureMessage: BLOG_SECTION_FAILED_MESSAGE });
  });

  const partRoute = (path: '/api/longBlog/generateBasedOnIntro' | '/api/longBlog/generateBasedOnConclusion' | '/api/longBlog/generateBasedOnSection', kind: PartType) =>
    r.post(path, auth, async (c) => {
      const b = body<JsonBody<typeof path, 'post'>>(c);
      if (kind === 'section' && b.section_id == null) throw validationError({ section_id: ['The section id field is required.'] });
      const choice: PartRef = kind === 'section' ? { kind, id: b.section_id! } : { kind };
      const html = await blogs.startContent(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, requestId: b.request_id, choice });
      return sseResponse(c.req.raw, html, { failureMessage: BLOG_SECTION_FAILED_MESSAGE });
    });
  partRoute('/api/longBlog/generateBasedOnIntro', 'intro');
  partRoute('/api/longBlog/generateBasedOnConclusion', 'conclusion');
  partRoute('/api/longBlog/generateBasedOnSection', 'section');

  r.post('/api/longBlog/saveContent', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/saveContent', 'post'>>(c);
    let part: PartRef;
    if (b.section_id != null) part = { kind: 'section', id: b.section_id };
    else if (b.type === 'intro' || b.type === 'conclusion') part = { kind: b.type };
    else throw validationError({ type: ['The type field must be intro or conclusion when no section_id is given.'] });
    const row = await blogs.saveContent(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, part, html: b.content });
    return c.json({ data: toApi(row, origin(c)), message: 'Content saved.' } satisfies JsonResponse<'/api/longBlog/saveContent', 'post', 200>, 200);
  });

  r.get('/api/longBlog/list', auth, async (c) => {
    const page = intQuery(c, 'pageNo', intQuery(c, 'page', 1, 100_000), 100_000);
    const perPage = intQuery(c, 'per_page', BLOG_HISTORY_PAGE_SIZE, 100);
    const { rows, total } = await blogs.list(c.get('auth').userId, page, perPage);
    const reply: JsonResponse<'/api/longBlog/list', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map((x) => ({
        id: x.id,
        title: x.title,
        step: x.step,
        outline_source: x.outlineSource as OutlineSource,
        language_id: x.languageId,
        created_at: x.createdAt.toISOString(),
        updated_at: x.updatedAt.toISOString(),
      })),
    };
    return c.json(reply, 200);
  });

  r.get('/api/longBlog/getBlogData/:id', auth, async (c) => {
    const row = await blogs.get(c.get('auth').userId, idParam(c));
    return c.json({ data: toApi(row, origin(c)) } satisfies JsonResponse<'/api/longBlog/getBlogData/{id}', 'get', 200>, 200);
  });

  r.delete('/api/longBlog/delete-blog/:id', auth, async (c) => {
    await blogs.delete(c.get('auth').userId, idParam(c));
    return c.json({ message: 'Blog deleted.', status: true } satisfies JsonResponse<'/api/longBlog/delete-blog/{id}', 'delete', 200>, 200);
  });

  r.post('/api/longBlog/updateSectionTitle', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/updateSectionTitle', 'post'>>(c);
    const title = b.title.trim();
    if (!title) throw validationError({ title: ['The title field is required.'] });
    const row = await blogs.renameSection(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, sectionId: b.section_id, title });
    return c.json({ data: toApi(row, origin(c)), message: 'Section updated.' } satisfies JsonResponse<'/api/longBlog/updateSectionTitle', 'post', 200>, 200);
  });

  r.post('/api/longBlog/addSection', auth, async (c) => {
    const row = await blogs.addSection(c.get('auth').userId, body<JsonBody<'/api/longBlog/addSection', 'post'>>(c));
    return c.json({ data: toApi(row, origin(c)), message: 'Section added.' } satisfies JsonResponse<'/api/longBlog/addSection', 'post', 200>, 200);
  });

  r.post('/api/longBlog/updateOutline', auth, async (c) => {
    const row = await blogs.updateOutline(c.get('auth').userId, body<JsonBody<'/api/longBlog/updateOutline', 'post'>>(c));
    return c.json({ data: toApi(row, origin(c)), message: 'Outline saved.' } satisfies JsonResponse<'/api/longBlog/updateOutline', 'post', 200>, 200);
  });

  r.post('/api/longBlog/deleteSection', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/deleteSection', 'post'>>(c);
    const row = await blogs.deleteSection(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, sectionId: b.section_id });
    return c.json({ data: toApi(row, origin(c)), message: 'Section deleted.' } satisfies JsonResponse<'/api/longBlog/deleteSection', 'post', 200>, 200);
  });

  r.post('/api/longBlog/imageGeneration', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/imageGeneration', 'post'>>(c);
    const type: PartType = b.type ?? 'section';
    if (type === 'section' && b.section_id == null) throw validationError({ section_id: ['The section id field is required.'] });
    const requested: PartRef = type === 'section' ? { kind: 'section', id: b.section_id! } : { kind: type };
    const { url, part } = await blogs.generateImage(c.get('auth').userId, { blogId: b.blog_id, outlineId: b.outline_id, part: requested, prompt: b.image_prompt });
    const reply: JsonResponse<'/api/longBlog/imageGeneration', 'post', 200> = {
      data: { url: publicMediaUrl(origin(c), url)!, blog_id: b.blog_id, outline_id: b.outline_id, type, section_id: part.kind === 'section' ? part.id : null },
      message: 'Image created.',
    };
    return c.json(reply, 200);
  });

  return r;
}
