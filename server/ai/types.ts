// The one interface behind every AI generation in the reference backend.
// Routes depend on AiWriter only; which provider fills it is decided once in ./index.ts.

export type AiKind = 'chat' | 'outline' | 'section' | 'tool' | 'title' | 'prompt';
export type AiRole = 'system' | 'user' | 'assistant';

export interface AiMessage {
  role: AiRole;
  content: string;
}

export interface AiRequest {
  kind: AiKind;
  messages: AiMessage[];
  /** Provider model override; the provider's configured model when absent. */
  model?: string;
  /** Hard cap on the number of whitespace-separated words streamed. */
  maxWords?: number;
}

export interface AiWriter {
  /**
   * Streams the generated text as it is produced; concatenating the pieces gives the full text.
   * Aborting `signal` stops the generation (and any upstream request) at once: no piece is
   * yielded after the abort and the iterator simply ends (it does not throw an AbortError).
   * Breaking out of the loop early has the same effect on the upstream request.
   * Provider failures throw AiProviderError.
   */
  stream(req: AiRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** Error of an AI provider: `status` is the upstream HTTP status, 0 when no response arrived. */
export class AiProviderError extends Error {
  readonly status: number;
  /** The upstream's own message (API key scrubbed), for logs and error mapping. */
  readonly upstreamMessage: string;

  constructor(status: number, upstreamMessage: string, options?: { cause?: unknown }) {
    super(status > 0 ? `AI provider error ${status}: ${upstreamMessage}` : `AI provider error: ${upstreamMessage}`, options);
    this.name = 'AiProviderError';
    this.status = status;
    this.upstreamMessage = upstreamMessage;
  }
}

/** Words as metered by the product: split on whitespace, empty pieces ignored. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** The first `maxWords` words of text (a prefix of it), or the whole text without a cap. */
export function truncateWords(text: string, maxWords: number | undefined): string {
  if (maxWords === undefined) return text;
  if (maxWords === 0) return '';
  const re = /\S+/g;
  let match: RegExpExecArray | null;
  let n = 0;
  while ((match = re.exec(text)) !== null) {
    n += 1;
    if (n === maxWords) return text.slice(0, match.index + match[0].length);
  }
  return text;
}

/** Validates an optional maxWords; returns undefined when there is no cap. */
export function normaliseMaxWords(maxWords: number | undefined): number | undefined {
  if (maxWords === undefined) return undefined;
  if (!Number.isFinite(maxWords) || maxWords < 0) {
    throw new RangeError(`maxWords must be a finite number >= 0, got ${maxWords}`);
  }
  return Math.floor(maxWords);
}
