/**
 * Chat stream: a reply's whole life, sent to the machine without React (01 §4 Chat, §4 Subscription gate, §8 "Chat
 * request answered 400" → chat-limit-exceeded) — the gate before a send, the stream, stop, stall, offline, storing,
 * the title re-fetch, and what is handed out to be kept across a reload (the reply in flight or cut short, the
 * composer's draft). Model paths cover every state and transition; unit tests drive the stall and the periodic copy
 * with simulated time (Vitest's fake timers, XState's SimulatedClock), never real sleeps.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  chatStreamMachine,
  selectBusy,
  selectChatFlags,
  selectDraft,
  selectOutcome,
  selectReply,
  type ChatEmitted,
  type ChatEvent,
  type ChatExchange,
  type ChatGateOutput,
  type ChatInput,
} from '@machines/chat-stream.machine';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(chatStreamMachine);

// The literal values (written here, never read back from the machine or its constants):
/** beyond the spec: a reply that delivers nothing for 60 s is cut off (interrupted, with 'Regenerate') */
const STALL_MS = 60_000;
/** beyond the spec: new text of a streaming reply is handed out to be kept 5 s after it arrived */
const PERSIST_MS = 5_000;
/** 01 §2 Dialogs / §8: a 400 answer to a chat request opens chat-limit-exceeded */
const LIMIT_DIALOG = { name: 'chat-limit-exceeded', payload: {} };
/** 01 §3: a conversation's default title */
const UNTITLED = 'Untitled';

type Snap = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;

/**
 * The real machine with test actors: the gate, the store and the title re-fetch answer when the test says
 * (`settle`), the stream is a callback the test feeds (`stream.sendBack`), and every slot records its calls.
 */
function start(input: ChatInput, options: { clock?: SimulatedClock } = {}) {
  const pending: Record<string, { res: (v: unknown) => void; rej: (e: unknown) => void }> = {};
  const deferred = <T,>(id: string, calls: unknown[]) =>
    fromPromise<T, any>(({ input: i }) => {
      calls.push(i);
      return new Promise<T>((res, rej) => (pending[id] = { res: res as (v: unknown) => void, rej }));
    });
  const calls = { gate: [] as unknown[], store: [] as unknown[], title: [] as unknown[], streams: [] as unknown[] };
  const stream = { sendBack: null as ((e: ChatEvent) => void) | null, started: 0, aborted: 0 };
  const actor = createActor(
    chatStreamMachine.provide({
      actors: {
        checkSubscription: deferred<{ allowed: boolean }>('checkSubscription', calls.gate),
        streamChat: fromCallback<ChatEvent, any>(({ sendBack, input: i }) => {
          calls.streams.push(i);
          stream.started++;
          stream.sendBack = sendBack;
          return () => {
            stream.aborted++;
          };
        }),
        storeMessage: deferred<void>('storeMessage', calls.store),
        refetchTitle: deferred<string>('refetchTitle', calls.title),
      },
    }),
    { input, inspect: tracker.inspect, ...(options.clock ? { clock: options.clock } : {}) },
  );
  const emitted: ChatEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e as ChatEmitted));
  actor.start();
  /** lets a settled promise reach the machine */
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const settle = async (id: string, outcome: { output?: unknown } | { error: unknown }) => {
    const p = pending[id];
    if (!p) throw new Error(`${id} is not running`);
    delete pending[id];
    if ('error' in outcome) p.rej(outcome.error);
    else p.res(outcome.output);
    await flush();
  };
  /** a piece of the stream, as the stream sends it */
  const fromStream = (e: ChatEvent) => stream.sendBack!(e);
  /** sends a message through an allowing gate: the reply is then awaiting its first piece */
  const sendAllowed = async (message: string, at = 1000) => {
    actor.send({ type: 'chat.send', message, at });
    await settle('checkSubscription', { output: { allowed: true } });
  };
  return { actor, emitted, calls, stream, settle, fromStream, sendAllowed, flush };
}

const exchange = (s: Snap): ChatExchange => ({ input: s.context.messageInput, output: s.context.messageOutput, startedAt: s.context.startedAt });
const inStream = (s: Snap) => s.matches('streaming');

/**
 * What the machine hands out at one step, written from the spec and the design (not from the machine): the
 * chat-limit dialog on a 400 (01 §8); what must survive a reload (the reply in flight or cut short, never a stopped
 * one: 01 §4 "a user stop ends the stream without saving"); the composer's draft; stored after a clean finish.
 */
function oracle(prev: Snap, e: AnyEventObject): ChatEmitted[] {
  const c = prev.context;
  const kept = (): ChatEmitted => ({ type: 'chat.persist', exchange: exchange(prev) });
  const cleared: ChatEmitted = { type: 'chat.persist', exchange: null };
  const stored: ChatEmitted = { type: 'chat.stored', output: c.messageOutput };
  const type = e.type.replace(/^xstate\.after\.([^.]+)\..*$/, 'after.$1');
  switch (type) {
    case 'chat.draft':
      return [{ type: 'chat.persistDraft', text: e.text }];
    case 'xstate.done.actor.checkSubscription':
      if (!e.output.allowed) return [];
      return [
        ...(c.request!.fromComposer ? [{ type: 'chat.persistDraft', text: '' } as const] : []),
        { type: 'chat.persist', exchange: { input: c.request!.message, output: '', startedAt: c.request!.at } },
      ];
    case 'chat.error':
      if (!inStream(prev)) return [];
      if (e.status === 400)
        return [
          { type: 'chat.openDialog', dialog: LIMIT_DIALOG as never },
          ...(c.draft.trim() === '' ? [{ type: 'chat.persistDraft', text: c.messageInput } as const] : []),
          cleared,
        ];
      return [kept()];
    case 'chat.offline':
      return inStream(prev) ? [kept()] : [];
    case 'chat.stop':
      return prev.matches({ streaming: { reply: 'receiving' } }) ? [cleared] : [];
    case 'chat.flush':
      return inStream(prev) || prev.matches('storing') || prev.matches('refetchingTitle') ? [kept()] : [];
    case 'chat.dismiss':
      return ['stopped', 'interrupted', 'failed'].includes(selectOutcome(prev) ?? '') && !inStream(prev) ? [cleared] : [];
    case 'xstate.done.actor.storeMessage':
      return c.conversationTitle === UNTITLED ? [] : [cleared, stored];
    case 'xstate.error.actor.storeMessage':
      return [kept(), { type: 'chat.storeFailed' }];
    case 'xstate.done.actor.refetchTitle':
    case 'xstate.error.actor.refetchTitle':
      return [cleared, stored];
    case 'after.persistEvery':
      return [kept()];
    case 'after.chatStall':
      // a copy still due within the stall period is handed out on the way
      return prev.matches({ streaming: { persist: 'pending' } }) ? [kept(), kept()] : [kept()];
    default:
      return [];
  }
}

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'chat.draft', text: 'half a thought' },
  { type: 'chat.draft', text: '' },
  { type: 'chat.send', message: 'Hello', at: 1000 },
  { type: 'chat.regenerate', at: 2000 },
  { type: 'xstate.done.actor.checkSubscription', output: { allowed: true } },
  { type: 'xstate.done.actor.checkSubscription', output: { allowed: false } },
  { type: 'xstate.error.actor.checkSubscription', error: new Error('gate') },
  { type: 'chat.chunk', text: 'Hi' },
  { type: 'chat.done' },
  { type: 'chat.error', status: 400, message: 'Chat Usage Limit Exhausted' },
  { type: 'chat.error', status: 500, message: 'upstream broke' },
  { type: 'chat.stop' },
  { type: 'chat.dismiss' },
  { type: 'chat.offline' },
  { type: 'chat.flush' },
  { type: 'chat.title', title: UNTITLED },
  { type: 'chat.title', title: 'Trip plan' },
  { type: 'xstate.done.actor.storeMessage', output: undefined },
  { type: 'xstate.error.actor.storeMessage', error: new Error('store') },
  { type: 'xstate.done.actor.refetchTitle', output: 'Hello world' },
  { type: 'xstate.error.actor.refetchTitle', error: new Error('title') },
];

const RESTORED: ChatExchange = { input: 'Tell me about the sea', output: 'The sea is', startedAt: 500 };
const MODEL_INPUTS: { label: string; input: ChatInput }[] = [
  { label: 'a new conversation', input: { conversationId: 42, conversationTitle: UNTITLED } },
  { label: 'a reply kept from before a reload', input: { conversationId: 42, conversationTitle: 'Trip plan', restored: RESTORED } },
];

describe.each(MODEL_INPUTS)('chatStream model paths, $label (every state reached by every incoming transition)', ({ input }) => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const model = createMachineTestModel(chatStreamMachine, {
    input,
    events: MODEL_EVENTS,
    // the stream actor failing on its own is a scenario below (a callback that throws when it starts)
    filterEvents: (_, e) => e.type !== 'xstate.error.actor.streamChat',
    // vertex = state × what the guards read (draft blank, title Untitled, the request's origin) × the step that led
    // here (its event and source state): the shortest paths then take every transition at least once
    serializeState: (s, e, prev) =>
      JSON.stringify([
        s.value,
        s.context.draft.trim() === '',
        s.context.conversationTitle === UNTITLED,
        s.context.request?.fromComposer ?? null,
        e ? [e.type, e.status, e.output?.allowed, e.text, e.title] : null,
        prev?.value ?? null,
      ]),
  });
  const paths = model.getShortestPaths();
  it('has paths', () => expect(paths.length).toBeGreaterThan(50));

  for (const path of paths) {
    it(path.description, async () => {
      const h = start(input);
      const { actor, emitted, stream, calls } = h;
      const base = replayExecutors([path], {
        send: (e) => (inStream(actor.getSnapshot()) && ['chat.chunk', 'chat.done', 'chat.error'].includes(e.type) ? h.fromStream(e) : actor.send(e)),
        advance: (ms) => void vi.advanceTimersByTime(ms),
        delays: { chatStall: STALL_MS, persistEvery: PERSIST_MS },
        onActorEvent: async (e) => {
          const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)!;
          await h.settle(m[2], m[1] === 'done' ? { output: e.output } : { error: e.error });
        },
      });
      const execs = Object.fromEntries(
        Object.entries(base).map(([type, exec]) => [
          type,
          async (step: { event: AnyEventObject }) => {
            const prev = actor.getSnapshot();
            const n = emitted.length;
            const streamsBefore = stream.started;
            await exec(step);
            const now = actor.getSnapshot();
            expect(emitted.slice(n)).toEqual(oracle(prev, step.event));
            // leaving the stream ends it (the request is aborted, so the server stops too)
            if (inStream(prev) && !inStream(now)) expect(stream.aborted).toBe(stream.started);
            // a stream starts only once the gate allowed it, with the message the gate was asked about
            if (stream.started > streamsBefore) {
              expect(step.event).toMatchObject({ type: 'xstate.done.actor.checkSubscription', output: { allowed: true } });
              expect(calls.streams.at(-1)).toEqual({ conversationId: 42, messageInput: prev.context.request!.message, model: undefined });
            }
          },
        ]),
      );
      /** the real actor's snapshot (the model's state carries only what its vertex key holds) */
      const real = () => actor.getSnapshot();
      await path.test({
        states: {
          '#chatStream': (s) => expect(actor.getSnapshot().value).toEqual(s.value),
          'settled.request.ready': () => expect(selectChatFlags(real())).toEqual({ checking: false, generating: false, stopDisabled: false, saving: false }),
          'settled.request.sending': () => {
            expect(selectChatFlags(real())).toEqual({ checking: true, generating: false, stopDisabled: false, saving: false });
            expect(calls.gate.at(-1)).toEqual({ action: 'chat' });
          },
          'streaming.reply.awaitingFirstChunk': () => {
            // 01 §4: generating, with stop disabled until the first chunk
            expect(selectChatFlags(real())).toEqual({ checking: false, generating: true, stopDisabled: true, saving: false });
            expect(selectReply(real())).toMatchObject({ phase: 'waiting', output: '' });
            expect(real().context.messageOutput).toBe('');
          },
          'streaming.reply.receiving': () => {
            expect(selectChatFlags(real())).toEqual({ checking: false, generating: true, stopDisabled: false, saving: false });
            // the page's view does not carry the streaming text (it reaches the reply's own component)
            expect(selectReply(real())).toMatchObject({ phase: 'streaming', output: '' });
            expect(real().context.messageOutput.length).toBeGreaterThan(0);
          },
          storing: () => {
            expect(selectChatFlags(real())).toMatchObject({ generating: false, saving: true });
            expect(calls.store.at(-1)).toEqual({ conversationId: 42, messageInput: real().context.messageInput, messageOutput: real().context.messageOutput });
          },
          refetchingTitle: () => {
            expect(selectReply(real()).phase).toBe('saving');
            expect(calls.title.at(-1)).toEqual({ conversationId: 42 });
          },
          'settled.outcome.idle': () => expect(selectOutcome(real())).toBeNull(),
          'settled.outcome.stopped': () => expect(selectReply(real())).toMatchObject({ phase: 'idle', outcome: 'stopped' }),
          'settled.outcome.interrupted': () => {
            expect(selectReply(real())).toMatchObject({ phase: 'idle', outcome: 'interrupted' });
            expect(real().context.messageInput).not.toBe('');
          },
          // the unanswered message went back to an empty composer: checked per step (chat.persistDraft in the oracle)
          'settled.outcome.limit': () => expect(selectReply(real())).toMatchObject({ phase: 'idle', outcome: 'limit' }),
          'settled.outcome.stored': () => expect(selectReply(real())).toMatchObject({ phase: 'idle', outcome: 'stored', output: real().context.messageOutput }),
          'settled.outcome.failed': () => expect(selectOutcome(real())).toBe('failed'),
        },
        events: execs as never,
      });
      // a reply is stored only after a clean finish (a user stop, a stall or an error never stores)
      expect(calls.store.length).toBe(path.steps.filter((s) => s.event.type === 'chat.done').length);
      actor.stop();
    });
  }
});

describe('the stall (simulated time)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('nothing for 60 s after the last piece: interrupted, the text so far kept for after a reload', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Tell me about the sea');
    h.fromStream({ type: 'chat.chunk', text: 'The sea ' });
    vi.advanceTimersByTime(59_999);
    expect(selectReply(h.actor.getSnapshot()).phase).toBe('streaming');
    vi.advanceTimersByTime(1);
    const s = h.actor.getSnapshot();
    expect(selectReply(s)).toEqual({ phase: 'idle', outcome: 'interrupted', input: 'Tell me about the sea', output: 'The sea ', startedAt: 1000 });
    expect(s.context.error).toEqual({ message: 'The connection stalled.' });
    expect(h.stream.aborted).toBe(1);
    expect(h.emitted.at(-1)).toEqual({ type: 'chat.persist', exchange: { input: 'Tell me about the sea', output: 'The sea ', startedAt: 1000 } });
  });

  it('a slow stream that keeps delivering is never cut off; silence is, 60 s after its last piece', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Slowly, please');
    // a piece every 59 s for ten minutes: each within 60 s of the one before
    for (let i = 0; i < 10; i++) {
      h.fromStream({ type: 'chat.chunk', text: `word${i} ` });
      vi.advanceTimersByTime(59_000);
    }
    expect(h.actor.getSnapshot().matches({ streaming: { reply: 'receiving' } })).toBe(true);
    vi.advanceTimersByTime(999);
    expect(h.actor.getSnapshot().matches('streaming')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectOutcome(h.actor.getSnapshot())).toBe('interrupted');
  });

  it('waiting for the first piece stalls too (60 s)', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Anyone there?');
    vi.advanceTimersByTime(59_999);
    expect(selectReply(h.actor.getSnapshot()).phase).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ phase: 'idle', outcome: 'interrupted', output: '' });
  });

  it("on XState's SimulatedClock: the same 60 s, with no timer of the host involved", async () => {
    vi.useRealTimers();
    const clock = new SimulatedClock();
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' }, { clock });
    await h.sendAllowed('Tell me about the sea');
    h.fromStream({ type: 'chat.chunk', text: 'Waves' });
    clock.increment(30_000);
    h.fromStream({ type: 'chat.chunk', text: ' and tides' });
    clock.increment(59_999);
    expect(h.actor.getSnapshot().matches('streaming')).toBe(true);
    clock.increment(1);
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ outcome: 'interrupted', output: 'Waves and tides' });
  });

  it('a stopped or finished reply has no stall left running', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Hello');
    h.fromStream({ type: 'chat.chunk', text: 'Hi' });
    h.actor.send({ type: 'chat.stop' });
    vi.advanceTimersByTime(10 * 60_000);
    expect(selectOutcome(h.actor.getSnapshot())).toBe('stopped');
  });
});

describe('what is kept for after a reload (simulated time)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const persisted = (h: ReturnType<typeof start>) => h.emitted.filter((e) => e.type === 'chat.persist').map((e) => (e as { exchange: ChatExchange | null }).exchange);

  it('the message at once when it is sent; new text 5 s after it arrived; nothing while nothing new arrives', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Tell me about the sea', 7);
    expect(persisted(h)).toEqual([{ input: 'Tell me about the sea', output: '', startedAt: 7 }]);
    h.fromStream({ type: 'chat.chunk', text: 'one ' });
    vi.advanceTimersByTime(4_999);
    h.fromStream({ type: 'chat.chunk', text: 'two ' });
    expect(persisted(h)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(persisted(h).at(-1)).toEqual({ input: 'Tell me about the sea', output: 'one two ', startedAt: 7 });
    // silence: no new copy
    vi.advanceTimersByTime(30_000);
    expect(persisted(h)).toHaveLength(2);
  });

  it('at once when the page is left or hidden (chat.flush), while streaming and while being stored', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Tell me about the sea');
    h.fromStream({ type: 'chat.chunk', text: 'The sea ' });
    h.actor.send({ type: 'chat.flush' });
    expect(persisted(h).at(-1)).toMatchObject({ output: 'The sea ' });
    h.fromStream({ type: 'chat.chunk', text: 'is wide.' });
    h.fromStream({ type: 'chat.done' });
    expect(selectReply(h.actor.getSnapshot()).phase).toBe('saving');
    h.actor.send({ type: 'chat.flush' });
    expect(persisted(h).at(-1)).toMatchObject({ output: 'The sea is wide.' });
    // stored: nothing is kept any more (the history holds it)
    await h.settle('storeMessage', { output: undefined });
    expect(persisted(h).at(-1)).toBeNull();
    expect(h.emitted.at(-1)).toEqual({ type: 'chat.stored', output: 'The sea is wide.' });
  });

  it('a reply kept from before a reload starts as interrupted, can be regenerated, and dismissed', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea', restored: RESTORED, draft: 'next question' });
    expect(selectReply(h.actor.getSnapshot())).toEqual({ phase: 'idle', outcome: 'interrupted', ...RESTORED });
    expect(selectDraft(h.actor.getSnapshot())).toBe('next question');
    h.actor.send({ type: 'chat.regenerate', at: 900 });
    await h.settle('checkSubscription', { output: { allowed: true } });
    expect(h.calls.streams.at(-1)).toEqual({ conversationId: 'c', messageInput: RESTORED.input, model: undefined });
    // a regenerated message leaves the composer's draft alone
    expect(selectDraft(h.actor.getSnapshot())).toBe('next question');
    h.fromStream({ type: 'chat.error', message: 'cut' });
    h.actor.send({ type: 'chat.dismiss' });
    expect(selectReply(h.actor.getSnapshot())).toEqual({ phase: 'idle', outcome: null, input: '', output: '', startedAt: 0 });
    expect(persisted(h).at(-1)).toBeNull();
  });
});

describe('chatStream scenarios', () => {
  it('a stop before the first chunk is ignored (stop disabled); after it, the stream ends without saving', async () => {
    const h = start({ conversationId: 'c', conversationTitle: UNTITLED });
    await h.sendAllowed('Hello');
    h.actor.send({ type: 'chat.stop' });
    expect(h.actor.getSnapshot().matches({ streaming: { reply: 'awaitingFirstChunk' } })).toBe(true);
    h.fromStream({ type: 'chat.chunk', text: 'Hel' });
    h.actor.send({ type: 'chat.stop' });
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ phase: 'idle', outcome: 'stopped', output: 'Hel' });
    expect(h.stream.aborted).toBe(1);
    await h.flush();
    expect(h.calls.store).toEqual([]);
  });

  it('the gate runs before every send (01 §4): blocked, nothing is streamed, the draft and the last reply stay', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea', restored: RESTORED, draft: 'Write a poem' });
    h.actor.send({ type: 'chat.send', message: 'Write a poem', at: 1 });
    expect(selectChatFlags(h.actor.getSnapshot()).checking).toBe(true);
    // a second Enter while the gate is checked sends nothing more
    h.actor.send({ type: 'chat.send', message: 'Write a poem', at: 2 });
    expect(h.calls.gate).toHaveLength(1);
    // while the gate is checked the last reply is still shown as it was
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ outcome: 'interrupted', input: RESTORED.input });
    await h.settle('checkSubscription', { output: { allowed: false } });
    expect(h.stream.started).toBe(0);
    expect(selectDraft(h.actor.getSnapshot())).toBe('Write a poem');
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ outcome: 'interrupted', input: RESTORED.input });
    expect(selectChatFlags(h.actor.getSnapshot()).checking).toBe(false);
  });

  it('allowed: the composer is emptied, the model of the send is the stream’s', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea', draft: 'Hello' });
    h.actor.send({ type: 'chat.send', message: 'Hello', at: 3, model: 'Elite' });
    await h.settle('checkSubscription', { output: { allowed: true } });
    expect(selectDraft(h.actor.getSnapshot())).toBe('');
    expect(h.calls.streams).toEqual([{ conversationId: 'c', messageInput: 'Hello', model: 'Elite' }]);
  });

  it("a 400 opens 'Chat Usage Limit Exhausted' and gives the message back to an empty composer, never over a new draft", async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea', draft: 'Write a poem' });
    await h.sendAllowed('Write a poem');
    h.fromStream({ type: 'chat.error', status: 400, message: 'Chat Usage Limit Exhausted' });
    expect(selectOutcome(h.actor.getSnapshot())).toBe('limit');
    expect(h.emitted).toContainEqual({ type: 'chat.openDialog', dialog: LIMIT_DIALOG });
    expect(selectDraft(h.actor.getSnapshot())).toBe('Write a poem');

    h.actor.send({ type: 'chat.draft', text: 'Something else' });
    await h.sendAllowed('Write a poem');
    h.actor.send({ type: 'chat.draft', text: 'Typed meanwhile' });
    h.fromStream({ type: 'chat.error', status: 400 });
    expect(selectDraft(h.actor.getSnapshot())).toBe('Typed meanwhile');
  });

  it('clean finish on an Untitled conversation stores, then re-fetches the title (01 §4)', async () => {
    const h = start({ conversationId: 'c', conversationTitle: UNTITLED });
    await h.sendAllowed('Hello');
    h.fromStream({ type: 'chat.chunk', text: 'Hi ' });
    h.fromStream({ type: 'chat.chunk', text: 'there' });
    h.fromStream({ type: 'chat.done' });
    expect(h.calls.store).toEqual([{ conversationId: 'c', messageInput: 'Hello', messageOutput: 'Hi there' }]);
    await h.settle('storeMessage', { output: undefined });
    expect(h.actor.getSnapshot().matches('refetchingTitle')).toBe(true);
    await h.settle('refetchTitle', { output: 'Greetings' });
    expect(h.actor.getSnapshot().context.conversationTitle).toBe('Greetings');
    expect(selectOutcome(h.actor.getSnapshot())).toBe('stored');
    expect(selectBusy(h.actor.getSnapshot())).toBe(false);
  });

  it('offline while streaming: interrupted, the text so far kept', async () => {
    const h = start({ conversationId: 'c', conversationTitle: 'Sea' });
    await h.sendAllowed('Tell me about rivers');
    h.fromStream({ type: 'chat.chunk', text: 'Rivers run' });
    h.actor.send({ type: 'chat.offline' });
    expect(selectReply(h.actor.getSnapshot())).toMatchObject({ outcome: 'interrupted', output: 'Rivers run' });
    expect(h.stream.aborted).toBe(1);
  });

  it('the stream actor failing (placeholder "not provided") ends as interrupted, with the error kept', () => {
    const a = createActor(chatStreamMachine.provide({ actors: { checkSubscription: fromPromise(async (): Promise<ChatGateOutput> => ({ allowed: true })) } }), {
      input: { conversationId: 'c', conversationTitle: 'Sea' },
      inspect: tracker.inspect,
    }).start();
    a.send({ type: 'chat.send', message: 'Hello', at: 1 });
    return vi.waitFor(() => {
      expect(selectOutcome(a.getSnapshot())).toBe('interrupted');
      expect(a.getSnapshot().context.error).toEqual({ message: 'stream failed' });
    });
  });

  it('without a gate (placeholder "not provided") nothing is sent', async () => {
    const a = createActor(chatStreamMachine, { input: { conversationId: 'c', conversationTitle: 'Sea', draft: 'Hello' }, inspect: tracker.inspect }).start();
    a.send({ type: 'chat.send', message: 'Hello', at: 1 });
    await vi.waitFor(() => expect(selectBusy(a.getSnapshot())).toBe(false));
    expect(a.getSnapshot().matches({ settled: { outcome: 'idle', request: 'ready' } })).toBe(true);
    expect(selectDraft(a.getSnapshot())).toBe('Hello');
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
