/**
 * Chat calls of 01 §7 (and the two inferred ones: the conversation list and one conversation), with the
 * behaviour of 01 §3 "Chat conversation", §4 Chat and §8 "Chat request answered 400".
 *
 * Generating and storing (the choices, also written in openapi/paths/chat.yaml):
 *  - generateMessage streams the answer as SSE (`data: {"content": …}` … `data: [DONE]`). The stream is pull-based:
 *    the AI writer is asked for the next piece only when the client reads, and the client closing the request
 *    (reader cancelled, or the request's AbortSignal on the Node server) aborts the writer at once. An aborted
 *    answer is neither stored nor charged, and nothing is remembered of it.
 *  - When the writer finishes cleanly the server CHARGES the answer (chargeGeneration keyed `chat:<chat_message_id>`:
 *    free plan its words, paid plans text-matrix credits at the model's rate) before it writes `data: [DONE]`, and
 *    REMEMBERS it in memory (user, conversation, input, output, words) for 24 h. Charging at completion rather than
 *    at storeMessage means a client cannot use the chat for free by never storing.
 *  - storeMessage stores only an answer the server completed for that user and chat_message_id: the stored output
 *    is the server's own text (message_output must match it), with the words the server counted. If the memory was
 *    lost (restart, 24 h), the charge row still proves the generation: the client's output is accepted only when
 *    it has exactly the charged number of words. Storing is idempotent (same id again → 200, no copy, no charge).
 *  - A chat_message_id that was already generated (charged) or stored cannot be generated again (409), so a
 *    retried id can never produce a second, uncharged answer.
 * Other choices: history pages run newest first (page 1 = the latest messages, each page oldest first); message
 * times are kept strictly increasing per conversation so the order is stable even with a coarse clock; renaming
 * does not move a conversation in the recent list (updated_at is the last stored message); a new conversation is
 * named after the first words of its first message.
 */
import { Hono, type Context } from 'hono';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, intQuery } from '../http/util';
import { requireAuth } from '../http/auth';
import { HttpError, notFound, validationError } from '../http/errors';
import { getSubscriptionWithPlan, pageMeta } from '../db/queries';
import { allows, chargeGeneration, getAllowance } from '../metering';
import { AiProviderError, countWords, type AiMessage, type AiWriter } from '../ai/types';
import { createOfflineWriter } from '../ai/offline-writer';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_MESSAGE, CHAT_RECENT_PAGE_SIZE, PLAN_ID, TEXT_MODEL } from '../../machines/constants';

/** Messages per history page (the spec gives no figure; 20 fills a chat view). */
export const CHAT_HISTORY_PER_PAGE = 20;
/** Stored exchanges sent to the AI as context (the latest ones). */
export const CHAT_CONTEXT_EXCHANGES = 10;
/** A new conversation's title: the first 6 words of its first message, at most 60 characters. */
export const CHAT_TITLE_WORDS = 6;
export const CHAT_TITLE_MAX_CHARS = 60;
/** How long a finished, not yet stored answer is remembered for storeMessage, and how many at most. */
export const CHAT_COMPLETED_TTL_MS = 24 * 60 * 60 * 1000;
export const CHAT_COMPLETED_MAX = 5000;

const SYSTEM_PROMPT =
  'You are Wordsmith AI, a helpful assistant for writers and marketers. Answer clearly, accurately and concisely.';

export const CHAT_MESSAGES = {
  limit: CHAT_LIMIT_MESSAGE,
  eliteProOnly: 'The Elite model is available on the Pro plan only. Upgrade to Pro to use it.',
  alreadyGenerated: 'This message has already been generated. Send it again as a new message.',
  inProgress: 'This message is being generated.',
  providerFailed: 'The AI service could not answer. Please try again.',
  aborted: 'The request was aborted.',
  notGenerated: 'No finished answer was generated for this message.',
  outputMismatch: 'The answer differs from the one that was generated.',
  inputMismatch: 'The message differs from the one the answer was generated for.',
  otherConversation: 'The answer was generated for another conversation.',
  storedElsewhere: 'This message is stored in another conversation.',
  inputRequired: 'The message input field is required.',
  titleRequired: 'The conversation title field is required.',
  stored: 'Message stored.',
  deleted: 'Conversation deleted.',
  renamed: 'Conversation renamed.',
} as const;

/** Type (error dialog title, 01 §8) and text of a generation refused for a subscription that is not active. */
const INACTIVE: Record<string, { type: string; message: string }> = {
  expired: { type: 'Subscription Expired', message: 'Your subscription has expired. Renew it to keep chatting.' },
  pending: { type: 'Subscription Pending', message: 'Your subscription payment is pending.' },
  overdue: { type: 'Subscription Overdue', message: 'Your subscription payment is overdue.' },
  canceled: { type: 'Subscription Cancelled', message: 'Your subscription is cancelled.' },
};

type TextModel = (typeof TEXT_MODEL)[keyof typeof TEXT_MODEL];
type ConversationRow = typeof t.chatConversations.$inferSelect;
type MessageRow = typeof t.chatMessages.$inferSelect;

/** A finished answer the server generated and charged, kept until the client stores it. */
interface Completed {
  userId: number;
  conversationId: string;
  input: string;
  output: string;
  words: number;
  credits: number;
  model: TextModel;
  at: number;
}

/** In-memory, per app: finished answers awaiting storeMessage (TTL on the injected clock, oldest evicted first). */
class CompletedAnswers {
  private readonly map = new Map<string, Completed>();
  private key = (userId: number, id: string) => `${userId}\u0000${id}`;
  get(userId: number, id: string, now: Date): Completed | undefined {
    const k = this.key(userId, id);
    const v = this.map.get(k);
    if (v && now.getTime() - v.at > CHAT_COMPLETED_TTL_MS) {
      this.map.delete(k);
      return undefined;
    }
    return v;
  }
  put(id: string, v: Completed) {
    const k = this.key(v.userId, id);
    this.map.delete(k);
    this.map.set(k, v);
    while (this.map.size > CHAT_COMPLETED_MAX) this.map.delete(this.map.keys().next().value!);
  }
  delete(userId: number, id: string) {
    this.map.delete(this.key(userId, id));
  }
  deleteConversation(userId: number, conversationId: string) {
    for (const [k, v] of this.map) if (v.userId === userId && v.conversationId === conversationId) this.map.delete(k);
  }
}

/** A short title from a first message: its first words, without leading symbols or trailing punctuation. */
export function chatTitleFrom(input: string): string {
  const words = input
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, CHAT_TITLE_WORDS);
  let title = words.join(' ');
  if (title.length > CHAT_TITLE_MAX_CHARS) {
    const cut = title.slice(0, CHAT_TITLE_MAX_CHARS);
    const space = cut.lastIndexOf(' ');
    title = `${(space > CHAT_TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  } else {
    title = title.replace(/[\s.,;:!?…\-–—]+$/u, '');
  }
  if (!title) return CHAT_DEFAULT_TITLE;
  return title[0].toUpperCase() + title.slice(1);
}

/** A renamed title: trimmed, inner whitespace (new lines included) collapsed. */
export function normaliseTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

const fallbackWriters = new WeakMap<AppDeps, AiWriter>();
/** deps.ai, or the offline writer at the configured pace when the app was built without one (tests). */
function writerOf(deps: AppDeps): AiWriter {
  if (deps.ai) return deps.ai;
  let w = fallbackWriters.get(deps);
  if (!w) {
    w = createOfflineWriter({ paceMs: deps.config.aiPaceMs });
    fallbackWriters.set(deps, w);
  }
  return w;
}

function serializeMessage(m: MessageRow): Schemas['ChatMessage'] {
  return {
    chat_message_id: m.id,
    ...(m.model ? { model: m.model } : {}),
    data: [
      {
        message_input: m.input,
        message_output: m.output,
        created_at: m.createdAt.toISOString(),
        updated_at: m.updatedAt.toISOString(),
      },
    ],
  };
}

function serializeSummary(c: ConversationRow): Schemas['ChatConversationSummary'] {
  return {
    conversation_chat_id: c.id,
    conversation_title: c.title,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

async function ownConversation(db: Db, userId: number, id: string): Promise<ConversationRow> {
  const [conv] = await db.select().from(t.chatConversations).where(eq(t.chatConversations.id, id)).limit(1);
  if (!conv || conv.userId !== userId) throw notFound();
  return conv;
}

/** A conversation with one page of its history (pages newest first, each page oldest first). */
async function conversationWithHistory(c: Context<AppEnv>, conv: ConversationRow): Promise<Schemas['ChatConversation']> {
  const { db } = c.get('deps');
  const page = intQuery(c, 'page', 1, 100_000);
  const perPage = intQuery(c, 'per_page', CHAT_HISTORY_PER_PAGE, 100);
  const [{ n }] = await db.select({ n: count() }).from(t.chatMessages).where(eq(t.chatMessages.conversationId, conv.id));
  const rows = await db
    .select()
    .from(t.chatMessages)
    .where(eq(t.chatMessages.conversationId, conv.id))
    .orderBy(desc(t.chatMessages.createdAt), desc(t.chatMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  rows.reverse();
  return {
    conversation_chat_id: conv.id,
    conversation_title: conv.title,
    chat_history: { ...pageMeta(c.req.url, page, perPage, Number(n), rows.length), data: rows.map(serializeMessage) },
  };
}

/** Refuses a generation the user's plan does not allow: inactive 403, Elite off Pro 403, exhausted 400 (01 §8). */
async function requireChatAllowance(db: Db, userId: number, now: Date, model: TextModel) {
  const allowance = await getAllowance(db, userId, now);
  if (allowance.plan === 'inactive') {
    const why = INACTIVE[allowance.status] ?? INACTIVE.expired;
    throw new HttpError(403, why.message, { type: why.type });
  }
  if (model === TEXT_MODEL.elite) {
    const row = await getSubscriptionWithPlan(db, userId);
    if (row?.sub.planId !== PLAN_ID.pro) throw new HttpError(403, CHAT_MESSAGES.eliteProOnly, { type: 'Pro Plan Only' });
  }
  if (!allows(allowance, { words: true })) throw new HttpError(400, CHAT_MESSAGES.limit, { type: CHAT_LIMIT_MESSAGE });
}

const sseEvent = (data: string, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${data}\n\n`;

export function chatRoutes() {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();
  const completed = new CompletedAnswers();
  /** `${userId}:${chat_message_id}` of answers being generated now */
  const generating = new Set<string>();

  r.get('/api/chat/conversations', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', CHAT_RECENT_PAGE_SIZE, 100);
    const mine = eq(t.chatConversations.userId, userId);
    const [{ n }] = await db.select({ n: count() }).from(t.chatConversations).where(mine);
    const rows = await db
      .select()
      .from(t.chatConversations)
      .where(mine)
      .orderBy(desc(t.chatConversations.updatedAt), desc(t.chatConversations.createdAt), desc(t.chatConversations.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const reply: JsonResponse<'/api/chat/conversations', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, Number(n), rows.length),
      data: rows.map(serializeSummary),
    };
    return c.json(reply, 200);
  });

  r.get('/api/chat/conversations/:conversation_chat_id', auth, async (c) => {
    const { db } = c.get('deps');
    const conv = await ownConversation(db, c.get('auth').userId, c.req.param('conversation_chat_id'));
    return c.json({ data: await conversationWithHistory(c, conv) } satisfies JsonResponse<'/api/chat/conversations/{conversation_chat_id}', 'get', 200>, 200);
  });

  r.get('/api/chat/listMessage', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const id = c.req.query('conversation_chat_id');
    let conv: ConversationRow | undefined;
    if (id) conv = await ownConversation(db, userId, id);
    else {
      [conv] = await db
        .select()
        .from(t.chatConversations)
        .where(eq(t.chatConversations.userId, userId))
        .orderBy(desc(t.chatConversations.updatedAt), desc(t.chatConversations.createdAt), desc(t.chatConversations.id))
        .limit(1);
    }
    const reply: JsonResponse<'/api/chat/listMessage', 'get', 200> = { data: conv ? await conversationWithHistory(c, conv) : null };
    return c.json(reply, 200);
  });

  r.post('/api/chat/generateMessage', auth, async (c) => {
    const deps = c.get('deps');
    const { db, clock } = deps;
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/chat/generateMessage', 'post'>>(c);
    const model: TextModel = b.model ?? TEXT_MODEL.standard;
    if (!b.message_input.trim()) throw validationError({ message_input: [CHAT_MESSAGES.inputRequired] });

    // Another user's conversation: 404. A new conversation is not created here (nothing is stored before storeMessage).
    const [conv] = await db.select().from(t.chatConversations).where(eq(t.chatConversations.id, b.conversation_chat_id)).limit(1);
    if (conv && conv.userId !== userId) throw notFound();
    // An id that was generated (charged) or stored already can never produce a second answer.
    const [stored] = await db
      .select({ id: t.chatMessages.id, userId: t.chatMessages.userId })
      .from(t.chatMessages)
      .where(eq(t.chatMessages.id, b.chat_message_id))
      .limit(1);
    // Another user's message id answers 404 like every other foreign id (a 409 would confirm that it exists).
    if (stored && stored.userId !== userId) throw notFound();
    const [charged] = await db
      .select({ key: t.generationCharges.requestKey })
      .from(t.generationCharges)
      .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, `chat:${b.chat_message_id}`)))
      .limit(1);
    if (stored || charged) throw new HttpError(409, CHAT_MESSAGES.alreadyGenerated);
    const flightKey = `${userId}:${b.chat_message_id}`;
    if (generating.has(flightKey)) throw new HttpError(409, CHAT_MESSAGES.inProgress);

    await requireChatAllowance(db, userId, clock.now(), model);

    // Context: the latest stored exchanges of the conversation, oldest first, then the new message.
    const history = conv
      ? (
          await db
            .select({ input: t.chatMessages.input, output: t.chatMessages.output })
            .from(t.chatMessages)
            .where(eq(t.chatMessages.conversationId, conv.id))
            .orderBy(desc(t.chatMessages.createdAt), desc(t.chatMessages.id))
            .limit(CHAT_CONTEXT_EXCHANGES)
        ).reverse()
      : [];
    const messages: AiMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      ...history.flatMap((h): AiMessage[] => [
        { role: 'user', content: h.input },
        { role: 'assistant', content: h.output },
      ]),
      { role: 'user', content: b.message_input },
    ];

    // The model label selects the credit rate; the provider keeps its configured model (AI_MODEL).
    const abort = new AbortController();
    const onClientGone = () => abort.abort();
    const requestSignal = c.req.raw.signal;
    requestSignal?.addEventListener('abort', onClientGone, { once: true });
    generating.add(flightKey);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      generating.delete(flightKey);
      requestSignal?.removeEventListener('abort', onClientGone);
    };

    const iterator = writerOf(deps).stream({ kind: 'chat', messages }, abort.signal)[Symbol.asyncIterator]();
    // The first piece before answering 200, so a provider that fails at once gets a proper error status.
    let first: IteratorResult<string>;
    try {
      first = await iterator.next();
    } catch (err) {
      release();
      abort.abort();
      if (err instanceof AiProviderError) {
        console.error(`[chat] provider failed before the first chunk: ${err.message}`);
        throw new HttpError(503, CHAT_MESSAGES.providerFailed, { type: 'Error' });
      }
      throw err;
    }
    if (abort.signal.aborted) {
      release();
      throw new HttpError(408, CHAT_MESSAGES.aborted);
    }
    if (first.done) {
      release();
      throw new HttpError(503, CHAT_MESSAGES.providerFailed, { type: 'Error' });
    }

    const encoder = new TextEncoder();
    const pieces: string[] = [];
    let pending: IteratorResult<string> | undefined = first;

    /** Charges and remembers the complete answer; only after this does the client get `data: [DONE]`. */
    const finish = async () => {
      const output = pieces.join('');
      const words = countWords(output);
      const now = clock.now();
      const { credits } = await db.transaction((tx) =>
        chargeGeneration(
          tx,
          { userId, requestKey: `chat:${b.chat_message_id}`, kind: 'chat', description: `AI Chat (${model})`, words, textType: model },
          now,
        ),
      );
      completed.put(b.chat_message_id, {
        userId,
        conversationId: b.conversation_chat_id,
        input: b.message_input,
        output,
        words,
        credits,
        model,
        at: now.getTime(),
      });
    };

    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = pending ?? (await iterator.next());
          pending = undefined;
          if (abort.signal.aborted) {
            // The client left: nothing is stored, charged or remembered.
            release();
            try {
              controller.close();
            } catch {
              // already cancelled by the client
            }
            return;
          }
          if (!next.done) {
            pieces.push(next.value);
            controller.enqueue(encoder.encode(sseEvent(JSON.stringify({ content: next.value }))));
            return;
          }
          await finish();
          release();
          controller.enqueue(encoder.encode(sseEvent('[DONE]')));
          controller.close();
        } catch (err) {
          release();
          if (abort.signal.aborted) return; // the client left meanwhile (the stream is cancelled already)
          // A failure after the first chunk: an error event, no [DONE]; nothing was charged or remembered.
          abort.abort();
          console.error(`[chat] generation failed: ${err instanceof Error ? err.message : String(err)}`);
          try {
            controller.enqueue(encoder.encode(sseEvent(JSON.stringify({ message: CHAT_MESSAGES.providerFailed, type: 'Error' }), 'error')));
            controller.close();
          } catch {
            // the client is gone already
          }
        }
      },
      cancel() {
        // The client closed the stream (stop, navigation, lost connection): stop generating now.
        abort.abort();
        release();
        void iterator.return?.(undefined)?.catch(() => undefined);
      },
    });

    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      },
    });
  });

  r.post('/api/chat/storeMessage', auth, async (c) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/chat/storeMessage', 'post'>>(c);
    const now = clock.now();
    if (!b.chat_message_input.trim()) throw validationError({ chat_message_input: [CHAT_MESSAGES.inputRequired] });
    const remembered = completed.get(userId, b.chat_message_id, now);

    const result = await db.transaction(async (tx) => {
      const currentTitle = async (id: string) =>
        (await tx.select({ title: t.chatConversations.title }).from(t.chatConversations).where(eq(t.chatConversations.id, id)).limit(1))[0]
          ?.title ?? CHAT_DEFAULT_TITLE;
      const alreadyStored = async () => {
        const [existing] = await tx.select().from(t.chatMessages).where(eq(t.chatMessages.id, b.chat_message_id)).limit(1);
        if (!existing) return undefined;
        if (existing.userId !== userId) throw notFound();
        if (existing.conversationId !== b.conversation_chat_id) throw validationError({ chat_message_id: [CHAT_MESSAGES.storedElsewhere] });
        return { title: await currentTitle(existing.conversationId), stored: false };
      };
      const again = await alreadyStored();
      if (again) return again;

      const [found] = await tx.select().from(t.chatConversations).where(eq(t.chatConversations.id, b.conversation_chat_id)).limit(1);
      if (found && found.userId !== userId) throw notFound();

      // What the server generated for this id (see the header comment).
      let output: string;
      let words: number;
      let model: TextModel | null;
      if (remembered) {
        if (remembered.conversationId !== b.conversation_chat_id) throw validationError({ conversation_chat_id: [CHAT_MESSAGES.otherConversation] });
        if (remembered.input !== b.chat_message_input) throw validationError({ chat_message_input: [CHAT_MESSAGES.inputMismatch] });
        if (remembered.output.trim() !== b.message_output.trim()) throw validationError({ message_output: [CHAT_MESSAGES.outputMismatch] });
        ({ output, words, model } = remembered);
      } else {
        const [charge] = await tx
          .select()
          .from(t.generationCharges)
          .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, `chat:${b.chat_message_id}`)))
          .limit(1);
        if (!charge) throw validationError({ chat_message_id: [CHAT_MESSAGES.notGenerated] });
        if (countWords(b.message_output) !== charge.words) throw validationError({ message_output: [CHAT_MESSAGES.outputMismatch] });
        output = b.message_output;
        words = charge.words;
        model = null;
      }

      let conv = found;
      if (!conv) {
        [conv] = await tx
          .insert(t.chatConversations)
          .values({ id: b.conversation_chat_id, userId, title: CHAT_DEFAULT_TITLE, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning();
        // Created by a concurrent call meanwhile: read it again (and refuse another user's).
        conv ??= await ownConversation(tx, userId, b.conversation_chat_id);
      }
      const [last] = await tx
        .select({ at: t.chatMessages.createdAt })
        .from(t.chatMessages)
        .where(eq(t.chatMessages.conversationId, conv.id))
        .orderBy(desc(t.chatMessages.createdAt))
        .limit(1);
      // Strictly increasing per conversation, so the history order never depends on the clock's resolution.
      const at = last && last.at.getTime() >= now.getTime() ? new Date(last.at.getTime() + 1) : now;
      const inserted = await tx
        .insert(t.chatMessages)
        .values({
          id: b.chat_message_id,
          conversationId: conv.id,
          userId,
          input: b.chat_message_input,
          output,
          model,
          words,
          credits: 0,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: t.chatMessages.id });
      if (inserted.length === 0) {
        // Stored by a concurrent call of the same message.
        const raced = await alreadyStored();
        if (raced) return raced;
        throw new HttpError(409, CHAT_MESSAGES.alreadyGenerated);
      }
      // The answer was charged when it was complete (generateMessage, key `chat:<id>`): copy what it cost.
      const [charge] = await tx
        .select({ credits: t.generationCharges.credits })
        .from(t.generationCharges)
        .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, `chat:${b.chat_message_id}`)))
        .limit(1);
      await tx.update(t.chatMessages).set({ credits: charge?.credits ?? 0 }).where(eq(t.chatMessages.id, b.chat_message_id));

      // 01 §3/§4: an 'Untitled' conversation is named after its first message.
      const isFirst = !last;
      const title = isFirst && conv.title === CHAT_DEFAULT_TITLE ? chatTitleFrom(b.chat_message_input) : conv.title;
      await tx.update(t.chatConversations).set({ title, updatedAt: at }).where(eq(t.chatConversations.id, conv.id));
      return { title, stored: true };
    });
    if (result.stored) completed.delete(userId, b.chat_message_id);

    const reply: JsonResponse<'/api/chat/storeMessage', 'post', 200> = {
      message: CHAT_MESSAGES.stored,
      data: { conversation_chat_id: b.conversation_chat_id, chat_message_id: b.chat_message_id, conversation_title: result.title },
    };
    return c.json(reply, 200);
  });

  r.delete('/api/chat/deleteMessage', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const id = c.req.query('conversation_chat_id') ?? '';
    await db.transaction(async (tx) => {
      const conv = await ownConversation(tx, userId, id);
      await tx.delete(t.chatMessages).where(eq(t.chatMessages.conversationId, conv.id));
      await tx.delete(t.chatConversations).where(eq(t.chatConversations.id, conv.id));
    });
    // A finished answer of the deleted conversation can no longer be stored (it would bring the conversation back).
    completed.deleteConversation(userId, id);
    return c.json({ message: CHAT_MESSAGES.deleted } satisfies JsonResponse<'/api/chat/deleteMessage', 'delete', 200>, 200);
  });

  r.post('/api/chat/updateConversationTitle', auth, async (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').userId;
    const b = body<JsonBody<'/api/chat/updateConversationTitle', 'post'>>(c);
    const title = normaliseTitle(b.conversation_title);
    if (!title) throw validationError({ conversation_title: [CHAT_MESSAGES.titleRequired] });
    const [conv] = await db
      .update(t.chatConversations)
      .set({ title })
      .where(and(eq(t.chatConversations.id, b.conversation_chat_id), eq(t.chatConversations.userId, userId)))
      .returning();
    if (!conv) throw notFound();
    const reply: JsonResponse<'/api/chat/updateConversationTitle', 'post', 200> = { message: CHAT_MESSAGES.renamed, data: serializeSummary(conv) };
    return c.json(reply, 200);
  });

  return r;
}
