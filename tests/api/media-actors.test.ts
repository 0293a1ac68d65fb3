/**
 * The generation queue and video polling machines on their REAL actors (src/actors/generation-queue.ts,
 * src/actors/video-polling.ts) over the real client, against the in-process reference backend.
 *
 * One clock drives both sides: the machines run on a SimulatedClock (poll interval 10 s, progress tick
 * 1 s, gallery refetch 1 s) and the backend on an injected clock advanced by the same steps, so a video
 * goes pending → processing → complete (rendered by ffmpeg) in simulated time. The only real waiting is
 * for the in-process requests to finish (vi.waitFor on the actor's state).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { startRuntime, type Runtime } from '@server/runtime';
import { createAppServices, type AppServices } from '@/core/services';
import { createTokenStore } from '@/api/auth-storage';
import { provideGenerationQueue } from '@/actors/generation-queue';
import { createQueueService, type QueueService } from '@/actors/video-polling';
import { videoChildId } from '@machines/generation-queue.machine';
import type { NewQueueItem, QueueItem } from '@machines/queue-items';
import { encodePng, PNG_SIGNATURE } from '@server/media/png';
import { IMAGE_LIMIT_MESSAGE } from '@server/services/image-allowance';
import { IMAGE_MESSAGES, VIDEO_FREE_PLAN_MESSAGE, VIDEO_MESSAGES, VIDEO_PROMPT_REQUIRED_MESSAGE } from '@machines/constants';
import { T0 } from '../server/harness';

const ORIGIN = 'http://localhost:3000';

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

let serverMs = T0.getTime();
let runtime: Runtime;
beforeAll(async () => {
  runtime = await startRuntime({ databaseUrl: 'memory://', clock: { now: () => new Date(serverMs) } });
});
afterAll(async () => {
  await runtime?.close();
});
beforeEach(async () => {
  serverMs = T0.getTime();
  const res = await runtime.app.fetch(new Request(`${ORIGIN}/api/dev/reset`, { method: 'POST', headers: { 'X-Application': 'writer-web' } }));
  expect(res.ok).toBe(true);
});

interface Setup {
  services: AppServices;
  queue: QueueService;
  actor: Actor<ReturnType<typeof provideGenerationQueue>>;
  clock: SimulatedClock;
  emitted: { type: string; [k: string]: unknown }[];
  calls: string[];
  /** advances the machines' and the backend's clocks together, 1 s at a time, letting requests finish */
  advance(ms: number): Promise<void>;
  items(): QueueItem[];
  item(id: string): QueueItem | undefined;
  add(item: Partial<NewQueueItem> & Pick<NewQueueItem, 'type' | 'source' | 'prompt'>): string;
}

async function setup(email?: string): Promise<Setup> {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push(`${req.method} ${new URL(req.url).pathname}`);
    return runtime.app.fetch(req);
  };
  const tokens = createTokenStore(new MemoryStorage());
  const services = createAppServices({ baseUrl: ORIGIN, fetch, tokens });
  if (email) {
    const { data } = await services.api.POST('/api/auth/login', { body: { email, password: 'demo1234' } });
    tokens.set({ token: data!.access_token, loginTime: serverMs });
  }
  const queue = createQueueService(services.api, { baseUrl: `${ORIGIN}/queue`, fetch, accessToken: () => tokens.get()?.token });
  const clock = new SimulatedClock();
  clock.set(serverMs);
  const actor = createActor(provideGenerationQueue(services.api, { queue }), { input: {}, clock });
  const emitted: Setup['emitted'] = [];
  actor.on('*', (e) => emitted.push(e as Setup['emitted'][number]));
  actor.start();
  const busy = () => {
    const snap = actor.getSnapshot();
    if (snap.matches({ processing: 'generatingImage' }) || snap.matches({ resume: 'fetching' })) return true;
    return Object.values(snap.children).some((child) => {
      const s = (child as { getSnapshot?: () => { status: string; matches?: (v: unknown) => boolean } })?.getSnapshot?.();
      return !!s && s.status === 'active' && !!s.matches && (s.matches('starting') || s.matches({ polling: { status: 'checking' } }));
    });
  };
  const idle = () => vi.waitFor(() => expect(busy()).toBe(false), { timeout: 30_000, interval: 5 });
  let seq = 0;
  const s: Setup = {
    services,
    queue,
    actor,
    clock,
    emitted,
    calls,
    async advance(ms) {
      await idle();
      for (let t = 0; t < ms; t += 1000) {
        serverMs += 1000;
        clock.increment(1000);
        await idle();
      }
    },
    items: () => actor.getSnapshot().context.items,
    item: (id) => actor.getSnapshot().context.items.find((i) => i.id === id),
    add(item) {
      const id = `t-${++seq}`;
      actor.send({ type: 'queue.add', item: { ...item, id } as NewQueueItem, now: clock.now() });
      return id;
    },
  };
  return s;
}

async function settled(s: Setup, id: string) {
  await vi.waitFor(() => expect(['success', 'error', undefined]).toContain(s.item(id)?.status), { timeout: 30_000, interval: 5 });
  return s.item(id);
}

async function bytesOf(url: string) {
  const res = await runtime.app.fetch(new Request(url));
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('generateImage on the real backend', () => {
  it('an example-popup item becomes a real image: optimistic gallery insert, usage increment, gallery refetch 1 s later', async () => {
    const s = await setup('plus@demo.test');
    const id = s.add({
      type: 'image',
      source: 'example_popup',
      prompt: 'A paper boat on a pond',
      requestPayload: { endpoint: 'example', body: { prompt: 'A paper boat on a pond', image_prompt_id: 7, ratio: '3:2', model: 'Model A' } },
    });
    const item = (await settled(s, id))!;
    expect(item).toMatchObject({ status: 'success', isGenerating: false, progress: 100, credit_usage: 1 });
    expect(item.imageUrl).toMatch(new RegExp(`^${ORIGIN}/media/[0-9a-f]{32}\\.png$`));
    const png = await bytesOf(item.imageUrl!);
    expect(png.type).toBe('image/png');
    expect(Buffer.from(png.bytes.subarray(0, 8)).equals(PNG_SIGNATURE)).toBe(true);
    expect(s.emitted.find((e) => e.type === 'gallery.insert')).toMatchObject({ item: { id, imageId: item.imageId }, image: { image_prompt_id: 7, display_ratio: '3:2' } });
    expect(s.emitted.find((e) => e.type === 'usage.increment')).toEqual({ type: 'usage.increment', kind: 'image', examplePromptId: 7 });
    expect(s.emitted.some((e) => e.type === 'gallery.refetch')).toBe(false);
    await s.advance(1000);
    expect(s.emitted.filter((e) => e.type === 'gallery.refetch')).toHaveLength(1);
    // the gallery list the refetch reads has it first
    const { data } = await s.services.api.GET('/api/getImgList', { params: { query: { paginate: 30, page: 1 } } });
    expect(data!.data[0]!.id).toBe(item.imageId);
  });

  it('items run one at a time, oldest first; a bare generator body goes to generate-image', async () => {
    const s = await setup('pro@demo.test');
    const a = s.add({ type: 'image', source: 'regenerate', prompt: 'first', requestPayload: { prompt: 'first', aspectRatio: '1024x1792' } });
    const b = s.add({ type: 'image', source: 'regenerate', prompt: 'second', requestPayload: { prompt: 'second' } });
    expect(s.item(a)!.status).toBe('generating');
    expect(s.item(b)!.status).toBe('pending');
    await settled(s, a);
    await settled(s, b);
    expect(s.calls.filter((c) => c.startsWith('POST /api/image-generation-new/generate-image'))).toHaveLength(2);
    expect(s.calls.some((c) => c === 'POST /api/ImgGenerate')).toBe(false);
    expect(s.items().map((i) => i.status)).toEqual(['success', 'success']);
  });

  it("a free user at the image limit: the item fails with the server's 'limit' message and the image-limit dialog is asked for", async () => {
    const s = await setup('free-images-out@demo.test');
    const id = s.add({ type: 'image', source: 'example_popup', prompt: 'over the limit', requestPayload: { endpoint: 'generator', body: { prompt: 'over the limit' } } });
    const item = await settled(s, id);
    expect(item).toMatchObject({ status: 'error', error: IMAGE_LIMIT_MESSAGE });
    expect(s.emitted.find((e) => e.type === 'image.dialog')).toEqual({ type: 'image.dialog', dialog: 'imageLimit', message: IMAGE_LIMIT_MESSAGE });
  });

  it('a paid user without credits: 455 → the upgrade dialog', async () => {
    const s = await setup('credits-out@demo.test');
    const id = s.add({ type: 'image', source: 'example_popup', prompt: 'no credits', requestPayload: { endpoint: 'example', body: { prompt: 'no credits' } } });
    expect(await settled(s, id)).toMatchObject({ status: 'error', error: IMAGE_MESSAGES.insufficientCredits });
    expect(s.emitted.find((e) => e.type === 'image.dialog')).toEqual({ type: 'image.dialog', dialog: 'upgrade', message: IMAGE_MESSAGES.insufficientCredits });
  });

  it('a 401 (signed out) fails the item with the not-authorized text', async () => {
    const s = await setup();
    const id = s.add({ type: 'image', source: 'example_popup', prompt: 'signed out', requestPayload: { endpoint: 'example', body: { prompt: 'signed out' } } });
    expect(await settled(s, id)).toMatchObject({ status: 'error', error: IMAGE_MESSAGES.unauthorized });
  });
});

describe('startVideo + pollVideoStatus on the real backend', () => {
  it('a text-to-video item: started, progress while processing, then success with a real MP4 after the estimate', async () => {
    const s = await setup('plus@demo.test');
    const id = s.add({ type: 'video', source: 'example_popup', contentType: 'text_to_video', prompt: 'Rain over a city', requestPayload: { content_type: 'text_to_video', prompt: 'Rain over a city', duration_in_sec: 5 } });
    await vi.waitFor(() => expect(s.item(id)?.videoId).toBeDefined(), { timeout: 30_000, interval: 5 });
    expect(s.item(id)).toMatchObject({ status: 'generating', estimatedSeconds: 25, progress: 0 });
    expect(s.actor.getSnapshot().matches({ processing: 'idle' })).toBe(true); // the next item may start

    await s.advance(10_000); // first poll: processing, server progress 40 %
    expect(s.calls.filter((c) => /^GET \/api\/videos\/\d+\/status$/.test(c))).toHaveLength(1);
    expect(s.item(id)).toMatchObject({ status: 'generating', progress: 40 });
    await s.advance(10_000);
    expect(s.item(id)!.progress).toBe(80);
    await s.advance(10_000); // third poll: complete
    const done = s.item(id)!;
    expect(done).toMatchObject({ status: 'success', progress: 100, credit_usage: 10, duration: 5 });
    expect(done.videoUrl).toMatch(/\/media\/[0-9a-f]{32}\.mp4$/);
    const mp4 = await bytesOf(done.videoUrl!);
    expect(mp4.type).toBe('video/mp4');
    expect(Buffer.from(mp4.bytes.subarray(4, 8)).toString('ascii')).toBe('ftyp');
    expect(s.actor.getSnapshot().children[videoChildId(id)]).toBeUndefined();
    expect(s.emitted.find((e) => e.type === 'gallery.insert')).toMatchObject({ item: { id, status: 'success' } });
    await s.advance(1000);
    expect(s.emitted.some((e) => e.type === 'gallery.refetch')).toBe(true);
  });

  it("a free user: 403 type upgrade → the item is removed and the video generator's limit dialog is asked for", async () => {
    const s = await setup('free@demo.test');
    const id = s.add({ type: 'video', source: 'example_popup', contentType: 'text_to_video', prompt: 'free', requestPayload: { content_type: 'text_to_video', prompt: 'free' } });
    await vi.waitFor(() => expect(s.item(id)).toBeUndefined(), { timeout: 30_000, interval: 5 });
    expect(s.emitted.find((e) => e.type === 'video.dialog')).toMatchObject({ dialog: 'generateLimit', tool: 'videoGenerator', message: VIDEO_FREE_PLAN_MESSAGE });
  });

  it("text to reels without a prompt: 400 → 'Validation Error' dialog with 'Video prompt is required', item removed", async () => {
    const s = await setup('plus@demo.test');
    const id = s.add({ type: 'video', source: 'example_popup', contentType: 'text_to_reels_video', prompt: '', requestPayload: { content_type: 'text_to_reels_video', prompt: ' ' } });
    await vi.waitFor(() => expect(s.item(id)).toBeUndefined(), { timeout: 30_000, interval: 5 });
    expect(s.emitted.find((e) => e.type === 'video.dialog')).toMatchObject({ dialog: 'validation', title: VIDEO_MESSAGES.validationError, message: VIDEO_PROMPT_REQUIRED_MESSAGE });
  });

  it("an image type with a file that is not an image: 422 → 'Not a valid image' dialog (the server's title), item removed", async () => {
    const s = await setup('plus@demo.test');
    const id = s.add({ type: 'video', source: 'example_popup', contentType: 'image_to_video', prompt: 'x', requestPayload: { content_type: 'image_to_video', image_base64: Buffer.from('not an image').toString('base64') } });
    await vi.waitFor(() => expect(s.item(id)).toBeUndefined(), { timeout: 30_000, interval: 5 });
    expect(s.emitted.find((e) => e.type === 'video.dialog')).toMatchObject({ dialog: 'invalidImage', title: VIDEO_MESSAGES.notValidImage });
  });

  it('signed out: 401 → generating items cleared and an auth error', async () => {
    const s = await setup();
    s.add({ type: 'video', source: 'example_popup', contentType: 'text_to_video', prompt: 'x', requestPayload: { content_type: 'text_to_video', prompt: 'x' } });
    await vi.waitFor(() => expect(s.emitted.some((e) => e.type === 'auth.error')).toBe(true), { timeout: 30_000, interval: 5 });
    expect(s.items()).toEqual([]);
  });

  it('a failed render: the item fails with the server error message', async () => {
    const s = await setup('pro@demo.test');
    const prev = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    try {
      const id = s.add({ type: 'video', source: 'example_popup', contentType: 'text_to_video', prompt: 'broken', requestPayload: { content_type: 'text_to_video', prompt: 'broken', duration_in_sec: 1 } });
      await vi.waitFor(() => expect(s.item(id)?.videoId).toBeDefined(), { timeout: 30_000, interval: 5 });
      await s.advance(30_000);
      expect(s.item(id)).toMatchObject({ status: 'error', error: 'Video rendering is unavailable on this server (ffmpeg is not installed).' });
    } finally {
      if (prev === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = prev;
    }
  });

  it('after a reload, in-progress videos are fetched and polled to completion (fetchInProgressVideos)', async () => {
    const s = await setup('pro@demo.test');
    const { data } = await s.services.api.POST('/api/videos', { body: { content_type: 'text_to_video', prompt: 'started before the reload', duration_in_sec: 2 } });
    serverMs += 4000;
    s.clock.set(serverMs);
    s.actor.send({ type: 'queue.resumeVideos', now: serverMs, isSignedIn: true });
    await vi.waitFor(() => expect(s.items()).toHaveLength(1), { timeout: 30_000, interval: 5 });
    expect(s.calls).toContain('GET /api/videos');
    const [item] = s.items();
    expect(item).toMatchObject({ type: 'video', status: 'generating', videoId: data!.id, estimatedSeconds: 22 });
    await s.advance(20_000);
    expect(s.items()[0]).toMatchObject({ status: 'success', videoId: data!.id });
  });

  it('a gallery image to video goes through the queue service with a JWT, fetched once', async () => {
    const s = await setup('plus@demo.test');
    const id = s.add({
      type: 'video',
      source: 'gallery_image_video',
      contentType: 'image_to_video',
      prompt: 'make it move',
      requestPayload: {
        type: 'image_to_video',
        videoDuration: '5',
        model: 'model-a',
        videoQuality: 'standard',
        imageFile: new Blob([new Uint8Array(encodePng(8, 8, new Uint8Array(192).fill(120)))], { type: 'image/png' }),
        data: { prompt: 'make it move', aspect_ratio_id: 3 },
      },
    });
    await vi.waitFor(() => expect(s.item(id)?.videoId).toBeDefined(), { timeout: 30_000, interval: 5 });
    expect(s.calls.filter((c) => c === 'POST /api/jwt/generate')).toHaveLength(1);
    expect(s.calls).toContain('POST /queue/video_generation');
    await s.advance(30_000);
    const done = s.item(id)!;
    expect(done.status).toBe('success');
    const mp4 = await bytesOf(done.videoUrl!);
    expect(Buffer.from(mp4.bytes.subarray(4, 8)).toString('ascii')).toBe('ftyp');
    // a second request reuses the token
    const again = s.add({ type: 'video', source: 'gallery_image_video', contentType: 'image_to_video', prompt: 'again', requestPayload: { type: 'image_to_video', videoDuration: '5', model: 'model-a', data: { image_id: 999999 } } });
    await vi.waitFor(() => expect(s.item(again)).toBeUndefined(), { timeout: 30_000, interval: 5 }); // 422: not the user's image
    expect(s.calls.filter((c) => c === 'POST /api/jwt/generate')).toHaveLength(1);
  });
});
