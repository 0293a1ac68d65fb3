/**
 * The stream relay: streamed calls (chat replies, blog outlines and sections) are fetched by a dedicated worker,
 * which hands the page the response's head at once and then its body's bytes, unchanged but gathered — the first
 * piece at once, then at most one message every STREAM_RELAY_INTERVAL_MS (STREAM_RELAY_INTERVAL_FAST_MS while the
 * body arrives faster than anyone reads), and the end at once.
 *
 * Why: a fast reply arrives in hundreds of small network reads. Read on the page, each costs its main thread a
 * task and a microtask run, then a chunk event through the chat machine (≈ 1.2 ms per chunk on the reference
 * machine, a fifth of the 20,000-word benchmark stream's main-thread time: tests/bench/chat-stream.spec.ts). The
 * page shows new text at most every STREAM_RENDER_INTERVAL_MS (150 ms) anyway, so gathering the bytes for up to
 * as long adds no visible delay to a fast stream and none to a slow one (a piece arriving after a quiet spell is
 * sent at once). Gathering for the render interval, with the fast streams' slower render (STREAM_RENDER_INTERVAL_FAST_MS),
 * cut the 20,000-word benchmark stream's main-thread time by about a third (docs/ holds the measurements).
 *
 * The page side is an ordinary `fetch(Request) → Response` (openapi-fetch's per-request `fetch`), so the client's
 * middleware (token, 401 policy, ApiError, NetworkError) and the stream parsing (stream.ts) are the same as
 * without the relay: a non-2xx answer's body arrives whole, a fetch that fails before an answer rejects with a
 * TypeError as fetch does, a connection lost half-way errors the body, and aborting the request's signal (or
 * cancelling the body) aborts the worker's fetch, so the server stops too. Where workers are unavailable (unit
 * tests in Node) `streamingFetch()` is undefined and the call uses the page's own fetch.
 */

/**
 * At most one body message per this many ms (the first piece and the end are sent at once): the page's render
 * interval (STREAM_RENDER_INTERVAL_MS, src/features/chat/chat-streams.ts), as more often shows nothing sooner. Not a
 * spec constant.
 */
export const STREAM_RELAY_INTERVAL_MS = 150;

/**
 * A body arriving faster than this many bytes a second is gathered for STREAM_RELAY_INTERVAL_FAST_MS instead: the
 * page shows such a stream at most every 500 ms anyway (STREAM_FAST_CHARS_PER_S and STREAM_RENDER_INTERVAL_FAST_MS,
 * src/features/chat/chat-streams.ts, which count the reply's characters). The relay only sees bytes, and an event
 * carries ≈ 22 bytes of framing beside its text (`data: {"content":"…"}` and a blank line): a model's token-sized
 * pieces (≈ 4 characters) are ≈ 6 times their text, the benchmark's 100-word chunks hardly more than it. 10,000 bytes
 * a second is therefore ≈ 1,500 characters (≈ 250 words) a second of token-sized pieces — fifty times reading speed,
 * where 500 ms steps of ≈ 125 words lose nobody anything — and above it in any larger pieces. (4,000, the page's own
 * figure, would have slowed a 130-words-a-second model's tokens to 500 ms steps while the page wanted 150.)
 * Each message costs the page's main thread a task, a chunk event through the chat machine and its microtasks
 * (≈ 0.5 ms here): at 150 ms the 20,000-word benchmark stream (≈ 12,400 bytes a second) took 61 of them in 9 s,
 * ≈ 30 ms, at 500 ms 18. A stream that slows down below the rate is gathered every STREAM_RELAY_INTERVAL_MS again from
 * its next message. Not spec constants.
 */
export const STREAM_RELAY_FAST_BYTES_PER_S = 10_000;
export const STREAM_RELAY_INTERVAL_FAST_MS = 500;

/** A stream's fast pace: at `perS` (bytes or characters a second) or faster, the wait is `interval` ms. */
export interface StreamPace {
  perS: number;
  interval: number;
}

/**
 * The wait after a step of a stream that brought `amount` (bytes or characters) in `stepMs`: `fast.interval` when
 * that is `fast.perS` or faster, `normal` otherwise. The one rule of both the relay's gathering and the page's
 * streaming renders (nextRenderInterval, src/features/chat/chat-streams.ts).
 */
export function waitAfterStep(amount: number, stepMs: number, normal: number, fast: StreamPace): number {
  return stepMs > 0 && (amount * 1000) / stepMs >= fast.perS ? fast.interval : normal;
}

export type RelayToWorker =
  | {
      type: 'fetch';
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      body: string | null;
      interval: number;
      /** gather for `fast.interval` instead while the body arrives at `fast.perS` bytes a second or faster (absent: never) */
      fast?: StreamPace;
    }
  | { type: 'abort'; id: number };

export type RelayFromWorker =
  | {
      type: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
    }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'fail'; id: number; message: string };

/** The worker's surroundings, injectable so the relay's logic is tested without a worker. */
export interface RelayWorkerScope {
  post(message: RelayFromWorker, transfer?: Transferable[]): void;
  listen(handler: (message: RelayToWorker) => void): void;
  fetch(url: string, init: RequestInit): Promise<Response>;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The worker side: serves every `fetch` message until the worker ends. */
export function serveStreamRelay(scope: RelayWorkerScope): void {
  const live = new Map<number, AbortController>();

  async function relay(job: Extract<RelayToWorker, { type: 'fetch' }>) {
    const abort = new AbortController();
    live.set(job.id, abort);
    let timer: unknown;
    try {
      const response = await scope.fetch(job.url, {
        method: job.method,
        headers: job.headers,
        body: job.body,
        signal: abort.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
      scope.post({
        type: 'head',
        id: job.id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
      if (!response.body) {
        scope.post({ type: 'end', id: job.id });
        return;
      }
      const reader = response.body.getReader();
      let gathered: Uint8Array[] = [];
      let lastPost = -Infinity;
      /** the wait after a message: job.interval, or job.fast.interval after a step that came fast enough */
      let interval = job.interval;
      const flush = () => {
        timer = undefined;
        if (!gathered.length || abort.signal.aborted) return;
        const bytes = gathered.length === 1 ? gathered[0] : concat(gathered);
        gathered = [];
        const now = scope.now();
        // the step since the last message decides the next wait (the first message, at once, decides nothing)
        if (job.fast && lastPost > -Infinity) interval = waitAfterStep(bytes.byteLength, now - lastPost, job.interval, job.fast);
        lastPost = now;
        scope.post({ type: 'data', id: job.id, bytes }, [bytes.buffer as ArrayBuffer]);
      };
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      for (;;) {
        const { value, done } = await reader.read();
        if (done || abort.signal.aborted) break;
        if (!value?.byteLength) continue;
        gathered.push(value);
        if (timer === undefined) {
          const wait = lastPost + interval - scope.now();
          if (wait <= 0) flush();
          else timer = scope.setTimeout(flush, wait);
        }
      }
      if (abort.signal.aborted) return;
      if (timer !== undefined) scope.clearTimeout(timer);
      flush();
      scope.post({ type: 'end', id: job.id });
    } catch (error) {
      if (timer !== undefined) scope.clearTimeout(timer);
      // An abort came from the page, which has settled its side already.
      if (!abort.signal.aborted)
        scope.post({
          type: 'fail',
          id: job.id,
          message: error instanceof Error ? error.message : String(error),
        });
    } finally {
      live.delete(job.id);
    }
  }

  scope.listen((message) => {
    if (message.type === 'abort') live.get(message.id)?.abort();
    else void relay(message);
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** The page's side of the channel to the worker. */
export interface RelayPort {
  post(message: RelayToWorker): void;
  listen(handler: (message: RelayFromWorker) => void): void;
}

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The page side: a fetch whose requests the worker behind `port` makes. */
export function createRelayFetch(
  port: RelayPort,
  interval = STREAM_RELAY_INTERVAL_MS,
  fast: StreamPace = { perS: STREAM_RELAY_FAST_BYTES_PER_S, interval: STREAM_RELAY_INTERVAL_FAST_MS },
): (request: Request) => Promise<Response> {
  let nextId = 1;
  const jobs = new Map<number, (message: RelayFromWorker) => void>();
  port.listen((message) => jobs.get(message.id)?.(message));

  return async (request: Request) => {
    const signal = request.signal;
    if (signal.aborted) throw abortReason(signal);
    const id = nextId++;
    const body = request.body ? await request.text() : null;
    if (signal.aborted) throw abortReason(signal);
    return new Promise<Response>((resolve, reject) => {
      let body$: ReadableStreamDefaultController<Uint8Array> | undefined;
      let settled = false;
      const finish = () => {
        jobs.delete(id);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        port.post({ type: 'abort', id });
        finish();
        if (!settled) reject(abortReason(signal));
        else body$?.error(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      jobs.set(id, (message) => {
        switch (message.type) {
          case 'head': {
            settled = true;
            const stream = NULL_BODY.has(message.status)
              ? null
              : new ReadableStream<Uint8Array>({
                  start(controller) {
                    body$ = controller;
                  },
                  cancel() {
                    // the reader gave up (a stop): the worker's fetch goes too
                    port.post({ type: 'abort', id });
                    finish();
                  },
                });
            resolve(
              new Response(stream, {
                status: message.status,
                statusText: message.statusText,
                headers: message.headers,
              }),
            );
            if (!stream) finish();
            break;
          }
          case 'data':
            body$?.enqueue(message.bytes);
            break;
          case 'end':
            finish();
            body$?.close();
            break;
          case 'fail':
            finish();
            // as fetch itself: a TypeError when no answer came, an errored body when it broke half-way
            if (!settled) reject(new TypeError(message.message || 'Failed to fetch'));
            else body$?.error(new TypeError(message.message || 'network error'));
            break;
        }
      });
      port.post({
        type: 'fetch',
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        body,
        interval,
        fast,
      });
    });
  };
}

let shared: ((request: Request) => Promise<Response>) | null | undefined;

/**
 * The app's relay, its worker started on first use; undefined where workers are unavailable (then the caller's
 * client uses its own fetch). The worker is kept for the page's life: one thread, idle between streams.
 */
export function streamingFetch(): ((request: Request) => Promise<Response>) | undefined {
  if (shared === undefined) {
    shared = null;
    if (typeof Worker !== 'undefined' && typeof window !== 'undefined') {
      try {
        const worker = new Worker(new URL('./stream-relay.worker.ts', import.meta.url), { type: 'module', name: 'stream-relay' });
        shared = createRelayFetch({
          post: (message) => worker.postMessage(message),
          listen: (handler) => {
            worker.onmessage = (event: MessageEvent<RelayFromWorker>) => handler(event.data);
          },
        });
      } catch {
        shared = null;
      }
    }
  }
  return shared ?? undefined;
}
