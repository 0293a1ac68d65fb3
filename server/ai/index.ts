// Chooses the AI provider once, from the environment.
import { DEFAULT_PACE_MS, createOfflineWriter } from './offline-writer';
import { createOpenAiCompatibleWriter } from './openai-compatible';
import type { Sleep } from './sleep';
import type { AiWriter } from './types';

export interface AiEnv {
  AI_BASE_URL?: string;
  AI_API_KEY?: string;
  AI_MODEL?: string;
  AI_PACE_MS?: string;
  AI_CHUNK_WORDS?: string;
  [name: string]: string | undefined;
}

export interface AiDeps {
  fetch?: typeof fetch;
  sleep?: Sleep;
}

/**
 * AI_BASE_URL set → the OpenAI-compatible provider (AI_MODEL required, AI_API_KEY optional for local servers).
 * Otherwise → the built-in offline writer, paced by AI_PACE_MS (default 30, 0 = no pause) and AI_CHUNK_WORDS (default 3).
 * Misconfiguration throws at startup rather than silently falling back to offline text.
 */
export function createAiWriterFromEnv(env: AiEnv = process.env, deps: AiDeps = {}): AiWriter {
  const baseUrl = env.AI_BASE_URL?.trim();
  if (baseUrl) {
    const model = env.AI_MODEL?.trim();
    if (!model) throw new Error('AI_BASE_URL is set but AI_MODEL is not: set the model name of the OpenAI-compatible server');
    if (!URL.canParse(baseUrl)) throw new Error('AI_BASE_URL is not a valid URL');
    return createOpenAiCompatibleWriter({ baseUrl, model, apiKey: env.AI_API_KEY?.trim() || undefined, fetch: deps.fetch });
  }
  return createOfflineWriter({
    paceMs: parseIntEnv(env, 'AI_PACE_MS', DEFAULT_PACE_MS, 0),
    chunkWords: parseIntEnv(env, 'AI_CHUNK_WORDS', undefined, 1),
    sleep: deps.sleep,
  });
}

function parseIntEnv<D extends number | undefined>(env: AiEnv, name: string, fallback: D, min: number): number | D {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}
