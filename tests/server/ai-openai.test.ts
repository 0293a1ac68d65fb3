import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleWriter } from '@server/ai/openai-compatible';
import { AiProviderError, type AiRequest, type AiWriter } from '@server/ai/types';
import { chunkEvent, sleepMs, startFakeOpenAi, startSse, type FakeOpenAi } from './ai-fake-openai';

const API_KEY = 'sk-test-0123456789abcdef';
const request: AiRequest = {
  kind: 'chat',
  messages: [
    { role: 'system', content: 'You are a helpful writing assistant.' },
    { role: 'user', content: 'Give me three tips for writing a blog intro.' },
  ],
};

let fake: FakeOpenAi;
let writer: AiWriter;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  writer = createOpenAiCompatibleWriter({ baseUrl: fake.baseUrl, apiKey: API_KEY, model: 'fake-model' });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of iterable) out.push(piece);
  return out;
}

/** Fails the test instead of hanging when `promise` does not settle in time. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
}

const PIECES = ['## Three tips\n\n', '1. Open with a ', 'question — it hooks readers.\n', '2. Keep it short: café-style, naïve ', 'charm 🙂 works.\n', '3. Promise value.'];

function fullSsePayload(): Buffer {
  const events = [
    ': keep-alive comment\n\n',
    chunkEvent({ role: 'assistant', content: '' }),
    ...PIECES.map((content) => chunkEvent({ content })),
    chunkEvent({}, 'stop'),
    'data: [DONE]\n\n',
  ];
  return Buffer.from(events.join(''), 'utf8');
}

describe('OpenAI-compatible writer', () => {
  it('POSTs model, stream:true, messages and the bearer key to {base}/chat/completions', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end(chunkEvent({ content: 'ok' }) + 'data: [DONE]\n\n');
    });
    expect(await collect(writer.stream(request, new AbortController().signal))).toEqual(['ok']);

    expect(fake.requests).toHaveLength(1);
    const [seen] = fake.requests;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.body).toEqual({ model: 'fake-model', stream: true, messages: request.messages });
  });

  it('uses the request model when one is given, and tolerates a trailing slash in the base URL', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end('data: [DONE]\n\n');
    });
    const slashWriter = createOpenAiCompatibleWriter({ baseUrl: `${fake.baseUrl}/`, apiKey: API_KEY, model: 'fake-model' });
    expect(await collect(slashWriter.stream({ ...request, model: 'other-model' }, new AbortController().signal))).toEqual([]);
    expect(fake.requests[0].url).toBe('/v1/chat/completions');
    expect((fake.requests[0].body as { model: string }).model).toBe('other-model');
  });

  it('sends no Authorization header without a key (local servers)', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end('data: [DONE]\n\n');
    });
    const keyless = createOpenAiCompatibleWriter({ baseUrl: fake.baseUrl, model: 'fake-model' });
    await collect(keyless.stream(request, new AbortController().signal));
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('reassembles the streamed text exactly in one write', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end(fullSsePayload());
    });
    const pieces = await collect(writer.stream(request, new AbortController().signal));
    expect(pieces).toEqual(PIECES);
    expect(pieces.join('')).toBe(PIECES.join(''));
  });

  it.each([1, 3, 7, 16])('reassembles the text exactly when TCP writes split lines, JSON and UTF-8 every %i bytes', async (step) => {
    fake.handle(async (_req, res) => {
      startSse(res);
      const payload = fullSsePayload();
      for (let i = 0; i < payload.length; i += step) {
        if (res.destroyed) return;
        res.write(payload.subarray(i, i + step));
        // A macrotask between writes so they leave as separate TCP segments.
        if (i % (step * 8) === 0) await sleepMs(1);
        else await new Promise((r) => setImmediate(r));
      }
      res.end();
    });
    const pieces = await collect(writer.stream(request, new AbortController().signal));
    expect(pieces.join('')).toBe(PIECES.join(''));
    expect(pieces).toEqual(PIECES);
  });

  it('handles CRLF line endings and ignores data after [DONE]', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end(
        `data: {"choices":[{"delta":{"content":"Hello"}}]}\r\n\r\n` +
          `data: {"choices":[{"delta":{"content":", world"}}]}\r\n\r\n` +
          `data: [DONE]\r\n\r\n` +
          `data: {"choices":[{"delta":{"content":"IGNORED"}}]}\r\n\r\n`,
      );
    });
    expect((await collect(writer.stream(request, new AbortController().signal))).join('')).toBe('Hello, world');
  });

  it.each([
    [401, JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error' } }), 'Incorrect API key provided'],
    [404, JSON.stringify({ error: { message: 'The model `nope` does not exist' } }), 'does not exist'],
    [429, JSON.stringify({ error: 'Rate limit reached' }), 'Rate limit reached'],
    [500, 'upstream exploded', 'upstream exploded'],
    [503, JSON.stringify({ detail: 'model is loading' }), 'model is loading'],
  ])('surfaces HTTP %i as AiProviderError with the status and the upstream message', async (status, body, message) => {
    fake.handle((_req, res) => {
      res.writeHead(status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/plain' }).end(body);
    });
    const error = await collect(writer.stream(request, new AbortController().signal)).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AiProviderError);
    const providerError = error as AiProviderError;
    expect(providerError.status).toBe(status);
    expect(providerError.upstreamMessage).toContain(message);
    expect(providerError.message).toContain(String(status));
    // The key never leaks, not even when the upstream echoes it.
    expect(inspect(providerError)).not.toContain(API_KEY);
    expect(JSON.stringify({ ...providerError, message: providerError.message })).not.toContain(API_KEY);
  });

  it('surfaces an error event in the middle of the stream as AiProviderError, after the text before it', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end(chunkEvent({ content: 'Partial ' }) + `data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const piece of writer.stream(request, new AbortController().signal)) seen.push(piece);
    })().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(seen).toEqual(['Partial ']);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).upstreamMessage).toContain('overloaded');
  });

  it('rejects a malformed event with AiProviderError', async () => {
    fake.handle((_req, res) => {
      startSse(res);
      res.end('data: {not json\n\n');
    });
    await expect(collect(writer.stream(request, new AbortController().signal))).rejects.toBeInstanceOf(AiProviderError);
  });

  it('reports an unreachable server as AiProviderError with status 0', async () => {
    const other = await startFakeOpenAi();
    const url = other.baseUrl;
    await other.close();
    const unreachable = createOpenAiCompatibleWriter({ baseUrl: url, apiKey: API_KEY, model: 'fake-model' });
    const error = await collect(unreachable.stream(request, new AbortController().signal)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).status).toBe(0);
    expect(inspect(error)).not.toContain(API_KEY);
  });

  it('does not expose the API key when the writer itself is logged', () => {
    expect(inspect(writer, { depth: 10, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(writer) ?? '').not.toContain(API_KEY);
  });

  describe('abort', () => {
    /** Sends `first`, then keeps the connection open with nothing more (a slow model). */
    function firstThenHang(first: string) {
      fake.handle((_req, res) => {
        startSse(res);
        res.write(chunkEvent({ content: first }));
      });
    }

    it('stops after the abort (no piece after it), ends the iterator and closes the upstream connection', async () => {
      fake.handle(async (_req, res) => {
        startSse(res);
        for (let i = 0; i < 200 && !res.destroyed; i++) {
          res.write(chunkEvent({ content: `w${i} ` }));
          await sleepMs(2);
        }
        res.end('data: [DONE]\n\n');
      });
      const controller = new AbortController();
      const seen: string[] = [];
      let afterAbort = 0;
      await within(
        (async () => {
          for await (const piece of writer.stream(request, controller.signal)) {
            if (controller.signal.aborted) afterAbort += 1;
            seen.push(piece);
            if (seen.length === 2) controller.abort();
          }
        })(),
        5_000,
        'the iterator to end',
      );
      expect(seen).toEqual(['w0 ', 'w1 ']);
      expect(afterAbort).toBe(0);
      await within(fake.clientGone(0), 5_000, 'the fake to observe the closed connection');
    });

    it('ends a pending read at once when aborted while the upstream is silent', async () => {
      firstThenHang('Hello');
      const controller = new AbortController();
      const iterator = writer.stream(request, controller.signal)[Symbol.asyncIterator]();
      expect(await iterator.next()).toEqual({ done: false, value: 'Hello' });
      const pending = iterator.next();
      setTimeout(() => controller.abort(), 20);
      expect(await within(pending, 5_000, 'the pending read to end')).toEqual({ done: true, value: undefined });
      await within(fake.clientGone(0), 5_000, 'the fake to observe the closed connection');
    });

    it('closes the upstream connection when the consumer breaks out early', async () => {
      firstThenHang('Hello');
      for await (const piece of writer.stream(request, new AbortController().signal)) {
        expect(piece).toBe('Hello');
        break;
      }
      await within(fake.clientGone(0), 5_000, 'the fake to observe the closed connection');
    });

    it('makes no request when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(await collect(writer.stream(request, controller.signal))).toEqual([]);
      expect(fake.requests).toHaveLength(0);
    });

    it('ends quietly when aborted before the response headers arrive', async () => {
      fake.handle(() => {
        // never answers
      });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      expect(await within(collect(writer.stream(request, controller.signal)), 5_000, 'the stream to end')).toEqual([]);
      await within(fake.clientGone(0), 5_000, 'the fake to observe the closed connection');
    });
  });

  describe('maxWords', () => {
    it('stops at maxWords even when a word is split across chunks, and closes the upstream', async () => {
      fake.handle((_req, res) => {
        startSse(res);
        for (const content of ['one tw', 'o thr', 'ee four ', 'five six']) res.write(chunkEvent({ content }));
        // no [DONE]: the writer must stop on its own
      });
      const pieces = await within(collect(writer.stream({ ...request, maxWords: 3 }, new AbortController().signal)), 5_000, 'the stream to end');
      expect(pieces.join('')).toBe('one two three');
      await within(fake.clientGone(0), 5_000, 'the fake to observe the closed connection');
    });

    it('keeps a word that continues into the next chunk when exactly at the cap', async () => {
      fake.handle((_req, res) => {
        startSse(res);
        res.end(chunkEvent({ content: 'alpha be' }) + chunkEvent({ content: 'ta gamma' }) + 'data: [DONE]\n\n');
      });
      const pieces = await collect(writer.stream({ ...request, maxWords: 2 }, new AbortController().signal));
      expect(pieces.join('')).toBe('alpha beta');
    });
  });
});
