/**
 * The chat-stream registry's own timers and its copy of the reply in flight (src/features/chat/chat-streams.ts):
 *  - a stream that shows no life for CHAT_STALL_MS ends as interrupted (never an endless spinner), while one that
 *    keeps delivering, however slowly, never does;
 *  - the reply so far is copied to localStorage every PERSIST period while it streams, and at once when the page
 *    is hidden or left, so a reload shows every word that had arrived (as interrupted, with Regenerate).
 * The stream is a callback actor the test feeds; time is simulated (vi fake timers), never slept.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { chatStreamMachine, type ChatEvent } from '@machines/chat-stream.machine';
import { act, renderHook } from '@testing-library/react';
import {
  CHAT_STALL_MS,
  PERSIST_EVERY_MS,
  STREAM_RENDER_INTERVAL_MS,
  STREAM_RENDER_INTERVAL_FAST_MS,
  STREAM_FAST_CHARS_PER_S,
  createChatStreamRegistry,
  liveTextOf,
  useLiveText,
} from '@/features/chat/chat-streams';
import { loadInFlight } from '@/features/chat/chat-storage';

const USER = 7;
const CID = 'c-registry';
/** each test's entries, torn down after it (their page listeners would otherwise answer the next test's events) */
const made: { teardown(): void }[] = [];

/** What a registry needs of the app (a page's services); the first page's registry also gets the test's stream. */
const pageDeps = () => ({
  services: { api: {} as never, queryClient: new QueryClient() },
  dialogs: { send: () => undefined },
  userId: USER,
});

function setup({ holdStore = false } = {}) {
  const stream: { sendBack?: (e: ChatEvent) => void } = {};
  const registry = createChatStreamRegistry({
    ...pageDeps(),
    provide: () =>
      chatStreamMachine.provide({
        actors: {
          streamChat: fromCallback(({ sendBack }) => {
            stream.sendBack = sendBack as (e: ChatEvent) => void;
          }),
          storeMessage: fromPromise<void, { conversationId: string | number | null; messageInput: string; messageOutput: string }>(
            () => (holdStore ? new Promise<void>(() => undefined) : Promise.resolve()),
          ),
          refetchTitle: fromPromise(async () => 'A title'),
        },
      }),
  });
  const entry = registry.ensure(CID, { title: 'A title' });
  made.push(entry);
  registry.retain(CID);
  const chunk = (text: string) => stream.sendBack!({ type: 'chat.chunk', text });
  return { registry, entry, chunk };
}

/** What a reload would find: the copy in localStorage. */
const stored = () => loadInFlight(USER, CID);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  for (const e of made.splice(0)) e.teardown();
  vi.useRealTimers();
});

describe('a stream that stalls', () => {
  test(`nothing for ${CHAT_STALL_MS / 1000} s after the last chunk: interrupted, the text kept`, () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('The sea ');
    vi.advanceTimersByTime(CHAT_STALL_MS - 1);
    expect(entry.state.phase).toBe('streaming');
    vi.advanceTimersByTime(1);
    expect(entry.state).toMatchObject({ phase: 'idle', outcome: 'interrupted', output: 'The sea ' });
    expect(stored()).toMatchObject({ input: 'Tell me about the sea', output: 'The sea ' });
  });

  test('a slow stream that keeps delivering is never cut off', () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Slowly, please' });
    // a chunk every 59 s for ten minutes: each one is within the stall period of the one before
    for (let i = 0; i < 10; i++) {
      chunk(`word${i} `);
      vi.advanceTimersByTime(CHAT_STALL_MS - 1000);
    }
    expect(entry.state.phase).toBe('streaming');
    // then silence: cut off one stall period after the last chunk, not earlier
    vi.advanceTimersByTime(999);
    expect(entry.state.phase).toBe('streaming');
    vi.advanceTimersByTime(1);
    expect(entry.state).toMatchObject({ phase: 'idle', outcome: 'interrupted' });
  });

  test('waiting for the first chunk stalls too', () => {
    const { entry } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Anyone there?' });
    expect(entry.state.phase).toBe('waiting');
    vi.advanceTimersByTime(CHAT_STALL_MS);
    expect(entry.state).toMatchObject({ phase: 'idle', outcome: 'interrupted' });
  });
});

describe('the reply in flight survives a reload', () => {
  test('copied at once when the page is left (pagehide), with every chunk that arrived', () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    expect(stored()).toMatchObject({ input: 'Tell me about the sea', output: '' });
    chunk('The sea ');
    chunk('is wide.');
    // no time has passed: only the page being left copies it
    expect(stored()?.output).toBe('');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toMatchObject({ input: 'Tell me about the sea', output: 'The sea is wide.' });
  });

  test('copied at once when the page is hidden (a tab switch; a hidden tab may be discarded)', () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('Waves ');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(stored()?.output).toBe('Waves ');
  });

  test('copied periodically while it streams, so a crashed tab loses at most one period', () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('one ');
    vi.advanceTimersByTime(PERSIST_EVERY_MS - 1);
    expect(stored()?.output).toBe('');
    chunk('two ');
    vi.advanceTimersByTime(1);
    expect(stored()?.output).toBe('one two ');
  });

  test('left while the finished reply is being saved: the copy holds all of it', () => {
    const { entry, chunk } = setup({ holdStore: true });
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('The sea ');
    chunk('is wide.');
    entry.actor.send({ type: 'chat.done' });
    expect(entry.state.phase).toBe('saving');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toMatchObject({ input: 'Tell me about the sea', output: 'The sea is wide.' });
  });

  test('a new page (a new registry) shows the copy as interrupted', () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('The sea is wide.');
    window.dispatchEvent(new Event('pagehide'));
    const reloaded = createChatStreamRegistry(pageDeps());
    const shown = reloaded.ensure(CID, { title: 'A title' });
    made.push(shown);
    expect(shown.state).toMatchObject({
      phase: 'idle',
      outcome: 'interrupted',
      input: 'Tell me about the sea',
      output: 'The sea is wide.',
    });
  });

  test('a finished, stored reply leaves no copy behind', async () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    chunk('The sea is wide.');
    entry.actor.send({ type: 'chat.done' });
    await vi.runAllTimersAsync();
    expect(entry.state).toMatchObject({ phase: 'idle', outcome: 'stored' });
    expect(stored()).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
  });
});

describe('what re-renders while a reply streams', () => {
  test('the page’s view of the exchange (frame) changes with the phase, not with each piece of text', async () => {
    const { entry, chunk } = setup();
    entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' });
    const waiting = entry.frame;
    expect(waiting).toMatchObject({ phase: 'waiting', input: 'Tell me about the sea', output: '' });
    chunk('The sea ');
    const streaming = entry.frame;
    expect(streaming).not.toBe(waiting);
    expect(streaming).toMatchObject({ phase: 'streaming', output: 'The sea ' });
    chunk('is wide ');
    chunk('and deep.');
    // the text moved on; the page's frame did not (its queries, header and composer do not re-render per piece)
    expect(entry.frame).toBe(streaming);
    expect(entry.state.output).toBe('The sea is wide and deep.');
    // a title change is not text: the frame follows
    entry.actor.send({ type: 'chat.title', title: 'The sea' });
    expect(entry.frame).toMatchObject({ phase: 'streaming', title: 'The sea' });
    // the end: the frame holds the whole reply again
    entry.actor.send({ type: 'chat.done' });
    expect(entry.frame).toMatchObject({ phase: 'saving', output: 'The sea is wide and deep.' });
    await vi.runAllTimersAsync();
    expect(entry.frame).toBe(entry.state);
    expect(entry.frame).toMatchObject({ phase: 'idle', outcome: 'stored', output: 'The sea is wide and deep.' });
  });

  test(`the reply's own component shows the first piece at once, then at most every ${STREAM_RENDER_INTERVAL_MS} ms, and the end at once`, () => {
    const { entry, chunk } = setup();
    let renders = 0;
    const text = liveTextOf(entry); // stable, as useChatStream's
    const { result } = renderHook(() => {
      renders++;
      return useLiveText(text);
    });
    act(() => entry.actor.send({ type: 'chat.send', message: 'Tell me about the sea' }));
    act(() => chunk('One. '));
    expect(result.current).toBe('One. ');
    const afterFirst = renders;
    // pieces every 10 ms: nothing new on screen until the interval is over, then all of it at once
    for (const piece of ['Two. ', 'Three. ', 'Four. ']) {
      act(() => {
        vi.advanceTimersByTime(10);
        chunk(piece);
      });
    }
    expect(renders).toBe(afterFirst);
    expect(result.current).toBe('One. ');
    act(() => void vi.advanceTimersByTime(STREAM_RENDER_INTERVAL_MS));
    expect(result.current).toBe('One. Two. Three. Four. ');
    expect(renders).toBe(afterFirst + 1);
    // a last piece, then the end: shown at once, without waiting for the interval
    act(() => chunk('Five.'));
    act(() => entry.actor.send({ type: 'chat.done' }));
    expect(result.current).toBe('One. Two. Three. Four. Five.');
  });

  test(`a reply arriving faster than ${STREAM_FAST_CHARS_PER_S} characters a second is shown every ${STREAM_RENDER_INTERVAL_FAST_MS} ms, and every ${STREAM_RENDER_INTERVAL_MS} ms again once it slows down`, () => {
    const { entry, chunk } = setup();
    const text = liveTextOf(entry);
    const { result } = renderHook(() => useLiveText(text));
    act(() => entry.actor.send({ type: 'chat.send', message: 'Write a long report' }));
    act(() => chunk('x'.repeat(100)));
    expect(result.current).toHaveLength(100);
    /** when (ms after the first piece) new text appeared, and how much of it was there */
    const shown: { at: number; length: number }[] = [];
    let prev = result.current;
    // time moves in 10 ms steps (so a render is seen within the step it happened in); a piece every `everyMs`
    let elapsed = 0;
    const pieces = (count: number, everyMs: number, size: number) => {
      for (let i = 0; i < count; i++) {
        for (let t = 0; t < everyMs; t += 10) {
          act(() => void vi.advanceTimersByTime(10));
          elapsed += 10;
          if (result.current !== prev) {
            prev = result.current;
            shown.push({ at: elapsed, length: prev?.length ?? 0 });
          }
          if (t + 10 === everyMs) act(() => chunk('y'.repeat(size)));
        }
      }
    };
    // fast: 100 characters every 10 ms (10,000 a second)
    pieces(150, 10, 100);
    // the first step, at the normal interval, tells the rate; then one render per fast interval
    const [normal, fast] = [STREAM_RENDER_INTERVAL_MS, STREAM_RENDER_INTERVAL_FAST_MS];
    expect(shown.map((s) => s.at)).toEqual([normal, normal + fast, normal + 2 * fast]);
    // each render shows all that had arrived before it: the first piece, then 100 characters every 10 ms
    expect(shown.map((s) => s.length)).toEqual(shown.map((s) => (s.at / 10) * 100));
    // slow: 20 characters every 100 ms (200 a second); the step that still held fast text keeps the fast interval,
    // and once a step was slow the text is shown every STREAM_RENDER_INTERVAL_MS again
    pieces(20, 100, 20);
    const gaps = shown.slice(1).map((s, i) => s.at - shown[i].at);
    expect(gaps).toEqual([fast, fast, fast, fast, ...Array<number>(9).fill(normal)]);
    // the end shows all of it at once
    act(() => entry.actor.send({ type: 'chat.done' }));
    expect(result.current).toHaveLength(100 + 150 * 100 + 20 * 20);
  });

  test('without a source (a stored exchange) it reads nothing', () => {
    const { result } = renderHook(() => useLiveText(null));
    expect(result.current).toBeNull();
  });
});
