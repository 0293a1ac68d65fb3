/**
 * Texts of the chat screen. Quoted from the spec where it gives them (marked 01 §…); the others are
 * ours (the spec names the control but not its words), chosen as a commercial chat product words them.
 */
import { CHAT_DEFAULT_TITLE, CHAT_LIMIT_MESSAGE, TEXT_MODEL } from '@machines/constants';

export const CHAT_MESSAGES = {
  /** page heading (visually hidden; the editable title is the visible one) */
  pageTitle: 'AI Chat',
  /** 01 §3: default conversation title */
  untitled: CHAT_DEFAULT_TITLE,
  /** 01 §2: "a New chat button" */
  newChat: 'New chat',
  /** 01 §2: "an Upgrade button" */
  upgrade: 'Upgrade',
  /** 01 §2 / §8 chat-limit-exceeded */
  limitExhausted: CHAT_LIMIT_MESSAGE,
  titleLabel: 'Conversation title',
  renameTitle: 'Rename conversation',
  composerLabel: 'Message',
  composerPlaceholder: 'Message Wordsmith AI…',
  composerHint: 'Enter to send, Shift+Enter for a new line',
  send: 'Send message',
  stop: 'Stop generating',
  modelLabel: 'Model',
  models: { standard: TEXT_MODEL.standard, elite: TEXT_MODEL.elite },
  /** 01 §6: the Elite text model is Pro only */
  eliteProOnly: 'Elite is available on the Pro plan',
  pro: 'Pro',
  you: 'You',
  assistant: 'Wordsmith AI',
  copy: 'Copy',
  copied: 'Copied',
  regenerate: 'Regenerate',
  dismiss: 'Dismiss',
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading earlier messages…',
  loading: 'Loading conversation…',
  loadFailed: 'This conversation could not be loaded.',
  retry: 'Try again',
  thinking: 'Thinking…',
  generating: 'Wordsmith AI is writing…',
  saving: 'Saving…',
  stopped: 'You stopped this reply. It was not saved.',
  interrupted: 'This reply was interrupted before it finished. It was not saved.',
  saveFailed: 'This reply could not be saved.',
  emptyTitle: 'How can I help you today?',
  emptyText: 'Ask a question, brainstorm ideas or draft a piece of writing.',
  /** screen-reader announcements (live region; said once per reply, not per token) */
  announceStarted: 'Wordsmith AI is replying.',
  announceDone: 'Wordsmith AI replied.',
  announceStopped: 'Reply stopped.',
  announceInterrupted: 'The reply was interrupted.',
  messagesLabel: 'Conversation',
} as const;
