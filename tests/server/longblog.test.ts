/**
 * Long blog calls against the real app (server/routes/longblog.ts, server/services/long-blog.ts,
 * openapi/paths/longblog.yaml; spec 03 §4 Long blog, §6 one free long blog, §7, §8): outline stream + X-Blog-Id,
 * Google-search JSON, content streams and what is stored, per-part generation, abort stores nothing, the
 * free-blog rule, metering, access control, paging.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness';
import { createApp } from '@server/app';
import type { AiRequest, AiWriter } from '@server/ai/types';
import { createOfflineWriter } from '@server/ai/offline-writer';
import * as t from '@server/db/schema';
import {
  BLOG_HISTORY_PAGE_SIZE,
  IMAGE_MESSAGES,
  LONG_BLOG_FREE_USED_MESSAGE,
  NEW_SECTION_LENGTH,
  NEW_SECTION_TITLE,
} from '@machines/constants';
import { BLOG_WORD_LIMIT_MESSAGE, GOOGLE_RESULTS_LIMIT_MESSAGE } from '@server/services/long-blog';
import { paragraphWriter, parseOutline } from '@server/services/long-blog-content';

const s = useTestServer();

const TITLE = 'Growing tomatoes indoors';

/** The `data:` events of an event-stream body: content pieces, whether [DONE] came, and any error event. */
function readSse(text: string) {
  const pieces: string[] = [];
  let done = false;
  let error: { message: string; type?: string } | undefined;
  for (const block of text.split('\n\n')) {
    if (!block.trim()) continue;
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
    if (event === 'error') error = JSON.parse(data);
    else if (data === '[DONE]') done = true;
    else pieces.push(JSON.parse(data).content);
  }
  return { pieces, text: pieces.join(''), done, error };
}

async function createOutline(token: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const r = await s.call('POST', '/api/longBlog/createOutline', { token, body: { user_input_title: TITLE, ...extra }, headers });
  return { ...r, blogId: Number(r.res.headers.get('x-blog-id')) };
}
async function getBlog(token: string, id: number) {
  const r = await s.call('GET', `/api/longBlog/getBlogData/${id}`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
}
/** A blog with one complete AI outline; returns its id and that outline. */
async function blogWithOutline(token: string, title = TITLE) {
  const r = await createOutline(token, { user_input_title: title });
  expect(r.status).toBe(200);
  expect(readSse(r.body).done).toBe(true);
  const blog = await getBlog(token, r.blogId);
  return { blogId: r.blogId, outline: blog.outlines[blog.last_outline_index], blog };
}
async function userRow(email: string) {
  const [u] = await s.db.select().from(t.users).where(eq(t.users.email, email));
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, u!.id));
  return { user: u!, sub: sub! };
}
const chargesOf = async (userId: number) => s.db.select().from(t.generationCharges).where(eq(t.generationCharges.userId, userId));

describe('createOutline (streamed)', () => {
  it('streams the outline as data events ending with [DONE], names the new blog in X-Blog-Id and stores it when complete', async () => {
    const token = await s.login('pro@demo.test');
    const r = await createOutline(token);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.blogId).toBeGreaterThan(0);
    const sse = readSse(r.body);
    expect(sse.done).toBe(true);
    expect(sse.pieces.length).toBeGreaterThan(3);
    expect(sse.text).toMatch(/^1\. /);

    const blog = await getBlog(token, r.blogId);
    expect(blog).toMatchObject({ id: r.blogId, title: TITLE, step: 2, outline_source: 'ai generated', language_id: 21, is_free_blog: 0, last_outline_index: 0 });
    const outline = blog.outlines[0];
    // 1 is the introduction and the last heading the conclusion: the sections are the ones between.
    const headings = parseOutline(sse.text).headings;
    expect(outline.sections.map((x: { title: string }) => x.title)).toEqual(headings.slice(1, -1).map((h) => h.title));
    expect(outline.structure).toContain('3.');
    expect(outline.sections.every((x: { isChecked: boolean; content: string }) => x.isChecked && x.content === '')).toBe(true);
    expect(outline.sections.map((x: { position: number }) => x.position)).toEqual(outline.sections.map((_: unknown, i: number) => i + 1));
  });

  it('a second outline for the same blog is added to it (the wizard appends outlines)', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId } = await blogWithOutline(token);
    const again = await createOutline(token, { blog_id: blogId, user_input_title: 'Growing tomatoes indoors in winter' });
    expect(again.blogId).toBe(blogId);
    const blog = await getBlog(token, blogId);
    expect(blog.outlines).toHaveLength(2);
    expect(blog.last_outline_index).toBe(1);
    expect(blog.title).toBe('Growing tomatoes indoors in winter');
    const ids = blog.outlines.flatMap((o: { id: number; sections: { id: number }[] }) => [o.id, ...o.sections.map((x) => x.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an Accept asking for JSON only gets the JSON answer for an AI outline too', async () => {
    const token = await s.login('pro@demo.test');
    const r = await createOutline(token, {}, { accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.body.structuredData.blog_id).toBe(r.blogId);
    expect(r.body.structuredData.outline.source).toBe('ai generated');
  });

  it('charges the outline: words on the free plan, credits on a paid plan', async () => {
    const free = await s.login('free@demo.test');
    const before = await userRow('free@demo.test');
    const { blogId } = await blogWithOutline(free);
    const after = await userRow('free@demo.test');
    expect(after.sub.usage).toBeGreaterThan(before.sub.usage);
    expect(await chargesOf(after.user.id)).toEqual([expect.objectContaining({ kind: 'long-blog', requestKey: expect.stringContaining(`outline:${blogId}:`) })]);

    const pro = await s.login('pro@demo.test');
    const p0 = await userRow('pro@demo.test');
    await blogWithOutline(pro);
    const p1 = await userRow('pro@demo.test');
    expect(p1.sub.usage).toBeGreaterThan(p0.sub.usage);
    const usages = await s.db.select().from(t.creditUsages).where(eq(t.creditUsages.userId, p1.user.id));
    expect(usages.some((u) => u.type === 'long-blog')).toBe(true);
  });
});

describe('createOutline (google search, JSON)', () => {
  it('answers structuredData with blog_id, a valid structure and the stored outline record', async () => {
    const token = await s.login('pro@demo.test');
    const r = await createOutline(token, { outline_source: 'google search', language: 'english', location: 'US' });
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toMatch(/json/);
    const d = r.body.structuredData;
    expect(d.blog_id).toBe(r.blogId);
    // 03 §5: valid only with '1.', '2.' and '3.'
    for (const m of ['1.', '2.', '3.']) expect(d.structure).toContain(m);
    expect(d).toMatchObject({ faviconUrl: null, url: null, outline_id: d.outline.id });
    expect(d.outline.sections.length).toBeGreaterThan(0);
    const blog = await getBlog(token, r.blogId);
    expect(blog.outlines.map((o: { id: number }) => o.id)).toEqual([d.outline_id]);
    expect(blog.location).toBe('US');
  });

  it('3 rounds each create an outline on the blog; a 4th answers the quiet-stop message (03 §8, §9)', async () => {
    const token = await s.login('pro@demo.test');
    const first = await createOutline(token, { outline_source: 'google search' });
    for (let round = 2; round <= 3; round++) {
      const r = await createOutline(token, { outline_source: 'google search', blog_id: first.blogId });
      expect(r.status).toBe(200);
    }
    expect((await getBlog(token, first.blogId)).outlines).toHaveLength(3);
    const fourth = await createOutline(token, { outline_source: 'google search', blog_id: first.blogId });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(GOOGLE_RESULTS_LIMIT_MESSAGE);
  });
});

describe('the free long blog (03 §6, §8)', () => {
  it("a free user's first blog is the free one: sets is_blog_generated_free and long_blog_usage; another blog is refused with type longBlog", async () => {
    const token = await s.login('free@demo.test');
    const { blogId, blog } = await blogWithOutline(token);
    expect(blog.is_free_blog).toBe(1);
    const { user, sub } = await userRow('free@demo.test');
    expect(user.isBlogGeneratedFree).toBe(true);
    expect(sub.longBlogUsage).toBe(1);
    const me = await s.call('GET', '/api/auth/getUser', { token });
    expect(me.body.data.user.is_blog_generated_free).toBe(1);

    const second = await createOutline(token, { user_input_title: 'Another topic entirely' });
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: LONG_BLOG_FREE_USED_MESSAGE, type: 'longBlog' });

    // The free blog itself stays usable: a new outline and its content.
    const again = await createOutline(token, { blog_id: blogId });
    expect(again.status).toBe(200);
    const outline = (await getBlog(token, blogId)).outlines[1];
    const content = await s.call('POST', '/api/longBlog/generateBasedOnIntro', { token, body: { blog_id: blogId, outline_id: outline.id } });
    expect(readSse(content.body).done).toBe(true);
  });

  it('free-blog-used@demo.test is refused a new blog before anything is generated', async () => {
    const token = await s.login('free-blog-used@demo.test');
    const before = await userRow('free-blog-used@demo.test');
    const r = await createOutline(token, { outline_source: 'google search' });
    expect(r.status).toBe(403);
    expect(r.body.type).toBe('longBlog');
    expect((await userRow('free-blog-used@demo.test')).sub.usage).toBe(before.sub.usage);
    expect(await s.db.select().from(t.longBlogs)).toEqual([]);
  });

  it('no words left (free) or no credits left (paid) → 455 type upgrade', async () => {
    const words = await createOutline(await s.login('free-words-out@demo.test'));
    expect(words.status).toBe(455);
    expect(words.body).toEqual({ message: BLOG_WORD_LIMIT_MESSAGE, type: 'upgrade' });
    const credits = await createOutline(await s.login('credits-out@demo.test'));
    expect(credits.status).toBe(455);
    expect(credits.body).toEqual({ message: IMAGE_MESSAGES.insufficientCredits, type: 'upgrade' });
  });

  it('an inactive subscription is refused', async () => {
    const r = await createOutline(await s.login('expired@demo.test'));
    expect(r.status).toBe(403);
  });
});

describe('generateContent and per-part generation', () => {
  it('streams the introduction, each checked section under its <h2>, then the conclusion, and stores each part when complete', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const r = await s.call('POST', '/api/longBlog/generateContent', { token, body: { blog_id: blogId, outline_id: outline.id } });
    expect(r.status).toBe(200);
    const sse = readSse(r.body);
    expect(sse.done).toBe(true);
    expect(sse.text.startsWith('<p>')).toBe(true);
    for (const sec of outline.sections) expect(sse.text).toContain(`<h2>${sec.title}</h2>`);
    expect(sse.text).toContain('<h2>Conclusion</h2>');

    const blog = await getBlog(token, blogId);
    expect(blog.step).toBe(3);
    const stored = blog.outlines[0];
    expect(stored.introduction).toMatch(/^<p>.+<\/p>$/s);
    expect(stored.conclusion).toMatch(/^<p>.+<\/p>$/s);
    for (const sec of stored.sections) expect(sec.content).toMatch(/^<p>.+<\/p>$/s);
    // What was streamed is what was stored (headings aside).
    expect(sse.text).toBe(
      [stored.introduction, ...stored.sections.map((x: { title: string; content: string }) => `<h2>${x.title}</h2>${x.content}`), `<h2>Conclusion</h2>${stored.conclusion}`].join(''),
    );
  });

  it('with section_id generates and stores only that section', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const target = outline.sections[1];
    const r = await s.call('POST', '/api/longBlog/generateContent', { token, body: { blog_id: blogId, outline_id: outline.id, section_id: target.id } });
    const sse = readSse(r.body);
    expect(sse.done).toBe(true);
    expect(sse.text).not.toContain('<h2>');
    const stored = (await getBlog(token, blogId)).outlines[0];
    expect(stored.introduction).toBe('');
    expect(stored.sections.find((x: { id: number }) => x.id === target.id).content).toBe(sse.text);
    expect(stored.sections.filter((x: { content: string }) => x.content !== '')).toHaveLength(1);
  });

  it('generateBasedOnIntro / Section / Conclusion each stream and store their part; Section needs a known section_id', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const base = { blog_id: blogId, outline_id: outline.id };
    const intro = readSse((await s.call('POST', '/api/longBlog/generateBasedOnIntro', { token, body: base })).body);
    const section = readSse((await s.call('POST', '/api/longBlog/generateBasedOnSection', { token, body: { ...base, section_id: outline.sections[0].id } })).body);
    const conclusion = readSse((await s.call('POST', '/api/longBlog/generateBasedOnConclusion', { token, body: base })).body);
    const stored = (await getBlog(token, blogId)).outlines[0];
    expect(stored.introduction).toBe(intro.text);
    expect(stored.sections[0].content).toBe(section.text);
    expect(stored.conclusion).toBe(conclusion.text);
    expect(stored.sections[1].content).toBe('');
    // The section is about its own heading (the offline writer names it in the first sentence).
    expect(section.text.toLowerCase()).toContain(outline.sections[0].title.split(' ').at(-1).toLowerCase());

    expect((await s.call('POST', '/api/longBlog/generateBasedOnSection', { token, body: base })).status).toBe(422);
    expect((await s.call('POST', '/api/longBlog/generateBasedOnSection', { token, body: { ...base, section_id: 99999 } })).status).toBe(404);
    expect((await s.call('POST', '/api/longBlog/generateBasedOnIntro', { token, body: { ...base, outline_id: 99999 } })).status).toBe(404);
  });

  it('a section length caps the generated words ("up to N words")', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const added = await s.call('POST', '/api/longBlog/addSection', { token, body: { blog_id: blogId, outline_id: outline.id, title: 'Watering', section_length: 'Tiny (up to 12 words)' } });
    const sec = added.body.data.outlines[0].sections.at(-1);
    const r = await s.call('POST', '/api/longBlog/generateBasedOnSection', { token, body: { blog_id: blogId, outline_id: outline.id, section_id: sec.id } });
    const text = readSse(r.body).text.replace(/<[^>]+>/g, ' ');
    expect(text.trim().split(/\s+/)).toHaveLength(12);
  });

  it('charges a complete generation once per request_id', async () => {
    const token = await s.login('free@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const body = { blog_id: blogId, outline_id: outline.id, request_id: 'req-1' };
    const u0 = (await userRow('free@demo.test')).sub.usage;
    const first = readSse((await s.call('POST', '/api/longBlog/generateBasedOnIntro', { token, body })).body);
    const u1 = (await userRow('free@demo.test')).sub.usage;
    expect(u1 - u0).toBe(first.text.replace(/<[^>]+>/g, ' ').trim().split(/\s+/).length);
    await s.call('POST', '/api/longBlog/generateBasedOnIntro', { token, body });
    expect((await userRow('free@demo.test')).sub.usage).toBe(u1);
  });
});

/** An AI whose stream can be held after its first piece, and that tells when its loop ended (abort seen). */
function heldAi() {
  const offline = createOfflineWriter({ paceMs: 0 });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let ended!: () => void;
  const endedP = new Promise<void>((r) => (ended = r));
  const ai: AiWriter & { fail?: boolean } = {
    async *stream(req: AiRequest, signal: AbortSignal) {
      try {
        let first = true;
        for await (const piece of offline.stream(req, signal)) {
          if (signal.aborted) return;
          yield piece;
          if (first) {
            first = false;
            if (ai.fail) throw new Error('upstream broke');
            await Promise.race([held, new Promise((r) => signal.addEventListener('abort', r, { once: true }))]);
            if (signal.aborted) return;
          }
        }
      } finally {
        ended();
      }
    },
  };
  return { ai, release, ended: endedP };
}

describe('aborting a generation', () => {
  async function setup() {
    const h = heldAi();
    const app = createApp({ db: s.db, clock: s.clock, ai: h.ai, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    const token = await s.login('free@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const post = (path: string, json: unknown, signal?: AbortSignal) =>
      app.request(path, { method: 'POST', signal, headers: { 'x-application': 'writer-web', authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) });
    return { ...h, app, token, blogId, outline, post };
  }
  const firstEvent = async (res: Response) => {
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    return { reader, text: new TextDecoder().decode(value) };
  };

  it("aborting the request's signal stops the AI and stores and charges nothing", async () => {
    const x = await setup();
    const usage = (await userRow('free@demo.test')).sub.usage;
    const charges = (await chargesOf((await userRow('free@demo.test')).user.id)).length;
    const ac = new AbortController();
    const res = await x.post('/api/longBlog/generateBasedOnIntro', { blog_id: x.blogId, outline_id: x.outline.id }, ac.signal);
    expect((await firstEvent(res)).text).toMatch(/^data: \{"content":"<p>/);
    ac.abort();
    await x.ended; // the AI loop saw the abort
    x.release();
    const stored = (await getBlog(x.token, x.blogId)).outlines[0];
    expect(stored.introduction).toBe('');
    expect((await userRow('free@demo.test')).sub.usage).toBe(usage);
    expect(await chargesOf((await userRow('free@demo.test')).user.id)).toHaveLength(charges);
  });

  it('cancelling the response body stops it too; the client then saves what it received with saveContent', async () => {
    const x = await setup();
    const res = await x.post('/api/longBlog/generateBasedOnSection', { blog_id: x.blogId, outline_id: x.outline.id, section_id: x.outline.sections[0].id });
    const { reader, text } = await firstEvent(res);
    await reader.cancel();
    await x.ended;
    x.release();
    expect((await getBlog(x.token, x.blogId)).outlines[0].sections[0].content).toBe('');

    const partial = readSse(text).text + '</p>';
    const saved = await s.call('POST', '/api/longBlog/saveContent', {
      token: x.token,
      body: { blog_id: x.blogId, outline_id: x.outline.id, section_id: x.outline.sections[0].id, content: partial },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.outlines[0].sections[0].content).toBe(partial);
  });

  it('an aborted outline stream creates no blog (the reserved X-Blog-Id stays unused)', async () => {
    const h = heldAi();
    const app = createApp({ db: s.db, clock: s.clock, ai: h.ai, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    const token = await s.login('free@demo.test');
    const usageBefore = (await userRow('free@demo.test')).sub.usage;
    const ac = new AbortController();
    const res = await app.request('/api/longBlog/createOutline', {
      method: 'POST',
      signal: ac.signal,
      headers: { 'x-application': 'writer-web', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_input_title: TITLE }),
    });
    const id = Number(res.headers.get('x-blog-id'));
    expect(id).toBeGreaterThan(0);
    await firstEvent(res);
    ac.abort();
    await h.ended;
    h.release();
    expect((await s.call('GET', `/api/longBlog/getBlogData/${id}`, { token })).status).toBe(404);
    // The free long blog is still unused.
    const { user } = await userRow('free@demo.test');
    expect(user.isBlogGeneratedFree).toBe(false);
    // and the outline's reservation is given back (released after the abort, by the generation's own ending)
    await vi.waitFor(async () => expect((await chargesOf(user.id)).filter((c) => c.status === 'reserved')).toEqual([]));
    expect((await userRow('free@demo.test')).sub.usage).toBe(usageBefore);
  });

  it('an AI failure half-way ends the stream with an error event and stores nothing', async () => {
    const x = await setup();
    x.ai.fail = true;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await x.post('/api/longBlog/generateBasedOnIntro', { blog_id: x.blogId, outline_id: x.outline.id });
    const sse = readSse(await res.text());
    expect(sse.done).toBe(false);
    expect(sse.error).toEqual({ message: 'Failed to generate blog section', type: 'Error' });
    expect((await getBlog(x.token, x.blogId)).outlines[0].introduction).toBe('');
    expect(log).toHaveBeenCalledTimes(1); // logged for the operator, without request data
    log.mockRestore();
  });
});

describe('saveContent and sections', () => {
  it('saves the introduction or conclusion by type; a part is needed', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const base = { blog_id: blogId, outline_id: outline.id };
    expect((await s.call('POST', '/api/longBlog/saveContent', { token, body: { ...base, type: 'intro', content: '<p>Hello</p>' } })).status).toBe(200);
    expect((await s.call('POST', '/api/longBlog/saveContent', { token, body: { ...base, type: 'conclusion', content: '<p>Bye</p>' } })).status).toBe(200);
    const stored = (await getBlog(token, blogId)).outlines[0];
    expect([stored.introduction, stored.conclusion]).toEqual(['<p>Hello</p>', '<p>Bye</p>']);
    expect((await s.call('POST', '/api/longBlog/saveContent', { token, body: { ...base, content: 'x' } })).status).toBe(422);
  });

  it('adds a section with the spec defaults after section_below_id, renames it, deletes it; positions renumbered from 1', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const base = { blog_id: blogId, outline_id: outline.id };
    const added = await s.call('POST', '/api/longBlog/addSection', { token, body: { ...base, section_below_id: outline.sections[0].id } });
    expect(added.status).toBe(200);
    const sections = added.body.data.outlines[0].sections;
    expect(sections[1]).toMatchObject({ title: NEW_SECTION_TITLE, section_length: NEW_SECTION_LENGTH, isChecked: true, content: '', position: 2 });
    expect(sections.map((x: { position: number }) => x.position)).toEqual(sections.map((_: unknown, i: number) => i + 1));

    const renamed = await s.call('POST', '/api/longBlog/updateSectionTitle', { token, body: { ...base, section_id: sections[1].id, title: '  Light and warmth ' } });
    expect(renamed.body.data.outlines[0].sections[1].title).toBe('Light and warmth');

    const deleted = await s.call('POST', '/api/longBlog/deleteSection', { token, body: { ...base, section_id: sections[1].id } });
    expect(deleted.body.data.outlines[0].sections.map((x: { id: number }) => x.id)).toEqual(outline.sections.map((x: { id: number }) => x.id));
    expect((await s.call('POST', '/api/longBlog/deleteSection', { token, body: { ...base, section_id: sections[1].id } })).status).toBe(404);
  });
});

describe('updateOutline', () => {
  it('saves the edited list: toggles, titles and order kept, new sections added, unlisted ones removed, placeholders dropped (03 §4, §5)', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const [a, b, c] = outline.sections;
    const base = { blog_id: blogId, outline_id: outline.id };
    await s.call('POST', '/api/longBlog/generateBasedOnSection', { token, body: { ...base, section_id: b.id } });
    const bContent = (await getBlog(token, blogId)).outlines[0].sections[1].content;
    const r = await s.call('POST', '/api/longBlog/updateOutline', {
      token,
      body: {
        ...base,
        longBlog: { title: TITLE },
        currentOutline: {
          sections: [
            { id: b.id, title: `  ${b.title} `, isChecked: false },
            { id: null, title: 'Choosing the right pots' },
            { title: NEW_SECTION_TITLE },
            { title: '   ' },
            { id: a.id, title: 'Light first', isChecked: true },
          ],
        },
      },
    });
    expect(r.status).toBe(200);
    const sections = r.body.data.outlines[0].sections;
    expect(sections.map((x: { title: string }) => x.title)).toEqual([b.title, 'Choosing the right pots', 'Light first']);
    expect(sections.map((x: { position: number }) => x.position)).toEqual([1, 2, 3]);
    expect(sections[0]).toMatchObject({ id: b.id, isChecked: false, content: bContent });
    expect(sections[1]).toMatchObject({ isChecked: true, content: '', section_length: NEW_SECTION_LENGTH });
    expect(sections[1].id).toBeGreaterThan(Math.max(...outline.sections.map((x: { id: number }) => x.id)));
    expect(sections[2]).toMatchObject({ id: a.id, title: 'Light first' });
    expect(sections.some((x: { id: number }) => x.id === c.id)).toBe(false);
    // Generate All on the server side follows isChecked: the unchecked section is not generated.
    const all = readSse((await s.call('POST', '/api/longBlog/generateContent', { token, body: base })).body);
    expect(all.text).not.toContain(`<h2>${b.title}</h2>`);
    expect(all.text).toContain('<h2>Light first</h2>');
  });
});

describe('imageGeneration', () => {
  it('creates a real PNG for a section (and the introduction), served at the returned URL, and charges one image', async () => {
    const token = await s.login('free@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const before = (await userRow('free@demo.test')).sub.imageUsage;
    const r = await s.call('POST', '/api/longBlog/imageGeneration', {
      token,
      body: { blog_id: blogId, outline_id: outline.id, section_id: outline.sections[0].id, image_prompt: 'tomato seedlings on a sunny windowsill' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ type: 'section', section_id: outline.sections[0].id, blog_id: blogId });
    const url = new URL(r.body.data.url);
    const png = await s.app.request(url.pathname);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await getBlog(token, blogId)).outlines[0].sections[0].image_url).toBe(r.body.data.url);
    expect((await userRow('free@demo.test')).sub.imageUsage).toBe(before + 1);

    const intro = await s.call('POST', '/api/longBlog/imageGeneration', { token, body: { blog_id: blogId, outline_id: outline.id, type: 'intro' } });
    expect(intro.status).toBe(200);
    expect((await getBlog(token, blogId)).outlines[0].introduction_image_url).toBe(intro.body.data.url);
    // A section image needs its section.
    expect((await s.call('POST', '/api/longBlog/imageGeneration', { token, body: { blog_id: blogId, outline_id: outline.id } })).status).toBe(422);
  });

  it('a free user at the image limit is refused', async () => {
    // free-images-out has not used its free blog: it can create one, but not an image in it.
    const token = await s.login('free-images-out@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const r = await s.call('POST', '/api/longBlog/imageGeneration', { token, body: { blog_id: blogId, outline_id: outline.id, section_id: outline.sections[0].id } });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/limit/);
  });
});

describe('access control, history and deletion', () => {
  it("another user's blog is 404 for every call", async () => {
    const owner = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(owner);
    const other = await s.login('plus@demo.test');
    const base = { blog_id: blogId, outline_id: outline.id };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/longBlog/getBlogData/${blogId}`],
      ['DELETE', `/api/longBlog/delete-blog/${blogId}`],
      ['POST', '/api/longBlog/createOutline', { user_input_title: 'x', blog_id: blogId }],
      ['POST', '/api/longBlog/generateContent', base],
      ['POST', '/api/longBlog/generateBasedOnIntro', base],
      ['POST', '/api/longBlog/saveContent', { ...base, type: 'intro', content: 'hijack' }],
      ['POST', '/api/longBlog/addSection', base],
      ['POST', '/api/longBlog/updateSectionTitle', { ...base, section_id: outline.sections[0].id, title: 'x' }],
      ['POST', '/api/longBlog/deleteSection', { ...base, section_id: outline.sections[0].id }],
      ['POST', '/api/longBlog/imageGeneration', { ...base, section_id: outline.sections[0].id }],
    ];
    for (const [method, path, json] of calls) {
      const r = await s.call(method, path, { token: other, body: json });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ message: 'Not Found' });
    }
    expect((await getBlog(owner, blogId)).outlines[0].introduction).toBe('');
    expect((await s.call('GET', '/api/longBlog/list', { token: other })).body.total).toBe(0);
  });

  it('lists the history newest first, 4 a page by default; pageNo and page both page', async () => {
    const token = await s.login('pro@demo.test');
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      s.clock.advance(60_000);
      const r = await createOutline(token, { user_input_title: `Topic number ${i}` }, { accept: 'application/json' });
      ids.push(r.blogId);
    }
    const p1 = await s.call('GET', '/api/longBlog/list', { token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ current_page: 1, last_page: 2, total: 5, per_page: BLOG_HISTORY_PAGE_SIZE, from: 1, to: 4 });
    expect(p1.body.data.map((b: { id: number }) => b.id)).toEqual(ids.slice().reverse().slice(0, 4));
    expect(p1.body.data[0]).toMatchObject({ title: 'Topic number 5', step: 2, outline_source: 'ai generated' });
    const p2 = await s.call('GET', '/api/longBlog/list?pageNo=2', { token });
    expect(p2.body.data.map((b: { id: number }) => b.id)).toEqual([ids[0]]);
    expect((await s.call('GET', '/api/longBlog/list?page=2', { token })).body.data).toEqual(p2.body.data);
    expect((await s.call('GET', '/api/longBlog/list?per_page=10', { token })).body.data).toHaveLength(5);
  });

  it('deletes a blog with its images', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const img = await s.call('POST', '/api/longBlog/imageGeneration', { token, body: { blog_id: blogId, outline_id: outline.id, type: 'conclusion' } });
    const r = await s.call('DELETE', `/api/longBlog/delete-blog/${blogId}`, { token });
    expect(r.status).toBe(200);
    expect((await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).status).toBe(404);
    expect((await s.app.request(new URL(img.body.data.url).pathname)).status).toBe(404);
  });
});

describe('helpers', () => {
  it('paragraphWriter turns streamed text into escaped paragraphs whatever the chunking', () => {
    const text = 'First <b>one</b> & more.\n\nSecond\nline.\n\n\nThird.';
    const expected = '<p>First &lt;b&gt;one&lt;/b&gt; &amp; more.</p><p>Second line.</p><p>Third.</p>';
    for (const size of [1, 2, 3, 7, text.length]) {
      const w = paragraphWriter();
      let out = '';
      for (let i = 0; i < text.length; i += size) out += w.push(text.slice(i, i + size));
      out += w.end();
      expect(out.replace(/\s+<\/p>/g, '</p>')).toBe(expected);
      expect(w.html).toBe(out);
    }
  });

  it('parseOutline reads numbered headings with indented notes', () => {
    const p = parseOutline('1. **Intro**\n   what it is\n2. Middle:\n- Bullet\nPlain\n3. End');
    expect(p.headings).toEqual([
      { title: 'Intro', note: 'what it is' },
      { title: 'Middle', note: null },
      { title: 'Bullet', note: null },
      { title: 'Plain', note: null },
      { title: 'End', note: null },
    ]);
  });
});
