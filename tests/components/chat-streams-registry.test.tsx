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
import { chatStreamMachine, type ChatEvent } from '../../machines/chat-stream.machine';
import { CHAT_STALL_MS, PERSIST_EVERY_MS, createChatStreamRegistry } from '../../src/features/chat/chat-streams';
import { loadInFlight } from '../../src/features/chat/chat-storage';

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
