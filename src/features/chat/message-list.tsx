import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { AlertTriangleIcon, SparklesIcon } from '@/ui/icons';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown/markdown';
import { CHAT_MESSAGES as T } from './messages';
import type { ChatMessage } from './chat-queries';
import type { ChatReply } from '@machines/chat-stream.machine';
import { useLiveText, type LiveText } from './chat-streams';

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
/**
 * The caret after a streaming reply. It does not blink: an endless animation beside text that changes every
 * few hundred milliseconds made the browser run extra main-thread frames (a third more frames and style work
 * during the 20,000-word benchmark, tests/bench/chat-stream.spec.ts); the growing text already shows activity.
 */
const cursor = css({
  display: 'inline-block',
  w: '2',
  h: '4',
  ml: '0.5',
  bg: 'fg.muted',
  verticalAlign: 'text-bottom',
  opacity: 0.7,
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

/** The caret of a streaming reply, at the end of its last line of text (one element: the Markdown's memo compares it). */
const CARET = <span className={cursor} aria-hidden="true" data-caret="" />;

const contents = css({ display: 'contents' });

function AssistantMessage({ text, streaming = false, footer }: { text: string; streaming?: boolean; footer?: ReactNode }) {
  return (
    <div className={assistantRow}>
      <AssistantAvatar />
      <div className={assistantBody} data-copy-root="">
        <span className={srOnly}>{T.assistant}:</span>
        {(text || streaming) && (
          // what Copy puts on the clipboard (copy-button.tsx): the rendered reply, as rich text and plain text
          <div className={contents} data-copy-content="">
            <Markdown text={text} caret={streaming ? CARET : undefined} />
          </div>
        )}
        {footer}
      </div>
    </div>
  );
}

/** One stored exchange of the history (a message can hold several). */
interface HistoryRow {
  key: string;
  messageId: string;
  input: string;
  output: string;
}

const exchangeBox = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/**
 * One exchange, stored or live. Both kinds are this one component so that, when the stored history takes
 * over a reply just streamed, the row keeps its React key (see MessageList) and its rendered Markdown: a
 * 20,000-word reply is not rendered a second time in one long task. Memoised: a stored exchange never
 * re-renders while a reply streams below it.
 */
const Exchange = memo(function Exchange({
  row,
  live,
  text,
  onGrow,
  onRegenerate,
  onDismiss,
}: {
  row?: HistoryRow;
  live?: ChatReply;
  /** the live reply's text as it streams (without it, live.output) */
  text?: LiveText;
  /** told after the live reply's text grew on screen (the list follows the bottom) */
  onGrow?: () => void;
  onRegenerate?: () => void;
  onDismiss?: () => void;
}) {
  // The one component that re-renders per streamed piece (at most every STREAM_RENDER_INTERVAL_MS): the page
  // and the list around it do not (the page selects the reply without its streaming text: selectReply).
  const streamed = useLiveText(live && text ? text : null);
  useLayoutEffect(() => {
    if (streamed) onGrow?.();
  }, [streamed, onGrow]);
  if (!live) {
    const output = row?.output ?? '';
    return (
      <article className={exchangeBox} data-chat-message={row?.messageId}>
        <UserMessage text={row?.input ?? ''} />
        <AssistantMessage
          text={output}
          footer={
            <div className={actions}>
              <CopyButton text={output} />
            </div>
          }
        />
      </article>
    );
  }
  const streaming = live.phase === 'streaming' || live.phase === 'waiting';
  const output = streamed ?? live.output;
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
        <CopyButton text={output} />
      </div>
    );
  } else if (live.phase === 'idle' && (live.outcome === 'stopped' || live.outcome === 'interrupted' || live.outcome === 'failed')) {
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
          {output && <CopyButton text={output} />}
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {T.dismiss}
          </Button>
        </div>
      </>
    );
  }
  return (
    <article className={exchangeBox} data-live-exchange={live.phase} aria-busy={streaming || undefined}>
      <UserMessage text={live.input} />
      <AssistantMessage text={output} streaming={live.phase === 'streaming'} footer={footer} />
    </article>
  );
});

const liveKey = (live: ChatReply) => `live:${live.startedAt}:${live.input.length}`;

/** What the polite live region says: once when a reply starts and once when it ends — never per token. */
function announcement(live: ChatReply): string {
  if (live.phase === 'waiting' || live.phase === 'streaming') return T.announceStarted;
  if (live.phase !== 'idle') return '';
  switch (live.outcome) {
    case 'stored':
      return T.announceDone;
    case 'stopped':
      return T.announceStopped;
    case 'interrupted':
    case 'failed':
      return T.announceInterrupted;
    default:
      return '';
  }
}

interface MessageListProps {
  messages: ChatMessage[];
  /** The exchange in flight or just finished (null when nothing to show beyond the history). */
  live: ChatReply | null;
  /** Its text as it streams (useChatActor's `text`); without it the list shows live.output. */
  liveText?: LiveText;
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
  liveText,
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
  /** scrollTop right after the view last stuck itself to the bottom (to tell the user's scrolling from growth) */
  const stuckTop = useRef(0);
  const firstId = messages[0]?.chat_message_id;
  const lastId = messages[messages.length - 1]?.chat_message_id;

  const rows = useMemo(
    () =>
      messages.flatMap((m) =>
        m.data.map((x, i) => ({ key: `${m.chat_message_id}:${i}`, messageId: m.chat_message_id, input: x.message_input, output: x.message_output })),
      ),
    [messages],
  );

  // The hand-over: when the stored history takes over the live reply (it shows the same exchange), that
  // history row takes the live row's key, so React keeps its rendered Markdown instead of mounting it anew.
  const adopted = useRef(new Map<string, string>());
  const shownLive = useRef<{ key: string; input: string; output: string } | null>(null);
  // The history can hold the new exchange while the live one still shows (a refetch landing while the reply
  // is being saved): then that row is not shown twice, the live one stands for it under the same key.
  const baseKey = useRef<string | undefined>(undefined);
  let merged: string | null = null;
  if (live && (live.phase === 'waiting' || live.phase === 'streaming')) baseKey.current = rows[rows.length - 1]?.key;
  if (live && (live.phase === 'saving' || (live.phase === 'idle' && live.outcome === 'stored'))) {
    const last = rows[rows.length - 1];
    if (last && last.key !== baseKey.current && last.input === live.input && last.output === live.output) {
      merged = last.key;
      if (!adopted.current.has(last.key)) adopted.current.set(last.key, liveKey(live));
    }
  }
  if (live) {
    shownLive.current = { key: liveKey(live), input: live.input, output: live.output };
  } else if (shownLive.current) {
    const last = rows[rows.length - 1];
    const prev = shownLive.current;
    if (last && last.input === prev.input && last.output === prev.output && !adopted.current.has(last.key)) adopted.current.set(last.key, prev.key);
    shownLive.current = null;
  }

  // a different conversation starts at the bottom
  useLayoutEffect(() => {
    atBottom.current = true;
    anchor.current = null;
  }, [conversationId]);

  // older messages were prepended: keep the reader's place (distance from the bottom stays the same);
  // otherwise follow the bottom while the user is there (a streamed reply's own renders, at most every
  // STREAM_RENDER_INTERVAL_MS, call followBottom instead: useLiveText in Exchange). The layout read here does the
  // next frame's layout early, and the frame then reuses it — the view moves in the same frame as the text
  // (committing inside an animation frame instead made no measurable difference over the benchmark stream).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
      stuckTop.current = el.scrollTop;
    }
  }, [firstId, lastId, messages.length, live?.output, live?.phase, loading]);

  // the live reply grew (its own render, see Exchange): follow the bottom while the user is there
  const followBottom = useCallback(() => {
    const el = ref.current;
    if (!el || anchor.current || !atBottom.current) return;
    el.scrollTop = el.scrollHeight;
    stuckTop.current = el.scrollTop;
  }, []);

  function loadOlder() {
    const el = ref.current;
    if (!hasOlder || loadingOlder) return;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  }

  function onScroll() {
    const el = ref.current;
    if (!el) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX) {
      atBottom.current = true;
      stuckTop.current = el.scrollTop;
    } else if (el.scrollTop < stuckTop.current - 1) {
      // only the user scrolling up stops the following (a reply growing below our own scroll does not)
      atBottom.current = false;
    }
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
        {/* one keyed list, history then the live exchange, so a row can pass from live to stored without re-mounting */}
        {[
          ...rows.map((row) => (row.key === merged ? null : <Exchange key={adopted.current.get(row.key) ?? row.key} row={row} />)),
          live && (
            <Exchange key={liveKey(live)} live={live} text={liveText} onGrow={followBottom} onRegenerate={onRegenerate} onDismiss={onDismiss} />
          ),
        ]}
      </section>
      <div role="status" aria-live="polite" className={srOnly}>
        {live ? announcement(live) : ''}
      </div>
    </div>
  );
}
