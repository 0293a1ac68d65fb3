/**
 * The one way the server streams: a text/event-stream of content pieces (chat answers, long-blog outlines and
 * content). The wire format is the contract's (openapi/openapi.yaml; read by src/api/stream.ts):
 *
 *   data: {"content":"<piece>"}\n\n            one event per piece the producer yields
 *   data: [DONE]\n\n                           the producer returned: the work is complete (stored, charged)
 *   event: error\ndata: <ErrorBody>\n\n         the producer failed after the stream began; no [DONE]
 *
 * The stream is pull-based: the producer is asked for its next piece only when the client reads, so it is never far
 * ahead of a slow reader and holds nothing for one that stopped reading. The client going away — the request's signal
 * (the connection closing) or the response body cancelled — aborts the signal the producer was given, ends the stream
 * and returns the producer (its `finally` blocks run); nothing more is written after that, in particular no [DONE].
 */
import { HttpError, clientDataError } from './errors';
import { redact } from '../lib/redact';

/** One event as it goes on the wire. */
export function sseEvent(data: string, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${data}\n\n`;
}

export interface SseOptions {
  /** The error event's message when the producer fails unexpectedly (an HttpError or bad request data sends its own body). */
  failureMessage: string;
  /** Extra response headers (e.g. X-Blog-Id). */
  headers?: Record<string, string>;
  /**
   * Wait for the first piece before answering. A failure before any content then rejects this call, so the route
   * answers it with its own status (e.g. 503) instead of an error event in a 200 stream.
   */
  firstPieceBeforeAnswer?: boolean;
}

/**
 * Answers `request` with the pieces of `produce` as server-sent events. `produce` gets a signal that aborts when the
 * client goes away or the stream fails; it passes it on to the AI provider. It returns (and the stream sends
 * [DONE]) only once its work is complete.
 */
export async function sseResponse(
  request: Request,
  produce: (signal: AbortSignal) => AsyncIterable<string>,
  options: SseOptions,
): Promise<Response> {
  const stop = new AbortController();
  const pieces = produce(stop.signal)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;

  /** Ends the stream once; what is already queued can still be read. */
  const end = () => {
    if (ended) return;
    ended = true;
    request.signal.removeEventListener('abort', clientGone);
    try {
      controller?.close();
    } catch {
      // cancelled by the client already
    }
  };
  /** The client went away: stop the producer at once; nothing more is written. */
  function clientGone() {
    stop.abort();
    end();
    void pieces.return?.()?.catch(() => undefined);
  }
  const send = (data: string, event?: string) => controller!.enqueue(encoder.encode(sseEvent(data, event)));

  if (request.signal.aborted) clientGone();
  else request.signal.addEventListener('abort', clientGone, { once: true });

  let primed: IteratorResult<string> | undefined;
  if (options.firstPieceBeforeAnswer) {
    try {
      primed = await pieces.next();
    } catch (err) {
      stop.abort();
      end();
      throw err;
    }
  }

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (ended) c.close();
    },
    async pull() {
      try {
        const next = primed ?? (await pieces.next());
        primed = undefined;
        if (ended) return;
        if (!next.done) return send(JSON.stringify({ content: next.value }));
        send('[DONE]');
        end();
      } catch (err) {
        if (ended) return;
        stop.abort();
        // A value of the request PostgreSQL cannot store is the request's fault (422 body), not a server failure.
        const known = err instanceof HttpError ? err : clientDataError(err);
        if (!known) console.error(`[server] ${request.method} ${new URL(request.url).pathname} stream failed:`, redact(err));
        send(JSON.stringify(known ? known.body() : { message: options.failureMessage, type: 'Error' }), 'error');
        end();
      }
    },
    cancel() {
      clientGone();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      ...options.headers,
    },
  });
}
