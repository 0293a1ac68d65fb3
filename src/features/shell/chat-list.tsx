import { memo, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { QueryClientContext, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { MoreHorizontalIcon } from '@/ui/icons';
import { useMenuPlaceholder } from '@/ui/menu-placeholder';
import { shellMenus } from './shell-menus';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import type { components } from '@contract/schema.gen';
import { CHAT_DEFAULT_TITLE, CHAT_LIST_TOGGLE_ABOVE, CHAT_RECENT_PAGE_SIZE } from '@machines/constants';
import { paths } from '@/core/paths';
import { CHAT_LIST_MESSAGES } from './messages';

// the list's texts live in ./messages.ts (the lazily loaded menu parts read them too); re-exported for the tests

type Summary = components['schemas']['ChatConversationSummary'];
type Page = components['schemas']['ChatConversationPage'];

const CONVERSATIONS_PATH = '/api/chat/conversations' as const;
/** Same prefix as the chat feature's keys, so one invalidation refreshes the list everywhere. */
const listKey = ['get', CONVERSATIONS_PATH, { params: { query: { per_page: CHAT_RECENT_PAGE_SIZE } } }, 'pages'] as const;

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '0.5' });
const row = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  borderRadius: 'md',
  _hover: { bg: 'bg.subtle' },
  '&:has([aria-current=page])': { bg: 'accent.subtle' },
  '& [data-menu-trigger]': { opacity: 0 },
  '&:hover [data-menu-trigger], &:focus-within [data-menu-trigger], & [data-menu-trigger][data-state=open], &:has([aria-current=page]) [data-menu-trigger]': {
    opacity: 1,
  },
  '@media (hover: none)': { '& [data-menu-trigger]': { opacity: 1 } },
});
const link = css({
  flex: '1',
  minW: '0',
  display: 'block',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  color: 'fg.default',
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderRadius: 'md',
  '&[aria-current=page]': { color: 'accent.text', fontWeight: 'medium' },
});
const menuButton = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  mr: '1',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.muted' },
  '& svg': { w: '4', h: '4' },
});
const input = css({
  flex: '1',
  minW: '0',
  h: '8',
  px: '2',
  fontSize: 'sm',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'accent.focusRing',
  bg: 'bg.surface',
  color: 'fg.default',
  outline: 'none',
});
const toggle = css({
  alignSelf: 'flex-start',
  px: '3',
  py: '1',
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'accent.text',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { textDecoration: 'underline' },
});
const emptyNote = css({ px: '3', py: '1', fontSize: 'sm', color: 'fg.muted' });

function InlineRename({ title, onSubmit, onCancel }: { title: string; onSubmit: (t: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(title);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (save: boolean) => {
    if (done.current) return; // Enter, then the blur it causes: one submit
    done.current = true;
    const next = value.replace(/\s+/g, ' ').trim();
    // 01 §2: Rename submits on Enter or blur; an empty title keeps the old one
    if (save && next && next !== title) onSubmit(next);
    else onCancel();
  };
  return (
    <input
      ref={ref}
      className={input}
      aria-label={CHAT_LIST_MESSAGES.renameLabel}
      value={value}
      maxLength={255}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        }
      }}
    />
  );
}

/**
 * A conversation's menu (Rename, Delete). The menu itself (Ark Menu) is in ./shell-menu-parts.tsx, loaded after
 * the first route (./shell-menus.ts); until then its trigger is a plain button that looks the same and opens
 * the menu once it has arrived.
 */
function ChatItemMenu({
  title,
  onSelect,
  onExitComplete,
}: {
  title: string;
  onSelect: (value: 'rename' | 'delete') => void;
  onExitComplete: () => void;
}) {
  const parts = shellMenus.useModule();
  const placeholder = useMenuPlaceholder(shellMenus.preload, !!parts);
  const look = {
    className: menuButton,
    'data-menu-trigger': '',
    'aria-label': CHAT_LIST_MESSAGES.options(title),
    children: <MoreHorizontalIcon />,
  } as const;
  if (parts && placeholder.ready) {
    const { intent, focusTrigger } = placeholder;
    return <parts.ChatItemMenuPart trigger={look} takeOver={{ intent, focusTrigger }} onSelect={onSelect} onExitComplete={onExitComplete} />;
  }
  return <button {...placeholder.props} {...look} />;
}

interface ChatRowProps {
  id: string;
  title: string;
  active: boolean;
  renaming: boolean;
  onRename(id: string, title: string): void;
  onRenameCancel(): void;
  onMenuSelect(id: string, value: 'rename' | 'delete'): void;
  onMenuExit(id: string): void;
}

/**
 * One conversation of the list. Memoised, with stable handlers from the list: a navigation (the list follows the
 * location for the current row) or a refetch of the list (after every stored chat reply) re-renders the rows whose
 * title or state changed, not every row's menu.
 */
const ChatRow = memo(function ChatRow({ id, title, active, renaming, onRename, onRenameCancel, onMenuSelect, onMenuExit }: ChatRowProps) {
  return (
    <li className={row}>
      {renaming ? (
        <InlineRename title={title} onSubmit={(t) => onRename(id, t)} onCancel={onRenameCancel} />
      ) : (
        <>
          <Link to={paths.chatWith(String(id))} className={link} aria-current={active ? 'page' : undefined} title={title}>
            {title}
          </Link>
          <ChatItemMenu title={title} onExitComplete={() => onMenuExit(id)} onSelect={(value) => onMenuSelect(id, value)} />
        </>
      )}
    </li>
  );
});

function setTitleInCache(queryClient: QueryClient, id: string, title: string) {
  queryClient.setQueryData<{ pages: Page[]; pageParams: unknown[] }>(listKey, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({ ...p, data: p.data.map((c) => (c.conversation_chat_id === id ? { ...c, conversation_title: title } : c)) })),
        }
      : old,
  );
}

function ChatListInner({ frame }: { frame: (content: ReactNode) => ReactNode }) {
  const { api, queryClient } = useServices();
  const { dialogs } = useAppActors();
  const location = useLocation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const pendingRename = useRef<string | null>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const activeId = location.pathname === '/chat' ? new URLSearchParams(location.search).get('id') : null;
  const activeRef = useRef(activeId);
  activeRef.current = activeId;

  const query = useInfiniteQuery({
    queryKey: listKey,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await api.GET(CONVERSATIONS_PATH, { params: { query: { page: pageParam, per_page: CHAT_RECENT_PAGE_SIZE } }, signal });
      return data!;
    },
    initialPageParam: 1,
    getNextPageParam: (last: Page) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    // 01 §8 "Failed listing responses are ignored silently"
    retry: false,
  });

  // Delete goes through the delete-chat dialog (01 §2), whose confirmation the dialog manager carries out (the
  // conversation deleted, the lists refetched); once it is done, leave the conversation if it was the open one:
  // /chat opens the most recent remaining one.
  useEffect(() => {
    const sub = dialogs.on('dialog.confirmed', ({ dialog }) => {
      if (dialog.name === 'delete-chat' && dialog.payload.kind === 'chat' && activeRef.current === String(dialog.payload.id)) {
        navigate(paths.chat, { replace: true });
      }
    });
    return () => sub.unsubscribe();
  }, [dialogs, navigate]);

  // expanded: load further pages as the end of the list comes into view
  useEffect(() => {
    const el = sentinel.current;
    if (!expanded || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [expanded, query]);

  // the rows' handlers: stable, so a row re-renders only when its own props change (ChatRow)
  const allRef = useRef<Summary[]>([]);
  const rename = useCallback(
    async (id: string, title: string) => {
      const old = allRef.current.find((c) => c.conversation_chat_id === id)?.conversation_title ?? CHAT_DEFAULT_TITLE;
      setRenaming(null);
      setTitleInCache(queryClient, id, title);
      try {
        await api.POST('/api/chat/updateConversationTitle', { body: { conversation_chat_id: id, conversation_title: title } });
      } catch {
        setTitleInCache(queryClient, id, old);
      }
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/chat/conversations/{conversation_chat_id}'] });
    },
    [api, queryClient],
  );
  const onRename = useCallback((id: string, title: string) => void rename(id, title), [rename]);
  const onRenameCancel = useCallback(() => setRenaming(null), []);
  // Rename starts once the menu has closed and handed focus back, so the field keeps it
  const onMenuExit = useCallback((id: string) => {
    if (pendingRename.current === id) setRenaming(id);
    pendingRename.current = null;
  }, []);
  const onMenuSelect = useCallback(
    (id: string, value: 'rename' | 'delete') => {
      if (value === 'rename') pendingRename.current = id;
      else dialogs.send({ type: 'dialog.open', dialog: { name: 'delete-chat', payload: { kind: 'chat', id } } });
    },
    [dialogs],
  );

  if (query.isError && !query.data) return null;
  const pages = query.data?.pages ?? [];
  const all: Summary[] = [];
  const seen = new Set<string>();
  for (const p of expanded ? pages : pages.slice(0, 1)) {
    for (const c of p.data) {
      if (seen.has(c.conversation_chat_id)) continue;
      seen.add(c.conversation_chat_id);
      all.push(c);
    }
  }
  const visible = expanded ? all : all.slice(0, CHAT_RECENT_PAGE_SIZE);
  const total = pages[0]?.total ?? 0;
  // 01 §2: the toggle appears above 9 items
  const showToggle = total > CHAT_LIST_TOGGLE_ABOVE;

  allRef.current = all;

  if (query.isPending) return null;
  return frame(
    <>
      {visible.length === 0 ? (
        <p className={emptyNote}>{CHAT_LIST_MESSAGES.empty}</p>
      ) : (
        <ul className={list} aria-label={CHAT_LIST_MESSAGES.list}>
          {visible.map((c) => (
            <ChatRow
              key={c.conversation_chat_id}
              id={c.conversation_chat_id}
              title={c.conversation_title || CHAT_DEFAULT_TITLE}
              active={activeId === c.conversation_chat_id}
              renaming={renaming === c.conversation_chat_id}
              onRename={onRename}
              onRenameCancel={onRenameCancel}
              onMenuSelect={onMenuSelect}
              onMenuExit={onMenuExit}
            />
          ))}
          {expanded && query.hasNextPage && <li ref={sentinel} aria-hidden="true" className={css({ h: '1' })} />}
        </ul>
      )}
      {showToggle && (
        <button
          type="button"
          className={cx(toggle)}
          aria-expanded={expanded}
          onClick={() => {
            if (!expanded && query.hasNextPage && pages.length < 2) void query.fetchNextPage();
            setExpanded((e) => !e);
          }}
        >
          {expanded ? CHAT_LIST_MESSAGES.showRecent : CHAT_LIST_MESSAGES.showMore}
        </button>
      )}
    </>,
  );
}

/**
 * The sidebar's Chat History (01 §2): the 10 most recent conversations (01 §9 "recent chats 10"),
 * 'Show More' / 'Show Recent' above 9 items, and per conversation a menu with Rename (inline, submits on
 * Enter or blur) and Delete (the delete-chat dialog). `frame` wraps the list in the sidebar's section.
 * Renders nothing outside the app's providers (the sidebar is also rendered alone, e.g. in its tests).
 */
export function ChatList({ frame }: { frame: (content: ReactNode) => ReactNode }) {
  const queryClient = useContext(QueryClientContext);
  if (!queryClient) return null;
  return <ChatListInner frame={frame} />;
}
