import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composeOfflineText, createOfflineWriter, extractTopic } from '@server/ai/offline-writer';
import { abortableSleep, type Sleep } from '@server/ai/sleep';
import { countWords, type AiKind, type AiRequest } from '@server/ai/types';

const user = (content: string) => [{ role: 'user' as const, content }];
const req = (kind: AiKind, content: string, extra: Partial<AiRequest> = {}): AiRequest => ({ kind, messages: user(content), ...extra });

/** A sleep that never waits: resolves at once and records what it was asked for. */
function recordingSleep() {
  const calls: number[] = [];
  const sleep: Sleep = async (ms) => {
    calls.push(ms);
  };
  return { calls, sleep };
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of iterable) out.push(piece);
  return out;
}

const fast = createOfflineWriter({ paceMs: 0 });
const never = () => new AbortController().signal;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('countWords', () => {
  it('splits on any whitespace and ignores empty pieces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one two\n\nthree\tfour  ')).toBe(4);
    expect(countWords('1. Heading — with dash')).toBe(5);
  });
});

describe('offline writer: content', () => {
  it('is deterministic: the same request streams the same chunks', async () => {
    const r = req('chat', 'How do I grow tomatoes indoors in winter?');
    const a = await collect(fast.stream(r, never()));
    const b = await collect(createOfflineWriter({ paceMs: 0 }).stream(structuredClone(r), never()));
    expect(a.length).toBeGreaterThan(5);
    expect(b).toEqual(a);
  });

  it('depends on the prompt: different prompts give different text using the prompt’s words', async () => {
    const tomatoes = (await collect(fast.stream(req('chat', 'How do I grow tomatoes indoors in winter?'), never()))).join('');
    const seo = (await collect(fast.stream(req('chat', 'Explain SEO keyword research for small business websites'), never()))).join('');
    expect(tomatoes).not.toBe(seo);
    expect(tomatoes.toLowerCase()).toContain('tomatoes');
    expect(seo).toContain('SEO');
    expect(seo.toLowerCase()).toContain('keyword research');
  });

  it('depends on the kind and the conversation, not only the last message', () => {
    const base = req('section', 'Remote work');
    expect(composeOfflineText(base)).not.toBe(composeOfflineText({ ...base, kind: 'tool' }));
    const withHistory: AiRequest = { kind: 'chat', messages: [{ role: 'assistant', content: 'Earlier answer' }, ...user('Remote work')] };
    expect(composeOfflineText(withHistory)).not.toBe(composeOfflineText(req('chat', 'Remote work')));
  });

  it('chat: Markdown with a heading, a list and a paragraph', () => {
    const text = composeOfflineText(req('chat', 'What are good habits for freelance writers?'));
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(/^## .*Freelance Writers/);
    expect(text).toMatch(/^- \*\*[^*]+:\*\* .+/m);
    expect(blocks.at(-1)).toMatch(/^[A-Z][^\n]+\.$/);
    expect(text.toLowerCase()).toContain('freelance writers');
  });

  it('outline: numbered headings 1., 2., 3. … about the given title', () => {
    const text = composeOfflineText(req('outline', 'Write a blog outline for the title "10 SEO Tips for Small Business Websites"'));
    const headings = text.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(headings.length).toBeGreaterThanOrEqual(5);
    expect(headings.slice(0, 3).map((h) => h.slice(0, 3))).toEqual(['1. ', '2. ', '3. ']);
    headings.forEach((h, i) => expect(h.startsWith(`${i + 1}. `)).toBe(true));
    // The Google-outline validity rule of the spec: the structure contains '1.', '2.' and '3.'.
    for (const n of ['1.', '2.', '3.']) expect(text).toContain(n);
    expect(text).toContain('SEO');
    expect(text.toLowerCase()).toContain('small business websites');
    expect(headings.at(-1)).toMatch(/Conclusion|Final Thoughts/);
  });

  it('section: two to four paragraphs about the given heading', () => {
    for (const heading of ['Choosing the Right Soil', 'Pricing Your Services', 'Building an Email List', 'Editing Your First Draft']) {
      const text = composeOfflineText(req('section', `Write the section "${heading}" for a blog about small businesses`));
      const paragraphs = text.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(4);
      expect(text.toLowerCase()).toContain(heading.toLowerCase());
    }
  });

  it('title: a list of titles, as many as asked for (default 5, at most 50), all distinct', () => {
    const seven = composeOfflineText(req('title', 'Suggest 7 titles for a blog about remote work productivity')).split('\n');
    expect(seven).toHaveLength(7);
    seven.forEach((line, i) => expect(line).toMatch(new RegExp(`^${i + 1}\\. .*Remote Work Productivity`)));
    expect(new Set(seven).size).toBe(7);
    expect(composeOfflineText(req('title', 'Titles about composting')).split('\n')).toHaveLength(5);
    const many = composeOfflineText(req('title', 'Give me 50 titles about composting')).split('\n');
    expect(many).toHaveLength(50);
    expect(new Set(many.map((l) => l.replace(/^\d+\. /, ''))).size).toBe(50);
  });

  it('tool and prompt: prose about the subject', () => {
    for (const kind of ['tool', 'prompt'] as const) {
      const text = composeOfflineText(req(kind, 'Write a product description for a bamboo toothbrush'));
      expect(countWords(text)).toBeGreaterThan(40);
      expect(text.toLowerCase()).toContain('bamboo toothbrush');
    }
  });

  it('extracts the subject from quoted, colon and question prompts', () => {
    expect(extractTopic(user('Write an outline for "Winter Garden Care"')).phrase).toBe('Winter Garden Care');
    expect(extractTopic(user('Blog title: Budget travel in Japan')).phrase).toBe('Budget travel in Japan');
    expect(extractTopic(user('How do I start journaling?')).phrase).toBe('start journaling');
    expect(extractTopic([]).keywords.length).toBeGreaterThan(0);
  });
});

describe('offline writer: streaming', () => {
  it('streams the full text in chunks of chunkWords words', async () => {
    const r = req('section', 'Write the section "Pricing Your Services"');
    const writer = createOfflineWriter({ paceMs: 0, chunkWords: 4 });
    const chunks = await collect(writer.stream(r, never()));
    expect(chunks.join('')).toBe(composeOfflineText(r));
    chunks.forEach((c) => expect(countWords(c)).toBeLessThanOrEqual(4));
    chunks.slice(0, -1).forEach((c) => expect(countWords(c)).toBe(4));
  });

  it('defaults to about three words per chunk', async () => {
    const chunks = await collect(fast.stream(req('chat', 'Meal prep ideas'), never()));
    chunks.slice(0, -1).forEach((c) => expect(countWords(c)).toBe(3));
  });

  it('honours maxWords: exactly that many words, a prefix of the full text', async () => {
    const r = req('section', 'Write the section "Building an Email List"');
    const full = composeOfflineText(r);
    expect(countWords(full)).toBeGreaterThan(25);
    const text = (await collect(fast.stream({ ...r, maxWords: 25 }, never()))).join('');
    expect(countWords(text)).toBe(25);
    expect(full.startsWith(text)).toBe(true);
    expect(await collect(fast.stream({ ...r, maxWords: 0 }, never()))).toEqual([]);
    expect((await collect(fast.stream({ ...r, maxWords: 100_000 }, never()))).join('')).toBe(full);
  });

  it('rejects a nonsensical maxWords', async () => {
    await expect(collect(fast.stream({ ...req('chat', 'x'), maxWords: -1 }, never()))).rejects.toThrow(RangeError);
    await expect(collect(fast.stream({ ...req('chat', 'x'), maxWords: Number.NaN }, never()))).rejects.toThrow(RangeError);
  });

  it('property: deterministic, within maxWords and a prefix of the full text for any prompt', async () => {
    const kinds: AiKind[] = ['chat', 'outline', 'section', 'tool', 'title', 'prompt'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.string({ maxLength: 80 }), fc.integer({ min: 0, max: 120 }), async (kind, prompt, maxWords) => {
        const r = req(kind, prompt, { maxWords });
        const a = (await collect(fast.stream(r, never()))).join('');
        const b = (await collect(fast.stream(r, never()))).join('');
        expect(b).toBe(a);
        expect(countWords(a)).toBeLessThanOrEqual(maxWords);
        expect(composeOfflineText(r).startsWith(a)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('paces with the injected sleep: paceMs before each chunk, no real waiting', async () => {
    const { calls, sleep } = recordingSleep();
    const timeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const writer = createOfflineWriter({ paceMs: 45, sleep });
    const chunks = await collect(writer.stream(req('chat', 'Podcast launch checklist'), never()));
    expect(calls).toHaveLength(chunks.length);
    expect(new Set(calls)).toEqual(new Set([45]));
    expect(timeoutSpy).not.toHaveBeenCalled();
  });

  it('paceMs 0 never sleeps', async () => {
    const { calls, sleep } = recordingSleep();
    await collect(createOfflineWriter({ paceMs: 0, sleep }).stream(req('chat', 'Podcast launch checklist'), never()));
    expect(calls).toEqual([]);
  });

  it('stops immediately on abort: no chunk after it, the iterator ends', async () => {
    const { sleep } = recordingSleep();
    const controller = new AbortController();
    const seen: string[] = [];
    let afterAbort = 0;
    for await (const chunk of createOfflineWriter({ paceMs: 10, sleep }).stream(req('section', 'Editing your first draft'), controller.signal)) {
      if (controller.signal.aborted) afterAbort += 1;
      seen.push(chunk);
      if (seen.length === 3) controller.abort();
    }
    expect(seen).toHaveLength(3);
    expect(afterAbort).toBe(0);
  });

  it('an abort during the pause ends the pending next() at once (sleep resolving on abort)', async () => {
    // The real abortable sleep with fake timers: the pace would be an hour, the abort ends it now.
    vi.useFakeTimers();
    const controller = new AbortController();
    const iterator = createOfflineWriter({ paceMs: 3_600_000 }).stream(req('chat', 'Newsletter ideas'), controller.signal)[Symbol.asyncIterator]();
    const pending = iterator.next();
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('also ends quietly with an injected sleep that rejects on abort', async () => {
    const rejectingSleep: Sleep = (_ms, signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const controller = new AbortController();
    const iterator = createOfflineWriter({ paceMs: 5, sleep: rejectingSleep }).stream(req('chat', 'x'), controller.signal)[Symbol.asyncIterator]();
    const pending = iterator.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
  });

  it('yields nothing for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const { calls, sleep } = recordingSleep();
    expect(await collect(createOfflineWriter({ paceMs: 10, sleep }).stream(req('chat', 'x'), controller.signal))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('rejects invalid options', () => {
    expect(() => createOfflineWriter({ paceMs: -1 })).toThrow(RangeError);
    expect(() => createOfflineWriter({ chunkWords: 0 })).toThrow(RangeError);
    expect(() => createOfflineWriter({ chunkWords: 1.5 })).toThrow(RangeError);
  });
});

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    vi.useFakeTimers();
    let done = false;
    const p = abortableSleep(100, new AbortController().signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toBe(true);
  });

  it('resolves at once on abort and clears its timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const p = abortableSleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await p;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start a timer for an aborted signal', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort();
    await abortableSleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(0);
  });
});
