/**
 * The chat stream's side effects over the real API client (01 §4 Chat, §7 Chat calls, §8 "Chat request
 * answered 400"). The machine (machines/chat-stream.machine.ts) stays pure; this module fills its slots:
 *  - checkSubscription → the app's subscription gate for a chat (01 §4 "checked in order before a generation"),
 *                   given as `checkGate` (it reads the user through the app's query cache and opens the gate's
 *                   dialog when blocked: src/state/gate.ts); without it every send is refused.
 *  - streamChat   → POST /api/chat/generateMessage, read as an event stream with streamContent (src/api/stream.ts).
 *                   Sends `chat.chunk {text}` per piece, `chat.done` only when the stream ended with `data: [DONE]`,
 *                   and `chat.error {status, message}` otherwise (the client middleware throws an ApiError for a
 *                   non-2xx, so a 400 arrives as status 400 and the machine opens 'Chat Usage Limit Exhausted').
 *                   Leaving `streaming` (a user stop, a stall) aborts the request; the server then stops generating and
 *                   stores and charges nothing (openapi/paths/chat.yaml).
 *  - storeMessage → POST /api/chat/storeMessage with the ids of the generation that finished.
 *  - refetchTitle → GET /api/chat/conversations/{id} (per_page 1) for the title the server gave an 'Untitled' chat.
 *
 * Ids: the client makes them (openapi ChatIdentifier). The machine carries no message id, so streamChat makes a
 * fresh chat_message_id per send and remembers the finished generation (per conversation) for storeMessage. The
 * UI should create the conversation id itself (`newChatId()`) and pass it as the machine's `conversationId`, since
 * the machine reports no id back; with `conversationId: null` one id is made per actor system (one per chat
 * actor created with createActor) and used by all three slots.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiError } from '@/api/errors';
import type { paths } from '@contract/schema.gen';
import { streamContent, type StreamOutcome } from '@/api/stream';
import { streamingFetch } from '@/api/stream-relay';
import {
  chatStreamMachine,
  type ChatEvent,
  type ChatGateOutput,
  type ChatInput,
  type StoreMessageInput,
  type StreamChatInput,
} from '@machines/chat-stream.machine';

type GenerateBody = paths['/api/chat/generateMessage']['post']['requestBody']['content']['application/json'];

interface ChatStreamActorOptions {
  /** Id maker for new messages (and a conversation started with conversationId null); default newChatId. */
  newId?: () => string;
  /**
   * The fetch of the streamed call; default the app's stream relay (a worker, src/api/stream-relay.ts) where
   * workers exist, else the client's own fetch.
   */
  streamFetch?: (request: Request) => Promise<Response>;
  /** The subscription gate for a chat: resolves whether it may go on (a blocked gate has shown its dialog). */
  checkGate?: () => Promise<ChatGateOutput>;
}

/** What a stream that ended without `data: [DONE]` reports (the answer was cut off and is not stored). */
export const CHAT_INTERRUPTED_MESSAGE = 'The answer was interrupted. Please try again.';

/** A fresh client-made id (a UUID; a random hex id where randomUUID is unavailable, e.g. an insecure context). */
export function newChatId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface FinishedGeneration {
  conversationChatId: string;
  chatMessageId: string;
  messageInput: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'stream failed';
}

/**
 * The machine's actor slots over the client. Input types are the ones the machine declares; every call passes
 * xstate's AbortSignal (or the callback's own), so stopping the actor aborts the request.
 */
function createChatStreamActors(api: ApiClient, options: ChatStreamActorOptions = {}) {
  const newId = options.newId ?? newChatId;
  /** conversationId null → one id per actor system */
  const minted = new WeakMap<object, string>();
  const conversationOf = (system: object, id: ChatInput['conversationId']): string => {
    if (id !== null && id !== undefined && String(id) !== '') return String(id);
    let made = minted.get(system);
    if (!made) {
      made = newId();
      minted.set(system, made);
    }
    return made;
  };
  /** the last generation that finished cleanly, per conversation, until it is stored */
  const finished = new Map<string, FinishedGeneration>();

  return {
    checkSubscription: fromPromise<ChatGateOutput, { action: 'chat' }>(async () => {
      if (!options.checkGate) throw new Error('checkSubscription: no gate given');
      return options.checkGate();
    }),

    streamChat: fromCallback<ChatEvent, StreamChatInput>(({ input, sendBack, system }) => {
      const abort = new AbortController();
      const conversationChatId = conversationOf(system, input.conversationId);
      const chatMessageId = newId();
      finished.delete(conversationChatId);

      void (async () => {
        try {
          const body: GenerateBody = {
            conversation_chat_id: conversationChatId,
            chat_message_id: chatMessageId,
            message_input: input.messageInput,
          };
          // The machine's model is a free string; the contract's values are 'Standard' and 'Elite'
          // (an unknown one is refused by the server with 422, which reaches the machine as an error).
          if (input.model) body.model = input.model as GenerateBody['model'];
          const { response } = await api.POST('/api/chat/generateMessage', {
            body,
            signal: abort.signal,
            parseAs: 'stream',
            headers: { Accept: 'text/event-stream' },
            fetch: options.streamFetch ?? streamingFetch(),
          });
          const outcome: StreamOutcome = { endedWithDone: false };
          for await (const text of streamContent(response, abort.signal, outcome)) {
            if (abort.signal.aborted) return;
            sendBack({ type: 'chat.chunk', text });
          }
          if (abort.signal.aborted) return;
          if (!outcome.endedWithDone) {
            sendBack({ type: 'chat.error', message: CHAT_INTERRUPTED_MESSAGE });
            return;
          }
          finished.set(conversationChatId, { conversationChatId, chatMessageId, messageInput: input.messageInput });
          sendBack({ type: 'chat.done' });
        } catch (error) {
          if (abort.signal.aborted) return; // a stop is not an error
          sendBack({ type: 'chat.error', status: isApiError(error) ? error.status : undefined, message: messageOf(error) });
        }
      })();

      // Leaving `streaming` (stop, stall, offline, the actor stopped): abort the request, so the server stops too.
      return () => abort.abort();
    }),

    storeMessage: fromPromise<void, StoreMessageInput>(async ({ input, signal, system }) => {
      const conversationChatId = conversationOf(system, input.conversationId);
      const done = finished.get(conversationChatId);
      if (!done || done.messageInput !== input.messageInput) {
        throw new Error('storeMessage: no finished generation of this message');
      }
      await api.POST('/api/chat/storeMessage', {
        body: {
          conversation_chat_id: done.conversationChatId,
          chat_message_id: done.chatMessageId,
          chat_message_input: input.messageInput,
          message_output: input.messageOutput,
        },
        signal,
      });
      finished.delete(conversationChatId);
    }),

    refetchTitle: fromPromise<string, { conversationId: ChatInput['conversationId'] }>(async ({ input, signal, system }) => {
      const { data } = await api.GET('/api/chat/conversations/{conversation_chat_id}', {
        params: { path: { conversation_chat_id: conversationOf(system, input.conversationId) }, query: { per_page: 1 } },
        signal,
      });
      if (!data?.data) throw new Error('refetchTitle: the conversation was not found');
      return data.data.conversation_title;
    }),
  };
}

/** The chat stream machine with its real actors: `createActor(provideChatStream(api), { input })`. */
export function provideChatStream(api: ApiClient, options?: ChatStreamActorOptions) {
  return chatStreamMachine.provide({ actors: createChatStreamActors(api, options) });
}
