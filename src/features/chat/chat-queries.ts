/**
 * Reads and writes of the chat (01 §7 Chat), through the one client and React Query.
 * Keys start with [method, path] as openapi-react-query's, so `invalidateChat` reaches every cached page.
 */
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { components } from '@contract/schema.gen';
import { useServices } from '@/core/services';

export type ChatConversation = components['schemas']['ChatConversation'];
export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatExchange = components['schemas']['ChatExchange'];
type ConversationReply = components['schemas']['ChatConversationReply'];

const CONVERSATION_PATH = '/api/chat/conversations/{conversation_chat_id}' as const;
const CONVERSATIONS_PATH = '/api/chat/conversations' as const;
const LIST_MESSAGE_PATH = '/api/chat/listMessage' as const;

const chatKeys = {
  all: ['get', CONVERSATIONS_PATH] as const,
  conversation: (id: string) => ['get', CONVERSATION_PATH, { params: { path: { conversation_chat_id: id } } }, 'pages'] as const,
  latest: ['get', LIST_MESSAGE_PATH] as const,
};

/** One page of a conversation; a conversation the server does not know (a new chat) is an empty one. */
async function fetchConversationPage(
  api: ApiClient,
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ conversation: ChatConversation; exists: boolean }> {
  try {
    const { data } = await api.GET(CONVERSATION_PATH, { params: { path: { conversation_chat_id: id }, query: { page } }, signal });
    if (data?.data) return { conversation: data.data, exists: true };
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
  return {
    exists: false,
    conversation: {
      conversation_chat_id: id,
      conversation_title: '',
      chat_history: { data: [], current_page: 1, last_page: 1, next_page_url: null, total: 0, to: null },
    },
  };
}

type ConversationPage = Awaited<ReturnType<typeof fetchConversationPage>>;

/**
 * The open conversation's history, paged: page 1 holds the latest messages and each next page older
 * ones (openapi ChatMessagePage); `messages` is every loaded message, oldest first, without the
 * duplicates a page boundary can produce after a new message shifted the pages.
 */
export function useConversation(id: string) {
  const { api } = useServices();
  const query = useInfiniteQuery<ConversationPage, Error, InfiniteData<ConversationPage, number>, readonly unknown[], number>({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ pageParam, signal }) => fetchConversationPage(api, id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const h = last.conversation.chat_history;
      return h.current_page < h.last_page ? h.current_page + 1 : undefined;
    },
    // a conversation open in another tab may have grown: refresh it when this one comes back
    refetchOnWindowFocus: true,
  });
  return query;
}

export function flattenMessages(data: InfiniteData<ConversationPage, number> | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  // pages run newest first; render oldest first
  for (let p = data.pages.length - 1; p >= 0; p--) {
    for (const m of data.pages[p].conversation.chat_history.data) {
      if (seen.has(m.chat_message_id)) continue;
      seen.add(m.chat_message_id);
      out.push(m);
    }
  }
  return out;
}

/** The user's most recent conversation (listMessage without an id, 01 §7), or null. */
export async function fetchLatestConversationId(api: ApiClient): Promise<string | null> {
  const { data } = await api.GET(LIST_MESSAGE_PATH, {});
  return (data as ConversationReply | undefined)?.data?.conversation_chat_id ?? null;
}

export async function renameConversation(api: ApiClient, id: string, title: string) {
  const { data } = await api.POST('/api/chat/updateConversationTitle', {
    body: { conversation_chat_id: id, conversation_title: title },
  });
  return data!.data;
}

/** Sets the title in the cached pages at once (the rename is shown before the refetch lands). */
export function setCachedTitle(queryClient: QueryClient, id: string, title: string) {
  queryClient.setQueryData<InfiniteData<ConversationPage, number>>(chatKeys.conversation(id), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({ ...p, conversation: { ...p.conversation, conversation_title: title } })),
        }
      : old,
  );
}

/** Every chat read (the sidebar list, the open conversation, the latest one) refetches. */
export function invalidateChat(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  void queryClient.invalidateQueries({ queryKey: chatKeys.latest });
  if (id) return queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) });
  return Promise.resolve();
}
