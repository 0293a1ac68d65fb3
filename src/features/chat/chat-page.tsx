import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useSelector, shallowEqual } from '@xstate/react';
import { useServices } from '@/core/services';
import type { components } from '@contract/schema.gen';
import { PLAN_ID, TEXT_MODEL } from '@machines/constants';
import { selectChatFlags, selectDraft, selectReply, type ChatReply } from '@machines/chat-stream.machine';
import { ChatHeader } from './chat-header';
import { Composer, type ChatModel } from './composer';
import { MessageList } from './message-list';
import { CHAT_MESSAGES as T } from './messages';
import { fetchLatestConversationId, flattenMessages, invalidateChat, renameConversation, setCachedTitle, useConversation, type ChatMessage } from './chat-queries';
import { useChatActor } from './chat-streams';
import { loadNewChatId, saveNewChatId } from './chat-storage';
import { newChatId } from '@/actors/chat-stream';
import { streamingFetch } from '@/api/stream-relay';
import { whenIdle } from '@/platform/idle-queue';
import { useCurrentUser } from '@/core/current-user';
import { CHAT_ID_PARAM, paths } from '@/core/paths';

/** Which conversation /chat shows is in the URL: /chat?id=<conversation_chat_id> (the spec's route is /chat). */

const page = css({ display: 'flex', flexDirection: 'column', h: 'calc(100dvh - token(sizes.header))', minH: '0', bg: 'bg.canvas' });
const composerBox = css({ px: { base: '3', md: '6' }, pb: '4', pt: '2', w: 'full', maxW: '3xl', mx: 'auto' });
const centered = css({ flex: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '2', color: 'fg.muted' });
const errorBox = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', color: 'fg.muted', py: '10' });

/**
 * /chat (01 §2, §3, §4 Chat). Without an id it opens the user's most recent conversation (listMessage
 * without conversation_chat_id, 01 §7), or the new chat when there is none, and puts its id in the URL
 * so reload and Back keep the place.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get(CHAT_ID_PARAM);
  const { api } = useServices();
  const { user } = useCurrentUser();

  useEffect(() => {
    if (id || !user) return;
    let cancelled = false;
    const open = (cid: string) => !cancelled && setParams({ [CHAT_ID_PARAM]: cid }, { replace: true });
    fetchLatestConversationId(api)
      .catch(() => null) // a failed listing is ignored (01 §8): start a new chat instead
      .then((latest) => {
        if (latest) return open(latest);
        const fresh = loadNewChatId(user.id) ?? newChatId();
        saveNewChatId(user.id, fresh);
        open(fresh);
      });
    return () => {
      cancelled = true;
    };
  }, [id, user, api, setParams]);

  if (!id || !user) {
    return (
      <div className={page}>
        <h1 className={css({ srOnly: true })}>{T.pageTitle}</h1>
        <div className={centered} role="status">
          <Spinner size="sm" /> {T.loading}
        </div>
      </div>
    );
  }
  return <ChatConversation key={id} conversationId={id} user={user} />;
}

type User = components['schemas']['User'];

/** The reply is shown unless the history already holds it (after a store, once refetched). */
function visibleReply(reply: ChatReply, messages: ChatMessage[]): ChatReply | null {
  if (!reply.input) return null;
  if (reply.phase !== 'idle') return reply;
  if (reply.outcome === null || reply.outcome === 'limit') return null;
  const last = messages[messages.length - 1]?.data.at(-1);
  if (reply.outcome === 'stored' && last && last.message_input === reply.input && last.message_output === reply.output) return null;
  if (reply.outcome === 'interrupted') {
    // a reply kept before a reload that was in fact stored (the page went before it could say so)
    const stored = messages.some((m) => m.data.some((x) => x.message_input === reply.input && Date.parse(x.created_at) >= reply.startedAt - 5000));
    if (stored) return null;
  }
  return reply;
}

function ChatConversation({ conversationId, user }: { conversationId: string; user: User }) {
  const navigate = useNavigate();
  const { api, queryClient } = useServices();
  const query = useConversation(conversationId);
  const exists = query.data?.pages[0]?.exists ?? false;
  const serverTitle = query.data?.pages[0]?.conversation.conversation_title || T.untitled;
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const sub = user.user_subscription;
  const isPro = sub.plan_id === PLAN_ID.pro;
  const [model, setModel] = useState<ChatModel>(TEXT_MODEL.standard);
  const replyModel = model === TEXT_MODEL.elite && isPro ? TEXT_MODEL.elite : undefined;

  // Everything about a reply — the gate before it, its stream, stop, stall, storing, what the composer keeps — is
  // the chat machine's (machines/chat-stream.machine.ts); the page renders what it selects and sends it events.
  const { actor, text } = useChatActor(user.id, conversationId, { title: serverTitle });
  const reply = useSelector(actor, selectReply, shallowEqual);
  const flags = useSelector(actor, selectChatFlags, shallowEqual);
  const draft = useSelector(actor, selectDraft);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    textarea.current?.focus();
  }, [conversationId]);

  // The stream relay's worker (src/api/stream-relay.ts) is started in the first idle moment on the chat page, not
  // by the first send: its script's fetch and the thread's start then no longer delay the first reply's first
  // words, nor take main-thread time while the user waits for them. Once per page (streamingFetch keeps it).
  useEffect(() => whenIdle(window, () => void streamingFetch(), { timeoutMs: 3000, fallbackMs: 1000 }), []);

  function newChat() {
    if (!exists && messages.length === 0 && !reply.input) {
      textarea.current?.focus(); // already on an empty new chat
      return;
    }
    const next = loadNewChatId(user.id) ?? newChatId();
    saveNewChatId(user.id, next);
    navigate(paths.chatWith(next));
  }

  // the latest handlers, behind stable callbacks (the memoised header and composer keep their props)
  const latest = useRef({ newChat, rename, replyModel });
  useLayoutEffect(() => {
    latest.current = { newChat, rename, replyModel };
  });
  const onSubmit = useCallback((message: string) => actor.send({ type: 'chat.send', message, at: Date.now(), model: latest.current.replyModel }), [actor]);
  const onRegenerate = useCallback(() => actor.send({ type: 'chat.regenerate', at: Date.now(), model: latest.current.replyModel }), [actor]);
  const onStop = useCallback(() => actor.send({ type: 'chat.stop' }), [actor]);
  const onDismiss = useCallback(() => actor.send({ type: 'chat.dismiss' }), [actor]);
  const onDraftChange = useCallback((text: string) => actor.send({ type: 'chat.draft', text }), [actor]);
  const onRename = useCallback((t: string) => void latest.current.rename(t), []);
  const onNewChat = useCallback(() => latest.current.newChat(), []);

  async function rename(title: string) {
    const previous = serverTitle;
    setCachedTitle(queryClient, conversationId, title);
    actor.send({ type: 'chat.title', title });
    try {
      await renameConversation(api, conversationId, title);
    } catch {
      setCachedTitle(queryClient, conversationId, previous);
      actor.send({ type: 'chat.title', title: previous });
    } finally {
      void invalidateChat(queryClient, conversationId);
    }
  }

  const title = exists ? serverTitle : T.untitled;
  const shownReply = visibleReply(reply, messages);
  // Header and composer are memoised and get stable props, so a streaming frame (up to every
  // STREAM_RENDER_INTERVAL_MS) re-renders the message list only, not them.
  const upgrade = useMemo(
    () => ({ planId: sub.plan_id, paymentFrequency: sub.payment_frequency, isMonthlyDisabled: user.is_monthly_disabled === 1 }),
    [sub.plan_id, sub.payment_frequency, user.is_monthly_disabled],
  );

  return (
    <div className={page}>
      <ChatHeader
        title={title}
        canRename={exists}
        onRename={onRename}
        onNewChat={onNewChat}
        upgrade={upgrade}
      />
      <MessageList
        conversationId={conversationId}
        messages={messages}
        live={shownReply}
        liveText={text}
        loading={query.isPending}
        error={
          query.isError ? (
            <div className={errorBox} role="alert">
              <p>{T.loadFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {T.retry}
              </Button>
            </div>
          ) : null
        }
        hasOlder={!!query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        onRegenerate={onRegenerate}
        onDismiss={onDismiss}
      />
      <div className={composerBox}>
        <Composer
          textareaRef={textarea}
          value={draft}
          onChange={onDraftChange}
          onSubmit={onSubmit}
          onStop={onStop}
          generating={flags.generating || flags.saving}
          stopDisabled={flags.stopDisabled || flags.saving}
          checking={flags.checking}
          model={model}
          onModelChange={setModel}
          eliteAllowed={isPro}
        />
      </div>
    </div>
  );
}
