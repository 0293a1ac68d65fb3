/**
 * The chat machine's glue (src/features/chat/chat-streams.ts): the registry carries out what the machine hands out —
 * the reply in flight or cut short and the composer's draft kept in localStorage, the history refetched after a
 * store — sends it the browser's own events (the page left or hidden, offline), keeps a conversation's actor while a
 * reply runs in the background and lets it go after; and the reply's own component re-renders at the rendering
 * budget. What a reply comes to is the machine's (tests/machines/chat-stream.test.ts); here the stream is a callback
 * actor the test feeds, and time is simulated (vi fake timers), never slept.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { shallowEqual } from '@xstate/react';
import { QueryClient } from '@tanstack/react-query';
import { chatStreamMachine, selectReply, type ChatEvent, type ChatGateOutput } from '@machines/chat-stream.machine';
import { act, renderHook } from '@testing-library/react';
import {
  STREAM_RENDER_INTERVAL_MS,
  STREAM_RENDER_INTERVAL_FAST_MS,
  STREAM_FAST_CHARS_PER_S,
  createChatStreamRegistry,
  liveTextOf,
  useLiveText,
} from '@/features/chat/chat-streams';
import { loadDraft, loadInFlight, loadNewChatId, saveInFlight, saveNewChatId } from '@/features/chat/chat-storage';

const USER = 7;
const CID = 'c-registry';
/** each test's actors, stopped after it (their page listeners would otherwise answer the next test's events) */
const made: { teardown(): void }[] = [];

const openGate = async (): Promise<ChatGateOutput> => ({ allowed: true });

function setup({ holdStore = false, title = 'A title' } = {}) {
  const stream: { sendBack?: (e: ChatEvent) => void; started: number } = { started: 0 };
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const dialogs: unknown[] = [];
  const registry = createChatStreamRegistry({
    services: { api: {} as never, queryClient },
    dialogs: { send: (e) => void dialogs.push(e) },
    userId: USER,
    checkGate: openGate,
    provide: () =>
      chatStreamMachine.provide({
        actors: {
          checkSubscription: fromPromise(openGate),
          streamChat: fromCallback(({ sendBack }) => {
            stream.started++;
            stream.sendBack = sendBack as (e: ChatEvent) => void;
          }),
          storeMessage: fromPromise<void, { conversationId: string | number | null; messageInput: string; messageOutput: string }>(
            () => (holdStore ? new Promise<void>(() => undefined) : Promise.resolve()),
          ),
          refetchTitle: fromPromise(async () => 'A title'),
        },
      }),
  });
  const entry = registry.ensure(CID, { title });
  made.push(entry);
  registry.retain(entry);
  const { actor } = entry;
  const chunk = (text: string) => stream.sendBack!({ type: 'chat.chunk', text });
  /** a message from the composer, through the (open) gate: the reply is then waiting for its first piece */
  const send = async (message: string) => {
    actor.send({ type: 'chat.send', message, at: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { registry, entry, actor, chunk, send, stream, dialogs, invalidate };
}

/** What a reload would find: the copy in localStorage. */
const kept = () => loadInFlight(USER, CID);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  for (const e of made.splice(0)) e.teardown();
  vi.useRealTimers();
});

describe('what the machine hands out is kept in the browser', () => {
  test('the reply in flight: the message at once, then the text copied when the page is left (pagehide)', async () => {
    const { send, chunk } = setup();
    await send('Tell me about the sea');
    expect(kept()).toMatchObject({ input: 'Tell me about the sea', output: '' });
    chunk('The sea ');
    chunk('is wide.');
    // no time has passed: only the page being left copies it
    expect(kept()?.output).toBe('');
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toMatchObject({ input: 'Tell me about the sea', output: 'The sea is wide.' });
  });

  test('copied at once when the page is hidden (a tab switch; a hidden tab may be discarded)', async () => {
    const { send, chunk } = setup();
    await send('Tell me about the sea');
    chunk('Waves ');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(kept()?.output).toBe('Waves ');
  });

  test('copied 5 s after new text arrived, so a crashed tab loses at most that', async () => {
    const { send, chunk } = setup();
    await send('Tell me about the sea');
    chunk('one ');
    vi.advanceTimersByTime(4_999);
    expect(kept()?.output).toBe('');
    chunk('two ');
    vi.advanceTimersByTime(1);
    expect(kept()?.output).toBe('one two ');
  });

  test('left while the finished reply is being saved: the copy holds all of it', async () => {
    const { actor, send, chunk } = setup({ holdStore: true });
    await send('Tell me about the sea');
    chunk('The sea ');
    chunk('is wide.');
    actor.send({ type: 'chat.done' });
    expect(selectReply(actor.getSnapshot()).phase).toBe('saving');
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toMatchObject({ input: 'Tell me about the sea', output: 'The sea is wide.' });
  });

  test('offline while streaming: interrupted, the text so far kept', async () => {
    const { actor, send, chunk } = setup();
    await send('Tell me about rivers');
    chunk('Rivers run');
    window.dispatchEvent(new Event('offline'));
    expect(selectReply(actor.getSnapshot())).toMatchObject({ outcome: 'interrupted', output: 'Rivers run' });
    expect(kept()).toMatchObject({ input: 'Tell me about rivers', output: 'Rivers run' });
  });

  test('a new page (a new registry) shows the copy as interrupted', async () => {
    const { send, chunk } = setup();
    await send('Tell me about the sea');
    chunk('The sea is wide.');
    window.dispatchEvent(new Event('pagehide'));
    const reloaded = setup();
    expect(selectReply(reloaded.actor.getSnapshot())).toMatchObject({
      phase: 'idle',
      outcome: 'interrupted',
      input: 'Tell me about the sea',
      output: 'The sea is wide.',
    });
  });

  test('a finished, stored reply leaves no copy behind, refetches the history, and the new chat is no longer new', async () => {
    saveNewChatId(USER, CID);
    const { actor, send, chunk, invalidate } = setup();
    await send('Tell me about the sea');
    chunk('The sea is wide.');
    actor.send({ type: 'chat.done' });
    await vi.runAllTimersAsync();
    expect(selectReply(actor.getSnapshot())).toMatchObject({ phase: 'idle', outcome: 'stored' });
    expect(kept()).toBeNull();
    expect(loadNewChatId(USER)).toBeNull();
    expect(invalidate).toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
  });

  test('a stopped reply is not kept, a dismissed one is forgotten', async () => {
    saveInFlight(USER, CID, { input: 'Old', output: 'cut', startedAt: 1 });
    const { actor, send, chunk } = setup();
    actor.send({ type: 'chat.dismiss' });
    expect(kept()).toBeNull();
    await send('Tell me about tea');
    chunk('Tea is');
    actor.send({ type: 'chat.stop' });
    expect(kept()).toBeNull();
  });

  test('the draft is kept as it is typed, cleared when its message is sent, and a 400 gives the message back', async () => {
    const { actor, send, dialogs } = setup();
    actor.send({ type: 'chat.draft', text: 'Write a poem' });
    expect(loadDraft(USER, CID)).toBe('Write a poem');
    await send('Write a poem');
    expect(loadDraft(USER, CID)).toBe('');
    actor.send({ type: 'chat.error', status: 400, message: 'Chat Usage Limit Exhausted' });
    expect(loadDraft(USER, CID)).toBe('Write a poem');
    expect(dialogs).toEqual([{ type: 'dialog.open', dialog: { name: 'chat-limit-exceeded', payload: {} } }]);
  });
});

describe('how long a conversation’s actor lives', () => {
  test('a reply keeps streaming and is stored while nothing shows it; then the actor goes', async () => {
    const { registry, entry, actor, send, chunk } = setup();
    await send('Tell me about the sea');
    registry.release(entry);
    await vi.advanceTimersByTimeAsync(0);
    expect(registry.get(CID)).toBe(entry);
    chunk('The sea is wide.');
    actor.send({ type: 'chat.done' });
    await vi.runAllTimersAsync();
    expect(selectReply(actor.getSnapshot()).outcome).toBe('stored');
    expect(registry.get(CID)).toBeUndefined();
  });

  test('an actor made for a render that never committed is never started, and is forgotten by the next conversation', async () => {
    const { registry } = setup();
    const orphan = registry.ensure('never-shown', { title: 'x' });
    made.push(orphan);
    expect(orphan.started).toBe(false);
    registry.ensure('another', { title: 'y' });
    expect(registry.get('never-shown')).toBeUndefined();
    expect(registry.get(CID)).toBeDefined();
  });
});

describe('what re-renders while a reply streams', () => {
  test('the page’s view of the reply (selectReply, shallow-compared) changes with the phase, not with each piece of text', async () => {
    const { actor, send, chunk, entry } = setup();
    const views: ReturnType<typeof selectReply>[] = [];
    // what useSelector(actor, selectReply, shallowEqual) re-renders the page for
    actor.subscribe((s) => {
      const v = selectReply(s);
      if (!views.length || !shallowEqual(views.at(-1), v)) views.push(v);
    });
    await send('Tell me about the sea');
    chunk('The sea ');
    chunk('is wide ');
    chunk('and deep.');
    const streamingViews = views.filter((v) => v.phase === 'streaming');
    // the text moved on (three pieces); the page's view changed once, when the first piece came
    expect(streamingViews).toHaveLength(1);
    expect(entry.text.get()).toEqual({ phase: 'streaming', output: 'The sea is wide and deep.' });
    // the end: the view holds the whole reply
    actor.send({ type: 'chat.done' });
    await vi.runAllTimersAsync();
    expect(views.at(-1)).toMatchObject({ phase: 'idle', outcome: 'stored', output: 'The sea is wide and deep.' });
    expect(views.map((v) => v.phase)).toEqual(['idle', 'waiting', 'streaming', 'saving', 'idle']);
  });

  test(`the reply's own component shows the first piece at once, then at most every ${STREAM_RENDER_INTERVAL_MS} ms, and the end at once`, async () => {
    const { actor, send, chunk } = setup();
    let renders = 0;
    const text = liveTextOf(actor); // stable, as useChatActor's
    const { result } = renderHook(() => {
      renders++;
      return useLiveText(text);
    });
    await act(() => send('Tell me about the sea'));
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
    act(() => actor.send({ type: 'chat.done' }));
    expect(result.current).toBe('One. Two. Three. Four. Five.');
  });

  test(`a reply arriving faster than ${STREAM_FAST_CHARS_PER_S} characters a second is shown every ${STREAM_RENDER_INTERVAL_FAST_MS} ms, and every ${STREAM_RENDER_INTERVAL_MS} ms again once it slows down`, async () => {
    const { actor, send, chunk } = setup();
    const text = liveTextOf(actor);
    const { result } = renderHook(() => useLiveText(text));
    await act(() => send('Write a long report'));
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
    act(() => actor.send({ type: 'chat.done' }));
    expect(result.current).toHaveLength(100 + 150 * 100 + 20 * 20);
  });

  test('without a source (a stored exchange) it reads nothing', () => {
    const { result } = renderHook(() => useLiveText(null));
    expect(result.current).toBeNull();
  });
});
