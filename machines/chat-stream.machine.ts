/**
 * Chat stream (01 §4 "Chat", 01 §7 Chat calls, 01 §8 "Chat request answered 400").
 *
 * One actor per open conversation.
 *  - `chat.send {message}` starts a generation: the `generating` flag is on, and stop is disabled
 *    until the first chunk arrives (`generating.awaitingFirstChunk`).
 *  - The stream is the invoked callback actor slot `streamChat` (POST /api/chat/generateMessage,
 *    streamed). It sends back `chat.chunk {text}`, then `chat.done`, or `chat.error {status, message}`.
 *    Leaving `generating` stops it (the implementation aborts the request in its cleanup).
 *  - `chat.stop` (user stop, only once a chunk arrived) ends the stream WITHOUT saving.
 *  - A clean finish stores the message (actor `storeMessage`, POST /api/chat/storeMessage); then a
 *    conversation titled 'Untitled' is re-fetched for its title (actor `refetchTitle`).
 *  - A 400 answer emits `chat.openDialog {chat-limit-exceeded}` (01 §8); other failures keep the
 *    error in context (`error`), for the app's error display.
 * `chat.title {title}` keeps the conversation title current (rename).
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_HTTP_STATUS } from './constants';
import { dialog, type Dialog } from './dialogs';

export interface ChatInput {
  conversationId: string | number | null;
  conversationTitle: string;
  model?: string;
}

export interface ChatContext extends ChatInput {
  messageInput: string;
  messageOutput: string;
  error: { status?: number; message: string } | null;
}

export type ChatStreamEvent =
  | { type: 'chat.chunk'; text: string }
  | { type: 'chat.done' }
  | { type: 'chat.error'; status?: number; message?: string };

export type ChatEvent =
  | { type: 'chat.send'; message: string }
  | { type: 'chat.stop' }
  | { type: 'chat.title'; title: string }
  | ChatStreamEvent;

export type ChatEmitted = { type: 'chat.openDialog'; dialog: Dialog } | { type: 'chat.stored'; output: string };

export interface StreamChatInput {
  conversationId: ChatInput['conversationId'];
  messageInput: string;
  model?: string;
}

export const chatStreamMachine = setup({
  types: {
    context: {} as ChatContext,
    input: {} as ChatInput,
    events: {} as ChatEvent,
    emitted: {} as ChatEmitted,
  },
  actors: {
    streamChat: fromCallback<ChatEvent, StreamChatInput>(() => {
      throw new Error('streamChat not provided');
    }),
    storeMessage: fromPromise<void, { conversationId: ChatInput['conversationId']; messageInput: string; messageOutput: string }>(
      async () => {
        throw new Error('storeMessage not provided');
      },
    ),
    refetchTitle: fromPromise<string, { conversationId: ChatInput['conversationId'] }>(async () => {
      throw new Error('refetchTitle not provided');
    }),
  },
  guards: {
    isUntitled: ({ context }) => context.conversationTitle === CHAT_DEFAULT_TITLE,
    isChatLimit: ({ event }) => event.type === 'chat.error' && event.status === CHAT_LIMIT_HTTP_STATUS,
  },
  actions: {
    assignMessage: assign(({ event }) =>
      event.type === 'chat.send' ? { messageInput: event.message, messageOutput: '', error: null } : {},
    ),
    assignChunk: assign({
      messageOutput: ({ context, event }) => (event.type === 'chat.chunk' ? context.messageOutput + event.text : context.messageOutput),
    }),
    assignStreamError: assign({
      error: ({ event }) =>
        event.type === 'chat.error'
          ? { status: event.status, message: event.message ?? 'stream failed' }
          : { message: 'stream failed' },
    }),
    assignStoreError: assign({ error: () => ({ message: 'store failed' }) }),
    assignTitle: assign({ conversationTitle: (_, title: string) => title }),
    notifyChatLimit: emit({ type: 'chat.openDialog', dialog: dialog('chat-limit-exceeded', {}) } as const),
    notifyStored: emit(({ context }) => ({ type: 'chat.stored', output: context.messageOutput }) as const),
  },
}).createMachine({
  id: 'chatStream',
  context: ({ input }) => ({ ...input, messageInput: '', messageOutput: '', error: null }),
  on: { 'chat.title': { actions: { type: 'assignTitle', params: ({ event }) => event.title } } },
  initial: 'idle',
  states: {
    idle: {
      on: { 'chat.send': { target: 'generating', actions: 'assignMessage' } },
    },
    generating: {
      invoke: {
        id: 'streamChat',
        src: 'streamChat',
        input: ({ context }) => ({
          conversationId: context.conversationId,
          messageInput: context.messageInput,
          model: context.model,
        }),
        onError: { target: 'idle', actions: 'assignStreamError' },
      },
      on: {
        'chat.error': [
          { guard: 'isChatLimit', target: 'idle', actions: ['assignStreamError', 'notifyChatLimit'] },
          { target: 'idle', actions: 'assignStreamError' },
        ],
        'chat.done': 'storing',
      },
      initial: 'awaitingFirstChunk',
      states: {
        // 01 §4: stop is disabled until the first chunk arrives
        awaitingFirstChunk: {
          on: { 'chat.chunk': { target: 'streaming', actions: 'assignChunk' } },
        },
        streaming: {
          on: {
            'chat.chunk': { actions: 'assignChunk' },
            // user stop: end the stream without saving
            'chat.stop': '#chatStream.idle',
          },
        },
      },
    },
    storing: {
      invoke: {
        id: 'storeMessage',
        src: 'storeMessage',
        input: ({ context }) => ({
          conversationId: context.conversationId,
          messageInput: context.messageInput,
          messageOutput: context.messageOutput,
        }),
        onDone: [
          { guard: 'isUntitled', target: 'refetchingTitle', actions: 'notifyStored' },
          { target: 'idle', actions: 'notifyStored' },
        ],
        onError: { target: 'idle', actions: 'assignStoreError' },
      },
    },
    refetchingTitle: {
      invoke: {
        id: 'refetchTitle',
        src: 'refetchTitle',
        input: ({ context }) => ({ conversationId: context.conversationId }),
        onDone: { target: 'idle', actions: { type: 'assignTitle', params: ({ event }) => event.output } },
        onError: 'idle',
      },
    },
  },
});

/** UI flags (01 §4): generating, and stop disabled until the first chunk. */
export function selectChatFlags(s: { matches: (v: any) => boolean }): { generating: boolean; stopDisabled: boolean } {
  return { generating: s.matches('generating'), stopDisabled: s.matches({ generating: 'awaitingFirstChunk' }) };
}
