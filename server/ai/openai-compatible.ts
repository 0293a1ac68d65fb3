// Streams from any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, llama.cpp, LM Studio, …).
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { EventSourceMessage } from 'eventsource-parser/stream';
import { AiProviderError, countWords, normaliseMaxWords, truncateWords, type AiRequest, type AiWriter } from './types';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; omitted when empty (local servers). Never logged or put in errors. */
  apiKey?: string;
  /** Model used when the request names none. */
  model: string;
  /** Injected fetch; the global one by default. */
  fetch?: typeof fetch;
}

const MAX_ERROR_BODY_CHARS = 8_192;
const MAX_ERROR_MESSAGE_CHARS = 500;

export function createOpenAiCompatibleWriter(options: OpenAiCompatibleOptions): AiWriter {
  const base = new URL(options.baseUrl);
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}/chat/completions`, base).toString();
  const defaultModel = options.model;
  // Kept in this closure only, so neither the writer object nor its errors can carry it into a log.
  const apiKey = options.apiKey ?? '';
  const fetchImpl = options.fetch ?? fetch;
  const scrub = (text: string): string => (apiKey ? text.replaceAll(apiKey, '[redacted]') : text);

  return {
    async *stream(req: AiRequest, signal: AbortSignal): AsyncGenerator<string, void, undefined> {
      const maxWords = normaliseMaxWords(req.maxWords);
      if (signal.aborted || maxWords === 0) return;

      // Our own controller: aborts upstream on the caller's abort, and also when the consumer stops early.
      const upstream = new AbortController();
      const onAbort = () => upstream.abort(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      let reader: ReadableStreamDefaultReader<EventSourceMessage> | undefined;
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
        if (apiKey) headers.authorization = `Bearer ${apiKey}`;
        let res: Response;
        try {
          res = await fetchImpl(endpoint, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              model: req.model ?? defaultModel,
              messages: req.messages.map(({ role, content }) => ({ role, content })),
              stream: true,
            }),
            signal: upstream.signal,
          });
        } catch (err) {
          if (signal.aborted) return;
          throw new AiProviderError(0, scrub(`request to ${endpoint} failed: ${describe(err)}`), { cause: err });
        }

        if (!res.ok) {
          const message = await readErrorMessage(res).catch(() => res.statusText);
          if (signal.aborted) return;
          throw new AiProviderError(res.status, scrub(message || res.statusText || 'request failed'));
        }
        if (!res.body) throw new AiProviderError(res.status, 'response has no body');

        reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
        let emitted = '';
        for (;;) {
          if (signal.aborted) return;
          let next: ReadableStreamReadResult<EventSourceMessage>;
          try {
            next = await reader.read();
          } catch (err) {
            if (signal.aborted) return;
            throw new AiProviderError(res.status, scrub(`stream interrupted: ${describe(err)}`), { cause: err });
          }
          if (signal.aborted || next.done) return;
          const event = next.value;
          if (event.data.trim() === '[DONE]') return;
          const piece = parseDelta(event, res.status, scrub);
          if (!piece) continue;

          if (maxWords !== undefined && countWords(emitted + piece) > maxWords) {
            // Cap reached: emit up to the end of the last allowed word, then stop (the finally closes upstream).
            const rest = truncateWords(emitted + piece, maxWords).slice(emitted.length);
            if (rest) yield rest;
            return;
          }
          emitted += piece;
          yield piece;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        // Closes the upstream connection if it is still open: on abort, on early break, on errors.
        upstream.abort();
        reader?.cancel().catch(() => undefined);
      }
    },
  };
}

interface ChatCompletionChunk {
  choices?: { delta?: { content?: unknown } }[];
  error?: unknown;
}

function parseDelta(event: EventSourceMessage, status: number, scrub: (s: string) => string): string {
  let chunk: ChatCompletionChunk;
  try {
    chunk = JSON.parse(event.data) as ChatCompletionChunk;
  } catch {
    throw new AiProviderError(status, scrub(`malformed stream event: ${truncate(event.data)}`));
  }
  if (event.event === 'error' || (chunk && typeof chunk === 'object' && chunk.error !== undefined)) {
    throw new AiProviderError(status, scrub(errorText(chunk) || 'error event in stream'));
  }
  const content = chunk?.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}


/** Reads at most MAX_ERROR_BODY_CHARS of an error body and pulls the upstream message out of it. */
async function readErrorMessage(res: Response): Promise<string> {
  if (!res.body) return res.statusText;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    while (text.length < MAX_ERROR_BODY_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  try {
    return truncate(errorText(JSON.parse(text)) || text.trim());
  } catch {
    return truncate(text.trim());
  }
}

/** OpenAI: {error:{message}}; others: {error:"…"}, {message:"…"}, {detail:"…"}. */
function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body : '';
  const b = body as Record<string, unknown>;
  if (typeof b.error === 'string') return b.error;
  if (b.error && typeof b.error === 'object') {
    const message = (b.error as Record<string, unknown>).message;
    if (typeof message === 'string') return message;
  }
  if (typeof b.message === 'string') return b.message;
  if (typeof b.detail === 'string') return b.detail;
  return '';
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_MESSAGE_CHARS ? `${text.slice(0, MAX_ERROR_MESSAGE_CHARS)}…` : text;
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
