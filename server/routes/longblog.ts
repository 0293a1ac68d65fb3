/**
 * Long blog writer calls (03 §3 Long blog post, §4 Long blog, §5, §6 one free long blog, §7 "Long blog", §8, §9):
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
 *
 * Storage: one long_blogs row per blog; everything below the blog lives in `content` (jsonb), shaped as
 * StoredContent below — the outlines are exactly the API's LongBlogOutline objects (image URLs kept
 * site-relative, made absolute when answered). Ids of outlines and sections are unique within the blog
 * (content.next_id). Every change reads the row FOR UPDATE inside a transaction, so an image finishing
 * while a section is stored never loses either write.
 *
 * Generation rules:
 *  - nothing is stored or charged until a generation is complete; an aborted request (the client's
 *    AbortSignal, or the response body cancelled) stops the AI at once and stores nothing — the client
 *    saves what it received with saveContent (03 §7 openapi description);
 *  - a complete generation is stored and charged (server/metering.ts: words on the free plan, credits
 *    on paid plans) in ONE transaction, keyed `long-blog:…` (request_id when the client sends one), then
 *    the stream ends with `data: [DONE]`; a failure half-way ends with an `event: error` event instead;
 *  - a new blog's id is reserved from the table's sequence before streaming (X-Blog-Id header) and the
 *    row is inserted only when its first outline is complete.
 *
 * Refusals, checked before generating, in the subscription gate's order (01 §4, 03 §6):
 *  1. subscription not active → 403 type 'upgrade';
 *  2. free plan, the free long blog already used, and the call starts another blog (or works on a blog
 *     that is not the free one) → 403 type 'longBlog' (03 §8 "Error type longBlog");
 *  3. free plan without words left / paid plan without credits left → 455 type 'upgrade' (03 §8 "Error
 *     type upgrade: open the upgrade (word limit) dialog").
 * The free long blog: the first blog a free user creates is marked `free_blog` and sets
 * users.is_blog_generated_free and subscriptions.long_blog_usage in the transaction that stores it
 * (choice: the free blog is the first one CREATED, so a second one is refused at outline time, which is
 * where 03 §8's longBlog rule sends the user back to step 1; the free blog itself stays fully usable).
 * Images are metered as images and never refused by the long-blog rule (01 §4 steps 5–6).
 *
 * No web search in the reference backend: a 'google search' or 'real_time_info' outline is written by
 * the AI provider from the title (and location); faviconUrl and url are null.
 */
import { Hono, type Context } from 'hono';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, escapeHtml, idParam, intQuery, origin } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, clientDataError, notFound, validationError } from '../http/errors';
import { getUser, pageMeta } from '../db/queries';
import { chargeGeneration, getAllowance, requireAllowance, type Allowance } from '../metering';
import { createOfflineWriter } from '../ai/offline-writer';
import { countWords, type AiMessage, type AiRequest, type AiWriter } from '../ai/types';
import { parseRequestedSize, renderImage } from '../media/image-renderer';
import { deleteMedia, publicMediaUrl, storeMedia } from '../media/store';
import { imageRefusal, SUBSCRIPTION_INACTIVE_MESSAGE } from './images';
import {
  BLOG_HISTORY_PAGE_SIZE,
  BLOG_SECTION_FAILED_MESSAGE,
  BLOG_UPGRADE_ERROR_TYPE,
  DEFAULT_BLOG_LANGUAGE_ID,
  GOOGLE_OUTLINE_ROUNDS,
  IMAGE_MESSAGES,
  LONG_BLOG_FREE_USED_MESSAGE,
  LONG_BLOG_LIMIT_ERROR_TYPE,
  NEW_SECTION_LENGTH,
  NEW_SECTION_TITLE,
  OUTLINE_ERROR_FALLBACK,
  OUTLINE_QUIET_STOP_MESSAGES,
} from '../../machines/constants';

type LongBlog = Schemas['LongBlog'];
type LongBlogOutline = Schemas['LongBlogOutline'];
type LongBlogSection = Schemas['LongBlogSection'];
type OutlineSource = Schemas['OutlineSource'];
type PartType = Schemas['BlogPartType'];
type BlogRow = typeof t.longBlogs.$inferSelect;

/** Our wording for a free user without words left (455 type 'upgrade'; the client opens the word-limit dialog). */
export const BLOG_WORD_LIMIT_MESSAGE = 'You have reached your word limit. Upgrade your plan to keep writing.';
/** 03 §8: 'Results limit already provided.' stops the Google outline fetch quietly; answered after 3 rounds (03 §9). */
export const GOOGLE_RESULTS_LIMIT_MESSAGE = OUTLINE_QUIET_STOP_MESSAGES[1];
/** Blog images are landscape (16:9), like the easy blog writer's default size (03 §9 1536x1024 is 3:2; 16:9 reads better as a header). */
export const BLOG_IMAGE_RATIO = '16:9';
/** Our cap on an introduction or conclusion (the spec gives lengths for sections only). */
export const INTRO_CONCLUSION_MAX_WORDS = 300;

/** The `content` jsonb of a long_blogs row. */
export interface StoredContent {
  version: 1;
  /** The free plan's one long blog (03 §6). */
  free_blog: boolean;
  is_real_time: boolean;
  real_time_mode: string | null;
  location: string | null;
  background_info: string | null;
  /** Next id for an outline or a section of this blog. */
  next_id: number;
  last_outline_index: number;
  outlines: LongBlogOutline[];
}

export function emptyContent(): StoredContent {
  return {
    version: 1,
    free_blog: false,
    is_real_time: false,
    real_time_mode: null,
    location: null,
    background_info: null,
    next_id: 1,
    last_outline_index: 0,
    outlines: [],
  };
}

/** Reads a row's jsonb defensively (a row written by hand or an older shape still answers). */
export function readContent(raw: unknown): StoredContent {
  const c = raw && typeof raw === 'object' ? (raw as Partial<StoredContent>) : {};
  const base = emptyContent();
  const outlines = Array.isArray(c.outlines) ? c.outlines : [];
  const maxId = outlines.reduce((m, o) => Math.max(m, o.id ?? 0, ...(o.sections ?? []).map((s) => s.id ?? 0)), 0);
  return {
    ...base,
    ...c,
    version: 1,
    outlines,
    next_id: Math.max(typeof c.next_id === 'number' ? c.next_id : 1, maxId + 1),
    last_outline_index: Math.min(Math.max(0, c.last_outline_index ?? outlines.length - 1), Math.max(0, outlines.length - 1)),
  };
}

// ---------------------------------------------------------------- outline text

export interface ParsedOutline {
  headings: { title: string; note: string | null }[];
}

/**
 * The AI's outline text → headings with their notes. A heading is a numbered ('1.', '2)'), bulleted or
 * Markdown-heading line, or an unindented plain line; an indented line after a heading is its note.
 */
export function parseOutline(text: string): ParsedOutline {
  const headings: ParsedOutline['headings'] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const marked = /^\s{0,3}(?:\d{1,2}[.)]|[-*•]|#{1,6})\s+(.+)$/.exec(raw);
    const indented = /^\s+/.test(raw);
    if (!marked && indented && headings.length > 0) {
      const last = headings[headings.length - 1]!;
      const note = clean(raw);
      last.note = last.note ? `${last.note} ${note}` : note;
      continue;
    }
    const title = clean(marked ? marked[1]! : raw);
    if (title) headings.push({ title, note: null });
  }
  return { headings };
}

const clean = (s: string) =>
  s
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/:$/, '')
    .slice(0, 500);

/** '1. Intro\n2. …' — the structure a Google outline is validated by (03 §5 needs '1.', '2.', '3.'). */
export const structureOf = (p: ParsedOutline) => p.headings.map((h, i) => `${i + 1}. ${h.title}`).join('\n');

/**
 * Builds the outline record. The prompt asks for the introduction first and the conclusion last, so with
 * three headings or more those two are the introduction and conclusion parts and the rest are the
 * sections; with fewer every heading is a section.
 */
export function buildOutline(content: StoredContent, parsed: ParsedOutline, source: OutlineSource, now: Date): LongBlogOutline {
  const hs = parsed.headings;
  const body = hs.length >= 3 ? hs.slice(1, -1) : hs;
  const id = content.next_id++;
  const sections: LongBlogSection[] = body.map((h, i) => ({
    id: content.next_id++,
    title: h.title,
    position: i + 1,
    isChecked: true,
    section_length: null,
    description: h.note,
    content: '',
    image_url: null,
  }));
  return {
    id,
    source,
    structure: structureOf(parsed),
    faviconUrl: null,
    url: null,
    introduction: '',
    conclusion: '',
    introduction_image_url: null,
    conclusion_image_url: null,
    sections,
    created_at: now.toISOString(),
  };
}

// ---------------------------------------------------------------- streamed paragraphs → HTML

/**
 * Plain generated text → HTML paragraphs, as it streams: text is escaped (the model's output is never
 * trusted as markup), a blank line starts a new paragraph, a single newline is a space. Newlines at the
 * end of a chunk are held back until the next chunk tells whether they end a paragraph.
 */
export function paragraphWriter() {
  let open = false;
  let pending = '';
  let html = '';
  const out = (s: string) => {
    html += s;
    return s;
  };
  return {
    push(chunk: string): string {
      let s = pending + chunk;
      const trailing = /\n+$/.exec(s);
      pending = trailing ? trailing[0] : '';
      if (trailing) s = s.slice(0, trailing.index);
      let res = '';
      s.split(/\n\s*\n/).forEach((part, i) => {
        if (i > 0 && open) {
          res += '</p>';
          open = false;
        }
        const text = part.replace(/\n/g, ' ');
        if (!open) {
          const start = text.trimStart();
          if (!start) return;
          res += `<p>${escapeHtml(start)}`;
          open = true;
        } else res += escapeHtml(text);
      });
      return out(res);
    },
    end(): string {
      pending = '';
      if (!open) return '';
      open = false;
      return out('</p>');
    },
    get html() {
      return html;
    },
  };
}

// ---------------------------------------------------------------- SSE

/** An error for the log, without SQL parameters (as app.ts's onError logs; not imported from there to avoid a cycle). */
const redact = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)).replace(/params: [^\n]*/g, 'params: [redacted]');

interface SseRun {
  emit(text: string): void;
  signal: AbortSignal;
}

/**
 * A text/event-stream answer: `data: {"content": …}` events, `data: [DONE]` when `run` completes, an
 * `event: error` event (data: ErrorBody) when it throws. The request's AbortSignal and a cancelled body
 * both abort `signal`, which stops the AI provider; nothing is written after an abort.
 */
function sseResponse(c: Context<AppEnv>, headers: Record<string, string>, fallback: string, run: (s: SseRun) => Promise<void>): Response {
  const ac = new AbortController();
  const reqSignal = c.req.raw.signal;
  const abort = () => ac.abort();
  if (reqSignal?.aborted) ac.abort();
  else reqSignal?.addEventListener('abort', abort, { once: true });
  const enc = new TextEncoder();
  let closed = false;
  const label = `${c.req.method} ${c.req.path}`;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (s: string) => {
        if (closed || ac.signal.aborted) return;
        try {
          controller.enqueue(enc.encode(s));
        } catch {
          closed = true;
        }
      };
      void (async () => {
        try {
          await run({ emit: (text) => text && write(`data: ${JSON.stringify({ content: text })}\n\n`), signal: ac.signal });
          write('data: [DONE]\n\n');
        } catch (err) {
          if (!ac.signal.aborted) {
            // A value of the request PostgreSQL cannot store is the request's fault (422 body), not a server failure.
            const known = err instanceof HttpError ? err : clientDataError(err);
            const bodyOut = known ? known.body() : { message: fallback, type: 'Error' };
            if (!known) console.error(`[server] ${label} stream failed:`, redact(err));
            write(`event: error\ndata: ${JSON.stringify(bodyOut)}\n\n`);
          }
        } finally {
          reqSignal?.removeEventListener('abort', abort);
          if (!closed) {
            closed = true;
            try {
              controller.close();
            } catch {
              /* already cancelled */
            }
          }
        }
      })();
    },
    cancel() {
      closed = true;
      ac.abort();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      ...headers,
    },
  });
}

// ---------------------------------------------------------------- data access

async function loadOwnBlog(db: Db, userId: number, blogId: number, forUpdate = false): Promise<BlogRow> {
  const q = db
    .select()
    .from(t.longBlogs)
    .where(and(eq(t.longBlogs.id, blogId), eq(t.longBlogs.userId, userId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

function findOutline(content: StoredContent, outlineId: number): LongBlogOutline {
  const o = content.outlines.find((x) => x.id === outlineId);
  if (!o) throw notFound();
  return o;
}

function findSection(outline: LongBlogOutline, sectionId: number): LongBlogSection {
  const s = outline.sections.find((x) => x.id === sectionId);
  if (!s) throw notFound();
  return s;
}

const renumber = (sections: LongBlogSection[]) => sections.map((s, i) => ({ ...s, position: i + 1 }));

function toApi(row: BlogRow, base: string): LongBlog {
  const c = readContent(row.content);
  const abs = (u: string | null | undefined) => publicMediaUrl(base, u ?? null);
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

function outlineToApi(o: LongBlogOutline, abs: (u: string | null | undefined) => string | null): LongBlogOutline {
  return {
    ...o,
    introduction_image_url: abs(o.introduction_image_url),
    conclusion_image_url: abs(o.conclusion_image_url),
    sections: o.sections.map((s) => ({ ...s, image_url: abs(s.image_url) })),
  };
}

/** Changes a blog under a row lock; `change` edits the content in place. Answers the updated row. */
async function updateBlog(
  db: Db,
  userId: number,
  blogId: number,
  now: Date,
  change: (content: StoredContent, row: BlogRow, tx: Db) => Promise<Partial<Pick<BlogRow, 'step' | 'title'>> | void> | Partial<Pick<BlogRow, 'step' | 'title'>> | void,
): Promise<BlogRow> {
  return db.transaction(async (tx) => {
    const row = await loadOwnBlog(tx, userId, blogId, true);
    const content = readContent(row.content);
    const extra = (await change(content, row, tx)) ?? {};
    const [updated] = await tx
      .update(t.longBlogs)
      .set({ content, updatedAt: now, ...extra })
      .where(eq(t.longBlogs.id, blogId))
      .returning();
    return updated!;
  });
}

// ---------------------------------------------------------------- metering

/** The refusals of a blog generation (module comment, 1–3). `content` is the blog's, or null for a new blog. */
async function requireBlogAllowance(db: Db, userId: number, now: Date, content: StoredContent | null): Promise<Allowance> {
  const a = await getAllowance(db, userId, now);
  if (a.plan === 'inactive') throw new HttpError(403, SUBSCRIPTION_INACTIVE_MESSAGE, { type: BLOG_UPGRADE_ERROR_TYPE });
  if (a.plan === 'free') {
    const user = await getUser(db, userId);
    if (user?.isBlogGeneratedFree && !content?.free_blog)
      throw new HttpError(403, LONG_BLOG_FREE_USED_MESSAGE, { type: LONG_BLOG_LIMIT_ERROR_TYPE });
    if (a.wordsLeft <= 0) throw new HttpError(455, BLOG_WORD_LIMIT_MESSAGE, { type: BLOG_UPGRADE_ERROR_TYPE });
  } else if (a.creditsLeft <= 0) {
    throw new HttpError(455, IMAGE_MESSAGES.insufficientCredits, { type: BLOG_UPGRADE_ERROR_TYPE });
  }
  return a;
}

const chargeKey = (what: string, blogId: number, requestId: string | null | undefined) =>
  `long-blog:${what}:${blogId}:${requestId ?? randomUUID()}`;

// ---------------------------------------------------------------- prompts

async function languageName(db: Db, languageId: number | null | undefined, given?: string | null): Promise<string> {
  if (given && given.trim()) return given.trim();
  if (!languageId || languageId === DEFAULT_BLOG_LANGUAGE_ID) return 'English';
  const [row] = await db.select().from(t.languages).where(eq(t.languages.id, languageId)).limit(1);
  return row?.name ?? 'English';
}

function outlineRequest(o: { title: string; language: string; source: OutlineSource; location: string | null; background: string | null; structure: string | null }): AiRequest {
  const system =
    'You write blog outlines. Answer with a numbered list of headings, one per line: 1 is the introduction and the last ' +
    'is the conclusion. Under each heading you may add one indented line saying what it covers. No other text.';
  let user = `Write a blog outline for "${o.title}".`;
  if (o.language.toLowerCase() !== 'english') user += ` Write it in ${o.language}.`;
  if (o.source !== 'ai generated') user += ` Use the most recent information you know${o.location ? ` for readers in ${o.location}` : ''}.`;
  if (o.structure) user += `\nFollow this structure:\n${o.structure}`;
  if (o.background) user += `\nBackground information:\n${o.background}`;
  return { kind: 'outline', messages: [{ role: 'system', content: system }, { role: 'user', content: user }] };
}

/** 'Very Short (up to 300 words)' → 300; a length without a number ('Long') or none → no cap. */
export function wordsOfLength(length: string | null | undefined): number | undefined {
  const m = length ? /up to\s+([\d,]+)\s+words/i.exec(length) : null;
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
}

type PartRef = { kind: 'intro' } | { kind: 'conclusion' } | { kind: 'section'; id: number };

function partRequest(blogTitle: string, outline: LongBlogOutline, part: PartRef, language: string): AiRequest {
  const system =
    'You write one part of a blog post: plain paragraphs separated by a blank line. No headings, no lists, no Markdown.' +
    (language.toLowerCase() !== 'english' ? ` Write in ${language}.` : '');
  let user: string;
  let maxWords: number | undefined = INTRO_CONCLUSION_MAX_WORDS;
  const checked = outline.sections.filter((s) => s.isChecked).map((s) => s.title);
  if (part.kind === 'intro') user = `Write the introduction of the blog post "${blogTitle}". It covers: ${checked.join('; ')}.`;
  else if (part.kind === 'conclusion') user = `Write the conclusion of the blog post "${blogTitle}", which covered: ${checked.join('; ')}.`;
  else {
    const s = findSection(outline, part.id);
    user = `Write the section "${s.title}" of the blog post "${blogTitle}".${s.description ? ` ${s.description}` : ''}`;
    maxWords = wordsOfLength(s.section_length);
  }
  const messages: AiMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  return { kind: 'section', messages, maxWords };
}

function partTitle(outline: LongBlogOutline, part: PartRef): string {
  if (part.kind === 'intro') return 'Introduction';
  if (part.kind === 'conclusion') return 'Conclusion';
  return findSection(outline, part.id).title;
}

function setPart(outline: LongBlogOutline, part: PartRef, html: string): boolean {
  if (part.kind === 'intro') outline.introduction = html;
  else if (part.kind === 'conclusion') outline.conclusion = html;
  else {
    const s = outline.sections.find((x) => x.id === part.id);
    if (!s) return false; // deleted while generating: nothing to store for it
    s.content = html;
  }
  return true;
}

// ---------------------------------------------------------------- routes

export function longBlogRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();
  const aiOf = (c: Context<AppEnv>): AiWriter => {
    const deps = c.get('deps');
    return deps.ai ?? createOfflineWriter({ paceMs: deps.config.aiPaceMs });
  };

  // ---- createOutline
  r.post('/api/longBlog/createOutline', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/longBlog/createOutline', 'post'>>(c);
    const source: OutlineSource = b.outline_source ?? 'ai generated';
    const title = b.user_input_title.trim();
    if (!title) throw validationError({ user_input_title: ['The user input title field is required.'] });
    const now = clock.now();

    const existing = b.blog_id != null ? await loadOwnBlog(db, userId, b.blog_id) : undefined;
    const existingContent = existing ? readContent(existing.content) : null;
    const allowance = await requireBlogAllowance(db, userId, now, existingContent);
    if (source === 'google search' && existingContent && existingContent.outlines.filter((o) => o.source === 'google search').length >= GOOGLE_OUTLINE_ROUNDS)
      throw new HttpError(409, GOOGLE_RESULTS_LIMIT_MESSAGE);

    // An unknown language id is refused before anything streams (it used to fail when the outline was stored).
    if (b.language_id != null && b.language_id !== DEFAULT_BLOG_LANGUAGE_ID) {
      const known = b.language_id > 0 && b.language_id <= 2_147_483_647 && (await db.select({ id: t.languages.id }).from(t.languages).where(eq(t.languages.id, b.language_id)).limit(1)).length > 0;
      if (!known) throw validationError({ language_id: ['The selected language id is invalid.'] });
    }
    const blogId = existing?.id ?? (await reserveBlogId(db));
    const languageId = b.language_id ?? existing?.languageId ?? DEFAULT_BLOG_LANGUAGE_ID;
    const location = b.location ?? existingContent?.location ?? null;
    const req = outlineRequest({
      title,
      language: await languageName(db, languageId, b.user_input_language ?? b.language),
      source,
      location,
      background: b.background_info ?? null,
      // 03 §5: the structure is used only for real-time sources.
      structure: source === 'real_time_info' ? (b.structure ?? null) : null,
    });

    /** Stores the complete outline and charges it; the new blog's row is inserted here. */
    const store = (text: string) =>
      db.transaction(async (tx) => {
        const row = existing ? await loadOwnBlog(tx, userId, blogId, true) : undefined;
        const content = row ? readContent(row.content) : emptyContent();
        const outline = buildOutline(content, parseOutline(text), source, now);
        content.outlines.push(outline);
        content.last_outline_index = content.outlines.length - 1;
        content.is_real_time = source === 'real_time_info';
        content.real_time_mode = source === 'real_time_info' ? (b.real_time_mode ?? 'deep_search') : content.real_time_mode;
        content.location = location;
        if (b.background_info) content.background_info = b.background_info;
        if (!row) {
          if (allowance.plan === 'free') {
            // The free long blog (03 §6): taken by this blog, unless another request took it meanwhile.
            const took = await tx
              .update(t.users)
              .set({ isBlogGeneratedFree: true, updatedAt: now })
              .where(and(eq(t.users.id, userId), eq(t.users.isBlogGeneratedFree, false)))
              .returning({ id: t.users.id });
            if (took.length === 0) throw new HttpError(403, LONG_BLOG_FREE_USED_MESSAGE, { type: LONG_BLOG_LIMIT_ERROR_TYPE });
            content.free_blog = true;
          }
          await tx
            .update(t.subscriptions)
            .set({ longBlogUsage: sql`${t.subscriptions.longBlogUsage} + 1`, updatedAt: now })
            .where(eq(t.subscriptions.userId, userId));
          await tx.insert(t.longBlogs).values({ id: blogId, userId, title, outlineSource: source, languageId, step: 2, content, createdAt: now, updatedAt: now });
        } else {
          await tx
            .update(t.longBlogs)
            .set({ title, outlineSource: source, languageId, step: Math.max(row.step, 2), content, updatedAt: now })
            .where(eq(t.longBlogs.id, blogId));
        }
        await chargeGeneration(
          tx,
          { userId, requestKey: `long-blog:outline:${blogId}:${outline.id}`, kind: 'long-blog', description: `Long blog outline: ${title}`, words: countWords(text) },
          now,
        );
        return outline;
      });

    const accept = c.req.header('accept') ?? '';
    const wantsJson = source === 'google search' || (/application\/json/i.test(accept) && !/text\/event-stream/i.test(accept));
    const ai = aiOf(c);
    if (wantsJson) {
      const signal = c.req.raw.signal;
      let text = '';
      try {
        for await (const piece of ai.stream(req, signal)) text += piece;
      } catch (err) {
        console.error('[server] createOutline failed:', redact(err));
        throw new HttpError(500, OUTLINE_ERROR_FALLBACK);
      }
      // The client went away: nothing is stored (408 ends the Google rounds quietly, 03 §8).
      if (signal?.aborted) throw new HttpError(408, 'The request was cancelled.');
      if (!text.trim()) throw new HttpError(500, OUTLINE_ERROR_FALLBACK);
      const outline = await store(text);
      c.header('X-Blog-Id', String(blogId));
      const abs = (u: string | null | undefined) => publicMediaUrl(origin(c), u ?? null);
      const reply: JsonResponse<'/api/longBlog/createOutline', 'post', 200> = {
        structuredData: {
          blog_id: blogId,
          structure: outline.structure ?? '',
          faviconUrl: null,
          url: null,
          outline_id: outline.id,
          outline: outlineToApi(outline, abs),
        },
      };
      return c.json(reply, 200);
    }
    return sseResponse(c, { 'X-Blog-Id': String(blogId) }, OUTLINE_ERROR_FALLBACK, async ({ emit, signal }) => {
      let text = '';
      for await (const piece of ai.stream(req, signal)) {
        text += piece;
        emit(piece);
      }
      if (signal.aborted) return;
      if (!text.trim()) throw new HttpError(500, OUTLINE_ERROR_FALLBACK);
      await store(text);
    });
  });

  // ---- content generation (whole outline, one section, or one part)
  async function streamParts(
    c: Context<AppEnv>,
    o: { blogId: number; outlineId: number; parts: (blog: LongBlogOutline) => PartRef[]; headings: boolean; requestId?: string | null },
  ) {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const now = clock.now();
    const row = await loadOwnBlog(db, userId, o.blogId);
    const content = readContent(row.content);
    const outline = findOutline(content, o.outlineId);
    const parts = o.parts(outline); // throws 404 for an unknown section before anything streams
    await requireBlogAllowance(db, userId, now, content);
    const language = await languageName(db, row.languageId);
    const ai = aiOf(c);

    return sseResponse(c, {}, BLOG_SECTION_FAILED_MESSAGE, async ({ emit, signal }) => {
      const results: { part: PartRef; html: string }[] = [];
      let words = 0;
      for (const [i, part] of parts.entries()) {
        if (o.headings && i > 0) emit(`<h2>${escapeHtml(partTitle(outline, part))}</h2>`);
        const w = paragraphWriter();
        let text = '';
        for await (const piece of ai.stream(partRequest(row.title, outline, part, language), signal)) {
          text += piece;
          emit(w.push(piece));
        }
        if (signal.aborted) return; // stopped: nothing is stored or charged
        emit(w.end());
        words += countWords(text);
        results.push({ part, html: w.html });
      }
      await updateBlog(db, userId, o.blogId, clock.now(), async (fresh, current, tx) => {
        const target = fresh.outlines.find((x) => x.id === o.outlineId);
        if (!target) throw notFound(); // the outline went away while generating
        for (const r of results) setPart(target, r.part, r.html);
        await chargeGeneration(
          tx,
          { userId, requestKey: chargeKey('content', o.blogId, o.requestId), kind: 'long-blog', description: `Long blog: ${current.title}`, words },
          clock.now(),
        );
        return { step: Math.max(current.step, 3) };
      });
    });
  }

  r.post('/api/longBlog/generateContent', auth, async (c) => {
    const b = body<JsonBody<'/api/longBlog/generateContent', 'post'>>(c);
    const sectionId = b.section_id ?? null;
    return streamParts(c, {
      blogId: b.blog_id,
      outlineId: b.outline_id,
      requestId: b.request_id,
      headings: sectionId === null,
      parts: (outline) => {
        if (sectionId !== null) return [{ kind: 'section', id: findSection(outline, sectionId).id }];
        const sections = outline.sections.filter((s) => s.isChecked).map((s): PartRef => ({ kind: 'section', id: s.id }));
        return [{ kind: 'intro' }, ...sections, { kind: 'conclusion' }];
      },
    });
  });

  const partRoute = (path: '/api/longBlog/generateBasedOnIntro' | '/api/longBlog/generateBasedOnConclusion' | '/api/longBlog/generateBasedOnSection', kind: PartType) =>
    r.post(path, auth, async (c) => {
      const b = body<JsonBody<typeof path, 'post'>>(c);
      if (kind === 'section' && b.section_id == null) throw validationError({ section_id: ['The section id field is required.'] });
      return streamParts(c, {
        blogId: b.blog_id,
        outlineId: b.outline_id,
        requestId: b.request_id,
        headings: false,
        parts: (outline) =>
          kind === 'intro' ? [{ kind: 'intro' }] : kind === 'conclusion' ? [{ kind: 'conclusion' }] : [{ kind: 'section', id: findSection(outline, b.section_id!).id }],
      });
    });
  partRoute('/api/longBlog/generateBasedOnIntro', 'intro');
  partRoute('/api/longBlog/generateBasedOnConclusion', 'conclusion');
  partRoute('/api/longBlog/generateBasedOnSection', 'section');

  // ---- saveContent
  r.post('/api/longBlog/saveContent', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/longBlog/saveContent', 'post'>>(c);
    let part: PartRef;
    if (b.section_id != null) part = { kind: 'section', id: b.section_id };
    else if (b.type === 'intro' || b.type === 'conclusion') part = { kind: b.type };
    else throw validationError({ type: ['The type field must be intro or conclusion when no section_id is given.'] });
    const row = await updateBlog(db, c.get('auth').userId, b.blog_id, clock.now(), (content, current) => {
      const outline = findOutline(content, b.outline_id);
      if (part.kind === 'section') findSection(outline, part.id);
      setPart(outline, part, b.content);
      return { step: b.content.trim() ? Math.max(current.step, 3) : current.step };
    });
    return c.json({ data: toApi(row, origin(c)), message: 'Content saved.' } satisfies JsonResponse<'/api/longBlog/saveContent', 'post', 200>, 200);
  });

  // ---- list
  r.get('/api/longBlog/list', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const page = intQuery(c, 'pageNo', intQuery(c, 'page', 1, 100_000), 100_000);
    const perPage = intQuery(c, 'per_page', BLOG_HISTORY_PAGE_SIZE, 100);
    const [{ total }] = await db.select({ total: count() }).from(t.longBlogs).where(eq(t.longBlogs.userId, userId));
    const rows = await db
      .select({
        id: t.longBlogs.id,
        title: t.longBlogs.title,
        step: t.longBlogs.step,
        outlineSource: t.longBlogs.outlineSource,
        languageId: t.longBlogs.languageId,
        createdAt: t.longBlogs.createdAt,
        updatedAt: t.longBlogs.updatedAt,
      })
      .from(t.longBlogs)
      .where(eq(t.longBlogs.userId, userId))
      .orderBy(desc(t.longBlogs.createdAt), desc(t.longBlogs.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
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

  // ---- getBlogData/{id}
  r.get('/api/longBlog/getBlogData/:id', auth, async (c) => {
    const row = await loadOwnBlog(c.get('deps').db, c.get('auth').userId, idParam(c));
    return c.json({ data: toApi(row, origin(c)) } satisfies JsonResponse<'/api/longBlog/getBlogData/{id}', 'get', 200>, 200);
  });

  // ---- delete-blog/{id}
  r.delete('/api/longBlog/delete-blog/:id', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const id = idParam(c);
    await db.transaction(async (tx) => {
      const row = await loadOwnBlog(tx, userId, id, true);
      const content = readContent(row.content);
      const urls = content.outlines.flatMap((o) => [o.introduction_image_url, o.conclusion_image_url, ...o.sections.map((s) => s.image_url)]);
      await deleteMedia(tx, userId, urls);
      await tx.delete(t.longBlogs).where(eq(t.longBlogs.id, id));
    });
    return c.json({ message: 'Blog deleted.', status: true } satisfies JsonResponse<'/api/longBlog/delete-blog/{id}', 'delete', 200>, 200);
  });

  // ---- sections
  r.post('/api/longBlog/updateSectionTitle', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/longBlog/updateSectionTitle', 'post'>>(c);
    const title = b.title.trim();
    if (!title) throw validationError({ title: ['The title field is required.'] });
    const row = await updateBlog(db, c.get('auth').userId, b.blog_id, clock.now(), (content) => {
      findSection(findOutline(content, b.outline_id), b.section_id).title = title;
    });
    return c.json({ data: toApi(row, origin(c)), message: 'Section updated.' } satisfies JsonResponse<'/api/longBlog/updateSectionTitle', 'post', 200>, 200);
  });

  r.post('/api/longBlog/addSection', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const b = body<JsonBody<'/api/longBlog/addSection', 'post'>>(c);
    const row = await updateBlog(db, c.get('auth').userId, b.blog_id, clock.now(), (content) => {
      const outline = findOutline(content, b.outline_id);
      const section: LongBlogSection = {
        id: content.next_id++,
        title: b.title?.trim() || NEW_SECTION_TITLE,
        position: 0,
        isChecked: true,
        section_length: b.section_length?.trim() || NEW_SECTION_LENGTH,
        description: null,
        content: '',
        image_url: null,
      };
      let at = outline.sections.length;
      if (b.section_below_id) {
        const i = outline.sections.findIndex((s) => s.id === b.section_below_id);
        if (i < 0) throw notFound();
        at = i + 1;
      } else if (b.position) at = Math.min(b.position - 1, outline.sections.length);
      const sections = [...outline.sections];
      sections.splice(at, 0, section);
      outline.sections = renumber(sections);
    });
    return c.json({ data: toApi(row, origin(c)), message: 'Section added.' } satisfies JsonResponse<'/api/longBlog/addSection', 'post', 200>, 200);
  });

  r.post('/api/longBlog/updateOutline', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/longBlog/updateOutline', 'post'>>(c);
    const row = await updateBlog(db, userId, b.blog_id, clock.now(), async (content, _row, tx) => {
      const outline = findOutline(content, b.outline_id);
      const byId = new Map(outline.sections.map((s) => [s.id, s]));
      const kept = new Set<number>();
      const sections: LongBlogSection[] = [];
      for (const given of b.currentOutline.sections) {
        const title = given.title.trim();
        // 03 §5: an empty title or the placeholder heading is dropped when the outline is saved.
        if (!title || title.toLowerCase() === NEW_SECTION_TITLE.toLowerCase()) continue;
        const old = given.id != null ? byId.get(given.id) : undefined;
        if (old && kept.has(old.id)) continue; // listed twice: keep the first
        if (old) kept.add(old.id);
        sections.push({
          ...(old ?? { id: content.next_id++, description: null, content: '', image_url: null, section_length: NEW_SECTION_LENGTH }),
          title,
          position: 0,
          isChecked: given.isChecked ?? old?.isChecked ?? true,
          section_length: given.section_length !== undefined ? given.section_length : (old?.section_length ?? NEW_SECTION_LENGTH),
        });
      }
      await deleteMedia(tx, userId, outline.sections.filter((s) => !kept.has(s.id)).map((s) => s.image_url));
      outline.sections = renumber(sections);
    });
    return c.json({ data: toApi(row, origin(c)), message: 'Outline saved.' } satisfies JsonResponse<'/api/longBlog/updateOutline', 'post', 200>, 200);
  });

  r.post('/api/longBlog/deleteSection', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/longBlog/deleteSection', 'post'>>(c);
    const row = await updateBlog(db, userId, b.blog_id, clock.now(), async (content, _row, tx) => {
      const outline = findOutline(content, b.outline_id);
      const section = findSection(outline, b.section_id);
      await deleteMedia(tx, userId, [section.image_url]);
      outline.sections = renumber(outline.sections.filter((s) => s.id !== section.id));
    });
    return c.json({ data: toApi(row, origin(c)), message: 'Section deleted.' } satisfies JsonResponse<'/api/longBlog/deleteSection', 'post', 200>, 200);
  });

  // ---- imageGeneration
  r.post('/api/longBlog/imageGeneration', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/longBlog/imageGeneration', 'post'>>(c);
    const now = clock.now();
    const type: PartType = b.type ?? 'section';
    if (type === 'section' && b.section_id == null) throw validationError({ section_id: ['The section id field is required.'] });
    const row = await loadOwnBlog(db, userId, b.blog_id);
    const outline = findOutline(readContent(row.content), b.outline_id);
    const part: PartRef = type === 'section' ? { kind: 'section', id: findSection(outline, b.section_id!).id } : { kind: type };
    await requireAllowance(db, userId, now, { images: true }, imageRefusal);
    const prompt = b.image_prompt?.trim() || `${partTitle(outline, part)} — ${row.title}`;
    // A fresh picture on every request (regenerating should not give the same image back).
    const png = renderImage(`${prompt}\n${randomUUID()}`, parseRequestedSize(null, BLOG_IMAGE_RATIO)).full.png;

    let stored = '';
    await updateBlog(db, userId, b.blog_id, now, async (content, current, tx) => {
      const target = findOutline(content, b.outline_id);
      stored = await storeMedia(tx, { userId, contentType: 'image/png', bytes: png, now });
      let previous: string | null;
      if (part.kind === 'intro') {
        previous = target.introduction_image_url;
        target.introduction_image_url = stored;
      } else if (part.kind === 'conclusion') {
        previous = target.conclusion_image_url;
        target.conclusion_image_url = stored;
      } else {
        const s = findSection(target, part.id);
        previous = s.image_url;
        s.image_url = stored;
      }
      await deleteMedia(tx, userId, [previous]);
      await chargeGeneration(
        tx,
        { userId, requestKey: `long-blog:image:${stored}`, kind: 'long-blog-image', description: `Long blog image: ${current.title}`, images: 1 },
        now,
      );
    });
    const reply: JsonResponse<'/api/longBlog/imageGeneration', 'post', 200> = {
      data: { url: publicMediaUrl(origin(c), stored)!, blog_id: b.blog_id, outline_id: b.outline_id, type, section_id: part.kind === 'section' ? part.id : null },
      message: 'Image created.',
    };
    return c.json(reply, 200);
  });

  return r;
}

/** A new blog id, taken from the table's sequence before the row exists (X-Blog-Id is sent before the outline streams). */
async function reserveBlogId(db: Db): Promise<number> {
  const res = await db.execute(sql`select nextval(pg_get_serial_sequence('long_blogs', 'id')) as id`);
  const rows = (Array.isArray(res) ? res : (res as { rows: { id: string | number }[] }).rows) as { id: string | number }[];
  return Number(rows[0]!.id);
}
