import { describe, expect, test } from 'vitest';
import { streamContent, type StreamOutcome } from '@/api/stream';

function streamOf(pieces: string[], contentType: string, onCancel?: () => void) {
  const enc = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(enc.encode(pieces[i++]));
      else controller.close();
    },
    cancel() {
      onCancel?.();
    },
  });
  return new Response(body, { headers: { 'Content-Type': contentType } });
}

async function collect(it: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const piece of it) out.push(piece);
  return out;
}

describe('streamContent', () => {
  test('reads `data:` events, even split mid-line across chunks, and stops at [DONE]', async () => {
    const res = streamOf(
      ['data: {"content":"Hel', 'lo"}\n\ndata: {"content":" wor"}\n', '\ndata: {"content":"ld"}\n\ndata: [DONE]\n\n', 'data: {"content":"after done"}\n\n'],
      'text/event-stream; charset=utf-8',
    );
    expect((await collect(streamContent(res))).join('')).toBe('Hello world');
  });

  test('tells a finished answer (last event `data: [DONE]`) from a cut-off one', async () => {
    const finished: StreamOutcome = { endedWithDone: false };
    await collect(streamContent(streamOf(['data: {"content":"a"}\n\n', 'data: [DONE]\n\n'], 'text/event-stream'), undefined, finished));
    expect(finished.endedWithDone).toBe(true);

    // the closing blank line of the last event may be missing at the very end of the body
    const unterminated: StreamOutcome = { endedWithDone: false };
    await collect(streamContent(streamOf(['data: {"content":"a"}\n\n', 'data: [DONE]'], 'text/event-stream'), undefined, unterminated));
    expect(unterminated.endedWithDone).toBe(true);

    const cut: StreamOutcome = { endedWithDone: false };
    const text = await collect(streamContent(streamOf(['data: {"content":"a"}\n\n', 'data: {"content":"b"}\n\n'], 'text/event-stream'), undefined, cut));
    expect(text.join('')).toBe('ab');
    expect(cut.endedWithDone).toBe(false);
  });

  test('an `event: error` ending a stream half-way is not content: its data is kept for the caller', async () => {
    const failed: StreamOutcome = { endedWithDone: false };
    const text = await collect(
      streamContent(
        streamOf(['data: {"content":"<p>Half"}\n\n', 'event: error\ndata: {"message":"Word limit reached.","type":"upgrade"}\n\n'], 'text/event-stream'),
        undefined,
        failed,
      ),
    );
    expect(text.join('')).toBe('<p>Half');
    expect(failed).toEqual({ endedWithDone: false, errorData: '{"message":"Word limit reached.","type":"upgrade"}' });

    // a plain-text error is not shown as part of the answer either
    const plain: StreamOutcome = { endedWithDone: false };
    expect((await collect(streamContent(streamOf(['data: {"content":"a"}\n\n', 'event: error\ndata: Provider down\n\n'], 'text/event-stream'), undefined, plain))).join('')).toBe('a');
    expect(plain.errorData).toBe('Provider down');
  });

  test('a character whose bytes are split across chunks arrives whole', async () => {
    const bytes = new TextEncoder().encode('data: {"content":"café ✓"}\n\ndata: [DONE]\n\n');
    const cutAt = bytes.indexOf(0xc3) + 1; // inside the two bytes of 'é'
    let i = 0;
    const parts = [bytes.slice(0, cutAt), bytes.slice(cutAt)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < parts.length) controller.enqueue(parts[i++]);
        else controller.close();
      },
    });
    const res = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    expect((await collect(streamContent(res))).join('')).toBe('café ✓');
  });

  test('reads plain chunked text as it arrives', async () => {
    const res = streamOf(['The quick ', 'brown fox'], 'text/plain; charset=utf-8');
    expect(await collect(streamContent(res))).toEqual(['The quick ', 'brown fox']);
  });

  test('aborting stops reading and cancels the body so the server stops too', async () => {
    let cancelled = false;
    const controller = new AbortController();
    const res = streamOf(['data: {"content":"one"}\n\n', 'data: {"content":"two"}\n\n', 'data: {"content":"three"}\n\n'], 'text/event-stream', () => {
      cancelled = true;
    });
    const out: string[] = [];
    for await (const piece of streamContent(res, controller.signal)) {
      out.push(piece);
      controller.abort();
    }
    expect(out).toEqual(['one']);
    expect(cancelled).toBe(true);
  });

  test('multi-byte characters split across chunks are decoded whole', async () => {
    const bytes = new TextEncoder().encode('data: {"content":"naïve ✓"}\n\n');
    const cut = 20;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    });
    const res = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    expect((await collect(streamContent(res))).join('')).toBe('naïve ✓');
  });
});
