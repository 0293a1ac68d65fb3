/**
 * Chat (01 §3 "Chat conversation", §4 Chat, §8 "Chat request answered 400"): conversations, generating an answer,
 * storing it. The HTTP side is server/routes/chat.ts.
 *
 * Generating and storing (the choices, also written in openapi/paths/chat.yaml):
 *  - An answer streams piece by piece (answer(), sent by server/http/sse.ts). The AI writer is asked for the next
 *    piece only when the client reads, and the client closing the request aborts the writer at once. An aborted
 *    answer is neither stored nor charged, and nothing is remembered of it.
 *  - Before the writer starts, CHAT_RESERVE_WORDS are RESERVED in the usage ledger (server/metering.ts, keyed
 *    `chat:<chat_message_id>`; what is left when less), so parallel messages cannot overdraw the allowance. When the
 *    writer finishes cleanly the reservation is SETTLED to the answer (free plan its words, paid plans text-matrix
 *    credits at the model's rate) before the stream ends with [DONE], and the answer (conversation, input, output,
 *    model) is kept with the ledger row, in the database and nowhere else, so a restart forgets nothing and any app
 *    process can store it (deleting its conversation marks it discarded there). Stopped or failed, the
 *    reservation is released. Charging at completion rather than at storeMessage means a client cannot use the
 *    chat for free by never storing.
 *  - storeMessage stores only an answer the server completed for that user and chat_message_id: the stored output
 *    is the server's own text (message_output must match it), with the words the server counted, within 24 h of
 *    its generation. Storing is idempotent (same id again → 200, no copy, no charge).
 *  - A chat_message_id that was already generated (charged), is being generated (its reservation) or was stored
 *    cannot be generated again (409), in any process, so a retried id can never produce a second, uncharged answer.
 * Other choices: history pages run newest first (page 1 = the latest messages, each page oldest first); message
 * times are kept strictly increasing per conversation so the order is stable even with a coarse clock; renaming
 * does not move a conversation in the recent list (updated_at is the last stored message); a new conversation is
 * named after the first words of its first message.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../app-env';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError, notFound, validationError } from '../http/errors';
import { getSubscriptionWithPlan } from '../db/queries';
import { getAllowance, releaseGeneration, reserveGeneration, settleGeneration, type Allowance, type Hold } from '../metering';
import { AiProviderError, countWords, type AiMessage, type AiWriter } from '../ai/types';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_MESSAGE, PLAN_ID, TEXT_MODEL } from '../../machines/constants';

/** Messages per history page (the spec gives no figure; 20 fills a chat view). */
export const CHAT_HISTORY_PER_PAGE = 20;
/** Stored exchanges sent to the AI as context (the latest ones). */
export const CHAT_CONTEXT_EXCHANGES = 10;
/** A new conversation's title: the first 6 words of its first message, at most 60 characters. */
export const CHAT_TITLE_WORDS = 6;
export const CHAT_TITLE_MAX_CHARS = 60;
/** How long a finished, not yet stored answer can be stored with storeMessage. */
export const CHAT_COMPLETED_TTL_MS = 24 * 60 * 60 * 1000;
/** The words reserved before an answer starts (what is left, when less): longer than the writer's usual answer. */
export const CHAT_RESERVE_WORDS = 1500;

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

export type TextModel = (typeof TEXT_MODEL)[keyof typeof TEXT_MODEL];
export type ConversationRow = typeof t.chatConversations.$inferSelect;
export type MessageRow = typeof t.chatMessages.$inferSelect;

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

async function ownConversation(db: Db, userId: number, id: string): Promise<ConversationRow> {
  const [conv] = await db.select().from(t.chatConversations).where(eq(t.chatConversations.id, id)).limit(1);
  if (!conv || conv.userId !== userId) throw notFound();
  return conv;
}

/** The refusal of a chat generation the plan does not allow: inactive 403, exhausted 400 (01 §8). */
function chatRefusal(allowance: Allowance): HttpError {
  if (allowance.plan === 'inactive') {
    const why = INACTIVE[allowance.status] ?? INACTIVE.expired;
    return new HttpError(403, why.message, { type: why.type });
  }
  return new HttpError(400, CHAT_MESSAGES.limit, { type: CHAT_LIMIT_MESSAGE });
}

/** Refuses before reserving what the plan does not allow whatever is left: inactive 403, Elite off Pro 403. */
async function requireChatAccess(db: Db, userId: number, now: Date, model: TextModel) {
  const allowance = await getAllowance(db, userId, now);
  if (allowance.plan === 'inactive') throw chatRefusal(allowance);
  if (model === TEXT_MODEL.elite) {
    const row = await getSubscriptionWithPlan(db, userId);
    if (row?.sub.planId !== PLAN_ID.pro) throw new HttpError(403, CHAT_MESSAGES.eliteProOnly, { type: 'Pro Plan Only' });
  }
}

/** What the ledger keeps of a finished answer until it is stored (generation_charges.result of `chat:<id>`). */
interface FinishedAnswer {
  conversationId: string;
  input: string;
  output: string;
  model: TextModel;
  /** its conversation was deleted before it was stored: it can no longer be stored (that would bring it back) */
  discarded?: boolean;
}

/** A message to answer (generateMessage's body). */
export interface AnswerRequest {
  conversationId: string;
  messageId: string;
  input: string;
  model: TextModel;
}

/** A generated answer to store (storeMessage's body). */
export interface StoreRequest {
  conversationId: string;
  messageId: string;
  input: string;
  output: string;
}

export interface ChatDeps {
  db: Db;
  clock: Clock;
  ai: AiWriter;
}

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService({ db, clock, ai }: ChatDeps) {
  const chargeKey = (messageId: string) => `chat:${messageId}`;

  /**
   * The answer's pieces from the AI writer. The first one is awaited before the stream answers 200, so a writer
   * that fails at once is refused with 503 (408 when the client left meanwhile). When the writer finishes cleanly
   * the answer is charged and remembered before this returns (and the stream then sends [DONE]); stopped or failed,
   * nothing is charged or remembered.
   */
  async function* answer(req: AnswerRequest, messages: AiMessage[], hold: Hold, signal: AbortSignal): AsyncGenerator<string, void, undefined> {
    // The model label selects the credit rate; the provider keeps its configured model (AI_MODEL).
    const writer = ai.stream({ kind: 'chat', messages }, signal)[Symbol.asyncIterator]();
    let finished = false;
    try {
      let next: IteratorResult<string>;
      try {
        next = await writer.next();
      } catch (err) {
        if (err instanceof AiProviderError) {
          console.error(`[chat] provider failed before the first chunk: ${err.message}`);
          throw new HttpError(503, CHAT_MESSAGES.providerFailed, { type: 'Error' });
        }
        throw err;
      }
      if (signal.aborted) throw new HttpError(408, CHAT_MESSAGES.aborted);
      if (next.done) throw new HttpError(503, CHAT_MESSAGES.providerFailed, { type: 'Error' });

      const pieces: string[] = [];
      while (!next.done) {
        pieces.push(next.value);
        yield next.value;
        next = await writer.next();
        if (signal.aborted) return; // the client left: nothing is charged or remembered
      }
      await charge(req, pieces.join(''), hold);
      finished = true;
    } finally {
      // stopped, failed or refused: what was reserved is given back
      if (!finished) await releaseGeneration(db, hold, clock.now());
      // stopped or failed: the writer stops too
      if (!finished) void writer.return?.(undefined)?.catch(() => undefined);
    }
  }

  /** Settles the answer's reservation to its words and keeps the answer with the ledger row, for storeMessage. */
  async function charge(req: AnswerRequest, output: string, hold: Hold) {
    const finishedAnswer: FinishedAnswer = { conversationId: req.conversationId, input: req.input, output, model: req.model };
    await db.transaction((tx) => settleGeneration(tx, hold, { words: countWords(output) }, clock.now(), finishedAnswer));
  }

  return {
    /** One page of the user's conversations, the most recently used first. */
    async conversations(userId: number, page: number, perPage: number): Promise<{ rows: ConversationRow[]; total: number }> {
      const mine = eq(t.chatConversations.userId, userId);
      const [{ n }] = await db.select({ n: count() }).from(t.chatConversations).where(mine);
      const rows = await db
        .select()
        .from(t.chatConversations)
        .where(mine)
        .orderBy(desc(t.chatConversations.updatedAt), desc(t.chatConversations.createdAt), desc(t.chatConversations.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: Number(n) };
    },

    /** The user's conversation, else 404. */
    conversation: (userId: number, id: string) => ownConversation(db, userId, id),

    /** The user's most recently used conversation, if any. */
    async latestConversation(userId: number): Promise<ConversationRow | undefined> {
      const [conv] = await db
        .select()
        .from(t.chatConversations)
        .where(eq(t.chatConversations.userId, userId))
        .orderBy(desc(t.chatConversations.updatedAt), desc(t.chatConversations.createdAt), desc(t.chatConversations.id))
        .limit(1);
      return conv;
    },

    /** One page of a conversation's messages (pages newest first, each page oldest first). */
    async history(conversationId: string, page: number, perPage: number): Promise<{ rows: MessageRow[]; total: number }> {
      const [{ n }] = await db.select({ n: count() }).from(t.chatMessages).where(eq(t.chatMessages.conversationId, conversationId));
      const rows = await db
        .select()
        .from(t.chatMessages)
        .where(eq(t.chatMessages.conversationId, conversationId))
        .orderBy(desc(t.chatMessages.createdAt), desc(t.chatMessages.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      rows.reverse();
      return { rows, total: Number(n) };
    },

    /**
     * Checks a generation request — refusals throw before anything streams — and answers the producer of the
     * answer's pieces (for sseResponse, with firstPieceBeforeAnswer).
     */
    async prepareAnswer(userId: number, req: AnswerRequest): Promise<(signal: AbortSignal) => AsyncGenerator<string, void, undefined>> {
      // Another user's conversation: 404. A new conversation is not created here (nothing is stored before storeMessage).
      const [conv] = await db.select().from(t.chatConversations).where(eq(t.chatConversations.id, req.conversationId)).limit(1);
      if (conv && conv.userId !== userId) throw notFound();
      // An id that was generated (charged) or stored already can never produce a second answer.
      const [stored] = await db
        .select({ id: t.chatMessages.id, userId: t.chatMessages.userId })
        .from(t.chatMessages)
        .where(eq(t.chatMessages.id, req.messageId))
        .limit(1);
      // Another user's message id answers 404 like every other foreign id (a 409 would confirm that it exists).
      if (stored && stored.userId !== userId) throw notFound();
      if (stored) throw new HttpError(409, CHAT_MESSAGES.alreadyGenerated);

      const now = clock.now();
      await requireChatAccess(db, userId, now, req.model);
      const hold = await reserveGeneration(
        db,
        {
          userId,
          requestKey: chargeKey(req.messageId),
          kind: 'chat',
          description: `AI Chat (${req.model})`,
          words: CHAT_RESERVE_WORDS,
          upTo: true,
          textType: req.model,
          refusal: chatRefusal,
        },
        now,
      );
      // The request id was generated (charged) before, or is being generated (in this process or another one: the
      // reservation is the ledger's row): never a second answer.
      if (hold.repeat) throw new HttpError(409, hold.repeat.status === 'reserved' ? CHAT_MESSAGES.inProgress : CHAT_MESSAGES.alreadyGenerated);

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
        { role: 'user', content: req.input },
      ];
      return (signal) => answer(req, messages, hold, signal);
    },

    /** Stores an answer the server generated (see the module comment); answers the conversation's title. */
    async store(userId: number, req: StoreRequest): Promise<{ title: string }> {
      const now = clock.now();

      const result = await db.transaction(async (tx) => {
        const currentTitle = async (id: string) =>
          (await tx.select({ title: t.chatConversations.title }).from(t.chatConversations).where(eq(t.chatConversations.id, id)).limit(1))[0]
            ?.title ?? CHAT_DEFAULT_TITLE;
        const alreadyStored = async () => {
          const [existing] = await tx.select().from(t.chatMessages).where(eq(t.chatMessages.id, req.messageId)).limit(1);
          if (!existing) return undefined;
          if (existing.userId !== userId) throw notFound();
          if (existing.conversationId !== req.conversationId) throw validationError({ chat_message_id: [CHAT_MESSAGES.storedElsewhere] });
          return { title: await currentTitle(existing.conversationId), stored: false };
        };
        const again = await alreadyStored();
        if (again) return again;

        const [found] = await tx.select().from(t.chatConversations).where(eq(t.chatConversations.id, req.conversationId)).limit(1);
        if (found && found.userId !== userId) throw notFound();

        // What the server generated for this id, as the ledger keeps it (see the module comment): the same in every
        // process and after a restart.
        const [finished] = await tx
          .select()
          .from(t.generationCharges)
          .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, chargeKey(req.messageId))))
          .limit(1);
        const kept = finished?.status === 'settled' ? (finished.result as FinishedAnswer | null) : null;
        if (!finished || !kept || kept.discarded || now.getTime() - finished.createdAt.getTime() > CHAT_COMPLETED_TTL_MS)
          throw validationError({ chat_message_id: [CHAT_MESSAGES.notGenerated] });
        if (kept.conversationId !== req.conversationId) throw validationError({ conversation_chat_id: [CHAT_MESSAGES.otherConversation] });
        if (kept.input !== req.input) throw validationError({ chat_message_input: [CHAT_MESSAGES.inputMismatch] });
        if (kept.output.trim() !== req.output.trim()) throw validationError({ message_output: [CHAT_MESSAGES.outputMismatch] });
        const { output, model } = kept;
        const words = finished.words;

        let conv = found;
        if (!conv) {
          [conv] = await tx
            .insert(t.chatConversations)
            .values({ id: req.conversationId, userId, title: CHAT_DEFAULT_TITLE, createdAt: now, updatedAt: now })
            .onConflictDoNothing()
            .returning();
          // Created by a concurrent call meanwhile: read it again (and refuse another user's).
          conv ??= await ownConversation(tx, userId, req.conversationId);
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
            id: req.messageId,
            conversationId: conv.id,
            userId,
            input: req.input,
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
        // The answer was charged when it was complete (key `chat:<id>`): copy what it cost.
        const [charge] = await tx
          .select({ credits: t.generationCharges.credits })
          .from(t.generationCharges)
          .where(and(eq(t.generationCharges.userId, userId), eq(t.generationCharges.requestKey, chargeKey(req.messageId))))
          .limit(1);
        await tx.update(t.chatMessages).set({ credits: charge?.credits ?? 0 }).where(eq(t.chatMessages.id, req.messageId));

        // 01 §3/§4: an 'Untitled' conversation is named after its first message.
        const isFirst = !last;
        const title = isFirst && conv.title === CHAT_DEFAULT_TITLE ? chatTitleFrom(req.input) : conv.title;
        await tx.update(t.chatConversations).set({ title, updatedAt: at }).where(eq(t.chatConversations.id, conv.id));
        return { title, stored: true };
      });
      return { title: result.title };
    },

    /** Deletes the user's conversation with its messages. */
    async deleteConversation(userId: number, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const conv = await ownConversation(tx, userId, id);
        await tx.delete(t.chatMessages).where(eq(t.chatMessages.conversationId, conv.id));
        await tx.delete(t.chatConversations).where(eq(t.chatConversations.id, conv.id));
        // A finished answer of the deleted conversation can no longer be stored (it would bring the conversation back).
        await tx
          .update(t.generationCharges)
          .set({ result: sql`${t.generationCharges.result} || '{"discarded": true}'::jsonb` })
          .where(
            and(
              eq(t.generationCharges.userId, userId),
              eq(t.generationCharges.kind, 'chat'),
              eq(t.generationCharges.status, 'settled'),
              sql`${t.generationCharges.result}->>'conversationId' = ${conv.id}`,
            ),
          );
      });
    },

    /** Renames the user's conversation (`title` already normalised); 404 when it is not theirs. */
    async rename(userId: number, id: string, title: string): Promise<ConversationRow> {
      const [conv] = await db
        .update(t.chatConversations)
        .set({ title })
        .where(and(eq(t.chatConversations.id, id), eq(t.chatConversations.userId, userId)))
        .returning();
      if (!conv) throw notFound();
      return conv;
    },
  };
}
