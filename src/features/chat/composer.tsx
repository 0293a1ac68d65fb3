import { memo, useCallback, useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { CHAT_COMPOSER_MAX_HEIGHT_PX, TEXT_MODEL } from '@machines/constants';
import { CHAT_MESSAGES as T } from './messages';

/** openapi GenerateMessageRequest.message_input maxLength. */
const CHAT_INPUT_MAX_CHARS = 20_000;

export type ChatModel = (typeof TEXT_MODEL)[keyof typeof TEXT_MODEL];

interface ComposerProps {
  value: string;
  onChange(value: string): void;
  /** Enter or the send button, with a non-blank message. */
  onSubmit(message: string): void;
  onStop(): void;
  /** A reply is being generated (send disabled, stop shown). */
  generating: boolean;
  /** 01 §4: stop is disabled until the first chunk arrives. */
  stopDisabled: boolean;
  /** The subscription check before sending is running. */
  checking?: boolean;
  model: ChatModel;
  onModelChange(model: ChatModel): void;
  /** 01 §6: the Elite model is Pro (plan id 3) only. */
  eliteAllowed: boolean;
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
}

const form = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'xl',
  boxShadow: 'sm',
  _focusWithin: { borderColor: 'accent.focusRing', boxShadow: 'focusRing' },
});
const textarea = css({
  w: 'full',
  resize: 'none',
  border: 'none',
  outline: 'none',
  bg: 'transparent',
  color: 'fg.default',
  fontSize: 'md',
  lineHeight: '1.5',
  px: '1',
  py: '0.5',
  overflowY: 'auto',
  _placeholder: { color: 'fg.subtle' },
});
const row = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const modelBox = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const select = css({
  h: '8',
  px: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'sm',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
});
/**
 * Send and Stop are one button that changes its look (so a focused button keeps the focus when the reply ends); it
 * changes without the buttons' colour transition, which ran six properties for ~140 ms of main-thread frames at
 * every send and every end (≈ 20 ms of the stream's main-thread time in tests/bench/chat-stream.spec.ts).
 */
const action = css({ transitionProperty: 'none', marginInlineStart: 'auto' });
const hint = css({ fontSize: 'xs', color: 'fg.subtle', ml: 'auto', hideBelow: 'sm' });

/**
 * The message box: a labelled textarea growing with its text up to 168 px (01 §9), then scrolling;
 * Enter sends, Shift+Enter makes a new line (IME composition is left alone); the model choice with
 * Elite for Pro only (01 §6); Send, or Stop while a reply streams (disabled until its first chunk, 01 §4).
 */
export const Composer = memo(function Composer({
  value,
  onChange,
  onSubmit,
  onStop,
  generating,
  stopDisabled,
  checking = false,
  model,
  onModelChange,
  eliteAllowed,
  textareaRef,
}: ComposerProps) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const hintId = useId();
  const modelId = useId();
  const canSend = value.trim() !== '' && !generating && !checking;

  // grow with the text, up to the spec's maximum height
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, CHAT_COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [value, ref]);

  const submit = useCallback(() => {
    if (canSend) onSubmit(value.trim());
  }, [canSend, onSubmit, value]);

  // Stopping turns this button into Send, disabled on an empty composer, and a disabled button drops the focus to
  // the page: the focus goes to the message box instead, ready for the next message.
  const stop = useCallback(() => {
    onStop();
    ref.current?.focus();
  }, [onStop, ref]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <form
      className={form}
      aria-label={T.composerLabel}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        className={textarea}
        rows={1}
        aria-label={T.composerLabel}
        aria-describedby={hintId}
        placeholder={T.composerPlaceholder}
        value={value}
        maxLength={CHAT_INPUT_MAX_CHARS}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        style={{ maxHeight: CHAT_COMPOSER_MAX_HEIGHT_PX }}
      />
      <div className={row}>
        <div className={modelBox}>
          <label htmlFor={modelId}>{T.modelLabel}</label>
          <select
            id={modelId}
            className={select}
            value={model}
            disabled={generating}
            onChange={(e) => onModelChange(e.target.value as ChatModel)}
          >
            <option value={TEXT_MODEL.standard}>{T.models.standard}</option>
            {/* 01 §6: Elite is Pro only — shown to everyone (so it can be discovered), selectable on Pro */}
            <option value={TEXT_MODEL.elite} disabled={!eliteAllowed}>
              {eliteAllowed ? T.models.elite : `${T.models.elite} (${T.pro})`}
            </option>
          </select>
        </div>
        <span id={hintId} className={hint}>
          {T.composerHint}
        </span>
        {generating ? (
          <Button type="button" variant="outline" size="sm" onClick={stop} disabled={stopDisabled} className={action}>
            <StopIcon />
            {T.stop}
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={!canSend} loading={checking} className={action}>
            <SendIcon />
            {T.send}
          </Button>
        )}
      </div>
    </form>
  );
});

function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}
function StopIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}
