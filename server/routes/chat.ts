/**
 * Chat calls of 01 §7 (and the two inferred ones: the conversation list and one conversation). The behaviour —
 * what is charged, remembered and stored, and when — is server/services/chat.ts; this file reads the requests and
 * writes the answers.
 *   GET    /api/chat/conversations                        recent conversations
 *   GET    /api/chat/conversations/{conversation_chat_id} one conversation with a page of its history
 *   GET    /api/chat/listMessage                          the same, for the given or the latest conversation
 *   POST   /api/chat/generateMessage                      the answer, streamed as server-sent events
 *   POST   /api/chat/storeMessage                         stores a generated answer
 *   DELETE /api/chat/deleteMessage                        deletes a conversation
 *   POST   /api/chat/updateConversationTitle
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { JsonBody, JsonResponse, Schemas } from '../types';
import { body, intQuery } from '../http/util';
import { requireAuth } from '../http/auth';
import { validationError } from '../http/errors';
import { sseResponse } from '../http/sse';
import { pageMeta } from '../db/queries';
import {
  CHAT_HISTORY_PER_PAGE,
  CHAT_MESSAGES,
  normaliseTitle,
  type ChatService,
  type ConversationRow,
  type MessageRow,
} from '../services/chat';
import { CHAT_RECENT_PAGE_SIZE, TEXT_MODEL } from '../../machines/constants';

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

export function chatRoutes(chat: ChatService) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth();

  /** A conversation with the page of its history the query asks for. */
  async function withHistory(c: Context<AppEnv>, conv: ConversationRow): Promise<Schemas['ChatConversation']> {
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', CHAT_HISTORY_PER_PAGE, 100);
    const { rows, total } = await chat.history(conv.id, page, perPage);
    return {
      conversation_chat_id: conv.id,
      conversation_title: conv.title,
      chat_history: { ...pageMeta(c.req.url, page, perPage, total, rows.length), data: rows.map(serializeMessage) },
    };
  }

  r.get('/api/chat/conversations', auth, async (c) => {
    const page = intQuery(c, 'page', 1, 100_000);
    const perPage = intQuery(c, 'per_page', CHAT_RECENT_PAGE_SIZE, 100);
    const { rows, total } = await chat.conversations(c.get('auth').userId, page, perPage);
    const reply: JsonResponse<'/api/chat/conversations', 'get', 200> = {
      ...pageMeta(c.req.url, page, perPage, total, rows.length),
      data: rows.map(serializeSummary),
    };
    return c.json(reply, 200);
  });

  r.get('/api/chat/conversations/:conversation_chat_id', auth, async (c) => {
    const conv = await chat.conversation(c.get('auth').userId, c.req.param('conversation_chat_id'));
    return c.json({ data: await withHistory(c, conv) } satisfies JsonResponse<'/api/chat/conversations/{conversation_chat_id}', 'get', 200>, 200);
  });

  r.get('/api/chat/listMessage', auth, async (c) => {
    const userId = c.get('auth').userId;
    const id = c.req.query('conversation_chat_id');
    const conv = id ? await chat.conversation(userId, id) : await chat.latestConversation(userId);
    const reply: JsonResponse<'/api/chat/listMessage', 'get', 200> = { data: conv ? await withHistory(c, conv) : null };
    return c.json(reply, 200);
  });

  r.post('/api/chat/generateMessage', auth, async (c) => {
    const b = body<JsonBody<'/api/chat/generateMessage', 'post'>>(c);
    if (!b.message_input.trim()) throw validationError({ message_input: [CHAT_MESSAGES.inputRequired] });
    const answer = await chat.prepareAnswer(c.get('auth').userId, {
      conversationId: b.conversation_chat_id,
      messageId: b.chat_message_id,
      input: b.message_input,
      model: b.model ?? TEXT_MODEL.standard,
    });
    // The first piece before answering 200, so a provider that fails at once gets a proper error status.
    return sseResponse(c.req.raw, answer, { failureMessage: CHAT_MESSAGES.providerFailed, firstPieceBeforeAnswer: true });
  });

  r.post('/api/chat/storeMessage', auth, async (c) => {
    const b = body<JsonBody<'/api/chat/storeMessage', 'post'>>(c);
    if (!b.chat_message_input.trim()) throw validationError({ chat_message_input: [CHAT_MESSAGES.inputRequired] });
    const { title } = await chat.store(c.get('auth').userId, {
      conversationId: b.conversation_chat_id,
      messageId: b.chat_message_id,
      input: b.chat_message_input,
      output: b.message_output,
    });
    const reply: JsonResponse<'/api/chat/storeMessage', 'post', 200> = {
      message: CHAT_MESSAGES.stored,
      data: { conversation_chat_id: b.conversation_chat_id, chat_message_id: b.chat_message_id, conversation_title: title },
    };
    return c.json(reply, 200);
  });

  r.delete('/api/chat/deleteMessage', auth, async (c) => {
    await chat.deleteConversation(c.get('auth').userId, c.req.query('conversation_chat_id') ?? '');
    return c.json({ message: CHAT_MESSAGES.deleted } satisfies JsonResponse<'/api/chat/deleteMessage', 'delete', 200>, 200);
  });

  r.post('/api/chat/updateConversationTitle', auth, async (c) => {
    const b = body<JsonBody<'/api/chat/updateConversationTitle', 'post'>>(c);
    const title = normaliseTitle(b.conversation_title);
    if (!title) throw validationError({ conversation_title: [CHAT_MESSAGES.titleRequired] });
    const conv = await chat.rename(c.get('auth').userId, b.conversation_chat_id, title);
    const reply: JsonResponse<'/api/chat/updateConversationTitle', 'post', 200> = { message: CHAT_MESSAGES.renamed, data: serializeSummary(conv) };
    return c.json(reply, 200);
  });

  return r;
}
