import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { test, expect, type CDPSession, type Page } from '@playwright/test';
import { signIn, trackRequests } from '../e2e/fixtures';

/**
 * Streaming-render benchmark (quality gate "Quality gates", speed part; run by `npm run bench`).
 *
 * A 20,000-word reply arrives in 200 chunks of 100 words and is rendered by the real chat UI (message list,
 * incremental Markdown) in Chromium, end to end: the reference backend streams it over SSE from an
 * OpenAI-compatible provider — a tiny HTTP server in this worker that paces the chunks (AI_BASE_URL), because
 * the built-in offline writer only writes short replies. So the chunks really arrive over time through the
 * server, the network stack and the client's incremental SSE parsing, and the reply is then stored as usual.
 *
 * Measured with the browser's own timeline, a Chromium trace (category "toplevel", cheap enough to leave on for
 * both measurements: every task of the renderer's main thread, with its wall time, CPU time and origin):
 *  - the gate's figure, as the issue words it: "total main-thread time DURING THE STREAM divided by the time to
 *    render the same final text once". During the stream = from the stream relay's first message on the page (the
 *    reply's head and first piece) to its last (the end of the body) and the frame that paints the last piece
 *    (duringTheStream). One render = the busy time of a fresh page of the stored conversation whose history
 *    response is held until the shell is idle, so only fetching-and-rendering the conversation counts; the median
 *    of ONCE_RUNS such pages. Budget: ratio ≤ 3.
 *  - beside it, the whole exchange: CDP Performance.getMetrics TaskDuration from just before the message is sent
 *    until the reply is stored and shown with its Copy button and the history refetched, ÷ the same fresh pages'
 *    TaskDuration. Reported, not gated: it adds the exchange's fixed costs before and after the stream — the
 *    keystroke, the subscription gate's refetch of the user and the subscription (01 §4), the request; the store,
 *    the title and history refetches (01 §4 Chat) and their renders: ≈ 120–160 ms, whatever the reply's length. A side
 *    build that renders nothing between the first piece and the end still measures 2.35–3.05 on it, so it cannot
 *    approach the issue's "ideal close to 1": it measures the exchange, not the streaming render
 *    (docs/streaming-performance.md). It is printed and kept in .bench/stream.json (`exchange`).
 *  - the longest main-thread task over the whole exchange (the stricter window), cross-checked with the page's own
 *    PerformanceObserver 'longtask' entries (which only report tasks over 50 ms). Budget: ≤ 50 ms.
 * BENCH_TRACE_DIR=dir writes the traces there (stream-trace.json, once-trace-1…3.json); BENCH_CPU_PROFILE_DIR=dir a CPU profile of the stream (stream.cpuprofile).
 * Writes .bench/stream.json. Its own backend runs on E2E_PORT + 1 (the configured web server has no AI provider
 * setting), on a fresh in-memory database.
 */

const TOTAL_WORDS = 20_000;
const CHUNK_WORDS = 100;
/**
 * Pause between chunks. 50 ms = 2,000 words/s, far faster than any real model (a stress case: every chunk is read,
 * parsed and handed to the chat machine on its own; the page then shows them at most every
 * STREAM_RENDER_INTERVAL_MS, src/features/chat/chat-streams.ts), and the 200 chunks take about 10 s.
 */
const CHUNK_PACE_MS = 50;
const RATIO_BUDGET = 3;
const LONGEST_TASK_BUDGET_MS = 50;
/** BENCH_TRACE_CATEGORIES=… (comma-separated) records more, e.g. devtools.timeline to see where the time goes. */
const TRACE_CATEGORIES = process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? ['toplevel'];
const SENTINEL = 'End of the benchmark reply.';
/**
 * Rendering the stored reply once is measured on this many fresh pages and the median counts. One render is a
 * single ~100 ms burst, so one measurement of it swung 88–181 ms between runs of the same build on this 2-core
 * machine (a collection or the other core's work landing inside it), while the stream's 10 s average out by
 * themselves; the median of three keeps the ratio's denominator from being one draw. Every run is reported.
 */
const ONCE_RUNS = 3;

const PORT = Number(process.env.E2E_PORT ?? 4317) + 1;
const BASE = `http://127.0.0.1:${PORT}`;

// ---------------------------------------------------------------------------------------------
// The reply: deterministic Markdown of exactly TOTAL_WORDS whitespace-separated words (as the product counts
// them), with headings, paragraphs and lists so the renderer does its real work.

const VOCAB = (
  'writers plan research draft edit publish audience story headline outline section paragraph reader message brand ' +
  'voice clarity structure evidence example insight metric campaign keyword search content value context detail ' +
  'habit process review feedback schedule deadline topic angle summary quote source chart trend growth launch ' +
  'product customer newsletter article format tone style rhythm flow argument point lesson practice result'
).split(' ');

function reply(): string {
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = () => VOCAB[Math.floor(rnd() * VOCAB.length)];
  const sentence = () => {
    const n = 8 + Math.floor(rnd() * 9);
    const w = Array.from({ length: n }, pick);
    if (rnd() < 0.2) w[2] = `**${w[2]}**`;
    if (rnd() < 0.1) w[4] = `\`${w[4]}\``;
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    return `${w.join(' ')}.`;
  };
  const blocks: string[] = [];
  let words = 0;
  const add = (block: string) => {
    blocks.push(block);
    words += block.split(/\s+/).filter(Boolean).length;
  };
  // every block is under 120 words, so stopping 150 short of the total leaves a positive remainder
  for (let section = 1; words < TOTAL_WORDS - 150; section++) {
    add(`## Section ${section}: ${pick()} and ${pick()}`);
    for (let p = 0; p < 5 && words < TOTAL_WORDS - 150; p++) add(Array.from({ length: 4 + Math.floor(rnd() * 3) }, sentence).join(' '));
    if (section % 3 === 0 && words < TOTAL_WORDS - 150)
      add(Array.from({ length: 5 }, (_, i) => (section % 2 ? `${i + 1}. ` : '- ') + sentence()).join('\n'));
  }
  // the last paragraph fills up to exactly TOTAL_WORDS words, the sentinel last
  const pad = Array.from({ length: TOTAL_WORDS - words - SENTINEL.split(' ').length }, pick).join(' ');
  return `${blocks.join('\n\n')}\n\n${pad[0].toUpperCase()}${pad.slice(1)}. ${SENTINEL}`;
}

/** 100-word chunks, each keeping its trailing whitespace (as the offline writer cuts them). */
function chunks(text: string): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += CHUNK_WORDS) out.push(tokens.slice(i, i + CHUNK_WORDS).join(''));
  return out;
}

/** An OpenAI-compatible /chat/completions that streams the reply, one chunk every CHUNK_PACE_MS. */
function startProvider(pieces: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let i = 0;
    const timer = setInterval(() => {
      if (i < pieces.length) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[i++] } }] })}\n\n`);
      } else {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }
    }, CHUNK_PACE_MS);
    res.on('close', () => clearInterval(timer));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`bench server did not answer on ${BASE}`);
}

// ---------------------------------------------------------------------------------------------
// Browser-side measurement

async function taskSeconds(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const pick = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    task: pick('TaskDuration'),
    script: pick('ScriptDuration'),
    layout: pick('LayoutDuration'),
    style: pick('RecalcStyleDuration'),
  };
}

const diffMs = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.keys(a).map((k) => [k, Math.round((b[k] - a[k]) * 1000 * 10) / 10]));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** thread (CPU) time of the event, µs */
  tdur?: number;
  args?: { name?: string; src_func?: string };
}

/** One task of the renderer's main thread: its start (µs, the trace's clock), wall and CPU time (ms), and origin. */
interface MainTask {
  ts: number;
  ms: number;
  cpuMs: number;
  /** where Chromium posted the task from (RunTask's src_func, category toplevel), e.g. PostMessageToWorkerObject */
  src?: string;
}

/**
 * The renderer main thread's tasks from a Chromium trace — the CrRendererMain thread busiest with RunTask: each
 * task's wall time and CPU time (the trace's `tdur`, which does not count the time the thread waited for a core;
 * on a busy 2-core machine the wall figures swing by ±30 %).
 * A task includes the microtask checkpoint Blink runs right after it ('BlinkScheduler_PerformMicrotaskCheckpoint',
 * a top-level event of its own, just after the task's 'ThreadControllerImpl::RunTask'): that is where promise
 * continuations run — the stream's reads and its async generator, for one — and the main thread is just as busy
 * (in one run: 1,144 checkpoints, 162 ms during the stream).
 */
function mainThreadTasks(trace: Buffer): MainTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const taskName = events.some((e) => e.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const CHECKPOINT = 'BlinkScheduler_PerformMicrotaskCheckpoint';
  // per thread, its tasks and checkpoints in time order; a checkpoint is added to the task before it
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    // 'ThreadControllerImpl::RunTask' (category toplevel) wraps every task; 'RunTask' is the devtools.timeline twin
    if (e.ph !== 'X' || (e.name !== taskName && e.name !== CHECKPOINT) || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  let best: MainTask[] = [];
  let bestSum = -1;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    const tasks: MainTask[] = [];
    let sum = 0;
    for (const e of list) {
      const ms = e.dur! / 1000;
      const cpuMs = (e.tdur ?? e.dur!) / 1000;
      sum += ms;
      const last = tasks[tasks.length - 1];
      if (e.name === CHECKPOINT && last) {
        last.ms += ms;
        last.cpuMs += cpuMs;
      } else tasks.push({ ts: e.ts, ms, cpuMs, src: e.args?.src_func });
    }
    if (sum > bestSum) [best, bestSum] = [tasks, sum];
  }
  return best;
}

const busyOf = (tasks: MainTask[]) => tasks.reduce((s, t) => s + t.ms, 0);
const cpuOf = (tasks: MainTask[]) => tasks.reduce((s, t) => s + t.cpuMs, 0);
const round1 = (n: number) => Math.round(n * 10) / 10;
/** the middle item of `items` by `key` (the upper middle of an even count) */
const medianBy = <T,>(items: T[], key: (item: T) => number) => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

/**
 * Chromium's origins (RunTask's src_func, category toplevel) of the task that hands the page a dedicated worker's
 * message, and of the task that runs a frame (BeginMainFrame). The chat's stream reaches the page only as the
 * stream relay's messages (src/api/stream-relay.ts, the app's one worker; tests/e2e/chat.spec.ts checks a reply
 * goes through it), so they mark when the stream arrives.
 */
const WORKER_MESSAGE_TASK = 'PostMessageToWorkerObject';
const FRAME_TASK = 'ScheduledActionSendBeginMainFrame';
/** the frame that shows what the last message brought comes within two frame intervals of it */
const LAST_FRAME_WITHIN_US = 34_000;

/**
 * The main thread's tasks DURING THE STREAM, the figure ("total main-thread time during the stream"): from
 * the relay's first message (the reply's head and first piece) to its last (the end of the body), and the frame
 * that paints the last piece. Before it come the keystroke, the subscription gate's refetch (01 §4) and the
 * request; after it the store and the history refetches (01 §4 Chat) — the exchange's fixed costs, whatever the
 * reply's length, which the whole-exchange figure still reports.
 */
function duringTheStream(tasks: MainTask[]): { tasks: MainTask[]; ms: number; relayMessages: number } {
  const relay = tasks.filter((t) => t.src === WORKER_MESSAGE_TASK);
  if (!relay.length) throw new Error(`no ${WORKER_MESSAGE_TASK} task in the trace: the reply did not come through the stream relay`);
  const start = relay[0].ts;
  const last = relay[relay.length - 1];
  let end = last.ts + last.ms * 1000;
  const frame = tasks.find((t) => t.src === FRAME_TASK && t.ts >= end);
  if (frame && frame.ts - end <= LAST_FRAME_WITHIN_US) end = frame.ts + frame.ms * 1000;
  return { tasks: tasks.filter((t) => t.ts >= start && t.ts < end), ms: (end - start) / 1000, relayMessages: relay.length };
}

/** Records the page's own 'longtask' entries (tasks over 50 ms) from the first script on. */
const LONGTASK_OBSERVER = () => {
  const w = window as unknown as { __benchLongTasks: { start: number; duration: number }[] };
  w.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: the trace still tells
  }
};

async function longTasksSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (t0) => (window as unknown as { __benchLongTasks: { start: number; duration: number }[] }).__benchLongTasks.filter((e) => e.start >= t0).map((e) => e.duration),
    since,
  );
}

/** The whole reply and its Copy button are on the page (checked after measuring, never during: see the stream). */
async function expectWholeReply(p: Page) {
  const region = p.getByRole('region', { name: 'Conversation' });
  await expect(region.getByText(SENTINEL, { exact: false })).toHaveCount(1);
  await expect(region.getByText(SENTINEL, { exact: false })).toBeVisible();
  await expect(region.getByRole('button', { name: 'Copy' })).toHaveCount(1);
}

const settle = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 500)))));

// ---------------------------------------------------------------------------------------------

let provider: Server | undefined;
let backend: ChildProcess | undefined;
const REPLY = reply();
const PIECES = chunks(REPLY);

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  provider = await startProvider(PIECES);
  const { port } = provider.address() as AddressInfo;
  // `node --import tsx` (not npx) so the process we start is the server itself and can be stopped by its id.
  backend = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      NODE_ENV: 'test',
      // measured as production runs: `npm run serve` needs its public URL and queue secret (no development routes)
      PUBLIC_URL: BASE,
      QUEUE_JWT_SECRET: 'bench-stream-secret-0123456789abcdefghij',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: 'bench-20k',
      AI_API_KEY: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(backend);
});

test.afterAll(async () => {
  if (backend && backend.exitCode === null) {
    const exited = new Promise((r) => backend!.once('exit', r));
    backend.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  await new Promise((r) => (provider ? provider.close(r) : r(undefined)));
});

test('a 20,000-word reply in 200 chunks: main-thread time during the stream within 3× one render, no task over 50 ms', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  expect(REPLY.trim().split(/\s+/)).toHaveLength(TOTAL_WORDS);
  expect(PIECES).toHaveLength(TOTAL_WORDS / CHUNK_WORDS);
  await context.addInitScript(LONGTASK_OBSERVER);

  // ---- the stream
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/chat\?id=/);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  await composer.fill('Write a 20,000-word report on content strategy');
  await settle(page);
  await page.waitForTimeout(1000);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  // a CPU profile perturbs the figures (starting the profiler is itself a long task): only on request
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const t0 = await page.evaluate(() => performance.now());
  const before = await taskSeconds(cdp);
  const wallStart = Date.now();
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat/storeMessage', { timeout: 120_000 });
  const net = trackRequests(page);
  await composer.press('Enter');
  // Waiting must not probe the page: a Playwright locator polled against a 20,000-word DOM runs its text search
  // on the page's main thread (up to 300 ms a poll), which would be counted as the app's work. So the end is
  // told by the network (stored, then the history refetches done) and checked on the page only afterwards.
  expect((await stored).ok(), 'storeMessage').toBeTruthy();
  await net.quiet(1000);
  const wallMs = Date.now() - wallStart;
  await settle(page);
  const after = await taskSeconds(cdp);
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${profileDir}/stream.cpuprofile`, JSON.stringify(profile));
  }
  const streamTraceRaw = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) writeFileSync(`${process.env.BENCH_TRACE_DIR}/stream-trace.json`, streamTraceRaw);
  const streamTrace = mainThreadTasks(streamTraceRaw);
  const streamLongTasks = await longTasksSince(page, t0);
  const stream = diffMs(before, after);
  const conversationId = new URL(page.url()).searchParams.get('id');
  expect(conversationId).toBeTruthy();

  // ---- the same reply rendered once: a fresh page of the stored conversation, ONCE_RUNS times; the median counts
  const path = `/api/chat/conversations/${conversationId}`;
  const onceRuns: { busy: Record<string, number>; trace: MainTask[]; traceMs: number }[] = [];
  for (let run = 0; run < ONCE_RUNS; run++) {
    const fresh = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await fresh.route(
      (url) => url.pathname === path,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await fresh.goto(`/chat?id=${conversationId}`);
    await expect(fresh.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await settle(fresh);
    await fresh.waitForTimeout(1500);
    const cdp2 = await context.newCDPSession(fresh);
    await cdp2.send('Performance.enable');
    await browser.startTracing(fresh, { categories: TRACE_CATEGORIES });
    const before2 = await taskSeconds(cdp2);
    const loaded = fresh.waitForResponse((r) => new URL(r.url()).pathname === path);
    const net2 = trackRequests(fresh);
    // the held request counts as in flight from before the tracker started: the quiet wait follows its response
    release();
    expect((await loaded).ok(), 'the conversation').toBeTruthy();
    await net2.quiet(1000);
    await settle(fresh);
    const after2 = await taskSeconds(cdp2);
    const onceTraceRaw = await browser.stopTracing();
    if (process.env.BENCH_TRACE_DIR) writeFileSync(`${process.env.BENCH_TRACE_DIR}/once-trace-${run + 1}.json`, onceTraceRaw);
    const trace = mainThreadTasks(onceTraceRaw);
    onceRuns.push({ busy: diffMs(before2, after2), trace, traceMs: busyOf(trace) });
    // what was measured is what the user sees: the whole reply and its Copy button
    await expectWholeReply(fresh);
    await fresh.close();
  }
  await expectWholeReply(page);

  // The gate's figure (the issue's): main-thread time during the stream ÷ one render, both from the traces.
  const during = duringTheStream(streamTrace);
  const onceMedianRun = medianBy(onceRuns, (r) => r.traceMs);
  const duringBusy = busyOf(during.tasks);
  const ratio = duringBusy / onceMedianRun.traceMs;
  // Reported beside it: the whole exchange, keystroke to stored and refetched (CDP's TaskDuration, its own median).
  const once = medianBy(onceRuns, (r) => r.busy.task).busy;
  const exchangeRatio = stream.task / once.task;
  // The longest task is taken over the whole exchange, the stricter window.
  const longestTaskMs = Math.max(0, ...streamTrace.map((t) => t.ms));
  const result = {
    measuredAt: new Date().toISOString(),
    words: TOTAL_WORDS,
    chunks: PIECES.length,
    chunkPaceMs: CHUNK_PACE_MS,
    duringStream: {
      /** from the relay's first message to the frame after its last (see duringTheStream) */
      windowMs: Math.round(during.ms),
      relayMessages: during.relayMessages,
      busyMs: round1(duringBusy),
      cpuMs: round1(cpuOf(during.tasks)),
      tasks: during.tasks.length,
      longestTaskMs: round1(Math.max(0, ...during.tasks.map((t) => t.ms))),
    },
    renderOnceTraceMs: round1(onceMedianRun.traceMs),
    renderOnceTraceRunsMs: onceRuns.map((r) => round1(r.traceMs)),
    renderOnceCpuMs: round1(cpuOf(onceMedianRun.trace)),
    ratio: Math.round(ratio * 100) / 100,
    ratioBudget: RATIO_BUDGET,
    // the same ratio in main-thread CPU time (reported beside the gate figure)
    cpuRatio: Math.round((cpuOf(during.tasks) / cpuOf(onceMedianRun.trace)) * 100) / 100,
    exchange: {
      wallMs,
      busyMs: stream,
      renderOnceBusyMs: once,
      renderOnceRunsMs: onceRuns.map((r) => r.busy.task),
      ratio: Math.round(exchangeRatio * 100) / 100,
    },
    longestTaskMs: round1(longestTaskMs),
    longestTaskBudgetMs: LONGEST_TASK_BUDGET_MS,
    streamTasksOver50ms: streamTrace.filter((t) => t.ms > 50).length,
    streamTaskCount: streamTrace.length,
    longtaskEntries: streamLongTasks.map((d) => Math.round(d)),
    renderOnceLongestTaskMs: round1(Math.max(0, ...onceMedianRun.trace.map((t) => t.ms))),
  };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/stream.json', `${JSON.stringify(result, null, 2)}\n`);
  const d = result.duringStream;
  console.info(
    `\nStreaming render, ${TOTAL_WORDS} words in ${PIECES.length} chunks:\n` +
      `  during the stream (${(d.windowMs / 1000).toFixed(1)} s, ${d.relayMessages} relay messages): main-thread busy ${d.busyMs} ms (CPU ${d.cpuMs} ms)\n` +
      `  rendering the stored reply once: ${result.renderOnceTraceMs} ms (CPU ${result.renderOnceCpuMs} ms; the median of ${ONCE_RUNS} fresh pages: ` +
      `${result.renderOnceTraceRunsMs.join(', ')} ms)\n` +
      `  ratio ${result.ratio} (budget ≤ ${RATIO_BUDGET}), in CPU time ${result.cpuRatio}\n` +
      `  the whole exchange, keystroke to stored and refetched (${(wallMs / 1000).toFixed(1)} s, CDP TaskDuration): ${stream.task} ms ` +
      `(script ${stream.script}, layout ${stream.layout}, style ${stream.style}) ÷ ${once.task} ms ` +
      `(median of ${onceRuns.map((r) => r.busy.task).join(', ')}) = ${result.exchange.ratio}\n` +
      `  longest task ${result.longestTaskMs} ms over the whole exchange (budget ≤ ${LONGEST_TASK_BUDGET_MS}; ${d.longestTaskMs} ms during the stream); ` +
      `${result.streamTasksOver50ms} of ${result.streamTaskCount} tasks over 50 ms; longtask entries: ${JSON.stringify(result.longtaskEntries)}`,
  );
  // A benchmark reports; the gate is `npm run bench`'s table (the figures above are what it prints).
});
