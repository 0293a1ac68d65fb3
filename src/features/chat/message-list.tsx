import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AlertTriangleIcon, SparklesIcon } from '../../ui/icons';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown/markdown';
import { CHAT_MESSAGES as T } from './messages';
import type { ChatMessage } from './chat-queries';
import type { LiveExchange } from './chat-streams';

/** Within this distance of the top, older messages load (the spec's "within 100 pixels" for paged tables, 01 §5). */
const LOAD_OLDER_THRESHOLD_PX = 100;
/** Within this distance of the bottom the view follows a streaming reply. */
const STICK_TO_BOTTOM_PX = 80;

const scroller = css({ flex: '1', minH: '0', overflowY: 'auto', overscrollBehavior: 'contain', scrollbarGutter: 'stable' });
const column = css({ maxW: '3xl', mx: 'auto', px: { base: '3', md: '6' }, py: '6', display: 'flex', flexDirection: 'column', gap: '6' });
const userRow = css({ display: 'flex', justifyContent: 'flex-end' });
const userBubble = css({
  maxW: '85%',
  bg: 'accent.subtle',
  color: 'fg.default',
  px: '4',
  py: '2.5',
  borderRadius: '2xl',
  borderBottomRightRadius: 'sm',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: '1.55',
});
const assistantRow = css({ display: 'flex', gap: '3', alignItems: 'flex-start' });
const avatar = css({
  flexShrink: 0,
  w: '8',
  h: '8',
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'accent.default',
  color: 'accent.fg',
  '& svg': { w: '4', h: '4' },
});
const assistantBody = css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const actions = css({ display: 'flex', gap: '1', alignItems: 'center', flexWrap: 'wrap', ml: '-2' });
const status = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const notice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  fontSize: 'sm',
  color: 'warning.text',
  bg: 'warning.subtle',
  borderRadius: 'md',
  px: '3',
  py: '2',
  '& svg': { w: '4', h: '4', flexShrink: 0 },
});
const noticeMuted = css({ color: 'fg.muted', bg: 'bg.subtle' });
const srOnly = css({ srOnly: true });
const empty = css({ textAlign: 'center', color: 'fg.muted', py: '16', display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'center' });
const emptyTitle = css({ fontSize: '2xl', fontWeight: 'semibold', color: 'fg.default' });
const older = css({ display: 'flex', justifyContent: 'center' });
const cursor = css({
  display: 'inline-block',
  w: '2',
  h: '4',
  ml: '0.5',
  bg: 'fg.muted',
  verticalAlign: 'text-bottom',
  animation: 'fade-in 0.8s ease-in-out infinite alternate',
  _motionReduce: { animation: 'none' },
});

function AssistantAvatar() {
  return (
    <span className={avatar} aria-hidden="true">
      <SparklesIcon />
    </span>
  );
}

function UserMessage({ text }: { text: string }) {
  return (
    <div className={userRow}>
      <div className={userBubble}>
        <span className={srOnly}>{T.you}: </span>
        {text}
      </div>
    </div>
  );
}

function AssistantMessage({ text, children, footer }: { text: string; children?: ReactNode; footer?: ReactNode }) {
  return (
    <div className={assistantRow}>
      <AssistantAvatar />
      <div className={assistantBody}>
        <span className={srOnly}>{T.assistant}:</span>
        {text && <Markdown text={text} />}
        {children}
        {footer}
      </div>
    </div>
  );
}

/** A stored message: memoised, so a streaming reply below never re-renders the history. */
const HistoryMessage = memo(function HistoryMessage({ message }: { message: ChatMessage }) {
  return (
    <>
      {message.data.map((x, i) => (
        <article key={i} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-chat-message={message.chat_message_id}>
          <UserMessage text={x.message_input} />
          <AssistantMessage
            text={x.message_output}
            footer={
              <div className={actions}>
                <CopyButton text={x.message_output} />
              </div>
            }
          />
        </article>
      ))}
    </>
  );
});

/** The streaming text, updated at most once per animation frame (tokens can arrive faster than frames). */
function useFrameThrottled(value: string): string {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    if (shown === value) return;
    if (typeof requestAnimationFrame !== 'function') {
      setShown(value);
      return;
    }
    const id = requestAnimationFrame(() => setShown(latest.current));
    return () => cancelAnimationFrame(id);
  }, [value, shown]);
  return shown;
}

function LiveReply({
  live,
  onRegenerate,
  onDismiss,
}: {
  live: LiveExchange;
  onRegenerate: () => void;
  onDismiss: () => void;
}) {
  const streaming = live.phase === 'streaming' || live.phase === 'waiting';
  const text = useFrameThrottled(live.output);
  const shownText = streaming ? text : live.output;
  let footer: ReactNode = null;
  if (live.phase === 'waiting') {
    footer = (
      <span className={status}>
        <Spinner size="xs" /> {T.thinking}
      </span>
    );
  } else if (live.phase === 'saving') {
    footer = <span className={status}>{T.saving}</span>;
  } else if (live.phase === 'idle' && live.outcome === 'stored') {
    footer = (
      <div className={actions}>
        <CopyButton text={live.output} />
      </div>
    );
  } else if (live.phase === 'idle' && (live.outcome === 'stopped' || live.outcome === 'interrupted' || live.outcome === 'save-failed')) {
    const msg = live.outcome === 'stopped' ? T.stopped : live.outcome === 'interrupted' ? T.interrupted : T.saveFailed;
    footer = (
      <>
        <div className={cx(notice, live.outcome === 'stopped' && noticeMuted)} role="note">
          {live.outcome !== 'stopped' && <AlertTriangleIcon />}
          <span>{msg}</span>
        </div>
        <div className={actions}>
          <Button variant="outline" size="sm" onClick={onRegenerate}>
            {T.regenerate}
          </Button>
          {live.output && <CopyButton text={live.output} />}
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {T.dismiss}
          </Button>
        </div>
      </>
    );
  }
  return (
    <article className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-live-exchange={live.phase} aria-busy={streaming || undefined}>
      <UserMessage text={live.input} />
      <AssistantMessage text={shownText} footer={footer}>
        {live.phase === 'streaming' && <span className={cursor} aria-hidden="true" />}
      </AssistantMessage>
    </article>
  );
}

/** What the polite live region says: once when a reply starts and once when it ends — never per token. */
function announcement(live: LiveExchange): string {
  if (live.phase === 'waiting' || live.phase === 'streaming') return T.announceStarted;
  if (live.phase !== 'idle') return '';
  switch (live.outcome) {
    case 'stored':
      return T.announceDone;
    case 'stopped':
      return T.announceStopped;
    case 'interrupted':
    case 'save-failed':
      return T.announceInterrupted;
    default:
      return '';
  }
}

export interface MessageListProps {
  messages: ChatMessage[];
  /** The exchange in flight or just finished (null when nothing to show beyond the history). */
  live: LiveExchange | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRegenerate: () => void;
  onDismiss: () => void;
  /** the conversation's id: the view starts at the bottom for each conversation */
  conversationId: string;
  loading?: boolean;
  error?: ReactNode;
}

/**
 * The conversation: stored messages oldest first with the newest at the bottom, earlier pages loaded
 * when scrolled near the top (or with the button) keeping what the user was reading in place, and the
 * live exchange following the history, the view sticking to the bottom while the user is there.
 */
export function MessageList({
  messages,
  live,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRegenerate,
  onDismiss,
  conversationId,
  loading = false,
  error,
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.chat_message_id;
  const lastId = messages[messages.length - 1]?.chat_message_id;

  // a different conversation starts at the bottom
  useLayoutEffect(() => {
    atBottom.current = true;
    anchor.current = null;
  }, [conversationId]);

  // older messages were prepended: keep the reader's place (distance from the bottom stays the same)
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [firstId, lastId, messages.length, live?.output, live?.phase, loading]);

  function loadOlder() {
    const el = ref.current;
    if (!hasOlder || loadingOlder) return;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  }

  function onScroll() {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
    if (el.scrollTop <= LOAD_OLDER_THRESHOLD_PX && hasOlder && !loadingOlder && !loading) loadOlder();
  }

  const isEmpty = !loading && !error && messages.length === 0 && !live;
  return (
    <div ref={ref} className={scroller} onScroll={onScroll}>
      <section className={column} aria-label={T.messagesLabel}>
        {hasOlder && (
          <div className={older}>
            <Button variant="ghost" size="sm" onClick={loadOlder} loading={loadingOlder} loadingText={T.loadingEarlier}>
              {T.loadEarlier}
            </Button>
          </div>
        )}
        {loading && (
          <div className={status} role="status">
            <Spinner size="xs" /> {T.loading}
          </div>
        )}
        {error}
        {isEmpty && (
          <div className={empty}>
            <p className={emptyTitle}>{T.emptyTitle}</p>
            <p>{T.emptyText}</p>
          </div>
        )}
        {messages.map((m) => (
          <HistoryMessage key={m.chat_message_id} message={m} />
        ))}
        {live && <LiveReply live={live} onRegenerate={onRegenerate} onDismiss={onDismiss} />}
      </section>
      <div role="status" aria-live="polite" className={srOnly}>
        {live ? announcement(live) : ''}
      </div>
    </div>
  );
}
