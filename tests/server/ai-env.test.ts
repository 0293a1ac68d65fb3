import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiWriterFromEnv } from '@server/ai/index';
import type { Sleep } from '@server/ai/sleep';
import type { AiRequest } from '@server/ai/types';
import { chunkEvent, startFakeOpenAi, startSse, type FakeOpenAi } from './ai-fake-openai';

const request: AiRequest = { kind: 'chat', messages: [{ role: 'user', content: 'Hello there' }] };

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of iterable) out.push(piece);
  return out;
}

function recordingSleep() {
  const calls: number[] = [];
  const sleep: Sleep = async (ms) => {
    calls.push(ms);
  };
  return { calls, sleep };
}

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.handle((_req, res) => {
    startSse(res);
    res.end(chunkEvent({ content: 'from upstream' }) + 'data: [DONE]\n\n');
  });
});
afterAll(() => fake.close());

describe('createAiWriterFromEnv', () => {
  it('without AI_BASE_URL: the offline writer, paced 30 ms by default', async () => {
    const { calls, sleep } = recordingSleep();
    const chunks = await collect(createAiWriterFromEnv({}, { sleep }).stream(request, new AbortController().signal));
    expect(chunks.length).toBeGreaterThan(3);
    expect(new Set(calls)).toEqual(new Set([30]));
    expect(fake.requests).toHaveLength(0);
  });

  it('AI_PACE_MS and AI_CHUNK_WORDS configure the offline writer; 0 = no pause', async () => {
    const paced = recordingSleep();
    await collect(createAiWriterFromEnv({ AI_PACE_MS: '7' }, { sleep: paced.sleep }).stream(request, new AbortController().signal));
    expect(new Set(paced.calls)).toEqual(new Set([7]));

    const unpaced = recordingSleep();
    const chunks = await collect(
      createAiWriterFromEnv({ AI_PACE_MS: '0', AI_CHUNK_WORDS: '1' }, { sleep: unpaced.sleep }).stream(request, new AbortController().signal),
    );
    expect(unpaced.calls).toEqual([]);
    chunks.forEach((c) => expect(c.trim().split(/\s+/)).toHaveLength(1));
  });

  it('rejects invalid pacing values at startup', () => {
    expect(() => createAiWriterFromEnv({ AI_PACE_MS: 'fast' })).toThrow(/AI_PACE_MS/);
    expect(() => createAiWriterFromEnv({ AI_PACE_MS: '-5' })).toThrow(/AI_PACE_MS/);
    expect(() => createAiWriterFromEnv({ AI_CHUNK_WORDS: '0' })).toThrow(/AI_CHUNK_WORDS/);
  });

  it('with AI_BASE_URL, AI_API_KEY and AI_MODEL: the OpenAI-compatible provider', async () => {
    const writer = createAiWriterFromEnv({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-env-key', AI_MODEL: 'env-model' });
    expect((await collect(writer.stream(request, new AbortController().signal))).join('')).toBe('from upstream');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-env-key');
    expect((fake.requests[0].body as { model: string }).model).toBe('env-model');
  });

  it('fails fast on an incomplete provider configuration, without echoing the key', () => {
    const attempt = () => createAiWriterFromEnv({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-secret-key' });
    expect(attempt).toThrow(/AI_MODEL/);
    expect(() => attempt()).not.toThrow(/sk-secret-key/);
    expect(() => createAiWriterFromEnv({ AI_BASE_URL: 'not a url', AI_MODEL: 'm', AI_API_KEY: 'sk-secret-key' })).toThrow(/AI_BASE_URL/);
  });
});
