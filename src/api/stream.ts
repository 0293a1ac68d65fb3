import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Streamed responses (chat replies, blog outlines and sections). Two formats are read:
 *  - `text/event-stream`: `data: {"content": "..."}` events ending with `data: [DONE]`
 *    (the chunk format written down in openapi/), parsed with eventsource-parser;
 *  - any other content type: plain chunked text, each decoded chunk is content.
 * Aborting the signal cancels the body reader, which closes the connection so the server stops too.
 */
export interface StreamOutcome {
  /** the event stream's last event was `data: [DONE]` (a finished answer, not a cut-off one) */
  endedWithDone: boolean;
  /**
   * the data of the last `event: error` event (the contract's way to end a stream that fails half-way; its data
   * is an ErrorBody), which is not content
   */
  errorData?: string;
}

export async function* streamContent(response: Response, signal?: AbortSignal, outcome?: StreamOutcome): AsyncGenerator<string, void, undefined> {
  if (!response.body) return;
  const isEventStream = (response.headers.get('Content-Type') ?? '').includes('text/event-stream');
  // One reader on the body itself, decoded here: no TextDecoderStream or watching TransformStream in between,
  // each of which costs every chunk its own hops through the browser's stream machinery (a 20,000-word reply
  // arrives in hundreds of chunks; tests/bench/chat-stream.spec.ts).
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });

  const pending: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.data === '[DONE]') {
        done = true;
        if (outcome) outcome.endedWithDone = true;
        return;
      }
      if (outcome) outcome.endedWithDone = false;
      if (event.event === 'error') {
        if (outcome) outcome.errorData = event.data;
        return;
      }
      pending.push(contentOf(event.data));
    },
  });

  try {
    while (!done) {
      if (signal?.aborted) return;
      const { value: bytes, done: ended } = await reader.read();
      if (signal?.aborted) break;
      // at the end, what the decoder still holds (an incomplete character's bytes) is flushed
      const value = ended ? decoder.decode() : decoder.decode(bytes, { stream: true });
      if (isEventStream) {
        // at the end a last event without its closing blank line still counts (`data: [DONE]` at the very end)
        parser.feed(ended ? `${value}\n\n` : value);
        // the events of one read are handed on as one piece (one chunk event for the caller, not one per event)
        if (pending.length) {
          const piece = pending.length === 1 ? pending[0] : pending.join('');
          pending.length = 0;
          if (piece) yield piece;
        }
      } else if (value) {
        yield value;
      }
      if (ended) break;
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
