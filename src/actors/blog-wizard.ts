/**
 * The blog wizard's side effects over the real API client (machines/blog-wizard.machine.ts; 03 §4 Long blog,
 * §7 Long blog calls, §8 outline rules). `provideBlogWizard(api)` answers the machine with these actors:
 *
 *  - generateOutline    → POST /api/longBlog/createOutline (Accept: text/event-stream) for 'ai generated' and
 *                         'real_time_info': the outline streams (hooks.onOutlineText sees it grow), the blog id
 *                         comes in X-Blog-Id, and once the stream ended with [DONE] the stored outline (with its
 *                         ids) is read with GET /api/longBlog/getBlogData/{id}.
 *  - fetchGoogleOutline → POST /api/longBlog/createOutline, outline_source 'google search' (JSON structuredData,
 *                         with the outline record the round created).
 *  - generateSection    → POST /api/longBlog/generateBasedOn{Intro|Conclusion|Section} (03 §9 generate-based-on
 *                         types), streamed: every piece is sent back as `section.chunk`, a stream ending with
 *                         [DONE] as `section.complete`, anything else as `section.failed`. Stopping the actor
 *                         (wizard.stop, leaving the page) aborts the request — the server stops and stores
 *                         nothing — and saves what was received with POST /api/longBlog/saveContent, so the
 *                         stored part matches what the user sees (03 §7: on abort the client saves).
 *  - generateBlogImage  → POST /api/longBlog/imageGeneration; `image.loaded` or `image.failed` (isLimit for the
 *                         plan-limit refusals: 455, or a message naming the limit, 02 §8).
 *  - fetchBlog          → GET /api/longBlog/getBlogData/{id}.
 *
 * Errors: the client middleware throws an ApiError carrying status, type and message — exactly the fields
 * classifyOutlineError (machines/blog-outline.ts) reads for the 03 §8 rules (408 / quiet-stop messages,
 * type 'upgrade', type 'longBlog', number after a dot, else the dialog), so they are passed on unchanged.
 * A stream that fails half-way (the server's `event: error`, or no [DONE]) becomes an ApiError with the
 * server's body, or the spec's fallback message.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { components } from '@contract/schema.gen';
import { streamContent, type StreamOutcome } from '@/api/stream';
import { streamingFetch } from '@/api/stream-relay';
import { ApiError, isApiError, toErrorBody, type ApiErrorBody } from '@/api/errors';
import {
  blogWizardMachine,
  type BlogWizardEvent,
  type FetchBlogInput,
  type FetchBlogOutput,
  type FetchGoogleOutlineInput,
  type FetchGoogleOutlineOutput,
  type GenerateBlogImageInput,
  type GenerateOutlineInput,
  type GenerateOutlineOutput,
  type GenerateSectionInput,
} from '@machines/blog-wizard.machine';
import type { BlogOutline, BlogPart } from '@machines/blog-outline';
import { BLOG_SECTION_FAILED_MESSAGE, LONG_BLOG_ERROR_FALLBACK, OUTLINE_ERROR_FALLBACK } from '@machines/constants';

type LongBlogOutline = components['schemas']['LongBlogOutline'];
type BlogPartType = components['schemas']['BlogPartType'];

export interface BlogWizardHooks {
  /** The streamed outline text so far (for showing the outline as it arrives, 03 §2 Long blog writer). */
  onOutlineText?: (text: string, input: GenerateOutlineInput) => void;
  /** Told with the save request made when a generation was stopped part-way (tests and the UI may await it). */
  onStoppedSave?: (saving: Promise<unknown>, input: GenerateSectionInput) => void;
}

/** The API's outline → the machine's (ids as strings; null → absent). */
export function toWizardOutline(o: LongBlogOutline): BlogOutline {
  return {
    id: String(o.id),
    introduction: o.introduction,
    conclusion: o.conclusion,
    sections: o.sections.map((s) => ({
      id: String(s.id),
      title: s.title,
      isChecked: s.isChecked,
      content: s.content,
      ...(s.section_length ? { section_length: s.section_length } : {}),
    })),
    ...(o.structure ? { structure: o.structure } : {}),
    ...(o.faviconUrl ? { faviconUrl: o.faviconUrl } : {}),
    ...(o.url ? { url: o.url } : {}),
  };
}

const partType = (p: BlogPart): BlogPartType => (p.kind === 'introduction' ? 'intro' : p.kind === 'conclusion' ? 'conclusion' : 'section');
const sectionIdOf = (p: BlogPart) => (p.kind === 'section' ? Number(p.id) : null);
/** `{ blog_id }` when the wizard already has a blog, else nothing (the server then creates one). */
const blogIdField = (id: string | undefined) => (id ? { blog_id: Number(id) } : {});
const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** The ErrorBody of a stream's `event: error` event (JSON by contract; a plain-text one is kept as its message). */
function streamError(outcome: StreamOutcome): ApiErrorBody | undefined {
  if (outcome.errorData === undefined) return undefined;
  let raw: unknown = outcome.errorData;
  try {
    raw = JSON.parse(outcome.errorData);
  } catch {
    /* a plain-text error */
  }
  return toErrorBody(500, raw);
}

/** A part of HTML cut off mid-paragraph is closed, so a saved partial part is well-formed. */
export function closeOpenParagraph(html: string): string {
  const opened = (html.match(/<p>/g) ?? []).length;
  const closed = (html.match(/<\/p>/g) ?? []).length;
  return opened > closed ? `${html}</p>` : html;
}

const PART_PATHS = {
  intro: '/api/longBlog/generateBasedOnIntro',
  conclusion: '/api/longBlog/generateBasedOnConclusion',
  section: '/api/longBlog/generateBasedOnSection',
} as const;

export function createBlogWizardActors(api: ApiClient, hooks: BlogWizardHooks = {}) {
  const getBlog = async (blogId: number, signal?: AbortSignal) => {
    const { data } = await api.GET('/api/longBlog/getBlogData/{id}', { params: { path: { id: blogId } }, signal });
    if (!data) throw new Error(LONG_BLOG_ERROR_FALLBACK);
    return data.data;
  };

  return {
    generateOutline: fromPromise<GenerateOutlineOutput, GenerateOutlineInput>(async ({ input, signal }) => {
      const { response } = await api.POST('/api/longBlog/createOutline', {
        body: { user_input_title: input.title, outline_source: input.source, language_id: input.languageId, ...blogIdField(input.blogId) },
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        fetch: streamingFetch(), // the stream relay's worker where workers exist (src/api/stream-relay.ts)
        signal,
      });
      const blogId = Number(response.headers.get('X-Blog-Id'));
      const outcome: StreamOutcome = { endedWithDone: false };
      let text = '';
      for await (const piece of streamContent(response, signal, outcome)) {
        text += piece;
        hooks.onOutlineText?.(text, input);
      }
      if (signal.aborted) throw new DOMException('The outline was stopped.', 'AbortError');
      if (!outcome.endedWithDone || !blogId) throw new ApiError(500, streamError(outcome) ?? { message: OUTLINE_ERROR_FALLBACK });
      const blog = await getBlog(blogId, signal);
      const outline = blog.outlines[blog.last_outline_index] ?? blog.outlines.at(-1);
      if (!outline) throw new ApiError(500, { message: OUTLINE_ERROR_FALLBACK });
      return { blogId: String(blog.id), outline: toWizardOutline(outline) };
    }),

    fetchGoogleOutline: fromPromise<FetchGoogleOutlineOutput, FetchGoogleOutlineInput>(async ({ input, signal }) => {
      const { data } = await api.POST('/api/longBlog/createOutline', {
        body: {
          user_input_title: input.title,
          outline_source: 'google search',
          language: input.language,
          ...blogIdField(input.blogId),
          ...(input.location ? { location: input.location } : {}),
        },
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!data || typeof data !== 'object') throw new ApiError(500, { message: OUTLINE_ERROR_FALLBACK });
      const d = data.structuredData;
      return {
        blogId: String(d.blog_id),
        structure: d.structure,
        ...(d.faviconUrl ? { faviconUrl: d.faviconUrl } : {}),
        ...(d.url ? { url: d.url } : {}),
        outline: toWizardOutline(d.outline),
      };
    }),

    generateSection: fromCallback<BlogWizardEvent, GenerateSectionInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const type = partType(input.part);
      const ids = { blog_id: Number(input.blogId), outline_id: Number(input.outlineId) };
      let received = '';
      let settled = false;

      void (async () => {
        try {
          if (!input.blogId) throw new Error(BLOG_SECTION_FAILED_MESSAGE);
          const { response } = await api.POST(PART_PATHS[type], {
            body: { ...ids, section_id: sectionIdOf(input.part) },
            headers: { Accept: 'text/event-stream' },
            parseAs: 'stream',
            fetch: streamingFetch(),
            signal: controller.signal,
          });
          const outcome: StreamOutcome = { endedWithDone: false };
          for await (const text of streamContent(response, controller.signal, outcome)) {
            received += text;
            sendBack({ type: 'section.chunk', text });
          }
          if (controller.signal.aborted) return;
          settled = true;
          if (outcome.endedWithDone) sendBack({ type: 'section.complete' });
          else sendBack({ type: 'section.failed', message: streamError(outcome)?.message ?? BLOG_SECTION_FAILED_MESSAGE });
        } catch (err) {
          if (controller.signal.aborted) return;
          settled = true;
          // 03 §8 Streaming: 'Failed to generate blog section' unless the server said why (e.g. the word limit).
          sendBack({ type: 'section.failed', message: isApiError(err) ? err.message : BLOG_SECTION_FAILED_MESSAGE });
        }
      })();

      return () => {
        if (settled) return;
        controller.abort();
        if (!received || !input.blogId) return;
        // Stopped part-way: the server stored nothing, so keep what the user saw (03 §7 saveContent).
        const saving = api
          .POST('/api/longBlog/saveContent', {
            body: {
              ...ids,
              ...(type === 'section' ? { section_id: sectionIdOf(input.part) } : { type }),
              content: closeOpenParagraph(received),
            },
          })
          .catch(() => undefined);
        hooks.onStoppedSave?.(saving, input);
      };
    }),

    generateBlogImage: fromCallback<BlogWizardEvent, GenerateBlogImageInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      void (async () => {
        try {
          if (!input.blogId) throw new Error(LONG_BLOG_ERROR_FALLBACK);
          const { data } = await api.POST('/api/longBlog/imageGeneration', {
            body: {
              blog_id: Number(input.blogId),
              outline_id: Number(input.outlineId),
              section_id: sectionIdOf(input.part),
              type: partType(input.part),
              image_prompt: input.prompt,
            },
            signal: controller.signal,
          });
          if (!data) throw new Error(LONG_BLOG_ERROR_FALLBACK);
          sendBack({ type: 'image.loaded', key: input.key, url: data.data.url });
        } catch (err) {
          if (controller.signal.aborted) return;
          const isLimit = isApiError(err) && (err.status === 455 || /limit/i.test(err.message));
          sendBack({ type: 'image.failed', key: input.key, message: messageOf(err, LONG_BLOG_ERROR_FALLBACK), isLimit });
        }
      })();
      return () => controller.abort();
    }),

    fetchBlog: fromPromise<FetchBlogOutput, FetchBlogInput>(async ({ input, signal }) => {
      const blog = await getBlog(Number(input.blogId), signal);
      return {
        blogId: String(blog.id),
        title: blog.title,
        outlines: blog.outlines.map(toWizardOutline),
        last_outline_index: blog.last_outline_index,
        outlineSource: blog.outline_source,
      };
    }),
  };
}

/**
 * Saves the wizard's edited outline (POST /api/longBlog/updateOutline; 03 §4 "Temporary ids are stripped before
 * saving and positions renumbered from 1"; the server drops empty and 'Enter Your Heading' titles, 03 §5) and
 * answers the stored outline, whose new sections carry server ids. The machine has no slot for this yet: the
 * page calls it before generating a section it added (a 'react-key' id is unknown to the server).
 */
export async function saveWizardOutline(api: ApiClient, blogId: string, outline: BlogOutline, signal?: AbortSignal): Promise<BlogOutline> {
  const { data } = await api.POST('/api/longBlog/updateOutline', {
    body: {
      blog_id: Number(blogId),
      outline_id: Number(outline.id),
      currentOutline: {
        sections: outline.sections.map((s) => ({
          id: /^\d+$/.test(s.id) ? Number(s.id) : null,
          title: s.title,
          isChecked: s.isChecked,
          ...(s.section_length ? { section_length: s.section_length } : {}),
        })),
      },
    },
    signal,
  });
  const saved = data?.data.outlines.find((o) => String(o.id) === outline.id);
  if (!saved) throw new Error(LONG_BLOG_ERROR_FALLBACK);
  return toWizardOutline(saved);
}

/** The blog wizard machine with its actors on the real client (start it with `createActor(…, { input })`). */
export function provideBlogWizard(api: ApiClient, hooks: BlogWizardHooks = {}) {
  return blogWizardMachine.provide({ actors: createBlogWizardActors(api, hooks) });
}
