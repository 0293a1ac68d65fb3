/**
 * Chat stream (01 §4 Chat, §4 Subscription gate, §7 Chat calls, §8 "Chat request answered 400"): the whole life of
 * one conversation's replies, one actor per open conversation. The page renders its state through the selectors at
 * the end of this file and sends it events; every outcome and every timer of a reply is decided here.
 *
 *  restoring ─┬─ a reply cut short before a reload (input `restored`) ─→ settled.outcome.interrupted
 *             └─ otherwise ─→ settled.outcome.idle
 *  settled (parallel) — nothing is being generated:
 *    outcome: what the last reply came to — idle (nothing to show), stopped, interrupted, limit, stored, failed
 *    request: ready ─ chat.send / chat.regenerate ─→ sending: the subscription gate for a chat (actor slot
 *             `checkSubscription`, 01 §4 "checked in order before a generation"); allowed → streaming,
 *             blocked → ready (the gate has shown its dialog; the message stays in the composer)
 *  streaming (parallel) — the stream is the invoked callback slot `streamChat` (POST /api/chat/generateMessage),
 *             which sends back `chat.chunk`, then `chat.done` or `chat.error`; leaving the state aborts it:
 *    reply:   awaitingFirstChunk (stop disabled, 01 §4) ─ chunk ─→ receiving ─ chat.stop ─→ stopped (not saved)
 *    stall:   watching — no piece for `chatStall` (CHAT_STALL_MS) → interrupted; every piece re-arms it
 *    persist: kept ─ chunk ─→ pending ─ `persistEvery` (CHAT_PERSIST_EVERY_MS) ─→ kept, handing out the reply
 *             so far to be kept (so a crashed tab loses at most that period's text)
 *    done → storing; a 400 → limit (chat-limit-exceeded, 01 §8, and the message goes back to an empty
 *    composer); any other error, the stream failing, `chat.offline` → interrupted
 *  storing (slot `storeMessage`, POST /api/chat/storeMessage) → stored, or refetchingTitle first for a
 *    conversation titled 'Untitled' (slot `refetchTitle`, 01 §4); a failed store → failed
 *
 * What must survive a reload is emitted, never written here: `chat.persist {exchange}` (the reply in flight or
 * cut short; null once nothing is to be kept — stopped, limit, stored, dismissed) and `chat.persistDraft {text}`.
 * `chat.flush` (the page is being left or hidden) asks for the reply so far at once.
 */
import { and, assign, emit, fromCallback, fromPromise, or, setup, stateIn, type SnapshotFrom } from 'xstate';
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_HTTP_STATUS, CHAT_PERSIST_EVERY_MS, CHAT_STALL_MS } from './constants';
import { dialog, type Dialog } from './dialogs';

/** One message and its reply, as shown and as kept in the browser while it is not stored. */
export interface ChatExchange {
  input: string;
  output: string;
  /** epoch ms when it was sent (given by the page with the event) */
  startedAt: number;
}

export interface ChatInput {
  conversationId: string | number | null;
  conversationTitle: string;
  /** the composer's draft as it was kept */
  draft?: string;
  /** a reply cut short before a reload, as it was kept: shown as interrupted */
  restored?: ChatExchange | null;
}

/** A send waiting for the subscription gate. */
interface ChatRequest {
  message: string;
  at: number;
  model: string | undefined;
  /** the composer's message (cleared once allowed), rather than a regenerated one */
  fromComposer: boolean;
}

export interface ChatContext {
  conversationId: ChatInput['conversationId'];
  conversationTitle: string;
  /** the text model of the reply (from its send; undefined: the server's default) */
  model: string | undefined;
  draft: string;
  request: ChatRequest | null;
  messageInput: string;
  messageOutput: string;
  startedAt: number;
  error: { status?: number; message: string } | null;
}

type ChatStreamEvent =
  | { type: 'chat.chunk'; text: string }
  | { type: 'chat.done' }
  | { type: 'chat.error'; status?: number; message?: string };

export type ChatEvent =
  | { type: 'chat.draft'; text: string }
  // `at`: epoch ms of the send (the page's clock); `model`: the text model (undefined: the server's default)
  | { type: 'chat.send'; message: string; at: number; model?: string }
  | { type: 'chat.regenerate'; at: number; model?: string }
  | { type: 'chat.stop' }
  | { type: 'chat.dismiss' }
  | { type: 'chat.title'; title: string }
  | { type: 'chat.offline' }
  | { type: 'chat.flush' }
  | ChatStreamEvent;

export type ChatEmitted =
  | { type: 'chat.openDialog'; dialog: Dialog }
  | { type: 'chat.persist'; exchange: ChatExchange | null }
  | { type: 'chat.persistDraft'; text: string }
  | { type: 'chat.stored'; output: string }
  | { type: 'chat.storeFailed' };

export interface StreamChatInput {
  conversationId: ChatInput['conversationId'];
  messageInput: string;
  model?: string;
}
export interface StoreMessageInput {
  conversationId: ChatInput['conversationId'];
  messageInput: string;
  messageOutput: string;
}
/** What the subscription gate answers for a chat; when blocked it has opened its own dialog. */
export interface ChatGateOutput {
  allowed: boolean;
}

/** Why a reply counts as interrupted when the machine itself cut it. */
const CHAT_STALLED_MESSAGE = 'The connection stalled.';
const CHAT_OFFLINE_MESSAGE = 'offline';

const exchangeOf = (c: ChatContext): ChatExchange => ({ input: c.messageInput, output: c.messageOutput, startedAt: c.startedAt });

export const chatStreamMachine = setup({
  types: {
    context: {} as ChatContext,
    input: {} as ChatInput,
    events: {} as ChatEvent,
    emitted: {} as ChatEmitted,
  },
  actors: {
    checkSubscription: fromPromise<ChatGateOutput, { action: 'chat' }>(async () => {
      throw new Error('checkSubscription not provided');
    }),
    streamChat: fromCallback<ChatEvent, StreamChatInput>(() => {
      throw new Error('streamChat not provided');
    }),
    storeMessage: fromPromise<void, StoreMessageInput>(async () => {
      throw new Error('storeMessage not provided');
    }),
    refetchTitle: fromPromise<string, { conversationId: ChatInput['conversationId'] }>(async () => {
      throw new Error('refetchTitle not provided');
    }),
  },
  delays: {
    chatStall: CHAT_STALL_MS,
    persistEvery: CHAT_PERSIST_EVERY_MS,
  },
  guards: {
    hasRestoredExchange: ({ context }) => context.messageInput !== '',
    isAllowed: (_, output: ChatGateOutput) => output.allowed,
    isAllowedFromComposer: ({ context }, output: ChatGateOutput) => output.allowed && context.request?.fromComposer === true,
    hasRegenerableReply: or([
      stateIn({ settled: { outcome: 'stopped' } }),
      stateIn({ settled: { outcome: 'interrupted' } }),
      stateIn({ settled: { outcome: 'failed' } }),
    ]),
    isChatLimit: ({ event }) => event.type === 'chat.error' && event.status === CHAT_LIMIT_HTTP_STATUS,
    isDraftBlank: ({ context }) => context.draft.trim() === '',
    isUntitled: ({ context }) => context.conversationTitle === CHAT_DEFAULT_TITLE,
  },
  actions: {
    assignDraft: assign({ draft: (_, text: string) => text }),
    assignTitle: assign({ conversationTitle: (_, title: string) => title }),
    assignSendRequest: assign({
      request: ({ event }) => (event.type === 'chat.send' ? { message: event.message, at: event.at, model: event.model, fromComposer: true } : null),
    }),
    assignRegenerateRequest: assign({
      request: ({ context, event }) =>
        event.type === 'chat.regenerate'
          ? { message: context.messageInput, at: event.at, model: event.model, fromComposer: false }
          : null,
    }),
    assignNoRequest: assign({ request: null }),
    assignExchange: assign(({ context }) => {
      const r = context.request!;
      return { request: null, messageInput: r.message, messageOutput: '', startedAt: r.at, model: r.model, error: null };
    }),
    assignNoExchange: assign({ messageInput: '', messageOutput: '', startedAt: 0, error: null }),
    assignChunk: assign({
      messageOutput: ({ context, event }) => (event.type === 'chat.chunk' ? context.messageOutput + event.text : context.messageOutput),
    }),
    assignStreamError: assign({
      error: ({ event }) =>
        event.type === 'chat.error' ? { status: event.status, message: event.message ?? 'stream failed' } : { message: 'stream failed' },
    }),
    assignError: assign({ error: (_, message: string) => ({ message }) }),
    notifyChatLimit: emit({ type: 'chat.openDialog', dialog: dialog('chat-limit-exceeded', {}) } as const),
    notifyPersist: emit(({ context }) => ({ type: 'chat.persist', exchange: exchangeOf(context) }) as const),
    notifyPersistCleared: emit({ type: 'chat.persist', exchange: null } as const),
    notifyDraft: emit(({ context }) => ({ type: 'chat.persistDraft', text: context.draft }) as const),
    notifyStored: emit(({ context }) => ({ type: 'chat.stored', output: context.messageOutput }) as const),
    notifyStoreFailed: emit({ type: 'chat.storeFailed' } as const),
  },
}).createMachine({
  id: 'chatStream',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    conversationTitle: input.conversationTitle,
    model: undefined,
    draft: input.draft ?? '',
    request: null,
    messageInput: input.restored?.input ?? '',
    messageOutput: input.restored?.output ?? '',
    startedAt: input.restored?.startedAt ?? 0,
    error: null,
  }),
  on: {
    'chat.title': { actions: { type: 'assignTitle', params: ({ event }) => event.title } },
    'chat.draft': { actions: [{ type: 'assignDraft', params: ({ event }) => event.text }, 'notifyDraft'] },
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasRestoredExchange', target: 'settled.outcome.interrupted' }, { target: 'settled' }],
    },
    settled: {
      type: 'parallel',
      states: {
        outcome: {
          initial: 'idle',
          states: {
            idle: {},
            stopped: {
              // 01 §4: a user stop ends the stream without saving — nothing is kept for after a reload either
              entry: 'notifyPersistCleared',
              on: { 'chat.dismiss': { target: 'idle', actions: ['assignNoExchange', 'notifyPersistCleared'] } },
            },
            interrupted: {
              // kept, so a reload still shows it with 'Regenerate'
              entry: 'notifyPersist',
              on: { 'chat.dismiss': { target: 'idle', actions: ['assignNoExchange', 'notifyPersistCleared'] } },
            },
            failed: {
              entry: ['notifyPersist', 'notifyStoreFailed'],
              on: { 'chat.dismiss': { target: 'idle', actions: ['assignNoExchange', 'notifyPersistCleared'] } },
            },
            // 01 §8: the message was not answered (the dialog says why); nothing to keep
            limit: { entry: 'notifyPersistCleared' },
            stored: { entry: ['notifyPersistCleared', 'notifyStored'] },
          },
        },
        request: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'chat.send': { target: 'sending', actions: 'assignSendRequest' },
                'chat.regenerate': { guard: 'hasRegenerableReply', target: 'sending', actions: 'assignRegenerateRequest' },
              },
            },
            sending: {
              invoke: {
                id: 'checkSubscription',
                src: 'checkSubscription',
                input: { action: 'chat' },
                onDone: [
                  {
                    guard: { type: 'isAllowedFromComposer', params: ({ event }) => event.output },
                    target: '#chatStream.streaming',
                    actions: [{ type: 'assignDraft', params: '' }, 'notifyDraft', 'assignExchange'],
                  },
                  {
                    guard: { type: 'isAllowed', params: ({ event }) => event.output },
                    target: '#chatStream.streaming',
                    actions: 'assignExchange',
                  },
                  { target: 'ready', actions: 'assignNoRequest' },
                ],
                onError: { target: 'ready', actions: 'assignNoRequest' },
              },
            },
          },
        },
      },
    },
    streaming: {
      type: 'parallel',
      entry: 'notifyPersist',
      invoke: {
        id: 'streamChat',
        src: 'streamChat',
        input: ({ context }) => ({ conversationId: context.conversationId, messageInput: context.messageInput, model: context.model }),
        onError: { target: '#chatStream.settled.outcome.interrupted', actions: 'assignStreamError' },
      },
      on: {
        'chat.done': 'storing',
        'chat.error': [
          {
            guard: and(['isChatLimit', 'isDraftBlank']),
            target: '#chatStream.settled.outcome.limit',
            actions: ['assignStreamError', 'notifyChatLimit', { type: 'assignDraft', params: ({ context }) => context.messageInput }, 'notifyDraft'],
          },
          { guard: 'isChatLimit', target: '#chatStream.settled.outcome.limit', actions: ['assignStreamError', 'notifyChatLimit'] },
          { target: '#chatStream.settled.outcome.interrupted', actions: 'assignStreamError' },
        ],
        'chat.offline': {
          target: '#chatStream.settled.outcome.interrupted',
          actions: { type: 'assignError', params: CHAT_OFFLINE_MESSAGE },
        },
        'chat.flush': { actions: 'notifyPersist' },
      },
      states: {
        reply: {
          initial: 'awaitingFirstChunk',
          states: {
            // 01 §4: stop is disabled until the first chunk arrives
            awaitingFirstChunk: {
              on: { 'chat.chunk': { target: 'receiving', actions: 'assignChunk' } },
            },
            receiving: {
              on: {
                'chat.chunk': { actions: 'assignChunk' },
                'chat.stop': '#chatStream.settled.outcome.stopped',
              },
            },
          },
        },
        stall: {
          initial: 'watching',
          states: {
            watching: {
              after: {
                chatStall: { target: '#chatStream.settled.outcome.interrupted', actions: { type: 'assignError', params: CHAT_STALLED_MESSAGE } },
              },
              on: { 'chat.chunk': { target: 'watching', reenter: true } },
            },
          },
        },
        // new text is handed out to be kept `persistEvery` after the first piece that came since the last time
        persist: {
          initial: 'kept',
          states: {
            kept: { on: { 'chat.chunk': 'pending' } },
            pending: { after: { persistEvery: { target: 'kept', actions: 'notifyPersist' } } },
          },
        },
      },
    },
    storing: {
      invoke: {
        id: 'storeMessage',
        src: 'storeMessage',
        input: ({ context }) => ({ conversationId: context.conversationId, messageInput: context.messageInput, messageOutput: context.messageOutput }),
        onDone: [{ guard: 'isUntitled', target: 'refetchingTitle' }, { target: '#chatStream.settled.outcome.stored' }],
        onError: { target: '#chatStream.settled.outcome.failed', actions: { type: 'assignError', params: 'store failed' } },
      },
      on: { 'chat.flush': { actions: 'notifyPersist' } },
    },
    refetchingTitle: {
      invoke: {
        id: 'refetchTitle',
        src: 'refetchTitle',
        input: ({ context }) => ({ conversationId: context.conversationId }),
        onDone: { target: '#chatStream.settled.outcome.stored', actions: { type: 'assignTitle', params: ({ event }) => event.output } },
        onError: '#chatStream.settled.outcome.stored',
      },
      on: { 'chat.flush': { actions: 'notifyPersist' } },
    },
  },
});

type ChatSnapshot = SnapshotFrom<typeof chatStreamMachine>;

/** What the UI says about the reply: waiting for its first piece, streaming, being saved, or nothing of that. */
export type ChatPhase = 'idle' | 'waiting' | 'streaming' | 'saving';
/** What the last reply came to (null: nothing to show). */
type ChatOutcome = 'stopped' | 'interrupted' | 'limit' | 'failed' | 'stored' | null;

export function selectPhase(s: ChatSnapshot): ChatPhase {
  if (s.matches({ streaming: { reply: 'awaitingFirstChunk' } })) return 'waiting';
  if (s.matches('streaming')) return 'streaming';
  if (s.matches('storing') || s.matches('refetchingTitle')) return 'saving';
  return 'idle';
}

const OUTCOMES = ['stopped', 'interrupted', 'limit', 'failed', 'stored'] as const;
export function selectOutcome(s: ChatSnapshot): ChatOutcome {
  return OUTCOMES.find((o) => s.matches({ settled: { outcome: o } })) ?? null;
}

/** UI flags (01 §4): the gate being checked, generating, stop disabled until the first chunk, the reply being saved. */
export function selectChatFlags(s: ChatSnapshot): { checking: boolean; generating: boolean; stopDisabled: boolean; saving: boolean } {
  return {
    checking: s.matches({ settled: { request: 'sending' } }),
    generating: s.matches('streaming'),
    stopDisabled: s.matches({ streaming: { reply: 'awaitingFirstChunk' } }),
    saving: s.matches('storing') || s.matches('refetchingTitle'),
  };
}

/** Whether a send is being checked, streamed or stored (the actor must stay while it is). */
export function selectBusy(s: ChatSnapshot): boolean {
  return !s.matches({ settled: { request: 'ready' } });
}

/**
 * The reply as the page shows it around its text. Its `output` is the reply's text except while it streams (then
 * ''): a new piece alone changes nothing here, so what selects this (with a shallow compare) does not re-render per
 * piece — the streamed text reaches the reply's own component separately.
 */
export interface ChatReply extends ChatExchange {
  phase: ChatPhase;
  outcome: ChatOutcome;
}
export function selectReply(s: ChatSnapshot): ChatReply {
  const phase = selectPhase(s);
  const streaming = phase === 'waiting' || phase === 'streaming';
  return {
    phase,
    outcome: selectOutcome(s),
    input: s.context.messageInput,
    output: streaming ? '' : s.context.messageOutput,
    startedAt: s.context.startedAt,
  };
}

export const selectDraft = (s: ChatSnapshot): string => s.context.draft;
