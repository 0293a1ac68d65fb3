/**
 * The REAL chat stream machine (machines/chat-stream.machine.ts) with its REAL actors (src/actors/chat-stream.ts)
 * over the real client (src/api/client.ts, middleware included) against the in-process reference backend on the
 * test database: 01 §4 Chat (first chunk enables stop; a user stop ends without saving; a clean finish is stored
 * and an Untitled conversation re-fetched for its title), §7 Chat calls, §8 (a 400 opens chat-limit-exceeded).
 *
 * The backend's AI writer is the offline writer without pauses, or — where a test must hold a generation open —
 * a controlled writer. Requests are recorded at the fetch edge (pass-through) to assert which calls were made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../server/harness';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';
import { createOfflineWriter } from '@server/ai/offline-writer';
import { AiProviderError, type AiWriter } from '@server/ai/types';
import { createApiClient, type ApiClient } from '@/api/client';
import type { StoredAuth, TokenStore } from '@/api/auth-storage';
import { CHAT_INTERRUPTED_MESSAGE, newChatId, provideChatStream } from '@/actors/chat-stream';
import { checkSubscriptionGate, gateInputFromUser } from '@/actors/subscription-gate';
import { chatStreamMachine, selectBusy, selectChatFlags, selectOutcome, type ChatEmitted, type ChatGateOutput } from '@machines/chat-stream.machine';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_HTTP_STATUS } from '@machines/constants';
import { dialog } from '@machines/dialogs';
import { createRelayFetch, serveStreamRelay, type RelayFromWorker, type RelayToWorker } from '@/api/stream-relay';

const ORIGIN = 'http://localhost:3000';

let s: TestServer;
let app: ReturnType<typeof createApp>;
let writer: AiWriter;
let calls: string[];

beforeAll(async () => {
  s = await startTestServer();
  app = createApp({
    db: s.db,
    clock: s.clock,
    mailer: s.mailer,
    ai: { stream: (req, signal) => writer.stream(req, signal) },
    config: { devRoutes: false, aiPaceMs: 0, env: {} },
  });
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.reset();
  writer = createOfflineWriter({ paceMs: 0 });
  calls = [];
});

/** A client signed in as `email`, whose fetch is the backend's own handler (recorded at the edge). */
async function clientFor(email: string): Promise<ApiClient> {
  let auth: StoredAuth | null = { token: await s.login(email), loginTime: 0 };
  const tokens: TokenStore = { get: () => auth, set: (a) => void (auth = a), clear: () => void (auth = null) };
  return createApiClient({
    baseUrl: ORIGIN,
    tokens,
    now: () => 60_000,
    pageLoadedAt: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return app.fetch(req);
    },
  });
}

/**
 * The stream relay (src/api/stream-relay.ts) as the app runs it in the browser, its worker side in-process over
 * an in-memory channel, its fetch the backend's handler (recorded at the edge like the client's).
 */
function relayOverApp(): (request: Request) => Promise<Response> {
  let toWorker: (m: RelayToWorker) => void = () => {};
  let toPage: (m: RelayFromWorker) => void = () => {};
  serveStreamRelay({
    post: (m) => queueMicrotask(() => toPage(m)),
    listen: (h) => void (toWorker = h),
    fetch: async (url, init) => {
      const req = new Request(url, init);
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return app.fetch(req);
    },
    now: () => performance.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  });
  return createRelayFetch({ post: (m) => queueMicrotask(() => toWorker(m)), listen: (h) => void (toPage = h) });
}

/** The streamed call's fetch of the describe block being run (undefined: the client's own fetch). */
let streamFetch: ((request: Request) => Promise<Response>) | undefined;

type ChatActor = ActorRefFrom<typeof chatStreamMachine>;

/** A gate that lets every chat through (the gate's own paths are tests/machines/subscription-gate*.test.ts). */
const openGate = async (): Promise<ChatGateOutput> => ({ allowed: true });

/**
 * The subscription gate as the app runs it for a chat (src/state/gate.ts), over this client: the user and the plan
 * read from the server, the real gate machine with its real actors. Records the dialog a block would open.
 */
function realGate(api: ApiClient, opened: unknown[]) {
  return async (): Promise<ChatGateOutput> => {
    const [{ data: me }, { data: details }] = await Promise.all([api.GET('/api/auth/getUser', {}), api.GET('/api/subscription/details', {})]);
    const input = gateInputFromUser(me!.data.user, 'chat', Date.now(), { plan: details!.data.plan, storybookCount: 0 });
    const out = await checkSubscriptionGate(api, input);
    if (!out.allowed) opened.push(out.dialog);
    return out;
  };
}

/** A chat actor on the real actors, recording what it emits (but the copies kept for a reload) and the flags it showed. */
function startChat(api: ApiClient, input: { conversationId: string | null; conversationTitle?: string }, checkGate = openGate) {
  const actor: ChatActor = createActor(provideChatStream(api, { streamFetch, checkGate }), {
    input: { conversationId: input.conversationId, conversationTitle: input.conversationTitle ?? CHAT_DEFAULT_TITLE },
  });
  const emitted: ChatEmitted[] = [];
  actor.on('*', (e) => void (e.type !== 'chat.persist' && e.type !== 'chat.persistDraft' && emitted.push(e as ChatEmitted)));
  const flags: { generating: boolean; stopDisabled: boolean }[] = [];
  actor.subscribe((snap) => {
    const { generating, stopDisabled } = selectChatFlags(snap);
    const last = flags.at(-1);
    if (!last || last.generating !== generating || last.stopDisabled !== stopDisabled) flags.push({ generating, stopDisabled });
  });
  actor.start();
  return { actor, emitted, flags };
}

const send = (actor: ChatActor, message: string, model?: string) => actor.send({ type: 'chat.send', message, at: Date.now(), model });
/** until nothing is being sent, streamed or stored any more */
const settled = (actor: ChatActor) => waitFor(actor, (snap) => !selectBusy(snap));
const streaming = (actor: ChatActor) => waitFor(actor, (snap) => snap.matches('streaming'));
const messagesOf = (conversation: string) => s.db.select().from(t.chatMessages).where(eq(t.chatMessages.conversationId, conversation));
async function usageOf(email: string) {
  const [u] = await s.db.select().from(t.users).where(eq(t.users.email, email));
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, u.id));
  return { userId: u.id, usage: sub.usage };
}

/** A writer that yields `open` pieces, then waits (until aborted) — a generation held open by the test. */
function heldWriter(open: number) {
  const state = { signal: undefined as AbortSignal | undefined, yielded: 0 };
  const w: AiWriter = {
    async *stream(_req, signal) {
      state.signal = signal;
      for (let i = 0; i < open; i++) {
        state.yielded += 1;
        yield `piece${i} `;
      }
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
  return { writer: w, state };
}

describe.each([
  { via: 'the client’s own fetch', relay: false },
  { via: 'the stream relay (as in the browser)', relay: true },
])('chat stream on the real actors, streamed through $via', ({ relay }) => {
  beforeEach(() => {
    streamFetch = relay ? relayOverApp() : undefined;
  });

  it('send → chunks → finish → stored → Untitled re-fetched for its title', async () => {
    const api = await clientFor('free@demo.test');
    const conversationId = newChatId();
    const { actor, emitted, flags } = startChat(api, { conversationId });

    send(actor, 'How can I write better product descriptions?');
    await streaming(actor);
    expect(actor.getSnapshot().matches({ streaming: { reply: 'awaitingFirstChunk' } })).toBe(true);
    await settled(actor);

    const snap = actor.getSnapshot();
    expect(selectOutcome(snap)).toBe('stored');
    expect(snap.context.error).toBeNull();
    // 01 §4: generating with stop disabled until the first chunk, then stop enabled, then not generating
    expect(flags).toEqual([
      { generating: false, stopDisabled: false },
      { generating: true, stopDisabled: true },
      { generating: true, stopDisabled: false },
      { generating: false, stopDisabled: false },
    ]);
    expect(calls).toEqual([
      'POST /api/chat/generateMessage',
      'POST /api/chat/storeMessage',
      `GET /api/chat/conversations/${conversationId}`,
    ]);
    const [stored] = await messagesOf(conversationId);
    expect(stored).toMatchObject({ input: 'How can I write better product descriptions?', output: snap.context.messageOutput });
    expect(snap.context.messageOutput.split(' ').length).toBeGreaterThan(10);
    expect(emitted).toEqual([{ type: 'chat.stored', output: snap.context.messageOutput }]);
    expect(snap.context.conversationTitle).toBe('How can I write better product');

    // a second message: stored in the same conversation, no title re-fetch (no longer Untitled)
    calls = [];
    send(actor, 'Make it shorter');
    await waitFor(actor, (s2) => s2.matches('storing'));
    await settled(actor);
    expect(calls).toEqual(['POST /api/chat/generateMessage', 'POST /api/chat/storeMessage']);
    expect((await messagesOf(conversationId)).map((m) => m.input).sort()).toEqual(['How can I write better product descriptions?', 'Make it shorter']);
    actor.stop();
  });

  it('stop after the first chunk: the request is aborted, the server stops, nothing is stored or charged', async () => {
    const api = await clientFor('free@demo.test');
    const before = await usageOf('free@demo.test');
    const held = heldWriter(2);
    writer = held.writer;
    const conversationId = newChatId();
    const { actor, emitted } = startChat(api, { conversationId });

    send(actor, 'Write me a long essay');
    await streaming(actor);
    // stop is ignored while it is disabled (before the first chunk)
    actor.send({ type: 'chat.stop' });
    expect(actor.getSnapshot().matches('streaming')).toBe(true);
    await waitFor(actor, (snap) => snap.context.messageOutput === 'piece0 piece1 ');
    actor.send({ type: 'chat.stop' });
    expect(selectOutcome(actor.getSnapshot())).toBe('stopped');

    // the abort reaches the server's writer (the request's signal follows the actor's AbortController)
    await vi.waitFor(() => expect(held.state.signal?.aborted).toBe(true));
    expect(held.state.yielded).toBe(2);
    expect(calls).toEqual(['POST /api/chat/generateMessage']);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(await messagesOf(conversationId)).toHaveLength(0);
    const charges = await s.db.select().from(t.generationCharges).where(and(eq(t.generationCharges.userId, before.userId), eq(t.generationCharges.kind, 'chat')));
    expect(charges).toHaveLength(0);
    expect((await usageOf('free@demo.test')).usage).toBe(before.usage);
    actor.stop();
  });

  it('a 400 (chat usage limit exhausted) opens chat-limit-exceeded and stores nothing', async () => {
    const api = await clientFor('free-words-out@demo.test');
    const { actor, emitted } = startChat(api, { conversationId: newChatId() });
    send(actor, 'hello');
    await settled(actor);
    expect(selectOutcome(actor.getSnapshot())).toBe('limit');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: CHAT_LIMIT_HTTP_STATUS, message: 'Chat Usage Limit Exhausted' });
    expect(emitted).toEqual([{ type: 'chat.openDialog', dialog: dialog('chat-limit-exceeded', {}) }]);
    expect(calls).toEqual(['POST /api/chat/generateMessage']);
    actor.stop();
  });

  it('another refusal (Elite on Plus, 403) stays an error in context without the limit dialog', async () => {
    const api = await clientFor('plus@demo.test');
    const { actor, emitted } = startChat(api, { conversationId: newChatId() });
    send(actor, 'hello', 'Elite');
    await settled(actor);
    expect(selectOutcome(actor.getSnapshot())).toBe('interrupted');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 403, message: expect.stringContaining('Pro plan only') });
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it('a stream cut off without [DONE] is an error and is not stored', async () => {
    const api = await clientFor('free@demo.test');
    writer = {
      async *stream() {
        yield 'half an ';
        yield 'answer ';
        throw new AiProviderError(500, 'upstream broke');
      },
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      const conversationId = newChatId();
      const { actor, emitted } = startChat(api, { conversationId });
      send(actor, 'hello');
      await settled(actor);
      expect(selectOutcome(actor.getSnapshot())).toBe('interrupted');
      expect(actor.getSnapshot().context).toMatchObject({ messageOutput: 'half an answer ', error: { message: CHAT_INTERRUPTED_MESSAGE } });
      expect(emitted).toEqual([]);
      expect(calls).toEqual(['POST /api/chat/generateMessage']);
      expect(await messagesOf(conversationId)).toHaveLength(0);
      actor.stop();
    } finally {
      console.error = quiet;
    }
  });

  it('the real gate runs first (01 §4): free-words-out is stopped there with chat-limit-exceeded, nothing is generated', async () => {
    const api = await clientFor('free-words-out@demo.test');
    const opened: unknown[] = [];
    const { actor, emitted } = startChat(api, { conversationId: newChatId() }, realGate(api, opened));
    send(actor, 'hello');
    expect(selectChatFlags(actor.getSnapshot()).checking).toBe(true);
    await settled(actor);
    // the gate chose the chat's own limit dialog (01 §2 / §8), not the generic word prompt
    expect(opened).toEqual([dialog('chat-limit-exceeded', {})]);
    expect(calls).not.toContain('POST /api/chat/generateMessage');
    expect(selectOutcome(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it('the real gate lets a user with words left through', async () => {
    const api = await clientFor('free@demo.test');
    const opened: unknown[] = [];
    const { actor } = startChat(api, { conversationId: newChatId() }, realGate(api, opened));
    send(actor, 'Suggest a title for a bakery blog');
    await settled(actor);
    expect(opened).toEqual([]);
    expect(selectOutcome(actor.getSnapshot())).toBe('stored');
    expect(calls).toContain('POST /api/chat/generateMessage');
    actor.stop();
  });

  it('a conversation started with conversationId null is stored under one client-made id and titled', async () => {
    const api = await clientFor('pro@demo.test');
    const { actor } = startChat(api, { conversationId: null });
    send(actor, 'Suggest names for a bakery');
    await waitFor(actor, (snap) => snap.matches('refetchingTitle'));
    await settled(actor);
    expect(actor.getSnapshot().context.conversationTitle).toBe('Suggest names for a bakery');
    const convs = await s.db.select().from(t.chatConversations);
    expect(convs).toHaveLength(1);
    expect(calls.at(-1)).toBe(`GET /api/chat/conversations/${convs[0].id}`);
    actor.stop();
  });
});
