/**
 * What the chat keeps in the browser, per user and conversation (beyond the spec, for a user who
 * expects not to lose work):
 *  - the composer draft, so it survives navigation, reload and switching conversations;
 *  - the exchange in flight (the message sent and the reply streamed so far), so a reply cut short by
 *    a reload or a lost connection shows as interrupted with 'Regenerate' instead of vanishing;
 *  - the id of the new, not yet saved conversation, so 'New chat' and /chat reopen it (and its draft).
 * Keys start with 'draft:<userId>:' — the session keeps that prefix across sign-outs (src/actors/session.ts),
 * and the user id keeps one user's drafts from another on a shared browser.
 */

import { readStored as read, safeStorage, writeStored as write } from '@/state/local-drafts';
import type { ChatExchange } from '@machines/chat-stream.machine';

type UserId = string | number;
type ConversationId = string;

const draftKey = (user: UserId, conversation: ConversationId) => `draft:${user}:chat:${conversation}`;
const inFlightKey = (user: UserId, conversation: ConversationId) => `draft:${user}:chat-inflight:${conversation}`;
const newChatKey = (user: UserId) => `draft:${user}:chat-new`;

export function loadDraft(user: UserId, conversation: ConversationId, store = safeStorage()): string {
  return read(draftKey(user, conversation), store) ?? '';
}
export function saveDraft(user: UserId, conversation: ConversationId, text: string, store = safeStorage()) {
  write(draftKey(user, conversation), text.trim() === '' ? null : text, store);
}

/** An exchange that was sent but not (yet) saved: the chat machine's `chat.persist`. */
export function loadInFlight(user: UserId, conversation: ConversationId, store = safeStorage()): ChatExchange | null {
  const raw = read(inFlightKey(user, conversation), store);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ChatExchange>;
    return typeof v.input === 'string' && v.input
      ? { input: v.input, output: typeof v.output === 'string' ? v.output : '', startedAt: Number(v.startedAt) || 0 }
      : null;
  } catch {
    return null;
  }
}
export function saveInFlight(user: UserId, conversation: ConversationId, value: ChatExchange | null, store = safeStorage()) {
  write(inFlightKey(user, conversation), value ? JSON.stringify(value) : null, store);
}

export function loadNewChatId(user: UserId, store = safeStorage()): string | null {
  return read(newChatKey(user), store);
}
export function saveNewChatId(user: UserId, id: string | null, store = safeStorage()) {
  write(newChatKey(user), id, store);
}
