/**
 * The stream relay (src/api/stream-relay.ts): both of its sides wired through an in-memory channel (the browser's
 * worker is only the transport), with the worker's fetch and clock as test doubles. What the page gets must be
 * what fetch itself would give — the same status, headers and bytes, a TypeError for a failed call, an errored
 * body for a connection lost half-way, an AbortError for an aborted one — while the body's pieces arrive gathered.
 */
import { describe, expect, it } from 'vitest';
import { createRelayFetch, serveStreamRelay, type RelayFromWorker, type RelayToWorker, type StreamPace } from '@/api/stream-relay';

const enc = new TextEncoder();
const dec = new TextDecoder();
const ORIGIN = 'http://localhost:3000';

/** The worker's clock and timers, moved by hand. */
function manualClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
  };
}

/** A body whose pieces the test pushes (as the network delivers them), with a view of the fetch's signal. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    body,
    push: (text: string) => controller.enqueue(enc.encode(text)),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    get cancelled() {
      return cancelled;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** Both sides of the relay over an in-memory channel; records every message from the worker. */
function wire(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  interval = 100,
  fast?: StreamPace,
) {
  const clock = manualClock();
  let toWorker: (m: RelayToWorker) => void = () => {};
  let toPage: (m: RelayFromWorker) => void = () => {};
  const fromWorker: RelayFromWorker[] = [];
  const fetchCalls: { url: string; init: RequestInit }[] = [];
  serveStreamRelay({
    post: (m) => {
      fromWorker.push(m);
      // delivered later, as postMessage does
      queueMicrotask(() => toPage(m));
    },
    listen: (h) => void (toWorker = h),
    fetch: (url, init) => {
      fetchCalls.push({ url, init });
      return fetchImpl(url, init);
    },
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  const relayFetch = createRelayFetch(
    { post: (m) => queueMicrotask(() => toWorker(m)), listen: (h) => void (toPage = h) },
    interval,
    ...(fast ? [fast] : []),
  );
  return { relayFetch, clock, fromWorker, fetchCalls };
}

async function readAll(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const out: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return out;
    out.push(dec.decode(value));
  }
}

describe('stream relay', () => {
  it('passes the request on as made (method, headers with the token, body) and the head back at once', async () => {
    const { relayFetch, fetchCalls } = wire(async () => new Response('ok', { status: 201, statusText: 'Created', headers: { 'X-Blog-Id': '42' } }));
    const response = await relayFetch(
      new Request(`${ORIGIN}/api/chat/generateMessage`, {
        method: 'POST',
        headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: '{"message_input":"Hi"}',
      }),
    );
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0].url).toBe(`${ORIGIN}/api/chat/generateMessage`);
    expect(fetchCalls[0].init.method).toBe('POST');
    expect(new Headers(fetchCalls[0].init.headers).get('authorization')).toBe('Bearer t0k');
    expect(fetchCalls[0].init.body).toBe('{"message_input":"Hi"}');
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Created');
    expect(response.headers.get('X-Blog-Id')).toBe('42');
    expect(await response.text()).toBe('ok');
  });

  it('gathers the body: the first piece at once, then at most one message per interval, the end at once', async () => {
    const net = controlledBody();
    const { relayFetch, clock, fromWorker } = wire(async () => new Response(net.body, { headers: { 'Content-Type': 'text/event-stream' } }), 100);
    const response = await relayFetch(new Request(`${ORIGIN}/s`));
    const reader = response.body!.getReader();

    net.push('data: {"content":"a"}\n\n');
    expect(dec.decode((await reader.read()).value)).toBe('data: {"content":"a"}\n\n');

    // three pieces within the interval: held, then sent as one
    net.push('data: {"content":"b"}\n\n');
    await tick();
    net.push('data: {"content":"c"}\n\n');
    await tick();
    clock.advance(60);
    net.push('data: {"content":"d"}\n\n');
    await tick();
    expect(fromWorker.filter((m) => m.type === 'data')).toHaveLength(1);
    clock.advance(40);
    expect(dec.decode((await reader.read()).value)).toBe('data: {"content":"b"}\n\ndata: {"content":"c"}\n\ndata: {"content":"d"}\n\n');

    // a piece after a quiet spell goes at once; the end flushes what is held at once
    clock.advance(500);
    net.push('data: {"content":"e"}\n\n');
    expect(dec.decode((await reader.read()).value)).toBe('data: {"content":"e"}\n\n');
    net.push('data: [DONE]\n\n');
    await tick();
    net.end();
    expect(dec.decode((await reader.read()).value)).toBe('data: [DONE]\n\n');
    expect((await reader.read()).done).toBe(true);
    expect(fromWorker.map((m) => m.type)).toEqual(['head', 'data', 'data', 'data', 'data', 'end']);
  });

  it('a body arriving fast is gathered for the longer interval, and for the short one again once it slows down', async () => {
    const net = controlledBody();
    const { relayFetch, clock, fromWorker } = wire(async () => new Response(net.body), 100, { perS: 4000, interval: 500 });
    const response = await relayFetch(new Request(`${ORIGIN}/s`));
    const reader = response.body!.getReader();
    const sent = () => fromWorker.filter((m) => m.type === 'data').length;

    net.push('a');
    expect(dec.decode((await reader.read()).value)).toBe('a');
    // 1,000 bytes in the next 100 ms: 10,000 bytes a second, fast — the next message waits 500 ms
    clock.advance(10);
    net.push('b'.repeat(1000));
    await tick();
    clock.advance(90);
    expect(dec.decode((await reader.read()).value)).toHaveLength(1000);
    expect(sent()).toBe(2);
    clock.advance(50);
    net.push('c'.repeat(100));
    await tick();
    clock.advance(449);
    await tick();
    expect(sent()).toBe(2);
    clock.advance(1);
    expect(dec.decode((await reader.read()).value)).toBe('c'.repeat(100));
    // that step was 100 bytes in 500 ms (200 a second): slow again, the next message waits 100 ms
    clock.advance(50);
    net.push('d');
    await tick();
    clock.advance(49);
    await tick();
    expect(sent()).toBe(3);
    clock.advance(1);
    expect(dec.decode((await reader.read()).value)).toBe('d');
    net.end();
    expect((await reader.read()).done).toBe(true);
  });

  it('a refusal arrives whole with its status, as the client middleware reads it', async () => {
    const body = { message: 'Chat Usage Limit Exhausted', type: 'upgrade' };
    const { relayFetch } = wire(async () => Response.json(body, { status: 400 }));
    const response = await relayFetch(new Request(`${ORIGIN}/api/chat/generateMessage`, { method: 'POST', body: '{}' }));
    expect(response.ok).toBe(false);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(body);
  });

  it('a call that gets no answer rejects with a TypeError, as fetch does', async () => {
    const { relayFetch } = wire(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(relayFetch(new Request(`${ORIGIN}/s`))).rejects.toThrow(TypeError);
  });

  it('a connection lost half-way errors the body after the bytes that came', async () => {
    const net = controlledBody();
    const { relayFetch } = wire(async () => new Response(net.body));
    const response = await relayFetch(new Request(`${ORIGIN}/s`));
    const reader = response.body!.getReader();
    net.push('data: {"content":"kept"}\n\n');
    expect(dec.decode((await reader.read()).value)).toBe('data: {"content":"kept"}\n\n');
    net.fail(new TypeError('network error'));
    await expect(reader.read()).rejects.toThrow(TypeError);
  });

  it('aborting before the answer rejects with AbortError and aborts the worker’s fetch', async () => {
    let workerSignal: AbortSignal | undefined;
    const { relayFetch } = wire(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          workerSignal = init.signal!;
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const abort = new AbortController();
    const pending = relayFetch(new Request(`${ORIGIN}/s`, { signal: abort.signal }));
    await tick();
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await tick();
    expect(workerSignal?.aborted).toBe(true);
  });

  it('aborting or cancelling half-way stops the worker’s read, so the server stops too', async () => {
    for (const how of ['abort', 'cancel'] as const) {
      const net = controlledBody();
      let workerSignal: AbortSignal | undefined;
      const { relayFetch, fromWorker } = wire(async (_url, init) => {
        workerSignal = init.signal!;
        return new Response(net.body);
      });
      const abort = new AbortController();
      const response = await relayFetch(new Request(`${ORIGIN}/s`, { signal: abort.signal }));
      const reader = response.body!.getReader();
      net.push('one');
      expect(dec.decode((await reader.read()).value)).toBe('one');
      if (how === 'abort') {
        abort.abort();
        await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
      } else {
        await reader.cancel();
      }
      await tick();
      await tick();
      expect(workerSignal?.aborted, how).toBe(true);
      expect(net.cancelled, how).toBe(true);
      expect(fromWorker.map((m) => m.type).filter((t) => t === 'end' || t === 'fail'), how).toEqual([]);
    }
  });

  it('a body-less answer (204) is a Response without a body', async () => {
    const { relayFetch } = wire(async () => new Response(null, { status: 204 }));
    const response = await relayFetch(new Request(`${ORIGIN}/s`));
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('concurrent calls keep their own bytes', async () => {
    const { relayFetch } = wire(async (url) => new Response(`body of ${new URL(url).pathname}`));
    const [a, b] = await Promise.all([relayFetch(new Request(`${ORIGIN}/a`)), relayFetch(new Request(`${ORIGIN}/b`))]);
    expect(await readAll(a)).toEqual(['body of /a']);
    expect(await readAll(b)).toEqual(['body of /b']);
  });
});
