import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Streamed responses (chat replies, blog outlines and sections). Two formats are read:
 *  - `text/event-stream`: `data: {"content": "..."}` events ending with `data: [DONE]`
 *    (the chunk format written down in openapi/), parsed with eventsource-parser;
 *  - any other content type: plain chunked text, each decoded chunk is content.
 * Aborting the signal cancels the body reader, which closes the connection so the server stops too.
 */
export async function* streamContent(response: Response, signal?: AbortSignal): AsyncGenerator<string, void, undefined> {
  if (!response.body) return;
  const isEventStream = (response.headers.get('Content-Type') ?? '').includes('text/event-stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });

  const pending: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      pending.push(contentOf(event.data));
    },
  });

  try {
    while (!done) {
      if (signal?.aborted) return;
      const { value, done: ended } = await reader.read();
      if (ended || signal?.aborted) break;
      if (isEventStream) {
        parser.feed(value);
        while (pending.length) {
          const piece = pending.shift()!;
          if (piece) yield piece;
        }
      } else if (value) {
        yield value;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!done || signal?.aborted) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** A `data:` payload is JSON `{"content": "..."}` by contract; a bare string is tolerated as content. */
function contentOf(data: string): string {
  try {
    const parsed = JSON.parse(data) as unknown;
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { content?: unknown }).content === 'string') {
      return (parsed as { content: string }).content;
    }
    return '';
  } catch {
    return data;
  }
}
