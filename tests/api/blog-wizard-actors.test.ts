/**
 * The blog wizard's REAL actors (src/actors/blog-wizard.ts) driving the REAL blogWizardMachine over the real
 * client against the in-process reference backend (03 §4 Long blog, §7, §8 outline rules): outline → Generate All
 * fills the introduction, the checked sections (last to first) and the conclusion, and the server stores the same;
 * Google rounds; the 03 §8 error rules on the backend's refusals; images; opening a blog; stopping a generation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import { createApiClient, type ApiClient } from '@/api/client';
import { createTokenStore } from '@/api/auth-storage';
import { closeOpenParagraph, provideBlogWizard, saveWizardOutline, type BlogWizardHooks } from '@/actors/blog-wizard';
import { partKey } from '@machines/blog-outline';
import type { BlogWizardEmitted, BlogWizardInput } from '@machines/blog-wizard.machine';
import { BLOG_SECTION_FAILED_MESSAGE, LONG_BLOG_FREE_USED_MESSAGE } from '@machines/constants';
import { startTestBackend, DEMO_PASSWORD } from '../helpers/render-app';
import { startTestServer, type TestServer } from '../server/harness';
import { createApp } from '@server/app';
import { createOfflineWriter } from '@server/ai/offline-writer';
import type { AiRequest, AiWriter } from '@server/ai/types';
import { BLOG_WORD_LIMIT_MESSAGE } from '@server/services/long-blog';

const ORIGIN = 'http://localhost:3000';
const TITLE = 'Growing tomatoes indoors';
const WAIT = { timeout: 20_000 };

/** Node 20 has no localStorage: the token store gets a Map-backed Storage. */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

type Handler = (req: Request) => Response | Promise<Response>;

/** A client on a backend's own fetch handler, signed in as `email`; `calls` records "METHOD /path" at the edge. */
async function clientFor(handler: Handler, email: string) {
  const calls: string[] = [];
  const tokens = createTokenStore(new MemoryStorage());
  const api = createApiClient({
    baseUrl: ORIGIN,
    tokens,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return handler(req);
    },
  });
  const { data } = await api.POST('/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  tokens.set({ token: data!.access_token, loginTime: Date.now() });
  return { api, calls };
}

function startWizard(api: ApiClient, input: BlogWizardInput = {}, hooks: BlogWizardHooks = {}) {
  const emitted: BlogWizardEmitted[] = [];
  const actor = createActor(provideBlogWizard(api, hooks), { input });
  actor.on('*', (e) => emitted.push(e as BlogWizardEmitted));
  actor.start();
  return { actor, emitted };
}
type Wizard = Actor<ReturnType<typeof provideBlogWizard>>;

const outlineLoaded = (actor: Wizard) => waitFor(actor, (s) => s.matches({ outline: 'loaded' }), WAIT);
const outlineSettled = (actor: Wizard) => waitFor(actor, (s) => s.matches({ outline: 'idle' }) || s.matches({ outline: 'loaded' }), WAIT);
const contentIdle = (actor: Wizard) => waitFor(actor, (s) => s.matches({ content: 'idle' }) && !s.context.isAllGenerating, WAIT);
const current = (actor: Wizard) => actor.getSnapshot().context.outlines[actor.getSnapshot().context.outlineIndex]!;

async function serverBlog(api: ApiClient, id: string) {
  const { data } = await api.GET('/api/longBlog/getBlogData/{id}', { params: { path: { id: Number(id) } } });
  return data!.data;
}

describe('on the in-process backend (startTestBackend)', () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let handler: Handler;
  beforeAll(async () => {
    // The offline writer without its typing pace: the flows stream as fast as the backend can.
    vi.stubEnv('AI_PACE_MS', '0');
    backend = await startTestBackend();
    vi.unstubAllEnvs();
    handler = (req) => backend.app.fetch(req);
  });
  afterAll(async () => {
    await backend?.close();
  });
  beforeEach(async () => {
    await backend.reset();
  });

  it('outline → Generate All fills the introduction, the checked sections (last to first) and the conclusion; the server stores the same', async () => {
    const { api, calls } = await clientFor(handler, 'free@demo.test');
    const seen: string[] = [];
    const { actor, emitted } = startWizard(api, {}, { onOutlineText: (text) => seen.push(text) });

    actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(actor);
    const ctx = actor.getSnapshot().context;
    expect(ctx.blogId).toMatch(/^\d+$/);
    expect(ctx.step).toBe(2);
    expect(emitted).toContainEqual({ type: 'history.add', blogId: ctx.blogId, title: TITLE });
    // The outline streamed: the hook saw it grow to the full numbered list.
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toMatch(/^1\. /);
    const outline = current(actor);
    expect(outline.sections.length).toBeGreaterThanOrEqual(3);
    expect(outline.introduction).toBe('');

    // The user unchecks the second section: Generate All skips it.
    const skipped = outline.sections[1]!.id;
    actor.send({ type: 'section.toggle', id: skipped });
    calls.length = 0;
    actor.send({ type: 'wizard.generateAll' });
    expect(actor.getSnapshot().context.isAllGenerating).toBe(true);
    await contentIdle(actor);

    const done = current(actor);
    expect(done.introduction).toMatch(/^<p>.+<\/p>$/s);
    expect(done.conclusion).toMatch(/^<p>.+<\/p>$/s);
    for (const s of done.sections) {
      if (s.id === skipped) expect(s.content).toBe('');
      else expect(s.content).toMatch(/^<p>.+<\/p>$/s);
    }
    expect(actor.getSnapshot().context.wordCount).toBeGreaterThan(50);
    // 03 §4 order: introduction, checked sections from last to first, conclusion — one request each.
    const checked = done.sections.filter((s) => s.id !== skipped);
    expect(calls.filter((c) => c.includes('generateBasedOn'))).toEqual([
      'POST /api/longBlog/generateBasedOnIntro',
      ...checked.map(() => 'POST /api/longBlog/generateBasedOnSection'),
      'POST /api/longBlog/generateBasedOnConclusion',
    ]);

    const stored = (await serverBlog(api, ctx.blogId!)).outlines[0]!;
    expect(stored.introduction).toBe(done.introduction);
    expect(stored.conclusion).toBe(done.conclusion);
    for (const s of done.sections) expect(stored.sections.find((x) => String(x.id) === s.id)!.content).toBe(s.content);
    // The button rule: nothing left to generate (03 §4).
    actor.send({ type: 'wizard.generateAll' });
    expect(actor.getSnapshot().context.isAllGenerating).toBe(false);
    actor.stop();
  });

  it('regenerating one section streams only that part', async () => {
    const { api } = await clientFor(handler, 'pro@demo.test');
    const { actor } = startWizard(api);
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'real_time_info' });
    await outlineLoaded(actor);
    const target = current(actor).sections[0]!;
    actor.send({ type: 'section.generate', part: { kind: 'section', id: target.id } });
    expect(actor.getSnapshot().context.generatingPart).toEqual({ kind: 'section', id: target.id });
    await contentIdle(actor);
    const o = current(actor);
    expect(o.sections[0]!.content).toMatch(/^<p>/);
    expect(o.introduction).toBe('');
    expect((await serverBlog(api, actor.getSnapshot().context.blogId!)).outlines[0]!.sections[0]!.content).toBe(o.sections[0]!.content);
    actor.stop();
  });

  it('an outline edited in the wizard (added, toggled, removed) is saved with saveWizardOutline; its new section gets a server id', async () => {
    const { api } = await clientFor(handler, 'pro@demo.test');
    const { actor } = startWizard(api);
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(actor);
    const [first, second] = current(actor).sections;
    actor.send({ type: 'section.add', id: 'react-key-1', afterId: first!.id });
    actor.send({ type: 'section.retitle', id: 'react-key-1', title: 'Choosing pots' });
    actor.send({ type: 'section.toggle', id: first!.id });
    actor.send({ type: 'section.remove', id: second!.id });
    const saved = await saveWizardOutline(api, actor.getSnapshot().context.blogId!, current(actor));
    expect(saved.sections.map((x) => x.title)).toEqual(current(actor).sections.map((x) => x.title));
    expect(saved.sections[0]).toMatchObject({ id: first!.id, isChecked: false });
    expect(saved.sections[1]!.id).toMatch(/^\d+$/);
    expect(saved.sections.some((x) => x.id === second!.id)).toBe(false);
    actor.stop();
  });

  it('Google search: 3 rounds, each an outline record with a valid structure', async () => {
    const { api } = await clientFor(handler, 'pro@demo.test');
    const { actor } = startWizard(api, { location: 'US' });
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'google search' });
    await outlineLoaded(actor);
    const ctx = actor.getSnapshot().context;
    expect(ctx.outlines).toHaveLength(3);
    expect(ctx.outlineIndex).toBe(2);
    for (const o of ctx.outlines) for (const m of ['1.', '2.', '3.']) expect(o.structure).toContain(m);
    const blog = await serverBlog(api, ctx.blogId!);
    expect(blog.outlines.map((o) => String(o.id))).toEqual(ctx.outlines.map((o) => o.id));
    // A new fetch on the same blog: the server answers 'Results limit already provided.', a quiet stop (03 §8).
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'google search' });
    await outlineLoaded(actor);
    expect(actor.getSnapshot().context.outlines).toHaveLength(3);
    actor.stop();
  });

  it('03 §8 on the backend refusals: the used free blog → longBlog rule (step 1, long-blog limit dialog); no words left → upgrade rule', async () => {
    const used = await clientFor(handler, 'free-blog-used@demo.test');
    const a = startWizard(used.api, { step: 2 });
    a.actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineSettled(a.actor);
    expect(a.actor.getSnapshot().context).toMatchObject({ step: 1, shouldFetchOutline: false, outlines: [] });
    expect(a.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'longBlogLimit', message: LONG_BLOG_FREE_USED_MESSAGE });
    a.actor.stop();

    const out = await clientFor(handler, 'free-words-out@demo.test');
    const b = startWizard(out.api);
    b.actor.send({ type: 'outline.fetch', title: TITLE, source: 'google search' });
    await outlineSettled(b.actor);
    expect(b.actor.getSnapshot().context.step).toBe(1);
    expect(b.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'wordLimit', message: BLOG_WORD_LIMIT_MESSAGE });
    b.actor.stop();
  });

  it('images: a section image loads; a free user at the image limit gets the image-limit dialog', async () => {
    const { api } = await clientFor(handler, 'free@demo.test');
    const { actor } = startWizard(api);
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(actor);
    const part = { kind: 'section' as const, id: current(actor).sections[0]!.id };
    actor.send({ type: 'image.generate', part, prompt: 'tomato seedlings on a windowsill' });
    expect(actor.getSnapshot().context.loadingImages).toEqual([partKey(part)]);
    await waitFor(actor, (s) => s.context.loadingImages.length === 0, WAIT);
    const url = actor.getSnapshot().context.images[partKey(part)]!;
    expect(url).toMatch(/\/media\/[0-9a-f]{32}\.png$/);
    const png = await handler(new Request(url));
    expect(png.headers.get('content-type')).toBe('image/png');
    actor.stop();

    const out = await clientFor(handler, 'free-images-out@demo.test');
    const w = startWizard(out.api);
    w.actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(w.actor);
    w.actor.send({ type: 'image.generate', part: { kind: 'introduction' }, prompt: 'x' });
    await waitFor(w.actor, (s) => s.context.isImageLimitReached, WAIT);
    expect(w.emitted).toContainEqual({ type: 'blog.dialog', dialog: 'imageLimit' });
    w.actor.stop();
  });

  it('opening a blog from the history fetches it (fetchBlog)', async () => {
    const { api } = await clientFor(handler, 'pro@demo.test');
    const first = startWizard(api);
    first.actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(first.actor);
    first.actor.send({ type: 'section.generate', part: { kind: 'introduction' } });
    await contentIdle(first.actor);
    const { blogId, outlines } = first.actor.getSnapshot().context;
    first.actor.stop();

    const other = startWizard(api);
    other.actor.send({ type: 'blog.open', blogId: blogId! });
    await waitFor(other.actor, (s) => s.matches({ blog: 'ready' }) && s.context.outlines.length > 0, WAIT);
    expect(other.actor.getSnapshot().context).toMatchObject({ blogId, title: TITLE, outlines, outlineSource: 'ai generated', step: 1 });
    other.actor.stop();
  });
});

describe('stopping and failures (backend with a held AI)', () => {
  let s: TestServer;
  let ai: { hold: boolean; fail: boolean; release: () => void; ended: Promise<void> } & AiWriter;
  let handler: Handler;

  /** The offline writer, optionally held after its first piece (until released or aborted) or failing there. */
  function heldAi() {
    const offline = createOfflineWriter({ paceMs: 0 });
    const w = {
      hold: false,
      fail: false,
      release: () => {},
      ended: Promise.resolve(),
      async *stream(req: AiRequest, signal: AbortSignal) {
        let end!: () => void;
        w.ended = new Promise<void>((r) => (end = r));
        const held = new Promise<void>((r) => (w.release = r));
        try {
          let first = true;
          for await (const piece of offline.stream(req, signal)) {
            yield piece;
            if (first && req.kind === 'section') {
              first = false;
              if (w.fail) throw new Error('upstream broke');
              if (w.hold) await Promise.race([held, new Promise((r) => signal.addEventListener('abort', r, { once: true }))]);
              if (signal.aborted) return;
            }
          }
        } finally {
          end();
        }
      },
    };
    return w;
  }

  beforeAll(async () => {
    s = await startTestServer();
    ai = heldAi();
    const app = createApp({ db: s.db, clock: s.clock, ai, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    handler = (req) => app.fetch(req);
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    await s.reset();
    ai.hold = false;
    ai.fail = false;
  });

  it('wizard.stop aborts the stream (the server stores nothing) and saves what the user saw with saveContent', async () => {
    const { api } = await clientFor(handler, 'free@demo.test');
    const saves: Promise<unknown>[] = [];
    const { actor } = startWizard(api, {}, { onStoppedSave: (p) => saves.push(p) });
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(actor);
    ai.hold = true;
    actor.send({ type: 'section.generate', part: { kind: 'introduction' } });
    await waitFor(actor, (x) => current(actor).introduction !== '' && x.matches({ content: 'generating' }), WAIT);
    actor.send({ type: 'wizard.stop' });
    expect(actor.getSnapshot().matches({ content: 'idle' })).toBe(true);
    await ai.ended; // the server's AI loop saw the abort
    expect(saves).toHaveLength(1);
    await saves[0];

    const shown = current(actor).introduction;
    const stored = (await serverBlog(api, actor.getSnapshot().context.blogId!)).outlines[0]!.introduction;
    expect(stored).toBe(closeOpenParagraph(shown));
    // Only the first piece was generated before the stop: a few words, not the whole introduction.
    expect(stored.split(/\s+/).length).toBeLessThan(10);
    actor.stop();
  });

  it('a stream that fails half-way → section.failed → the error dialog; nothing stored', async () => {
    const { api } = await clientFor(handler, 'pro@demo.test');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor, emitted } = startWizard(api);
    actor.send({ type: 'outline.fetch', title: TITLE, source: 'ai generated' });
    await outlineLoaded(actor);
    ai.fail = true;
    actor.send({ type: 'wizard.generateAll' });
    await contentIdle(actor);
    expect(emitted).toContainEqual({ type: 'blog.dialog', dialog: 'error', message: BLOG_SECTION_FAILED_MESSAGE });
    expect((await serverBlog(api, actor.getSnapshot().context.blogId!)).outlines[0]!.introduction).toBe('');
    log.mockRestore();
    actor.stop();
  });
});
