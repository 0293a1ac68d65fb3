/** Chat stream: 01 §4 Chat, 01 §8 (400 → chat-limit-exceeded). */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { chatStreamMachine, selectChatFlags, type ChatEmitted, type ChatEvent } from '@machines/chat-stream.machine';
import { createCoverageTracker, createMachineTestModel, replayExecutors } from '../helpers/model-coverage';

const tracker = createCoverageTracker(chatStreamMachine);
const input = { conversationId: 42, conversationTitle: 'Untitled' };

const events: AnyEventObject[] = [
  { type: 'chat.send', message: 'Hello' },
  { type: 'chat.chunk', text: 'Hi' },
  { type: 'chat.done' },
  { type: 'chat.error', status: 400, message: 'limit' },
  { type: 'chat.error', status: 500, message: 'oops' },
  { type: 'chat.stop' },
  { type: 'chat.title', title: 'Untitled' },
  { type: 'chat.title', title: 'Trip plan' },
  { type: 'xstate.done.actor.storeMessage', output: undefined },
  { type: 'xstate.error.actor.storeMessage', error: new Error('store') },
  { type: 'xstate.done.actor.refetchTitle', output: 'Hello world' },
  { type: 'xstate.error.actor.refetchTitle', error: new Error('title') },
];

describe('chatStream model paths (every state reached by every incoming transition)', () => {
  const model = createMachineTestModel(chatStreamMachine, {
    input,
    events,
    // the stream actor's own failure is covered by a scenario below (a callback fails at start)
    filterEvents: (_, e) => e.type !== 'xstate.error.actor.streamChat',
    // vertex = state × untitled? × the event that led here → shortest paths cover every transition
    serializeState: (s, e) => JSON.stringify([s.value, s.context.conversationTitle === 'Untitled', e ? JSON.stringify(e) : null]),
  });
  const paths = model.getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      let sendBack: ((e: ChatEvent) => void) | null = null;
      let streams = 0;
      let aborted = 0;
      const stored: unknown[] = [];
      const pending: Record<string, { res: (v: unknown) => void; rej: (e: unknown) => void }> = {};
      const deferred = (id: string) => fromPromise<any, any>(({ input: i }) => {
        if (id === 'storeMessage') stored.push(i);
        return new Promise((res, rej) => (pending[id] = { res, rej }));
      });
      const emitted: ChatEmitted[] = [];
      const actor = createActor(
        chatStreamMachine.provide({
          actors: {
            streamChat: fromCallback<ChatEvent, any>(({ sendBack: sb, input: i }) => {
              expect(i).toEqual({ conversationId: 42, messageInput: 'Hello', model: undefined });
              streams++;
              sendBack = sb;
              return () => {
                aborted++;
              };
            }),
            storeMessage: deferred('storeMessage'),
            refetchTitle: deferred('refetchTitle'),
          },
        }),
        { input, inspect: tracker.inspect },
      );
      actor.on('*', (e: ChatEmitted) => emitted.push(e));
      actor.start();
      const fromStream = new Set(['chat.chunk', 'chat.done', 'chat.error']);
      const base = replayExecutors([path], {
        send: (e) => {
          if (fromStream.has(e.type) && actor.getSnapshot().matches('generating')) sendBack!(e);
          else actor.send(e);
        },
        advance: () => {},
        onActorEvent: async (e) => {
          const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)!;
          if (m[1] === 'done') pending[m[2]].res(e.output);
          else pending[m[2]].rej(e.error);
          await new Promise((r) => setTimeout(r, 0));
        },
      });
      const execs = Object.fromEntries(
        Object.entries(base).map(([type, exec]) => [
          type,
          async (step: { event: AnyEventObject }) => {
            const wasGenerating = actor.getSnapshot().matches('generating');
            const prevCtx = actor.getSnapshot().context;
            const n = emitted.length;
            await exec(step);
            const now = actor.getSnapshot();
            const e = step.event;
            // 01 §4 / §8 per step
            if (e.type === 'chat.error' && wasGenerating && e.status === 400)
              expect(emitted.slice(n)).toEqual([{ type: 'chat.openDialog', dialog: { name: 'chat-limit-exceeded', payload: {} } }]);
            else if (e.type === 'xstate.done.actor.storeMessage')
              expect(emitted.slice(n)).toEqual([{ type: 'chat.stored', output: prevCtx.messageOutput }]);
            else expect(emitted.slice(n)).toEqual([]);
            if (wasGenerating && !now.matches('generating')) expect(aborted).toBe(streams); // the stream is ended
            if (e.type === 'xstate.done.actor.storeMessage')
              expect(now.matches('refetchingTitle')).toBe(prevCtx.conversationTitle === 'Untitled');
          },
        ]),
      );
      await path.test({
        states: {
          '#chatStream': (s) => expect(actor.getSnapshot().value).toEqual(s.value),
          idle: (s) => expect(selectChatFlags(s)).toEqual({ generating: false, stopDisabled: false }),
          'generating.awaitingFirstChunk': (s) => {
            expect(selectChatFlags(s)).toEqual({ generating: true, stopDisabled: true });
            expect(s.context.messageOutput).toBe('');
          },
          'generating.streaming': (s) => {
            expect(selectChatFlags(s)).toEqual({ generating: true, stopDisabled: false });
            expect(s.context.messageOutput.length).toBeGreaterThan(0);
          },
          storing: (s) => expect(s.context.messageInput).toBe('Hello'),
        },
        events: execs as never,
      });
      // a user stop never stores: every store call follows a chat.done
      expect(stored.length).toBe(path.steps.filter((s) => s.event.type === 'chat.done' && s.state.matches('storing')).length);
      actor.stop();
    });
  }
});

describe('chatStream scenarios', () => {
  it('a stop before the first chunk is ignored (stop disabled); after it, the stream ends without saving', async () => {
    let store = 0;
    let sb: any;
    const a = createActor(
      chatStreamMachine.provide({
        actors: {
          streamChat: fromCallback(({ sendBack }) => void (sb = sendBack)),
          storeMessage: fromPromise<void, any>(async () => {
            store++;
          }),
        },
      }),
      { input, inspect: tracker.inspect },
    ).start();
    a.send({ type: 'chat.send', message: 'Hello' });
    a.send({ type: 'chat.stop' });
    expect(a.getSnapshot().matches({ generating: 'awaitingFirstChunk' })).toBe(true);
    sb({ type: 'chat.chunk', text: 'Hel' });
    a.send({ type: 'chat.stop' });
    expect(a.getSnapshot().value).toBe('idle');
    await new Promise((r) => setTimeout(r, 0));
    expect(store).toBe(0);
  });

  it('clean finish on an Untitled conversation stores, then re-fetches the title', async () => {
    const calls: string[] = [];
    const a = createActor(
      chatStreamMachine.provide({
        actors: {
          streamChat: fromCallback(({ sendBack }) => {
            sendBack({ type: 'chat.chunk', text: 'Hi ' });
            sendBack({ type: 'chat.chunk', text: 'there' });
            sendBack({ type: 'chat.done' });
          }),
          storeMessage: fromPromise<void, any>(async ({ input: i }) => {
            calls.push(`store:${i.messageInput}→${i.messageOutput}`);
          }),
          refetchTitle: fromPromise(async () => (calls.push('title'), 'Greetings')),
        },
      }),
      { input, inspect: tracker.inspect },
    ).start();
    a.send({ type: 'chat.send', message: 'Hello' });
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['store:Hello→Hi there', 'title']);
    expect(a.getSnapshot().context.conversationTitle).toBe('Greetings');
  });

  it('the stream actor failing (placeholder "not provided") returns to idle with the error kept', () => {
    const a = createActor(chatStreamMachine, { input, inspect: tracker.inspect }).start();
    a.send({ type: 'chat.send', message: 'Hello' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.error).toEqual({ message: 'stream failed' });
  });
});

afterAll(() => {
  tracker.print();
  const r = tracker.report();
  expect(r.uncoveredStates).toEqual([]);
  expect(r.uncoveredTransitions).toEqual([]);
});
