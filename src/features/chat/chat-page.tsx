import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useServices } from '@/core/services';
import { runGate } from '@/state/gate';
import { useAppActors, type AppActors } from '@/state/app-actors';
import type { components } from '@contract/schema.gen';
import { PLAN_ID, TEXT_MODEL } from '@machines/constants';
import { ChatHeader } from './chat-header';
import { Composer, type ChatModel } from './composer';
import { MessageList } from './message-list';
import { CHAT_MESSAGES as T } from './messages';
import { fetchLatestConversationId, flattenMessages, invalidateChat, renameConversation, setCachedTitle, useConversation, type ChatMessage } from './chat-queries';
import { useChatStream, type LiveExchange } from './chat-streams';
import { loadDraft, loadNewChatId, saveDraft, saveNewChatId } from './chat-storage';
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

/** The live exchange is shown unless the history already holds it (after a store, once refetched). */
function visibleLive(live: LiveExchange, messages: ChatMessage[]): LiveExchange | null {
  if (!live.input) return null;
  if (live.phase !== 'idle') return live;
  if (live.outcome === null || live.outcome === 'limit') return null;
  const last = messages[messages.length - 1]?.data.at(-1);
  if (live.outcome === 'stored' && last && last.message_input === live.input && last.message_output === live.output) return null;
  if (live.outcome === 'interrupted') {
    // an exchange restored after a reload that was in fact stored (the page went before it could say so)
    const stored = messages.some((m) => m.data.some((x) => x.message_input === live.input && Date.parse(x.created_at) >= live.startedAt - 5000));
    if (stored) return null;
  }
  return live;
}

function ChatConversation({ conversationId, user }: { conversationId: string; user: User }) {
  const navigate = useNavigate();
  const services = useServices();
  const { api, queryClient } = services;
  const actors = useAppActors();
  const query = useConversation(conversationId);
  const exists = query.data?.pages[0]?.exists ?? false;
  const serverTitle = query.data?.pages[0]?.conversation.conversation_title || T.untitled;
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const sub = user.user_subscription;
  const isPro = sub.plan_id === PLAN_ID.pro;
  const [model, setModel] = useState<ChatModel>(TEXT_MODEL.standard);
  const stream = useChatStream(user.id, conversationId, { title: serverTitle, model: model === TEXT_MODEL.elite && isPro ? TEXT_MODEL.elite : undefined });
  const { live } = stream;
  const generating = live.phase === 'waiting' || live.phase === 'streaming';
  const busy = generating || live.phase === 'saving';

  // the draft: restored per user and conversation, saved as it changes (survives navigation and reload)
  const [draft, setDraftState] = useState(() => loadDraft(user.id, conversationId));
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      saveDraft(user.id, conversationId, text);
    },
    [user.id, conversationId],
  );
  const [checking, setChecking] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    textarea.current?.focus();
  }, [conversationId]);

  // The stream relay's worker (src/api/stream-relay.ts) is started in the first idle moment on the chat page, not
  // by the first send: its script's fetch and the thread's start then no longer delay the first reply's first
  // words, nor take main-thread time while the user waits for them. Once per page (streamingFetch keeps it).
  useEffect(() => whenIdle(window, () => void streamingFetch(), { timeoutMs: 3000, fallbackMs: 1000 }), []);

  // a new conversation stops being "the new chat" once its first exchange is stored
  useEffect(() => {
    if (live.outcome === 'stored' && loadNewChatId(user.id) === conversationId) saveNewChatId(user.id, null);
  }, [live.outcome, user.id, conversationId]);

  // 01 §8 chat-limit-exceeded: the message was not answered — give it back to the composer
  const lastLimited = useRef<number>(0);
  useEffect(() => {
    if (live.outcome === 'limit' && live.startedAt !== lastLimited.current) {
      lastLimited.current = live.startedAt;
      if (!draft.trim()) setDraft(live.input);
    }
  }, [live.outcome, live.startedAt, live.input, draft, setDraft]);

  async function send(message: string, fromComposer: boolean) {
    if (busy || checking) return;
    setChecking(true);
    try {
      // 01 §4: the subscription gate runs before every generation (action 'chat'); it opens its dialog when blocked.
      // 01 §2/§8 give the chat its own limit dialog, chat-limit-exceeded ('Chat Usage Limit Exhausted'): when
      // the gate blocks the chat for the word limit, that dialog is shown rather than the generic 'Word Limit'
      // one, so the user meets the same dialog whether the gate or the server's 400 found the limit.
      const dialogs = {
        send: (e: Parameters<AppActors['dialogs']['send']>[0]) =>
          actors.dialogs.send(
            e.type === 'dialog.open' && e.dialog.name === 'generate-limit' ? { type: 'dialog.open', dialog: { name: 'chat-limit-exceeded' } } : e,
          ),
      } as AppActors['dialogs'];
      const outcome = await runGate(services, { dialogs, inspect: actors.inspect }, 'chat');
      if (!outcome.allowed) return;
    } finally {
      setChecking(false);
    }
    if (fromComposer) setDraft('');
    stream.send(message);
  }

  function newChat() {
    if (!exists && messages.length === 0 && !live.input) {
      textarea.current?.focus(); // already on an empty new chat
      return;
    }
    const next = loadNewChatId(user.id) ?? newChatId();
    saveNewChatId(user.id, next);
    navigate(paths.chatWith(next));
  }

  // the latest handlers, behind stable callbacks (the memoised header and composer keep their props)
  const latest = useRef({ send, newChat, rename });
  useLayoutEffect(() => {
    latest.current = { send, newChat, rename };
  });
  const onSubmit = useCallback((m: string) => void latest.current.send(m, true), []);
  const onRename = useCallback((t: string) => void latest.current.rename(t), []);
  const onNewChat = useCallback(() => latest.current.newChat(), []);

  async function rename(title: string) {
    const previous = serverTitle;
    setCachedTitle(queryClient, conversationId, title);
    stream.setTitle(title);
    try {
      await renameConversation(api, conversationId, title);
    } catch {
      setCachedTitle(queryClient, conversationId, previous);
      stream.setTitle(previous);
    } finally {
      void invalidateChat(queryClient, conversationId);
    }
  }

  const title = exists ? serverTitle : T.untitled;
  const shownLive = visibleLive(live, messages);
  // Header and composer are memoised and get stable props, so a streaming frame (up to every
  // STREAM_RENDER_INTERVAL_MS) re-renders the message list only, not them.
  const upgrade = useMemo(
    () => ({ planId: sub.plan_id, paymentFrequency: sub.payment_frequency, isMonthlyDisabled: user.is_monthly_disabled === 1, onSubscriptionSection: false }),
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
        live={shownLive}
        liveText={stream.text}
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
        onRegenerate={() => void send(live.input, false)}
        onDismiss={stream.dismiss}
      />
      <div className={composerBox}>
        <Composer
          textareaRef={textarea}
          value={draft}
          onChange={setDraft}
          onSubmit={onSubmit}
          onStop={stream.stop}
          generating={generating || live.phase === 'saving'}
          stopDisabled={live.phase !== 'streaming'}
          checking={checking}
          model={model}
          onModelChange={setModel}
          eliteAllowed={isPro}
        />
      </div>
    </div>
  );
}
