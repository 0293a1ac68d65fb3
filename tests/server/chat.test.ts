/**
 * Chat backend (server/routes/chat.ts, server/services/chat.ts) against the real app on the test database:
 * 01 §3 "Chat conversation", §4 Chat (stop ends without saving; a clean finish is stored; Untitled is named),
 * §7 Chat calls, §8 (400 → 'Chat Usage Limit Exhausted'), §6 (Elite is Pro only) and the metering of
 * server/metering.ts.
 * The AI writer is the offline writer without pauses, swapped per test for a controlled one where a test
 * needs to stop or break a generation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { createApp } from '@server/app';
import * as t from '@server/db/schema';
import { createOfflineWriter } from '@server/ai/offline-writer';
import { AiProviderError, countWords, type AiRequest, type AiWriter } from '@server/ai/types';
import { CHAT_MESSAGES, chatTitleFrom } from '@server/services/chat';
import { CHAT_LIMIT_MESSAGE } from '@machines/constants';

let s: TestServer;
let app: ReturnType<typeof createApp>;
/** The writer the chat app streams from (deps.ai delegates to it). */
let writer: AiWriter;
/** Every request the chat app's writer received. */
let aiRequests: AiRequest[];

const offline = () => createOfflineWriter({ paceMs: 0 });
const newApp = () =>
  createApp({
    db: s.db,
    clock: s.clock,
    mailer: s.mailer,
    ai: {
      stream(req, signal) {
        aiRequests.push(req);
        return writer.stream(req, signal);
      },
    },
    config: { devRoutes: false, aiPaceMs: 0, env: {} },
  });

beforeAll(async () => {
  s = await startTestServer();
  app = newApp();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.reset();
  writer = offline();
  aiRequests = [];
});

const MINUTE = 60_000;
let seq = 0;
const newId = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

function request(target: ReturnType<typeof createApp>, method: string, path: string, o: { token?: string; body?: unknown; signal?: AbortSignal } = {}) {
  const headers: Record<string, string> = { 'x-application': 'writer-web' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  return target.request(path, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: o.signal });
}
async function call(method: string, path: string, o: { token?: string; body?: unknown } = {}, target = app) {
  const res = await request(target, method, path, o);
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text, res };
}

/** SSE events of a finished stream: [{event?, data}] */
function parseSse(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length);
      const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice('data: '.length));
      return { event, data: data.join('\n'), lines };
    });
}

interface Generated {
  status: number;
  output: string;
  events: ReturnType<typeof parseSse>;
  text: string;
  contentType: string;
}
async function generate(token: string, b: { conversation_chat_id: string; chat_message_id: string; message_input: string; model?: string }, target = app): Promise<Generated> {
  const res = await request(target, 'POST', '/api/chat/generateMessage', { token, body: b });
  const text = await res.text();
  const events = res.status === 200 ? parseSse(text) : [];
  const output = events
    .filter((e) => e.event === undefined && e.data !== '[DONE]')
    .map((e) => (JSON.parse(e.data) as { content: string }).content)
    .join('');
  return { status: res.status, output, events, text, contentType: res.headers.get('content-type') ?? '' };
}

/** Generates an answer cleanly and stores it, as the client does after a clean finish (01 §4). */
async function exchange(token: string, conversation: string, input: string, model?: string) {
  const id = newId('m');
  const g = await generate(token, { conversation_chat_id: conversation, chat_message_id: id, message_input: input, model });
  expect(g.status, g.text).toBe(200);
  const stored = await call('POST', '/api/chat/storeMessage', {
    token,
    body: { conversation_chat_id: conversation, chat_message_id: id, chat_message_input: input, message_output: g.output },
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  return { id, output: g.output, title: stored.body.data.conversation_title as string };
}

async function subscription(email: string) {
  const [u] = await s.db.select().from(t.users).where(eq(t.users.email, email));
  const [sub] = await s.db.select().from(t.subscriptions).where(eq(t.subscriptions.userId, u.id));
  return { userId: u.id, sub };
}
async function chargeOf(userId: number, messageId: string) {
  return s.db
    .select()
    .from(t.generationCharges)
    .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, `chat:${messageId}`)));
}
const messagesOf = (conversation: string) => s.db.select().from(t.chatMessages).where(eq(t.chatMessages.conversationId, conversation));
const conversationRow = async (id: string) => (await s.db.select().from(t.chatConversations).where(eq(t.chatConversations.id, id)))[0];

/** A writer that yields numbered words one at a time, recording what happened to it. */
function controlledWriter(opts: { total?: number; failAfter?: number; failAtOnce?: boolean } = {}) {
  const state = { yielded: 0, signal: undefined as AbortSignal | undefined, ended: false };
  const w: AiWriter = {
    async *stream(_req, signal) {
      state.signal = signal;
      try {
        if (opts.failAtOnce) throw new AiProviderError(502, 'upstream down');
        for (let i = 0; i < (opts.total ?? 1000); i++) {
          await Promise.resolve();
          if (signal.aborted) return;
          if (opts.failAfter !== undefined && i === opts.failAfter) throw new AiProviderError(500, 'upstream broke');
          state.yielded += 1;
          yield `word${i} `;
        }
      } finally {
        state.ended = true;
      }
    },
  };
  return { writer: w, state };
}
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('POST /api/chat/generateMessage: the stream', () => {
  it('streams `data: {"content": …}` events, one line each, ending with `data: [DONE]`', async () => {
    const token = await s.login('free@demo.test');
    const g = await generate(token, { conversation_chat_id: newId('c'), chat_message_id: newId('m'), message_input: 'How do I grow tomatoes indoors?' });
    expect(g.status).toBe(200);
    expect(g.contentType).toMatch(/^text\/event-stream/);
    expect(g.events.length).toBeGreaterThan(2);
    expect(g.events.at(-1)!.lines).toEqual(['data: [DONE]']);
    for (const e of g.events.slice(0, -1)) {
      expect(e.event).toBeUndefined();
      expect(e.lines).toHaveLength(1);
      expect(Object.keys(JSON.parse(e.data))).toEqual(['content']);
    }
    expect(g.output.toLowerCase()).toContain('tomatoes');
    // nothing is stored by generating (01 §4: the client stores after a clean finish)
    expect(await s.db.select().from(t.chatMessages)).toHaveLength(0);
    expect(await s.db.select().from(t.chatConversations)).toHaveLength(0);
  });

  it('sends the stored exchanges of the conversation as context', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    const first = await exchange(token, conv, 'Tell me about sourdough bread');
    aiRequests = [];
    await generate(token, { conversation_chat_id: conv, chat_message_id: newId('m'), message_input: 'And what about rye?' });
    expect(aiRequests).toHaveLength(1);
    expect(aiRequests[0].kind).toBe('chat');
    expect(aiRequests[0].messages.slice(1)).toEqual([
      { role: 'user', content: 'Tell me about sourdough bread' },
      { role: 'assistant', content: first.output },
      { role: 'user', content: 'And what about rye?' },
    ]);
  });

  it('a blank message is refused (422) and an id cannot be generated twice (409)', async () => {
    const token = await s.login('free@demo.test');
    const blank = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c1', chat_message_id: 'm1', message_input: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.message_input).toEqual([CHAT_MESSAGES.inputRequired]);
    const badId = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'has space', chat_message_id: 'm1', message_input: 'hi' } });
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toHaveProperty('conversation_chat_id');

    const body = { conversation_chat_id: newId('c'), chat_message_id: newId('m'), message_input: 'Write a haiku about rain' };
    expect((await generate(token, body)).status).toBe(200);
    const again = await call('POST', '/api/chat/generateMessage', { token, body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CHAT_MESSAGES.alreadyGenerated);
  });
});

describe('stopping a generation (01 §4 "A user stop ends the stream without saving")', () => {
  it('cancelling the response body stops the AI writer; nothing is stored or charged', async () => {
    const token = await s.login('free@demo.test');
    const { userId, sub: before } = await subscription('free@demo.test');
    const ctl = controlledWriter();
    writer = ctl.writer;
    const conv = newId('c');
    const id = newId('m');
    const res = await request(app, 'POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: conv, chat_message_id: id, message_input: 'Tell me a long story' } });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while ((received.match(/\n\n/g) ?? []).length < 3) received += (await reader.read()).value ?? '';
    await reader.cancel();
    await flush();

    expect(ctl.state.signal?.aborted).toBe(true);
    expect(ctl.state.ended).toBe(true);
    const yieldedAtStop = ctl.state.yielded;
    expect(yieldedAtStop).toBeLessThan(10); // pull-based: the writer is never far ahead of the reader
    await flush();
    expect(ctl.state.yielded).toBe(yieldedAtStop);

    expect(await conversationRow(conv)).toBeUndefined();
    expect(await messagesOf(conv)).toHaveLength(0);
    expect(await chargeOf(userId, id)).toHaveLength(0);
    expect((await subscription('free@demo.test')).sub.usage).toBe(before.usage);
    // the partial answer cannot be stored afterwards
    const partial = parseSse(received)
      .map((e) => JSON.parse(e.data).content)
      .join('');
    const store = await call('POST', '/api/chat/storeMessage', {
      token,
      body: { conversation_chat_id: conv, chat_message_id: id, chat_message_input: 'Tell me a long story', message_output: partial },
    });
    expect(store.status).toBe(422);
    expect(store.body.errors.chat_message_id).toEqual([CHAT_MESSAGES.notGenerated]);
  });

  it("aborting the request's signal (the connection closing) stops the writer too", async () => {
    const token = await s.login('plus@demo.test');
    const { userId, sub: before } = await subscription('plus@demo.test');
    const ctl = controlledWriter();
    writer = ctl.writer;
    const aborter = new AbortController();
    const id = newId('m');
    const res = await request(app, 'POST', '/api/chat/generateMessage', {
      token,
      body: { conversation_chat_id: newId('c'), chat_message_id: id, message_input: 'Explain SEO' },
      signal: aborter.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    aborter.abort();
    await flush();
    expect(ctl.state.signal?.aborted).toBe(true);
    // whatever is still readable ends without [DONE]
    let rest = '';
    const dec = new TextDecoder();
    for (;;) {
      const r = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (r.done) break;
      rest += dec.decode(r.value);
    }
    expect(rest).not.toContain('[DONE]');
    expect(ctl.state.yielded).toBeLessThan(10);
    // the reply's reservation is released by the generation's own ending, which runs after the abort: wait for it
    await vi.waitFor(async () => expect(await chargeOf(userId, id)).toHaveLength(0));
    expect((await subscription('plus@demo.test')).sub.usage).toBe(before.usage);
  });

  it('a provider failure before the first chunk answers 503; after it, an error event without [DONE]; neither is charged', async () => {
    const token = await s.login('free@demo.test');
    const { userId, sub: before } = await subscription('free@demo.test');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    writer = controlledWriter({ failAtOnce: true }).writer;
    const early = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c-x', chat_message_id: 'm-early', message_input: 'hi' } });
    expect(early.status).toBe(503);
    expect(early.body.message).toBe(CHAT_MESSAGES.providerFailed);

    writer = controlledWriter({ failAfter: 3 }).writer;
    const g = await generate(token, { conversation_chat_id: 'c-x', chat_message_id: 'm-late', message_input: 'hi' });
    expect(g.status).toBe(200);
    expect(g.output).toBe('word0 word1 word2 ');
    expect(g.events.at(-1)).toMatchObject({ event: 'error' });
    expect(JSON.parse(g.events.at(-1)!.data)).toMatchObject({ message: CHAT_MESSAGES.providerFailed });
    expect(g.text).not.toContain('[DONE]');
    expect(await chargeOf(userId, 'm-late')).toHaveLength(0);
    expect((await subscription('free@demo.test')).sub.usage).toBe(before.usage);
    const store = await call('POST', '/api/chat/storeMessage', {
      token,
      body: { conversation_chat_id: 'c-x', chat_message_id: 'm-late', chat_message_input: 'hi', message_output: g.output },
    });
    expect(store.status).toBe(422);
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});

describe('POST /api/chat/storeMessage', () => {
  it('creates the conversation, stores the exchange, names it after the first message; storing again changes nothing', async () => {
    const token = await s.login('free@demo.test');
    const { userId, sub: before } = await subscription('free@demo.test');
    const conv = newId('c');
    const id = newId('m');
    const input = 'what are the best ways to grow tomatoes indoors in winter?';
    const g = await generate(token, { conversation_chat_id: conv, chat_message_id: id, message_input: input });
    const words = countWords(g.output);
    expect(words).toBeGreaterThan(10);
    // charged once the answer is complete (free plan: its words), before it is stored
    expect((await subscription('free@demo.test')).sub.usage).toBe(before.usage + words);

    s.clock.advance(MINUTE);
    const body = { conversation_chat_id: conv, chat_message_id: id, chat_message_input: input, message_output: g.output };
    const first = await call('POST', '/api/chat/storeMessage', { token, body });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ conversation_chat_id: conv, chat_message_id: id, conversation_title: 'What are the best ways to' });
    const row = await conversationRow(conv);
    expect(row).toMatchObject({ userId, title: 'What are the best ways to' });
    expect(row.updatedAt.getTime()).toBe(s.clock.now().getTime());
    expect(await messagesOf(conv)).toMatchObject([{ id, input, output: g.output, words, model: 'Standard', credits: 0 }]);

    const again = await call('POST', '/api/chat/storeMessage', { token, body });
    expect(again.status).toBe(200);
    expect(again.body.data.conversation_title).toBe('What are the best ways to');
    expect(await messagesOf(conv)).toHaveLength(1);
    expect(await chargeOf(userId, id)).toMatchObject([{ kind: 'chat', words }]);
    expect((await subscription('free@demo.test')).sub.usage).toBe(before.usage + words);
  });

  it('only the answer the server generated can be stored', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    const never = await call('POST', '/api/chat/storeMessage', {
      token,
      body: { conversation_chat_id: conv, chat_message_id: newId('m'), chat_message_input: 'hi', message_output: 'An answer nobody generated' },
    });
    expect(never.status).toBe(422);
    expect(never.body.errors.chat_message_id).toEqual([CHAT_MESSAGES.notGenerated]);

    const id = newId('m');
    const g = await generate(token, { conversation_chat_id: conv, chat_message_id: id, message_input: 'hi there' });
    const base = { conversation_chat_id: conv, chat_message_id: id, chat_message_input: 'hi there' };
    const edited = await call('POST', '/api/chat/storeMessage', { token, body: { ...base, message_output: `${g.output} plus words I made up` } });
    expect(edited.status).toBe(422);
    expect(edited.body.errors.message_output).toEqual([CHAT_MESSAGES.outputMismatch]);
    const otherInput = await call('POST', '/api/chat/storeMessage', { token, body: { ...base, chat_message_input: 'something else', message_output: g.output } });
    expect(otherInput.status).toBe(422);
    const otherConv = await call('POST', '/api/chat/storeMessage', { token, body: { ...base, conversation_chat_id: newId('c'), message_output: g.output } });
    expect(otherConv.status).toBe(422);
    expect(await s.db.select().from(t.chatConversations)).toHaveLength(0);
    expect((await call('POST', '/api/chat/storeMessage', { token, body: { ...base, message_output: g.output } })).status).toBe(200);
  });

  it('after the server forgot the answer (restart), the charge still decides: same word count only', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    const id = newId('m');
    const g = await generate(token, { conversation_chat_id: conv, chat_message_id: id, message_input: 'Give me marketing tips' });
    const restarted = newApp();
    const base = { conversation_chat_id: conv, chat_message_id: id, chat_message_input: 'Give me marketing tips' };
    const shorter = await call('POST', '/api/chat/storeMessage', { token, body: { ...base, message_output: 'Short.' } }, restarted);
    expect(shorter.status).toBe(422);
    const ok = await call('POST', '/api/chat/storeMessage', { token, body: { ...base, message_output: g.output } }, restarted);
    expect(ok.status).toBe(200);
    expect(await messagesOf(conv)).toMatchObject([{ output: g.output, words: countWords(g.output) }]);
  });

  it('a finished answer lives in the database only: the next process (or a second server) stores it, and a conversation deleted on one cannot come back through another', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    await exchange(token, conv, 'First question');
    // finished on this server, stored after a restart
    const kept = newId('m');
    const g = await generate(token, { conversation_chat_id: conv, chat_message_id: kept, message_input: 'Second question' });
    expect(g.status).toBe(200);
    const next = newApp();
    const stored = await call('POST', '/api/chat/storeMessage', { token, body: { conversation_chat_id: conv, chat_message_id: kept, chat_message_input: 'Second question', message_output: g.output } }, next);
    expect(stored.status).toBe(200);
    expect((await messagesOf(conv)).map((m) => m.id)).toContain(kept);
    // the id is spent for every server: generating it again is refused on the other one too
    expect((await generate(token, { conversation_chat_id: conv, chat_message_id: kept, message_input: 'Second question' }, next)).status).toBe(409);

    // finished on one server, its conversation deleted there: the other server cannot store it (it would bring the conversation back)
    const orphan = newId('m');
    const h = await generate(token, { conversation_chat_id: conv, chat_message_id: orphan, message_input: 'Third question' });
    expect(h.status).toBe(200);
    expect((await call('DELETE', `/api/chat/deleteMessage?conversation_chat_id=${conv}`, { token })).status).toBe(200);
    const late = await call('POST', '/api/chat/storeMessage', { token, body: { conversation_chat_id: conv, chat_message_id: orphan, chat_message_input: 'Third question', message_output: h.output } }, next);
    expect(late.status).toBe(422);
    expect(late.body.errors.chat_message_id).toEqual([CHAT_MESSAGES.notGenerated]);
    expect(await s.db.select().from(t.chatConversations).where(eq(t.chatConversations.id, conv))).toEqual([]);
    expect(await messagesOf(conv)).toEqual([]);
  });

  it('later messages keep the title and move the conversation to the top; a renamed conversation keeps its name', async () => {
    const token = await s.login('free@demo.test');
    const a = newId('c');
    const b = newId('c');
    expect((await exchange(token, a, 'Plan a trip to Lisbon')).title).toBe('Plan a trip to Lisbon');
    s.clock.advance(MINUTE);
    expect((await exchange(token, b, '  ## Summarise: the French revolution in short words, please!')).title).toBe('Summarise: the French revolution in short');
    let list = await call('GET', '/api/chat/conversations', { token });
    expect(list.body.data.map((c: { conversation_chat_id: string }) => c.conversation_chat_id)).toEqual([b, a]);

    s.clock.advance(MINUTE);
    expect((await exchange(token, a, 'Add a day trip to Sintra')).title).toBe('Plan a trip to Lisbon');
    list = await call('GET', '/api/chat/conversations', { token });
    expect(list.body.data.map((c: { conversation_chat_id: string }) => c.conversation_chat_id)).toEqual([a, b]);
    expect(list.body.data[0].updated_at).toBe(s.clock.now().toISOString());

    expect((await call('POST', '/api/chat/updateConversationTitle', { token, body: { conversation_chat_id: b, conversation_title: 'History notes' } })).status).toBe(200);
    s.clock.advance(MINUTE);
    expect((await exchange(token, b, 'And the Russian one?')).title).toBe('History notes');
  });

  it('chatTitleFrom: first six words, no leading symbols or trailing punctuation, at most 60 characters', () => {
    expect(chatTitleFrom('hello')).toBe('Hello');
    expect(chatTitleFrom('what is SEO?')).toBe('What is SEO');
    expect(chatTitleFrom('**   ')).toBe('Untitled');
    expect(chatTitleFrom('Antidisestablishmentarianism-and-other-extraordinarily-long-compound-words are rare')).toMatch(/^.{1,61}$/u);
    expect(chatTitleFrom('Antidisestablishmentarianism-and-other-extraordinarily-long-compound-words are rare').endsWith('…')).toBe(true);
  });
});

describe('metering and plans (01 §6, §8)', () => {
  it('free-words-out: 400 with the message "Chat Usage Limit Exhausted", nothing generated', async () => {
    const token = await s.login('free-words-out@demo.test');
    const r = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c1', chat_message_id: 'm1', message_input: 'hello' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: CHAT_LIMIT_MESSAGE });
    expect(CHAT_LIMIT_MESSAGE).toBe('Chat Usage Limit Exhausted');
    expect(aiRequests).toHaveLength(0);
  });

  it('credits-out (paid, nothing left): 400 as well', async () => {
    const token = await s.login('credits-out@demo.test');
    const r = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c1', chat_message_id: 'm1', message_input: 'hello' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CHAT_LIMIT_MESSAGE);
  });

  it('an inactive subscription is refused with its dialog title (403)', async () => {
    const token = await s.login('expired@demo.test');
    const r = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c1', chat_message_id: 'm1', message_input: 'hello' } });
    expect(r.status).toBe(403);
    expect(r.body.type).toBe('Subscription Expired');
  });

  it('Elite is Pro only: free and Plus get 403 with a clear message; Pro is charged the Elite rate', async () => {
    for (const email of ['free@demo.test', 'plus@demo.test']) {
      const token = await s.login(email);
      const r = await call('POST', '/api/chat/generateMessage', { token, body: { conversation_chat_id: 'c1', chat_message_id: newId('m'), message_input: 'hi', model: 'Elite' } });
      expect(r.status, email).toBe(403);
      expect(r.body.message).toBe(CHAT_MESSAGES.eliteProOnly);
    }
    const unknown = await call('POST', '/api/chat/generateMessage', { token: await s.login('pro@demo.test'), body: { conversation_chat_id: 'c1', chat_message_id: 'm1', message_input: 'hi', model: 'Turbo' } });
    expect(unknown.status).toBe(422);

    const token = await s.login('pro@demo.test');
    const { userId, sub: before } = await subscription('pro@demo.test');
    const conv = newId('c');
    const elite = await exchange(token, conv, 'Write a product description for a smart lamp', 'Elite');
    const words = countWords(elite.output);
    const eliteCredits = Math.ceil((words * 8) / 1000);
    expect(await chargeOf(userId, elite.id)).toMatchObject([{ words, credits: eliteCredits }]);
    expect(await messagesOf(conv)).toMatchObject([{ model: 'Elite', words, credits: eliteCredits }]);
    expect((await subscription('pro@demo.test')).sub.usage).toBe(before.usage + eliteCredits);
    const usage = await s.db.select().from(t.creditUsages).where(eq(t.creditUsages.userId, userId));
    expect(usage.at(-1)).toMatchObject({ type: 'chat', credits: eliteCredits, description: 'AI Chat (Elite)' });
  });

  it('Plus pays Standard credits per 1000 words', async () => {
    const token = await s.login('plus@demo.test');
    const { userId } = await subscription('plus@demo.test');
    const m = await exchange(token, newId('c'), 'Ideas for a newsletter');
    expect(await chargeOf(userId, m.id)).toMatchObject([{ credits: Math.ceil((countWords(m.output) * 5) / 1000) }]);
  });
});

describe('reading, paging, renaming, deleting', () => {
  it('history pages run newest first, each page oldest first', async () => {
    const token = await s.login('pro@demo.test');
    const conv = newId('c');
    const inputs = Array.from({ length: 12 }, (_, i) => `Question number ${i + 1}`);
    for (const input of inputs) {
      await exchange(token, conv, input);
      s.clock.advance(1000);
    }
    const page = async (n: number) => (await call('GET', `/api/chat/conversations/${conv}?page=${n}&per_page=5`, { token })).body.data;
    const p1 = await page(1);
    expect(p1.conversation_title).toBe('Question number 1');
    expect(p1.chat_history).toMatchObject({ current_page: 1, last_page: 3, total: 12, per_page: 5 });
    expect(p1.chat_history.next_page_url).toContain('page=2');
    expect(p1.chat_history.data.map((m: any) => m.data[0].message_input)).toEqual(inputs.slice(7, 12));
    expect((await page(2)).chat_history.data.map((m: any) => m.data[0].message_input)).toEqual(inputs.slice(2, 7));
    const p3 = await page(3);
    expect(p3.chat_history.data.map((m: any) => m.data[0].message_input)).toEqual(inputs.slice(0, 2));
    expect(p3.chat_history.next_page_url).toBeNull();
    const m = p1.chat_history.data[0];
    expect(m).toMatchObject({ chat_message_id: expect.any(String), model: 'Standard' });
    expect(m.data).toHaveLength(1);
    expect(m.data[0]).toMatchObject({ message_output: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) });

    // listMessage with the id is the same reply; without it, the most recent conversation (default 20 per page)
    const viaList = (await call('GET', `/api/chat/listMessage?conversation_chat_id=${conv}&page=2&per_page=5`, { token })).body.data;
    const withoutUrl = (d: any) => ({ ...d, chat_history: { ...d.chat_history, next_page_url: undefined } });
    expect(withoutUrl(viaList)).toEqual(withoutUrl(await page(2)));
    expect(viaList.chat_history.next_page_url).toMatch(/\/api\/chat\/listMessage\?.*page=3/);
    const latest = (await call('GET', '/api/chat/listMessage', { token })).body.data;
    expect(latest.conversation_chat_id).toBe(conv);
    expect(latest.chat_history.data).toHaveLength(12);
  });

  it('messages stored within the same millisecond keep their order', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    for (const input of ['one', 'two', 'three']) await exchange(token, conv, input);
    const d = (await call('GET', `/api/chat/conversations/${conv}`, { token })).body.data;
    expect(d.chat_history.data.map((m: any) => m.data[0].message_input)).toEqual(['one', 'two', 'three']);
  });

  it('conversations are paged 10 by default, most recently updated first; no conversation → data null', async () => {
    const token = await s.login('pro@demo.test');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = newId('c');
      ids.push(id);
      await exchange(token, id, `Topic ${i}`);
      s.clock.advance(1000);
    }
    const p1 = (await call('GET', '/api/chat/conversations', { token })).body;
    expect(p1).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
    expect(p1.data.map((c: any) => c.conversation_chat_id)).toEqual([...ids].reverse().slice(0, 10));
    const p2 = (await call('GET', '/api/chat/conversations?page=2', { token })).body;
    expect(p2.data.map((c: any) => c.conversation_chat_id)).toEqual([ids[1], ids[0]]);
    expect(p2.next_page_url).toBeNull();

    const other = await s.login('plus@demo.test');
    expect((await call('GET', '/api/chat/conversations', { token: other })).body).toMatchObject({ total: 0, data: [] });
    expect((await call('GET', '/api/chat/listMessage', { token: other })).body).toEqual({ data: null });
  });

  it('rename: trimmed and collapsed, blank or too long refused, order unchanged', async () => {
    const token = await s.login('free@demo.test');
    const a = newId('c');
    const b = newId('c');
    await exchange(token, a, 'First chat');
    s.clock.advance(MINUTE);
    await exchange(token, b, 'Second chat');
    const rename = (id: string, title: string) => call('POST', '/api/chat/updateConversationTitle', { token, body: { conversation_chat_id: id, conversation_title: title } });

    const ok = await rename(a, '  Travel \n plans  ');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ conversation_chat_id: a, conversation_title: 'Travel plans' });
    const blank = await rename(a, '  \n ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors.conversation_title).toEqual([CHAT_MESSAGES.titleRequired]);
    expect((await rename(a, '')).status).toBe(422);
    expect((await rename(a, 'x'.repeat(101))).status).toBe(422);
    expect((await rename(a, 'x'.repeat(100))).status).toBe(200);
    expect((await rename('no-such-chat', 'Name')).status).toBe(404);

    const list = (await call('GET', '/api/chat/conversations', { token })).body.data;
    expect(list.map((c: any) => c.conversation_chat_id)).toEqual([b, a]);
  });

  it('delete removes the conversation with its messages; unknown → 404; missing id → 422', async () => {
    const token = await s.login('free@demo.test');
    const conv = newId('c');
    await exchange(token, conv, 'Temporary chat');
    await exchange(token, conv, 'Another message');
    const del = await call('DELETE', `/api/chat/deleteMessage?conversation_chat_id=${conv}`, { token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: CHAT_MESSAGES.deleted });
    expect(await conversationRow(conv)).toBeUndefined();
    expect(await messagesOf(conv)).toHaveLength(0);
    expect((await call('GET', `/api/chat/conversations/${conv}`, { token })).status).toBe(404);
    expect((await call('DELETE', `/api/chat/deleteMessage?conversation_chat_id=${conv}`, { token })).status).toBe(404);
    expect((await call('DELETE', '/api/chat/deleteMessage', { token })).status).toBe(422);
  });

  it("another user's conversation is 404 for every call, and untouched", async () => {
    const owner = await s.login('free@demo.test');
    const conv = newId('c');
    await exchange(owner, conv, 'My private chat');
    const intruder = await s.login('plus@demo.test');

    expect((await call('GET', `/api/chat/conversations/${conv}`, { token: intruder })).status).toBe(404);
    expect((await call('GET', `/api/chat/listMessage?conversation_chat_id=${conv}`, { token: intruder })).status).toBe(404);
    expect((await call('POST', '/api/chat/updateConversationTitle', { token: intruder, body: { conversation_chat_id: conv, conversation_title: 'Mine now' } })).status).toBe(404);
    expect((await call('DELETE', `/api/chat/deleteMessage?conversation_chat_id=${conv}`, { token: intruder })).status).toBe(404);
    const gen = await call('POST', '/api/chat/generateMessage', { token: intruder, body: { conversation_chat_id: conv, chat_message_id: newId('m'), message_input: 'hi' } });
    expect(gen.status).toBe(404);
    // an answer generated elsewhere cannot be stored into it either
    const id = newId('m');
    const g = await generate(intruder, { conversation_chat_id: newId('c'), chat_message_id: id, message_input: 'hi' });
    const store = await call('POST', '/api/chat/storeMessage', {
      token: intruder,
      body: { conversation_chat_id: conv, chat_message_id: id, chat_message_input: 'hi', message_output: g.output },
    });
    expect(store.status).toBe(404);
    // and the owner's stored message id cannot be re-stored by the intruder
    const [ownerMsg] = await messagesOf(conv);
    const steal = await call('POST', '/api/chat/storeMessage', {
      token: intruder,
      body: { conversation_chat_id: conv, chat_message_id: ownerMsg.id, chat_message_input: 'x', message_output: 'y' },
    });
    expect(steal.status).toBe(404);

    expect(await conversationRow(conv)).toMatchObject({ title: 'My private chat' });
    expect(await messagesOf(conv)).toHaveLength(1);
  });

  it('every chat call needs a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/chat/conversations'],
      ['GET', '/api/chat/conversations/c1'],
      ['GET', '/api/chat/listMessage'],
      ['POST', '/api/chat/generateMessage'],
      ['POST', '/api/chat/storeMessage'],
      ['POST', '/api/chat/updateConversationTitle'],
      ['DELETE', '/api/chat/deleteMessage?conversation_chat_id=c1'],
    ] as const) {
      expect((await call(method, path, { body: method === 'POST' ? {} : undefined })).status, path).toBe(401);
    }
  });
});
