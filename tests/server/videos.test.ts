/**
 * Video generation on the reference backend (02 §3 Video record, §4 Video generation, §5, §6, §7, §8, §9):
 * pending (2) → processing (1, with progress) → complete (4) on the injected clock, a REAL MP4 (H.264,
 * yuv420p) and JPEG thumbnail rendered by ffmpeg, credits charged on completion, the refusals of 02 §6/§8,
 * lists and the in-progress filter, delete, owner-only access, the queue-service token and the queue service.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestServer } from './harness';
import { fakeFfmpeg, removeFakeFfmpegs } from './fake-ffmpeg';
import { eq } from 'drizzle-orm';
import { createApp } from '@server/app';
import type { AppDeps } from '@server/app-env';
import { createJobQueue, type JobQueue } from '@server/jobs/queue';
import * as t from '@server/db/schema';
import { RENDER_MESSAGES } from '@server/media/video-renderer';
import { INVALID_IMAGE_TITLE } from '@server/services/video-jobs';
import { INVALID_QUEUE_TOKEN_MESSAGE } from '@server/routes/video-queue';
import { IMAGE_MESSAGES, VIDEO_FREE_PLAN_MESSAGE, VIDEO_PROMPT_REQUIRED_MESSAGE } from '@machines/constants';
import { encodePng } from '@server/media/png';
import { createAjv, toFieldErrors } from '@server/http/openapi-validate';
import queueDoc from '@contract/queue.bundle.gen.json';

const s = useTestServer();

const hasFfprobe = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** ffprobe's view of an MP4: codec, pixel format, size and duration. */
function probe(bytes: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), 'probe-'));
  try {
    const file = join(dir, 'v.mp4');
    writeFileSync(file, bytes);
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,pix_fmt,width,height:format=duration', '-of', 'json', file]);
    const j = JSON.parse(out.toString());
    return { ...j.streams[0], duration: Number(j.format.duration) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function media(url: string, headers: Record<string, string> = {}) {
  const res = await s.app.request(new URL(url).pathname, { headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function creditsLeft(token: string) {
  const d = (await s.call('GET', '/api/subscription/details', { token })).body.data;
  return d.plan.total_plan_credits + d.total_add_on_credits + d.earned_bonus - d.plan_total_credit_usage;
}

const status = async (token: string, id: number) => s.call('GET', `/api/videos/${id}/status`, { token });

/** The job queues of the apps made by appCaller, stopped after each test. */
const otherQueues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(otherQueues.splice(0).map((q) => q.stop()));
});

/**
 * Calls on a second app over the same database and clock, with its own config (another ffmpeg, rendering ahead).
 * Its render jobs are on queues of their own (a namespace), so only its own workers, with its ffmpeg, run them.
 */
function appCaller(config: { renderVideosAhead?: boolean; ffmpegPath: string; schedule?: AppDeps['schedule'] }) {
  const jobs = createJobQueue(s.db, { namespace: `app${otherQueues.length + 1}` });
  otherQueues.push(jobs);
  const app = createApp({
    db: s.db,
    jobs,
    clock: s.clock,
    schedule: config.schedule,
    config: { devRoutes: false, aiPaceMs: 0, renderVideosAhead: config.renderVideosAhead, env: { FFMPEG_PATH: config.ffmpegPath } },
  });
  return async (method: string, path: string, token: string, body?: unknown) => {
    const res = await app.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
}

describe('POST /api/videos → status → a real MP4', () => {
  it('text to video: pending, processing with progress, then complete with an H.264 MP4 and a thumbnail; charged once', async () => {
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const r = await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'Waves on a beach at sunset', duration_in_sec: 5, aspect_ratio_id: 2 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: expect.any(Number), isTemporaryId: false, estimated_seconds: 25 });
    const id = r.body.id;

    const pending = await status(token, id);
    expect(pending.body).toMatchObject({ status: { id, status: 2 }, progress: 0, video_url: null, estimated_seconds: 25 });

    s.clock.advance(10_000);
    const processing = await status(token, id);
    expect(processing.body.status.status).toBe(1);
    expect(processing.body.progress).toBe(40);
    const inProgress = await s.call('GET', '/api/videos?in_progress=1', { token });
    expect(inProgress.body.data.map((v: any) => v.id)).toEqual([id]);
    expect(inProgress.body.per_page).toBe(50);
    expect(await creditsLeft(token)).toBe(before - 10); // the price is reserved when the video starts so parallel starts cannot overdraw

    s.clock.advance(15_000);
    const done = await status(token, id);
    expect(done.body).toMatchObject({ status: { status: 4, error_message: null }, progress: 100, credit_usage: 10 });
    expect(done.body.status.data.movie).toMatchObject({ url: done.body.video_url, duration: 5 });
    expect(done.body.video_url).toMatch(/^http:\/\/localhost\/media\/[0-9a-f]{32}\.mp4$/);

    const mp4 = await media(done.body.video_url);
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(mp4.bytes.subarray(4, 8)).toString('ascii')).toBe('ftyp');
    if (hasFfprobe) {
      const p = probe(mp4.bytes);
      expect(p).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 640, height: 360 });
      expect(p.duration).toBeCloseTo(5, 0);
    }
    const range = await media(done.body.video_url, { range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.bytes.length).toBe(100);
    const thumb = await media(done.body.thumbnail_url);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect([thumb.bytes[0], thumb.bytes[1]]).toEqual([0xff, 0xd8]);

    // 2 credits a second, charged once however often it is read
    expect(await creditsLeft(token)).toBe(before - 10);
    await status(token, id);
    await s.call('GET', '/api/videos', { token });
    expect(await creditsLeft(token)).toBe(before - 10);

    const one = await s.call('GET', `/api/videos/${id}`, { token });
    expect(one.body.data).toMatchObject({ id, content_type: 'text_to_video', prompt: 'Waves on a beach at sunset', aspect_ratio: '16:9', duration: 5, video_quality: 'regular', progress: 100 });
    expect((await s.call('GET', '/api/videos?in_progress=1', { token })).body.data).toEqual([]);
  });

  it('concurrent polls after ready_at render once', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = (await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_reels_video', prompt: 'A reel', duration_in_sec: 1 } })).body;
    s.clock.advance(60_000);
    const replies = await Promise.all([status(token, id), status(token, id), s.call('GET', '/api/videos', { token })]);
    expect(replies[0].body.status.status).toBe(4);
    expect(replies[1].body.video_url).toBe(replies[0].body.video_url);
    // reels last at least 15 s (02 §4 Video generation)
    expect(replies[0].body.status.data.movie.duration).toBe(15);
  });

  it('image to video from a gallery image: the still is animated; the gallery image survives deleting the video', async () => {
    const token = await s.login('plus@demo.test');
    const img = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'A red kite', aspectRatio: '1024x1024' } })).body.data;
    const r = await s.call('POST', '/api/videos', { token, body: { content_type: 'image_to_video', image: String(img.id), prompt: 'the kite flies', aspect_ratio_id: 3, video_quality: 'hd-quality' } });
    expect(r.status).toBe(200);
    const pending = (await s.call('GET', `/api/videos/${r.body.id}`, { token })).body.data;
    expect(pending.thumbnail_url).toBe(img.image_url); // the input image while processing
    s.clock.advance(r.body.estimated_seconds * 1000);
    const done = (await status(token, r.body.id)).body;
    expect(done.status.status).toBe(4);
    expect(done.credit_usage).toBe(20); // 5 s × 4 credits (hd-quality)
    if (hasFfprobe) expect(probe((await media(done.video_url)).bytes)).toMatchObject({ codec_name: 'h264', width: 640, height: 640 });
    expect((await s.call('DELETE', `/api/videos/${r.body.id}`, { token })).status).toBe(200);
    expect((await media(done.video_url)).status).toBe(404);
    expect((await media(img.image_url)).status).toBe(200);
  });

  it('image to video from an uploaded image (base64); a file that is not an image is 422 "Not a valid image"', async () => {
    const token = await s.login('plus@demo.test');
    const png = encodePng(2, 2, new Uint8Array(12).fill(200));
    const ok = await s.call('POST', '/api/videos', { token, body: { content_type: 'image_to_360_video', image_base64: `data:image/png;base64,${png.toString('base64')}`, duration_in_sec: 9 } });
    expect(ok.status).toBe(200);
    expect((await s.call('GET', `/api/videos/${ok.body.id}`, { token })).body.data).toMatchObject({ duration: 5, video_quality: 'standard' });
    const bad = await s.call('POST', '/api/videos', { token, body: { content_type: 'image_to_video', image_base64: Buffer.from('hello').toString('base64') } });
    expect(bad.status).toBe(422);
    expect(bad.body.type).toBe(INVALID_IMAGE_TITLE);
    const none = await s.call('POST', '/api/videos', { token, body: { content_type: 'image_to_vfx_ad_video' } });
    expect(none.status).toBe(422);
    expect(none.body.type).toBe(INVALID_IMAGE_TITLE);
    const otherImage = await s.call('POST', '/api/videos', { token, body: { content_type: 'image_to_video', image: '999999' } });
    expect(otherImage.status).toBe(422);
  });

  it('a failed render ends as failed (5) with a clear message, charges nothing, and can be retried with video_id', async () => {
    const call = appCaller({ ffmpegPath: '/nonexistent/ffmpeg' });
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'no ffmpeg here' });
    s.clock.advance(60_000);
    const failed = await call('GET', `/api/videos/${body.id}/status`, token);
    expect(failed.body).toMatchObject({ status: { status: 5, error_message: RENDER_MESSAGES.unavailable }, error_message: RENDER_MESSAGES.unavailable, video_url: null });
    expect(await creditsLeft(token)).toBe(before);
    // retry on the working server restarts the same video
    const retry = await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'no ffmpeg here', video_id: body.id } });
    expect(retry.body.id).toBe(body.id);
    expect((await status(token, body.id)).body.status).toMatchObject({ status: 2, error_message: null });
    s.clock.advance(60_000);
    expect((await status(token, body.id)).body.status.status).toBe(4);
    // a video that has not failed cannot be "retried"
    expect((await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'x', video_id: body.id } })).status).toBe(400);
  });
});

describe('rendering ahead (the running server: config.renderVideosAhead)', () => {
  afterEach(removeFakeFfmpegs);
  const aheadApp = (ffmpegPath: string) => appCaller({ renderVideosAhead: true, ffmpegPath });

  it('the MP4 is rendered from the start, while the video is still pending; the first due poll completes it without rendering again, charged once', async () => {
    const ffmpeg = fakeFfmpeg();
    const call = aheadApp(ffmpeg.bin);
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Rendered ahead', duration_in_sec: 5 });
    // no clock has moved: the render runs in the background right after the start
    await vi.waitFor(() => expect(ffmpeg.started()).toBe(1), { timeout: 30_000, interval: 50 });
    expect((await call('GET', `/api/videos/${body.id}/status`, token)).body.status.status).toBe(2);
    s.clock.advance(60_000);
    const done = await call('GET', `/api/videos/${body.id}/status`, token);
    expect(done.body).toMatchObject({ status: { status: 4, error_message: null }, progress: 100, credit_usage: 10 });
    expect((await media(done.body.video_url)).bytes.subarray(4, 8)).toEqual(new Uint8Array(Buffer.from('ftyp')));
    await call('GET', `/api/videos/${body.id}/status`, token);
    expect(ffmpeg.started()).toBe(1);
    expect(await creditsLeft(token)).toBe(before - 10);
  });

  /** deps.schedule by hand: what the server would run after `ms`, run when the test says the time has come */
  function manualSchedule() {
    const waiting: { ms: number; fn: () => Promise<void> }[] = [];
    return {
      schedule: (ms: number, fn: () => Promise<void>) => void waiting.push({ ms, fn }),
      waiting,
      /** runs what is waiting and resolves when it has finished */
      runAll: () => Promise.all(waiting.splice(0).map((w) => w.fn())),
    };
  }

  it('at its ready time the video completes by itself (no poll), so its render is not held in memory for a later read', async () => {
    const ffmpeg = fakeFfmpeg();
    const timers = manualSchedule();
    const call = appCaller({ renderVideosAhead: true, ffmpegPath: ffmpeg.bin, schedule: timers.schedule });
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Nobody polls me', duration_in_sec: 5 });
    // rendered, then a timer for the ready time: 25 s after the start (the estimate)
    await vi.waitFor(() => expect(timers.waiting).toHaveLength(1), { timeout: 30_000, interval: 50 });
    expect(timers.waiting[0].ms).toBe(25_000);
    s.clock.advance(25_000);
    await timers.runAll();
    const [stored] = await s.db.select().from(t.videos).where(eq(t.videos.id, body.id));
    expect(stored).toMatchObject({ status: 4, progress: 100, creditUsage: 10 });
    expect(stored.videoUrl).toMatch(/\.mp4$/);
    expect(await creditsLeft(token)).toBe(before - 10);
    // a later poll finds it done: no second render, no second charge
    expect((await call('GET', `/api/videos/${body.id}/status`, token)).body).toMatchObject({ status: { status: 4 }, credit_usage: 10 });
    expect(ffmpeg.started()).toBe(1);
    expect(await creditsLeft(token)).toBe(before - 10);
  });

  it('a timer that fires before the clock reaches the ready time waits again; a video deleted meanwhile is left alone', async () => {
    const ffmpeg = fakeFfmpeg();
    const timers = manualSchedule();
    const call = appCaller({ renderVideosAhead: true, ffmpegPath: ffmpeg.bin, schedule: timers.schedule });
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Early timer', duration_in_sec: 5 });
    await vi.waitFor(() => expect(timers.waiting).toHaveLength(1), { timeout: 30_000, interval: 50 });
    s.clock.advance(10_000);
    await timers.runAll(); // 15 s early
    expect(timers.waiting.map((w) => w.ms)).toEqual([15_000]);
    expect((await call('GET', `/api/videos/${body.id}/status`, token)).body.status.status).toBe(1);
    expect((await call('DELETE', `/api/videos/${body.id}`, token)).status).toBe(200);
    s.clock.advance(15_000);
    await timers.runAll();
    expect(timers.waiting).toEqual([]);
    expect(await s.db.select().from(t.videos).where(eq(t.videos.id, body.id))).toEqual([]);
    expect(await creditsLeft(token)).toBe(before);
  });

  it('a render held for a video id that the dev reset hands out again is not given to the new video', async () => {
    const ffmpeg = fakeFfmpeg();
    const call = aheadApp(ffmpeg.bin);
    let token = await s.login('plus@demo.test');
    const first = (await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Before the reset', duration_in_sec: 5 })).body;
    await vi.waitFor(() => expect(ffmpeg.started()).toBe(1), { timeout: 30_000, interval: 50 });
    await s.reset(); // the tables restart their ids
    token = await s.login('plus@demo.test');
    const second = (await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'After the reset', duration_in_sec: 10 })).body;
    expect(second.id).toBe(first.id);
    await vi.waitFor(() => expect(ffmpeg.started()).toBe(2), { timeout: 30_000, interval: 50 });
    s.clock.advance(120_000);
    const done = await call('GET', `/api/videos/${second.id}/status`, token);
    // its own render: 10 seconds, charged 2 credits a second
    expect(done.body).toMatchObject({ status: { status: 4, data: { movie: { duration: 10 } } }, credit_usage: 20 });
  });

  it('a render that failed ahead ends the video as failed at its ready time, with the clear message, charging nothing', async () => {
    const call = aheadApp('/nonexistent/ffmpeg');
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'no ffmpeg here' });
    expect((await call('GET', `/api/videos/${body.id}/status`, token)).body.status.status).toBe(2);
    s.clock.advance(60_000);
    const failed = await call('GET', `/api/videos/${body.id}/status`, token);
    expect(failed.body).toMatchObject({ status: { status: 5, error_message: RENDER_MESSAGES.unavailable }, video_url: null });
    expect(await creditsLeft(token)).toBe(before);
  });

  it('a video deleted while its render runs ahead stays deleted; nothing is stored or charged for it', async () => {
    const ffmpeg = fakeFfmpeg();
    const call = aheadApp(ffmpeg.bin);
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Deleted early', duration_in_sec: 5 });
    expect((await call('DELETE', `/api/videos/${body.id}`, token)).status).toBe(200);
    await vi.waitFor(() => expect(ffmpeg.started()).toBe(1), { timeout: 30_000, interval: 50 });
    s.clock.advance(60_000);
    expect((await call('GET', `/api/videos/${body.id}/status`, token)).status).toBe(404);
    expect((await call('GET', '/api/videos', token)).body.data.map((v: { id: number }) => v.id)).not.toContain(body.id);
    expect(await creditsLeft(token)).toBe(before);
  });
});

describe('refusals and validation (02 §5, §6, §8)', () => {
  it("free plan: 403 'Video generation is only available on paid plans' type upgrade; nothing stored", async () => {
    const token = await s.login('free@demo.test');
    const r = await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'free video' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: VIDEO_FREE_PLAN_MESSAGE, type: 'upgrade' });
    expect((await s.call('GET', '/api/videos', { token })).body.total).toBe(0);
  });

  it('paid plan without credits: 455 type upgrade; inactive subscription: 403 type upgrade', async () => {
    const out = await s.login('credits-out@demo.test');
    const r = await s.call('POST', '/api/videos', { token: out, body: { content_type: 'text_to_video', prompt: 'x' } });
    expect(r.status).toBe(455);
    expect(r.body).toEqual({ message: IMAGE_MESSAGES.insufficientCredits, type: 'upgrade' });
    const overdue = await s.login('overdue@demo.test');
    const o = await s.call('POST', '/api/videos', { token: overdue, body: { content_type: 'text_to_video', prompt: 'x' } });
    expect(o.status).toBe(403);
    expect(o.body.type).toBe('upgrade');
  });

  it("text to reels needs a non-blank prompt: 400 'Video prompt is required'", async () => {
    const token = await s.login('plus@demo.test');
    for (const prompt of [undefined, '', '   ']) {
      const r = await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_reels_video', prompt } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: VIDEO_PROMPT_REQUIRED_MESSAGE, type: 'Validation Error' });
    }
    const badType = await s.call('POST', '/api/videos', { token, body: { content_type: 'movie' } });
    expect(badType.status).toBe(422);
    expect((await s.call('POST', '/api/videos', { body: { content_type: 'text_to_video', prompt: 'x' } })).status).toBe(401);
  });
});

describe('lists, delete and access', () => {
  it("newest first, paged; another user's ids are 404 everywhere", async () => {
    const token = await s.login('pro@demo.test');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      s.clock.advance(1000);
      ids.push((await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: `video ${i}` } })).body.id);
    }
    const page = (await s.call('GET', '/api/videos?per_page=2', { token })).body;
    expect(page).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(page.data.map((v: any) => v.id)).toEqual([ids[2], ids[1]]);
    expect((await s.call('GET', '/api/videos', { token })).body.per_page).toBe(30);
    // the total comes with every page, also the last one and one past the end
    const last = (await s.call('GET', '/api/videos?per_page=2&page=2', { token })).body;
    expect(last).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3, next_page_url: null });
    expect(last.data.map((v: any) => v.id)).toEqual([ids[0]]);
    expect((await s.call('GET', '/api/videos?per_page=2&page=3', { token })).body).toMatchObject({ total: 3, from: null, to: null, data: [] });

    const other = await s.login('plus@demo.test');
    for (const [m, p] of [['GET', `/api/videos/${ids[0]}`], ['GET', `/api/videos/${ids[0]}/status`], ['DELETE', `/api/videos/${ids[0]}`]] as const)
      expect((await s.call(m, p, { token: other })).status).toBe(404);
    expect((await s.call('GET', '/api/videos', { token: other })).body.total).toBe(0);

    expect((await s.call('DELETE', `/api/videos/${ids[0]}`, { token })).status).toBe(200);
    expect((await s.call('GET', `/api/videos/${ids[0]}`, { token })).status).toBe(404);
  });

  it('the lists settle the due videos they show: the in-progress list drops a finished video at once, charged once', async () => {
    const token = await s.login('pro@demo.test');
    const before = await creditsLeft(token);
    const { id } = (await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'Due on the list', duration_in_sec: 5 } })).body;
    expect((await s.call('GET', '/api/videos?in_progress=1', { token })).body).toMatchObject({ total: 1, data: [{ id }] });
    s.clock.advance(60_000);
    // no status poll in between: the list read itself renders and completes it
    expect((await s.call('GET', '/api/videos?in_progress=1', { token })).body).toMatchObject({ total: 0, data: [] });
    const all = (await s.call('GET', '/api/videos', { token })).body;
    expect(all).toMatchObject({ total: 1, data: [{ id, progress: 100 }] });
    expect(all.data[0].video_url).toMatch(/\.mp4$/);
    expect(await creditsLeft(token)).toBe(before - 10);
  });

  it('deleting a video while it is due to render leaves nothing behind', async () => {
    const token = await s.login('pro@demo.test');
    const { id } = (await s.call('POST', '/api/videos', { token, body: { content_type: 'text_to_video', prompt: 'gone' } })).body;
    s.clock.advance(60_000);
    const [poll, del] = await Promise.all([status(token, id), s.call('DELETE', `/api/videos/${id}`, { token })]);
    expect([200, 404]).toContain(poll.status);
    expect(del.status).toBe(200);
    expect((await s.call('GET', '/api/videos', { token })).body.total).toBe(0);
  });

  it('option lists have one default each (02 §9 defaults)', async () => {
    const token = await s.login('plus@demo.test');
    const defaults: Record<string, string> = {
      '/api/voice-over-styles': 'Professional Male',
      '/api/video-styles': 'Auto',
      '/api/audio-styles': 'Auto',
      '/api/aspect-ratios': '9:16',
    };
    for (const [path, title] of Object.entries(defaults)) {
      const list = (await s.call('GET', path, { token })).body.data;
      expect(list.filter((o: any) => o.is_default).map((o: any) => o.title)).toEqual([title]);
    }
    const types = (await s.call('GET', '/api/video-content-types', { token })).body.data;
    expect(types.map((o: any) => o.value)).toEqual(['text_to_video', 'text_to_reels_video', 'image_to_video', 'image_to_360_video', 'image_to_virtual_product', 'image_to_vfx_ad_video', 'image_to_ugc_ad_video']);
    expect(types.every((o: any) => o.available)).toBe(true);
  });
});

describe('queue-service token and the queue service (/queue)', () => {
  async function queue(method: string, path: string, token: string, apiToken: string | undefined, body?: FormData | unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-application': 'writer-web' };
    if (apiToken) headers['x-api-token'] = apiToken;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await s.app.request(path, { method, headers, body: payload });
    return { status: res.status, body: await res.json() };
  }

  it('jwt: generate and validate; the token is bound to its user and expires after an hour', async () => {
    const token = await s.login('plus@demo.test');
    const jwt = (await s.call('POST', '/api/jwt/generate', { token })).body;
    expect(jwt).toMatchObject({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expires_in: 3600 });
    expect((await s.call('POST', '/api/jwt/validate', { token, body: { token: jwt.token } })).body).toMatchObject({ valid: true, expires_in: 3600 });
    const other = await s.login('pro@demo.test');
    expect((await s.call('POST', '/api/jwt/validate', { token: other, body: { token: jwt.token } })).body).toEqual({ valid: false });
    expect((await s.call('POST', '/api/jwt/validate', { token, body: { token: jwt.token + 'x' } })).body).toEqual({ valid: false });
    s.clock.advance(3600_000);
    expect((await s.call('POST', '/api/jwt/validate', { token, body: { token: jwt.token } })).body).toEqual({ valid: false });
    expect((await s.call('POST', '/api/jwt/generate')).status).toBe(401);
  });

  it('video_generation: an uploaded image becomes a video; generation-status follows it by n8n_execution_id', async () => {
    const token = await s.login('plus@demo.test');
    const jwt = (await s.call('POST', '/api/jwt/generate', { token })).body.token;
    const form = new FormData();
    form.set('imageFile', new Blob([new Uint8Array(encodePng(4, 4, new Uint8Array(48).fill(90)))], { type: 'image/png' }), 'still.png');
    form.set('videoDuration', '5');
    form.set('model', 'model-a');
    form.set('videoQuality', 'standard');
    form.set('data', JSON.stringify({ prompt: 'slow zoom', aspect_ratio_id: 1 }));
    const r = await queue('POST', '/queue/video_generation?type=image_to_video', token, jwt, form);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^\d+$/), isTemporaryId: false, estimated_seconds: 25, n8n_execution_id: expect.stringMatching(/^exec_/) });
    expect(r.body.data.video_id).toBe(r.body.id);
    const gs = await s.call('GET', `/api/generation-status/${r.body.n8n_execution_id}`, { token });
    expect(gs.body.data).toMatchObject({ status: 'pending', video_id: Number(r.body.id) });
    s.clock.advance(25_000);
    expect((await s.call('GET', `/api/generation-status/${r.body.n8n_execution_id}`, { token })).body.data.status).toBe('success');
    const v = (await s.call('GET', `/api/videos/${r.body.id}`, { token })).body.data;
    expect(v).toMatchObject({ content_type: 'image_to_video', aspect_ratio: '9:16', model: 'model-a', prompt: 'slow zoom' });
    if (hasFfprobe) expect(probe((await media(v.video_url)).bytes)).toMatchObject({ codec_name: 'h264', width: 360, height: 640 });
    const other = await s.login('pro@demo.test');
    expect((await s.call('GET', `/api/generation-status/${r.body.n8n_execution_id}`, { token: other })).status).toBe(404);
  });

  it('the queue service needs the API token of the same user; validates its form and query', async () => {
    const token = await s.login('plus@demo.test');
    const jwt = (await s.call('POST', '/api/jwt/generate', { token })).body.token;
    const otherJwt = (await s.call('POST', '/api/jwt/generate', { token: await s.login('pro@demo.test') })).body.token;
    const missing = await queue('GET', '/queue/get_video_credits?type=image_to_video', token, undefined);
    expect(missing).toEqual({ status: 401, body: { message: INVALID_QUEUE_TOKEN_MESSAGE, type: 'queueToken' } });
    expect((await queue('GET', '/queue/get_video_credits?type=image_to_video', token, otherJwt)).status).toBe(401);
    expect((await queue('GET', '/queue/get_video_credits?type=image_to_video', 'nope', jwt)).status).toBe(401);
    const credits = await queue('GET', '/queue/get_video_credits?type=image_to_video', token, jwt);
    expect(credits.body.data).toMatchObject({ credits: 10, per_second: 2, by_duration: { '5': 10, '10': 20 } });
    expect((await queue('GET', '/queue/get_video_credits?type=nope', token, jwt)).status).toBe(422);
    const models = await queue('GET', '/queue/video-generation/model-list?type=image_to_video', token, jwt);
    expect(models.body.data.filter((m: any) => m.is_default)).toHaveLength(1);
    const form = new FormData();
    form.set('videoDuration', 'five');
    const bad = await queue('POST', '/queue/video_generation?type=image_to_video', token, jwt, form);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['model', 'videoDuration']);
    const free = await s.login('free@demo.test');
    const freeJwt = (await s.call('POST', '/api/jwt/generate', { token: free })).body.token;
    const ok = new FormData();
    ok.set('videoDuration', '5');
    ok.set('model', 'model-a');
    const refused = await queue('POST', '/queue/video_generation?type=image_to_video', free, freeJwt, ok);
    expect(refused).toEqual({ status: 403, body: { message: VIDEO_FREE_PLAN_MESSAGE, type: 'upgrade' } });
  });

  it('video-image-prompt suggests a prompt for the user\'s own image only', async () => {
    const token = await s.login('plus@demo.test');
    const jwt = (await s.call('POST', '/api/jwt/generate', { token })).body.token;
    const img = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'A quiet harbour' } })).body.data;
    const r = await queue('POST', '/queue/video-image-prompt', token, jwt, { image_id: img.id, is_remix: 0 });
    expect(r.status).toBe(200);
    expect(r.body.data.prompt).toContain('A quiet harbour');
    const pro = await s.login('pro@demo.test');
    const proJwt = (await s.call('POST', '/api/jwt/generate', { token: pro })).body.token;
    expect((await queue('POST', '/queue/video-image-prompt', pro, proJwt, { image_id: img.id })).status).toBe(404);
    expect((await queue('POST', '/queue/video-image-prompt', token, jwt, { image_id: 'x' })).status).toBe(422);
  });

  it('every queue-service answer matches openapi/queue.yaml (status described, body valid)', async () => {
    const ajv = createAjv();
    const doc = queueDoc as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>> };
    const check = (path: string, method: string, r: { status: number; body: unknown }) => {
      const described = doc.paths[path]![method]!.responses[String(r.status)];
      expect(described, `${method} ${path} answered ${r.status}`).toBeDefined();
      const schema = described!.content?.['application/json']?.schema;
      if (!schema) return;
      const validate = ajv.compile(schema);
      expect(validate(r.body), `${method} ${path} ${r.status}: ${JSON.stringify(toFieldErrors(validate.errors))}`).toBe(true);
    };
    const token = await s.login('plus@demo.test');
    const jwt = (await s.call('POST', '/api/jwt/generate', { token })).body.token;
    const img = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'contract input' } })).body.data;
    const form = new FormData();
    form.set('videoDuration', '5');
    form.set('model', 'model-a');
    form.set('data', JSON.stringify({ image_id: img.id }));
    check('/video_generation', 'post', await queue('POST', '/queue/video_generation?type=image_to_video', token, jwt, form));
    check('/video_generation', 'post', await queue('POST', '/queue/video_generation?type=image_to_video', token, jwt, new FormData()));
    check('/video_generation', 'post', await queue('POST', '/queue/video_generation?type=image_to_video', token, undefined, form));
    check('/video-image-prompt', 'post', await queue('POST', '/queue/video-image-prompt', token, jwt, { image_id: img.id, prompt: 'p', is_remix: 0 }));
    check('/video-image-prompt', 'post', await queue('POST', '/queue/video-image-prompt', token, jwt, { image_id: 999999 }));
    check('/get_video_credits', 'get', await queue('GET', '/queue/get_video_credits?type=image_to_video', token, jwt));
    check('/get_video_credits', 'get', await queue('GET', '/queue/get_video_credits', token, jwt));
    check('/video-generation/model-list', 'get', await queue('GET', '/queue/video-generation/model-list?type=image_to_video', token, jwt));
  });
});
