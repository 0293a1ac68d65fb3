/**
 * Video renders as jobs in the database (server/jobs/queue.ts over pg-boss, server/services/video-jobs.ts): a job
 * outlives the process that queued it, a failing render is retried with backoff and then fails the video with the
 * spec's message, two worker processes never run one job twice, and one process runs at most
 * VIDEO_RENDER_CONCURRENCY renders at once. Each "process" is an app with its own job queue (its own pg-boss) on
 * the test database; each test uses queue names of its own (a namespace), so no job of another test reaches it.
 * Time: the app's clock is the harness's; pg-boss's timers (polls, retry delays) run on its TestClock where a test
 * moves them, otherwise on real time, waited for with vi.waitFor on what the workers did.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { useTestServer } from './harness';
import { fakeFfmpeg, removeFakeFfmpegs } from './fake-ffmpeg';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';
import { createJobQueue, type JobQueue } from '@server/jobs/queue';
import { VIDEO_RENDER_CONCURRENCY } from '@server/media/video-renderer';
import { VIDEO_RENDER_QUEUE, VIDEO_RENDER_RETRY } from '@server/services/video-jobs';
import { VIDEO_MESSAGES } from '@machines/constants';

const s = useTestServer();

const queues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop({ graceful: false })));
  removeFakeFfmpegs();
});

let namespaces = 0;
const newNamespace = () => `t${++namespaces}_${Date.now().toString(36)}`;

/** One app process over the test database: its own job queue (namespace shared by the processes of one test). */
function processOf(o: { namespace: string; ffmpegPath: string; workers?: number; bossClock?: TestClock }) {
  const jobs = createJobQueue(s.db, { namespace: o.namespace, clock: o.bossClock, pollingIntervalSeconds: 0.5 });
  queues.push(jobs);
  const app = createApp({
    db: s.db,
    jobs,
    clock: s.clock,
    config: { devRoutes: false, aiPaceMs: 0, renderVideosAhead: true, videoRenderWorkers: o.workers, env: { FFMPEG_PATH: o.ffmpegPath } },
  });
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await app.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  return { jobs, call };
}

/** The render jobs of a namespace as pg-boss keeps them: id, state, retries, when the next attempt may start. */
async function renderJobs(namespace: string) {
  const rows = await s.db.execute(
    sql`select id::text as id, state::text as state, retry_count as "retryCount", start_after as "startAfter" from pgboss.job where name = ${`${VIDEO_RENDER_QUEUE}__${namespace}`} order by created_on`,
  );
  return (rows as unknown as { rows: { id: string; state: string; retryCount: number; startAfter: Date | string }[] }).rows.map((r) => ({
    ...r,
    startAfter: new Date(r.startAfter),
  }));
}

const statesOf = async (namespace: string) => (await renderJobs(namespace)).map((j) => j.state).sort();

async function creditsLeft(token: string) {
  const d = (await s.call('GET', '/api/subscription/details', { token })).body.data;
  return d.plan.total_plan_credits + d.total_add_on_credits + d.earned_bonus - d.plan_total_credit_usage;
}

const videoRow = async (id: number) => (await s.db.select().from(t.videos).where(eq(t.videos.id, id)))[0]!;

describe('render jobs', () => {
  it('a job queued by a process that stopped is run by the next process on the same database; the poll answers from the row', async () => {
    const ffmpeg = fakeFfmpeg();
    const namespace = newNamespace();
    // the first process serves the API only (no render workers), then stops with the job still queued
    const first = processOf({ namespace, ffmpegPath: ffmpeg.bin, workers: 0 });
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    const { body } = await first.call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Across a restart', duration_in_sec: 5 });
    expect(await statesOf(namespace)).toEqual(['created']);
    const [job] = await renderJobs(namespace);
    expect((await videoRow(body.id)).renderJobId).toBe(job!.id);
    await first.jobs.stop();
    expect(ffmpeg.started()).toBe(0);

    // the next process starts its queue (as server/runtime.ts does at start) and its worker takes the job
    const next = processOf({ namespace, ffmpegPath: ffmpeg.bin });
    await next.jobs.start();
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['completed']), { timeout: 60_000, interval: 100 });
    expect(ffmpeg.started()).toBe(1);
    expect((await videoRow(body.id)).renderOutput).toMatchObject({ videoUrl: expect.stringMatching(/^\/media\//), durationSec: 5 });
    // still before its ready time: the row says pending, whatever the job did
    expect((await next.call('GET', `/api/videos/${body.id}/status`, token)).body.status.status).toBe(2);

    s.clock.advance(25_000);
    const done = await next.call('GET', `/api/videos/${body.id}/status`, token);
    expect(done.body).toMatchObject({ status: { status: 4, error_message: null }, progress: 100, credit_usage: 10 });
    expect(done.body.video_url).toMatch(/\.mp4$/);
    expect(await creditsLeft(token)).toBe(before - 10);
    expect(ffmpeg.started()).toBe(1);
  }, 120_000);

  it('a render lost with its process (a crash mid-render) is expired and run again by the next process', async () => {
    const stuck = fakeFfmpeg({ gated: true });
    const namespace = newNamespace();
    const crashed = processOf({ namespace, ffmpegPath: stuck.bin, workers: 1 });
    const token = await s.login('plus@demo.test');
    await crashed.jobs.start();
    const { body } = await crashed.call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Lost mid-render', duration_in_sec: 5 });
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['active']), { timeout: 60_000, interval: 50 });
    await vi.waitFor(() => expect(stuck.started()).toBe(1), { timeout: 30_000, interval: 20 });
    // A stop that does not wait hands the running job back at once (a retry)...
    await crashed.jobs.stop({ graceful: false });
    expect(await statesOf(namespace)).toEqual(['retry']);
    // ...a process killed outright cannot: its job stays active, as it is put back here (its ffmpeg never ends)
    await s.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${`${VIDEO_RENDER_QUEUE}__${namespace}`}`);
    expect(await statesOf(namespace)).toEqual(['active']);

    const ffmpeg = fakeFfmpeg();
    const bossClock = new TestClock(Date.now());
    const next = processOf({ namespace, ffmpegPath: ffmpeg.bin, bossClock });
    await next.jobs.start();
    // pg-boss's supervisor expires the attempt after expireInSeconds; the job is retried and this worker runs it
    // (time stops moving once it has started, so this attempt is not expired in turn)
    await vi.waitFor(
      async () => {
        await bossClock.tick(5_000);
        expect(ffmpeg.started()).toBe(1);
      },
      { timeout: 90_000, interval: 20 },
    );
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['completed']), { timeout: 60_000, interval: 100 });
    expect(ffmpeg.started()).toBe(1);
    expect(bossClock.now() - Date.now()).toBeGreaterThanOrEqual(VIDEO_RENDER_RETRY.expireInSeconds * 1000 - 60_000);
    s.clock.advance(25_000);
    expect((await next.call('GET', `/api/videos/${body.id}/status`, token)).body).toMatchObject({ status: { status: 4 }, credit_usage: 10 });
  }, 120_000);

  it('a failing render is retried with growing delays, then the video fails with the spec message and charges nothing', async () => {
    const ffmpeg = fakeFfmpeg({ failing: true });
    const namespace = newNamespace();
    const bossClock = new TestClock(Date.now());
    const p = processOf({ namespace, ffmpegPath: ffmpeg.bin, bossClock });
    const token = await s.login('plus@demo.test');
    const before = await creditsLeft(token);
    await p.jobs.start();
    const { body } = await p.call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: 'Never renders', duration_in_sec: 5 });

    /** moves pg-boss's time until the worker has started ffmpeg `n` times in all */
    const attempt = async (n: number) =>
      vi.waitFor(
        async () => {
          await bossClock.tick(500);
          expect(ffmpeg.started()).toBe(n);
        },
        { timeout: 60_000, interval: 20 },
      );
    /** the delay pg-boss set before the next attempt, in seconds of its clock */
    const nextDelay = async () => {
      let job!: Awaited<ReturnType<typeof renderJobs>>[number];
      await vi.waitFor(
        async () => {
          [job] = await renderJobs(namespace);
          expect(job.state).toBe('retry');
        },
        { timeout: 30_000, interval: 20 },
      );
      return (job.startAfter.getTime() - bossClock.now()) / 1000;
    };

    await attempt(1);
    const first = await nextDelay();
    // exponential backoff from retryDelaySeconds (with jitter): the first retry waits 1–2×, the second 2–4×
    expect(first).toBeGreaterThanOrEqual(VIDEO_RENDER_RETRY.retryDelaySeconds - 1);
    expect(first).toBeLessThanOrEqual(2 * VIDEO_RENDER_RETRY.retryDelaySeconds + 1);
    expect((await videoRow(body.id)).renderOutput).toBeNull();
    await attempt(2);
    const second = await nextDelay();
    expect(second).toBeGreaterThanOrEqual(2 * VIDEO_RENDER_RETRY.retryDelaySeconds - 1);
    expect(second).toBeLessThanOrEqual(4 * VIDEO_RENDER_RETRY.retryDelaySeconds + 1);
    await attempt(3);
    // the last attempt (retryLimit retries after the first) records the failure instead of retrying
    expect(VIDEO_RENDER_RETRY.retryLimit).toBe(2);
    await vi.waitFor(async () => expect((await videoRow(body.id)).renderOutput).toEqual({ error: VIDEO_MESSAGES.processingDefault }), { timeout: 30_000, interval: 20 });
    expect(await statesOf(namespace)).toEqual(['completed']);

    // shown at its ready time, like any outcome; nothing charged
    expect((await p.call('GET', `/api/videos/${body.id}/status`, token)).body.status.status).toBe(2);
    s.clock.advance(25_000);
    const failed = await p.call('GET', `/api/videos/${body.id}/status`, token);
    expect(failed.body).toMatchObject({ status: { status: 5, error_message: VIDEO_MESSAGES.processingDefault }, video_url: null });
    expect(await creditsLeft(token)).toBe(before);
    expect(ffmpeg.started()).toBe(3);
  }, 180_000);

  it('two worker processes never run the same job: each render runs once, each video is completed and charged once', async () => {
    const ffmpeg = fakeFfmpeg({ gated: true });
    const namespace = newNamespace();
    const api = processOf({ namespace, ffmpegPath: ffmpeg.bin, workers: 0 });
    const token = await s.login('pro@demo.test');
    const before = await creditsLeft(token);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await api.call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: `pair ${i}`, duration_in_sec: 5 })).body.id);
    const a = processOf({ namespace, ffmpegPath: ffmpeg.bin, workers: 2 });
    const b = processOf({ namespace, ffmpegPath: ffmpeg.bin, workers: 2 });
    await Promise.all([a.jobs.start(), b.jobs.start()]);
    // 2 + 2 slots for 4 jobs: every job is taken, by one process each
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['active', 'active', 'active', 'active']), { timeout: 60_000, interval: 50 });
    await vi.waitFor(() => expect(ffmpeg.started()).toBe(4), { timeout: 30_000, interval: 20 });
    ffmpeg.open();
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['completed', 'completed', 'completed', 'completed']), { timeout: 60_000, interval: 100 });
    expect(ffmpeg.started()).toBe(4);

    s.clock.advance(60_000);
    const list = (await a.call('GET', '/api/videos', token)).body;
    expect(list.data.map((v: { id: number; progress: number }) => [v.id, v.progress]).sort()).toEqual(ids.map((id) => [id, 100]).sort());
    expect(new Set(list.data.map((v: { video_url: string }) => v.video_url)).size).toBe(4);
    expect(await creditsLeft(token)).toBe(before - 4 * 10);
  }, 120_000);

  it(`one process runs at most ${VIDEO_RENDER_CONCURRENCY} renders at once; the next waits as a queued job and runs when a worker is free`, async () => {
    expect(VIDEO_RENDER_CONCURRENCY).toBe(2);
    const ffmpeg = fakeFfmpeg({ gated: true });
    const namespace = newNamespace();
    const p = processOf({ namespace, ffmpegPath: ffmpeg.bin });
    const token = await s.login('pro@demo.test');
    await p.jobs.start();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await p.call('POST', '/api/videos', token, { content_type: 'text_to_video', prompt: `line ${i}`, duration_in_sec: 5 })).body.id);
    await vi.waitFor(
      async () => {
        expect(ffmpeg.started()).toBe(2);
        expect(await statesOf(namespace)).toEqual(['active', 'active', 'created']);
      },
      { timeout: 60_000, interval: 50 },
    );
    ffmpeg.open();
    await vi.waitFor(async () => expect(await statesOf(namespace)).toEqual(['completed', 'completed', 'completed']), { timeout: 60_000, interval: 100 });
    expect(ffmpeg.started()).toBe(3);
    for (const id of ids) expect((await videoRow(id)).renderOutput).toMatchObject({ durationSec: 5 });
  }, 120_000);
});
